import { defineConfig } from 'tsup';

// Entry names must match package.json `exports`: dist/index.js, dist/identity.js, dist/redirects.js.
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    identity: 'src/services/identity/index.ts',
    redirects: 'src/services/redirects/index.ts',
  },
  format: ['esm'],
  // Declarations inline the contract's plain types too, so the published types stand alone.
  dts: {
    resolve: [/^@atrium\/contract/],
    compilerOptions: { baseUrl: '.', paths: { '@atrium/contract/*': ['../contract/src/*.ts'] } },
  },
  clean: true,
  treeshake: true,
  target: 'es2020',
  platform: 'neutral',
  // The contract's route constants are inlined: the published SDK has zero runtime dependencies.
  noExternal: ['@atrium/contract'],
  // Bundle the contract from its TypeScript source, so the SDK builds without building it first.
  esbuildOptions(options) {
    options.conditions = ['@atrium/source'];
  },
});
