import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTED_DATA_ELEMENT_ID, loadHostedPages } from './hosted-pages.js';
import { defaultPagesDir } from './pages-dir.js';

const PACKAGE_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The shape of Vite's output (dist/pages/index.html). */
const VITE_SHELL = `<!doctype html>
<html lang="en">
  <head>
    <title>Atrium</title>
    <script type="module" crossorigin src="/_hosted/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

let builtDir: string;
beforeAll(async () => {
  builtDir = await mkdtemp(join(tmpdir(), 'atrium-pages-'));
  await writeFile(join(builtDir, 'index.html'), VITE_SHELL);
});
afterAll(() => rm(builtDir, { recursive: true, force: true }));

const content = {
  title: 'Checkout',
  summaryHtml: '<h1>Checkout</h1>',
  data: { note: '</script><script>alert(1)</script> $& $1' },
  frameAncestors: ['http://localhost:5173'],
};

describe('hosted pages', () => {
  it('live in dist/pages of the package, found from the sources and from the bundles', () => {
    const expected = join(PACKAGE_ROOT, 'dist', 'pages');
    expect(defaultPagesDir()).toBe(expected);
    expect(defaultPagesDir(join(PACKAGE_ROOT, 'dist'))).toBe(expected);
    expect(defaultPagesDir(join(PACKAGE_ROOT, 'dist', 'testing'))).toBe(expected);
  });

  it('without the built app, answer a plain page that says how to build it', async () => {
    const pages = await loadHostedPages(join(builtDir, 'missing'));
    expect(pages.built).toBe(false);
    const page = pages.render(content);
    expect(page.status).toBe(503);
    expect(page.html).toContain('<h1>Checkout</h1>');
    expect(page.html).toContain('npm run build -w @atrium/platform');
    expect(page.html).not.toContain('<script');
    expect(page.csp).toContain("default-src 'none'");
    expect(page.csp).toContain('frame-ancestors http://localhost:5173');
    expect(pages.render({ ...content, statusWhenNotBuilt: 200 }).status).toBe(200);
  });

  it("with the built app, serve its shell with the summary, the data and a CSP of 'self' only", async () => {
    const pages = await loadHostedPages(builtDir);
    expect(pages.built).toBe(true);
    const page = pages.render(content);
    expect(page.status).toBe(200);
    expect(page.html).toContain('<title>Checkout · Atrium</title>');
    expect(page.html).toContain('<div id="root"><h1>Checkout</h1></div>');
    const data = new RegExp(
      `<script type="application/json" id="${HOSTED_DATA_ELEMENT_ID}">(.*?)</script>`,
    ).exec(page.html);
    expect(JSON.parse(data![1]!)).toEqual(content.data);
    expect(page.html).not.toContain('<script>alert(1)');
    expect(page.csp).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
        "base-uri 'none'; form-action 'self'; frame-ancestors http://localhost:5173",
    );
    expect(pages.render({ ...content, frameAncestors: [] }).csp).toContain("frame-ancestors 'none'");
  });
});
