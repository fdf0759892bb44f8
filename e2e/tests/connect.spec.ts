import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, expect, test } from '@playwright/test';
import { createServer, type ViteDevServer } from 'vite';
import { atriumConnect } from '../../packages/sdk/src/connect/vite.ts';
import { E2E_CLIENT_ID } from '../support/global-setup';
import { randomPng } from '../support/images';
import { apiKey } from '../support/platform-api';
import { platformUrl } from '../support/urls';

// A page written for the hosted platform (an <img> on its media host, a token request to its API
// host), served by a Vite dev server with `atriumConnect()`: in Chromium, with every host name but
// 127.0.0.1 made unresolvable, the image and the token come from the local platform, through the
// service worker the plugin serves and registers.

let vite: ViteDevServer;
let root: string;
let browser: Browser;
let pageUrl: string;
let imageUrl: string;

test.beforeAll(async () => {
  const upload = await fetch(platformUrl('/_api/atrium-media/v1/files?filename=cover.png'), {
    method: 'POST',
    headers: { authorization: apiKey(), 'content-type': 'image/png' },
    body: new Uint8Array(randomPng(80, 60)),
  });
  expect(upload.status).toBe(200);
  const { file } = (await upload.json()) as { file: { id: string } };
  imageUrl = `https://static.wixstatic.com/media/${file.id}/v1/fill/w_40,h_30,al_c,q_80,enc_auto/cover.png`;

  root = await mkdtemp(join(tmpdir(), 'atrium-connect-page-'));
  await writeFile(
    join(root, 'index.html'),
    `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Hosted platform page</title></head>
  <body>
    <img id="cover" alt="cover" src="${imageUrl}">
    <script type="module">
      try {
        const response = await fetch('https://www.wixapis.com/oauth2/token', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ clientId: ${JSON.stringify(E2E_CLIENT_ID)}, grantType: 'anonymous' }),
        });
        window.tokenAnswer = { status: response.status, body: await response.json() };
      } catch (error) {
        window.tokenAnswer = { error: String(error) };
      }
    </script>
  </body>
</html>
`,
  );
  vite = await createServer({
    root,
    configFile: false,
    logLevel: 'silent',
    server: { host: '127.0.0.1', port: 0, strictPort: false },
    plugins: [atriumConnect({ platformUrl: platformUrl().replace(/\/$/, ''), server: false })],
  });
  await vite.listen();
  pageUrl = vite.resolvedUrls!.local[0]!;

  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // No name resolves but the loopback: what loads, loads from this machine.
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
    ],
  });
});

test.afterAll(async () => {
  await browser?.close();
  await vite?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

test("a page's <img> on the hosted media host and its token request are answered by the local platform", async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const imageAnswers: { status: number; fromServiceWorker: boolean }[] = [];
  page.on('response', (response) => {
    if (response.url() === imageUrl) {
      imageAnswers.push({ status: response.status(), fromServiceWorker: response.fromServiceWorker() });
    }
  });

  await page.goto(pageUrl);
  // The first visit registers the worker and reloads once it controls the page: an evaluation that
  // the reload interrupts ("Execution context was destroyed") counts as not yet, and is asked again.
  const settled = <T>(read: () => T) => page.evaluate(read).catch(() => null);
  await expect
    .poll(() => settled(() => navigator.serviceWorker.controller?.scriptURL ?? null), {
      timeout: 15_000,
    })
    .toMatch(/\/atrium-connect\.js\?platform=/);
  await expect
    .poll(() => settled(() => (document.getElementById('cover') as HTMLImageElement | null)?.naturalWidth), {
      timeout: 15_000,
    })
    .toBe(40);
  await expect
    .poll(() => settled(() => (document.getElementById('cover') as HTMLImageElement | null)?.naturalHeight))
    .toBe(30);
  expect(imageAnswers).toContainEqual({ status: 200, fromServiceWorker: true });

  await expect
    .poll(
      () => settled(() => (window as { tokenAnswer?: { status?: number } }).tokenAnswer?.status ?? null),
      {
        timeout: 15_000,
      },
    )
    .toBe(200);
  const token = await page.evaluate(
    () => (window as unknown as { tokenAnswer: { body: { access_token?: string } } }).tokenAnswer.body,
  );
  expect(token.access_token).toEqual(expect.any(String));
  await context.close();
});
