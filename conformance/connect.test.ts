import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestPlatform, type TestPlatform, testImageBytes } from '@atrium/platform/testing';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realFetch } from './support/mailbox';

// An app on the reference client, unchanged, started with `node --import @atrium/sdk/connect`
// (support/connect/app.mjs): its token request, data query and media URLs, all meant for the hosted
// platform's hosts, reach the platform started here; a request to another host goes where it was sent.

const COLLECTION = 'ConnectBooks';
const SDK_CONNECT = fileURLToPath(new URL('../packages/sdk/src/connect/register.ts', import.meta.url));
const APP = fileURLToPath(new URL('./support/connect/app.mjs', import.meta.url));

interface AppOutput {
  items: { _id: string; title: string }[];
  accessToken: string;
  refreshToken: string;
  imageUrl: string;
  image: { status: number; type: string; base64: string };
  originalUrl: string;
  original: { status: number; type: string; base64: string };
  other: { status: number; text: string };
}

let platform: TestPlatform;
let other: Server;
let otherUrl: string;
const otherRequests: { method?: string; url?: string; host?: string; body: string }[] = [];
let workDir: string;
let entry: string;
let imageUri: string;
let imageId: string;

async function elevated(path: string, body: unknown): Promise<unknown> {
  const response = await realFetch(new URL(path, platform.url), {
    method: 'POST',
    headers: { authorization: platform.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

beforeAll(async () => {
  platform = await startTestPlatform();
  await elevated('/wix-data/v2/collections', {
    collection: {
      id: COLLECTION,
      fields: [{ key: 'title', type: 'TEXT' }],
      permissions: { read: 'ANYONE', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' },
    },
  });
  await elevated('/wix-data/v2/bulk/items/insert', {
    dataCollectionId: COLLECTION,
    dataItems: [{ data: { _id: 'dune', title: 'Dune' } }, { data: { _id: 'emma', title: 'Emma' } }],
  });
  const upload = await realFetch(new URL('/_api/atrium-media/v1/files?filename=cover.png', platform.url), {
    method: 'POST',
    headers: { authorization: platform.apiKey, 'content-type': 'image/png' },
    body: await testImageBytes('png', 80, 60),
  });
  const uploaded = (await upload.json()) as { file: { id: string }; uri: string };
  imageUri = uploaded.uri;
  imageId = uploaded.file.id;

  other = createServer(async (request, response) => {
    otherRequests.push({
      method: request.method,
      url: request.url,
      host: request.headers.host,
      body: await readBody(request),
    });
    response.end('pong from the other server');
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}/elsewhere?x=1`;

  // The connect entry as Node runs it: the source bundled into one ES module (no build of the SDK).
  workDir = await mkdtemp(join(tmpdir(), 'atrium-connect-'));
  entry = join(workDir, 'connect.mjs');
  await build({
    entryPoints: [SDK_CONNECT],
    outfile: entry,
    bundle: true,
    platform: 'node',
    format: 'esm',
    logLevel: 'silent',
  });
});

afterAll(async () => {
  await new Promise((resolve) => other?.close(resolve));
  await platform?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

function runApp(
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', entry, APP], {
      env: { ...process.env, NODE_OPTIONS: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('node --import @atrium/sdk/connect: an unchanged reference-client app on the local platform', () => {
  let run: { code: number | null; stdout: string; stderr: string };
  let output: AppOutput;

  beforeAll(async () => {
    run = await runApp({
      ATRIUM_PLATFORM_URL: platform.url,
      CLIENT_ID: platform.clientId,
      COLLECTION_ID: COLLECTION,
      IMAGE_URI: imageUri,
      OTHER_URL: otherUrl,
    });
    if (run.code !== 0) throw new Error(`the app failed (${run.code}):\n${run.stderr}`);
    output = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as AppOutput;
  }, 90_000);

  it('says where the hosted platform requests go, once, on stderr', () => {
    const lines = run.stderr.split('\n').filter((line) => line.startsWith('[atrium]'));
    expect(lines).toEqual([`[atrium] hosted platform requests → ${platform.url}`]);
  });

  it("gets the platform's items through the reference's data module", () => {
    expect(output.items).toEqual([
      { _id: 'dune', title: 'Dune' },
      { _id: 'emma', title: 'Emma' },
    ]);
  });

  it('holds visitor tokens the local platform granted (the platform accepts the access token)', async () => {
    expect(output.refreshToken).toMatch(/^atv1\./);
    const query = (authorization: string) =>
      realFetch(new URL('/wix-data/v2/items/query', platform.url), {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ dataCollectionId: COLLECTION, query: {} }),
      });
    expect((await query(output.accessToken)).status).toBe(200);
    // A token the platform did not sign is refused: the 200 above is the grant's, not the route's.
    expect((await query(`${output.accessToken.slice(0, -4)}AAAA`)).status).toBe(401);
  });

  it("loads the platform's image bytes from URLs the reference built on the hosted media host", async () => {
    expect(output.imageUrl).toMatch(
      new RegExp(`^https://static\\.wixstatic\\.com/media/${imageId.replace('.', '\\.')}/v1/fill/w_40,h_30,`),
    );
    const local = await realFetch(
      new URL(output.imageUrl.replace('https://static.wixstatic.com', ''), platform.url),
    );
    expect(output.image).toEqual({
      status: 200,
      type: local.headers.get('content-type'),
      base64: Buffer.from(await local.arrayBuffer()).toString('base64'),
    });

    expect(output.originalUrl).toBe(`https://static.wixstatic.com/media/${imageId}`);
    const stored = await realFetch(new URL(`/media/${imageId}`, platform.url));
    expect(output.original).toEqual({
      status: 200,
      type: 'image/png',
      base64: Buffer.from(await stored.arrayBuffer()).toString('base64'),
    });
  });

  it('leaves a request to any other host alone', () => {
    expect(output.other).toEqual({ status: 200, text: 'pong from the other server' });
    const { host, pathname, search } = new URL(otherUrl);
    expect(otherRequests).toEqual([{ method: 'POST', url: `${pathname}${search}`, host, body: 'ping' }]);
  });
});
