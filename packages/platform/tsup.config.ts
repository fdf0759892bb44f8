import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    cli: 'src/cli.ts',
    'testing/index': 'src/testing/index.ts',
    'testing/global-setup': 'src/testing/global-setup.ts',
  },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  dts: { entry: { index: 'src/index.ts', 'testing/index': 'src/testing/index.ts' } },
  // Dependencies stay in node_modules (whatever the working directory); the contract ships as
  // TypeScript source inside the monorepo, so it is bundled, resolved from source.
  skipNodeModulesBundle: true,
  noExternal: [/^@atrium\//],
  esbuildOptions(options) {
    options.conditions = ['@atrium/source'];
  },
  clean: true,
  sourcemap: true,
});
