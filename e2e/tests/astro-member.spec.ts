import { type ChildProcess, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { ensureBuilt, PACKAGE_TARGETS, repoRoot } from '../../scripts/ensure-built.mjs';
import { freePort, postJson, startNode } from '../support/example-sites';
import { PASSWORD } from '../support/members';
import { platformArgs } from '../support/platform-args';

/**
 * e2e/fixtures/astro-member, a one-page Astro site on `@atrium/astro` as an application installs it
 * (its `dist/`, and the SDK's), built and started against a platform with open registration. In
 * Chromium, a page script calls `members.getCurrentMember()` directly: as a visitor it is refused;
 * after the member signs in on the platform's hosted login page (the integration's login and
 * callback routes) it answers the member, the browser's client having the session's access token
 * from the session route and never the refresh token; after signing out, a visitor again. The
 * platform starts empty (no seed): the journey needs members only.
 */

const fixture = join(repoRoot, 'e2e/fixtures/astro-member');
const CLIENT_ID = 'astro-member';
const EMAIL = 'astro.member@example.com';

const children: ChildProcess[] = [];

/** A child process and the first match of `ready` in its output (stdout and stderr). */
const start = (args: string[], env: Record<string, string>, ready: RegExp) =>
  startNode(children, args, env, ready, fixture);

let dataDir: string;
let site: string;
let platformUrl: string;

test.beforeAll(async () => {
  // The packages' builds, an Astro build and a platform on a busy 2-core machine.
  test.setTimeout(600_000);
  ensureBuilt({
    targets: PACKAGE_TARGETS.filter((target) => ['@atrium/sdk', '@atrium/astro'].includes(target.workspace)),
  });
  const port = await freePort();
  site = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(join(tmpdir(), 'atrium-astro-member-'));
  platformUrl = await start(
    platformArgs({ dataDir, clientId: CLIENT_ID, redirectOrigins: [site], registration: 'open' }),
    {},
    /^listening on (\S+)/,
  );
  // The member, registered once (open registration).
  const { accessToken } = await postJson<{ accessToken: string }>(platformUrl, '/oauth2/token', {
    grantType: 'anonymous',
    clientId: CLIENT_ID,
  });
  await postJson(
    platformUrl,
    '/_api/iam/authentication/v2/register',
    { loginId: { email: EMAIL }, password: PASSWORD, profile: { nickname: 'Astro' } },
    accessToken,
  );
  const env = {
    ATRIUM_PLATFORM_URL: platformUrl,
    ATRIUM_CLIENT_ID: CLIENT_ID,
    ASTRO_TELEMETRY_DISABLED: '1',
  };
  const built = spawnSync(process.execPath, [join(repoRoot, 'node_modules/astro/astro.js'), 'build'], {
    cwd: fixture,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`astro build failed:\n${built.stdout}\n${built.stderr}`);
  await start(
    [join(fixture, 'dist/server/entry.mjs')],
    { ...env, HOST: '127.0.0.1', PORT: String(port) },
    /Server listening on (\S+)/,
  );
});

test.afterAll(async () => {
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  rmSync(dataDir, { recursive: true, force: true });
  // What `astro build` wrote beside the config: the site, its generated types and data store.
  for (const output of ['dist', '.astro', 'node_modules'])
    rmSync(join(fixture, output), { recursive: true, force: true });
});

test("a page script's members.getCurrentMember() is the member after sign-in, a visitor's refusal before and after", async ({
  page,
}) => {
  // A sign-in, a sign-out and the server's renders on a busy machine.
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const sessionAnswers: string[] = [];
  page.on('response', async (response) => {
    if (new URL(response.url()).pathname === '/api/auth/session') sessionAnswers.push(await response.text());
  });
  const browserSays = page.getByTestId('browser');

  await page.goto(`${site}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Visitor');
  await expect(browserSays).toHaveText('not a member: PERMISSION_DENIED');

  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.origin === new URL(platformUrl).origin);
  await page.getByLabel('E-mail').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`${site}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Signed in');
  await expect(browserSays).toHaveText(`member ${EMAIL}`);

  // The page's scripts never hold the refresh token: not in a cookie they read, not in the answers.
  expect(await page.evaluate(() => document.cookie)).not.toContain('atrium_tokens');
  const [tokenCookie] = (await page.context().cookies(site)).filter((c) => c.name === 'atrium_tokens');
  expect(tokenCookie?.httpOnly).toBe(true);
  const refreshToken = (JSON.parse(decodeURIComponent(tokenCookie!.value)) as { r: string }).r;
  expect(refreshToken).not.toBe('');
  expect(sessionAnswers.length).toBeGreaterThan(0);
  for (const answer of sessionAnswers) expect(answer).not.toContain(refreshToken);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(`${site}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Visitor', { timeout: 15_000 });
  await expect(browserSays).toHaveText('not a member: PERMISSION_DENIED');
  expect(errors).toEqual([]);
});
