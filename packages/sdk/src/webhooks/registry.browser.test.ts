import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { posts } from '../services/blog/index.js';
import { createHooks, WEBHOOKS_IN_BROWSER } from './registry.browser.js';

/**
 * P10 defect 5: the webhooks registry (some 430 bytes gzipped) was in every page's first chunk,
 * though no page receives a webhook. package.json `imports` (`#hooks`) now gives browser bundles
 * ./registry.browser.ts and every server runtime ./registry.ts; these tests bundle a visitor page
 * as a browser app's bundler does and as server runtimes resolve it.
 */

const sdkRoot = fileURLToPath(new URL('../..', import.meta.url));
const page = `import { createClient, OAuthStrategy } from '@atrium/sdk';
createClient({ auth: OAuthStrategy({ clientId: 'c' }) }).auth.generateVisitorTokens();`;

/** The SDK source files a visitor page's bundle holds, for a platform and its conditions. */
async function sourcesOfVisitorPage(platform: 'browser' | 'node' | 'neutral', conditions: string[]) {
  const result = await build({
    stdin: { contents: page, resolveDir: sdkRoot, loader: 'js' },
    bundle: true,
    write: false,
    format: 'esm',
    platform,
    conditions: ['@atrium/source', ...conditions],
    metafile: true,
    logLevel: 'silent',
  });
  return Object.keys(result.metafile.inputs).map((input) => input.replace(/^.*packages\/sdk\//, ''));
}

describe('the webhooks registry in bundles', { timeout: 60_000 }, () => {
  it('is left out of a browser bundle, which gets the refusing registry instead', async () => {
    const sources = await sourcesOfVisitorPage('browser', []);
    expect(sources).toContain('src/webhooks/registry.browser.ts');
    expect(sources).not.toContain('src/webhooks/registry.ts');
    expect(sources).toContain('src/client/create-client.ts');
  });

  it.each([
    ['Node', 'node', []],
    ['Cloudflare Workers', 'browser', ['workerd', 'worker']],
    ['an edge runtime', 'browser', ['edge-light']],
    ['Deno', 'neutral', ['deno']],
    ['an unknown runtime', 'neutral', []],
  ] as const)('is the full registry on %s', async (_runtime, platform, conditions) => {
    const sources = await sourcesOfVisitorPage(platform, [...conditions]);
    expect(sources).toContain('src/webhooks/registry.ts');
    expect(sources).not.toContain('src/webhooks/registry.browser.ts');
  });

  it('maps #hooks to files the build emits', async () => {
    const { readFile } = await import('node:fs/promises');
    const manifest = JSON.parse(await readFile(join(sdkRoot, 'package.json'), 'utf8'));
    const targets = JSON.stringify(manifest.imports['#hooks']).match(/\.\/(src|dist)\/[^"]+/g) ?? [];
    const sources = targets.filter((target) => target.startsWith('./src/'));
    const built = targets.filter((target) => target.startsWith('./dist/'));
    expect(new Set(sources)).toEqual(
      new Set(['./src/webhooks/registry.ts', './src/webhooks/registry.browser.ts']),
    );
    // tsup.config.ts emits every internal source file as dist/lib/<path>.js.
    expect(new Set(built)).toEqual(
      new Set(sources.map((source) => source.replace('./src/', './dist/lib/').replace(/\.ts$/, '.js'))),
    );
  });
});

describe('the browser registry', () => {
  const hooks = createHooks(() => undefined);

  it('lets a module holding event definitions be bound; registering a handler says where it belongs', () => {
    const registrar = hooks.register(posts.onPostCreated);
    expect(registrar).toBeTypeOf('function');
    expect(() => registrar?.((() => undefined) as never)).toThrow(WEBHOOKS_IN_BROWSER);
    expect(hooks.register(posts.queryPosts)).toBeUndefined();
    expect(hooks.register(null)).toBeUndefined();
  });

  it('refuses every member of webhooks and servicePlugins with the same error, and is not a thenable', async () => {
    expect(() => hooks.webhooks.getRegisteredEvents()).toThrow(WEBHOOKS_IN_BROWSER);
    expect(() => hooks.webhooks.process('jwt')).toThrow(WEBHOOKS_IN_BROWSER);
    expect(() => hooks.servicePlugins.processRequest(new Request('http://x'))).toThrow(WEBHOOKS_IN_BROWSER);
    expect(await Promise.resolve(hooks.webhooks)).toBe(hooks.webhooks);
  });
});
