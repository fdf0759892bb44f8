#!/usr/bin/env node
/**
 * `npm start`: builds what is missing, then runs the local platform (PGlite under ./.atrium, demo
 * seed, a demo OAuth client whose redirect origin is the site) and the demo site, and prints both
 * URLs, the owner's one-time console sign-in link, and an owner API key for programs: ATRIUM_API_KEY if set, else the data directory's
 * development key (the platform's --dev-api-key: made on the first start, the same key after, kept
 * in .atrium/data/dev-api-key). Ctrl-C stops both. Ports: ATRIUM_PLATFORM_PORT (7070),
 * ATRIUM_SITE_PORT (5173).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ensureBuilt, repoRoot } from './ensure-built.mjs';

const host = '127.0.0.1';
const platformPort = process.env.ATRIUM_PLATFORM_PORT ?? '7070';
const sitePort = process.env.ATRIUM_SITE_PORT ?? '5173';
const clientId = 'atrium-demo';
const dataDir = join(repoRoot, '.atrium/data');
const ownerKey = process.env.ATRIUM_API_KEY;

/** The owner's one-time console sign-in link of this start (printed by the platform, shown in the banner). */
let ownerSignIn;

/** Starts a child process and resolves with the URL it prints on the line matching `ready`. */
function startChild(name, args, ready) {
  const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] });
  const url = new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      const match = ready.exec(line);
      if (match) resolve(match[1]);
      // The owner's one-time console link goes on the banner's console line.
      else if (line.startsWith('owner sign-in ')) ownerSignIn = line.slice('owner sign-in '.length);
      else console.log(`[${name}] ${line}`);
    });
    child.on('exit', (code) => reject(new Error(`${name} exited with code ${code}`)));
  });
  return { child, url };
}

// Quiet: a line per build step; each build's output goes to .atrium/logs/ and shows only on failure.
ensureBuilt({ quiet: true });

const platform = startChild(
  'platform',
  [
    join(repoRoot, 'packages/platform/bin/atrium-platform.js'),
    'start',
    '--port',
    platformPort,
    '--host',
    host,
    '--data',
    dataDir,
    '--seed',
    'demo',
    '--client-id',
    clientId,
    '--redirect-origin',
    `http://${host}:${sitePort}`,
    '--redirect-origin',
    `http://localhost:${sitePort}`,
    // Blog post, category and tag URLs point at the site's pages.
    '--site-url',
    `http://${host}:${sitePort}`,
    ...(ownerKey ? ['--api-key', ownerKey] : ['--dev-api-key']),
  ],
  /^listening on (\S+)/,
);
const children = [platform.child];
let stopping = false;
const stopAll = () => {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
};
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
// Also when this process ends for any other reason: never leave a platform or site behind.
process.on('exit', stopAll);

try {
  const platformUrl = await platform.url;
  // Read once the platform listens: by then it has written the key file (the key is never logged).
  const apiKey = ownerKey ?? readFileSync(join(dataDir, 'dev-api-key'), 'utf8').trim();
  const site = startChild(
    'site',
    [
      join(repoRoot, 'apps/site/serve.mjs'),
      '--port',
      sitePort,
      '--host',
      host,
      '--platform-url',
      platformUrl,
      '--client-id',
      clientId,
    ],
    /^site on (\S+)/,
  );
  children.push(site.child);
  const siteUrl = await site.url;
  console.log(
    [
      '',
      `  site      ${siteUrl}`,
      `  platform  ${platformUrl}`,
      `  mailbox   ${platformUrl}/_hosted/mailbox`,
      `  console   ${ownerSignIn ?? `${platformUrl}/_hosted/console`}`,
      '            (the owner signs in once with this link, within 15 minutes: a new one on every start)',
      `  API key   ${apiKey}   (for programs and curl: an owner's key)`,
      '',
      '  Other ports: ATRIUM_PLATFORM_PORT=8080 ATRIUM_SITE_PORT=3000 npm start (any free ones).',
      '  Ctrl-C stops both.',
      '',
    ].join('\n'),
  );
  await Promise.race(children.map((child) => new Promise((resolve) => child.on('exit', resolve))));
} catch (error) {
  if (!stopping) {
    console.error(`start: ${error.message}`);
    process.exitCode = 1;
  }
} finally {
  stopAll();
}
