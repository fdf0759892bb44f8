import { readdirSync } from 'node:fs';
import { defineConfig } from 'tsup';

// The public entries; names must match package.json `exports`: dist/index.js, dist/identity.js, dist/redirects.js,
// dist/data.js, dist/pro-gallery.js, dist/blog.js, dist/members.js, dist/account.js, dist/media.js, dist/server.js.
const publicEntries = {
  index: 'src/index.ts',
  identity: 'src/services/identity/index.ts',
  redirects: 'src/services/redirects/index.ts',
  data: 'src/services/data/index.ts',
  forms: 'src/services/forms/index.ts',
  'pro-gallery': 'src/services/gallery/index.ts',
  blog: 'src/services/blog/index.ts',
  members: 'src/services/members/index.ts',
  account: 'src/services/account/index.ts',
  media: 'src/media/index.ts',
  server: 'src/server/index.ts',
  // `node --import @atrium/sdk/connect` (side effects: package.json `sideEffects` names it), the
  // function it calls, the Vite/Astro plugin and the browser script (docs: README, "Use the local
  // platform from the app you have"). Only these import @mswjs/interceptors.
  connect: 'src/connect/register.ts',
  'connect/node': 'src/connect/node.ts',
  'connect/vite': 'src/connect/vite.ts',
  'connect/browser': 'src/connect/browser.ts',
};

/**
 * Every other source file is an entry too (dist/lib/…), so the output keeps the source's file
 * boundaries. Bundlers split an application by file, and esbuild puts all code reachable from the
 * same entries in one chunk: without this, the code loaded on demand by `import()` (src/on-demand.ts,
 * the service modules' operations) would share chunks with the core, and a visitor-only page would
 * download it up front.
 */
const internalEntries = Object.fromEntries(
  readdirSync('src', { recursive: true, encoding: 'utf8' })
    .map((file) => file.replaceAll('\\', '/'))
    .filter(
      (file) =>
        file.endsWith('.ts') &&
        !file.endsWith('.test.ts') &&
        !file.endsWith('.d.ts') &&
        !file.startsWith('testing'),
    )
    .map((file) => [`lib/${file.replace(/\.ts$/, '')}`, `src/${file}`])
    .filter(([, path]) => !Object.values(publicEntries).includes(path)),
);

export default defineConfig({
  entry: { ...publicEntries, ...internalEntries },
  format: ['esm'],
  // Shared code goes to chunks; each `import()` of code loaded on demand stays dynamic.
  splitting: true,
  // Declarations inline the contract's plain types too, so the published types stand alone.
  dts: {
    entry: publicEntries,
    resolve: [/^@atrium\/contract/],
    compilerOptions: { baseUrl: '.', paths: { '@atrium/contract/*': ['../contract/src/*.ts'] } },
  },
  clean: true,
  // Rollup's pass over each output file also drops the bare `import './chunk.js'` lines esbuild
  // adds to keep evaluation order: the SDK has no import-time side effects but the connect entry's
  // own call (package.json `sideEffects` names only that entry), and esbuild as an application's
  // bundler would otherwise count every chunk the index bare-imports, the on-demand code's included,
  // as part of a page's first chunk.
  treeshake: { preset: 'recommended', moduleSideEffects: false },
  target: 'es2020',
  platform: 'neutral',
  // The contract's route constants are inlined: the published SDK has zero runtime dependencies.
  noExternal: ['@atrium/contract'],
  // Resolved by the application's bundler or runtime through package.json `imports`: the full
  // webhooks registry on servers, a refusing one in browsers (src/webhooks/registry.browser.ts).
  external: ['#hooks'],
  // Bundle the contract from its TypeScript source, so the SDK builds without building it first.
  esbuildOptions(options) {
    options.conditions = ['@atrium/source'];
  },
});
