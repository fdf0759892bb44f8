import { copyFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

export default defineConfig({
  // The rich content renderer is its own entry point: pages without posts do not ship it.
  entry: { index: 'src/index.ts', 'rich-content': 'src/rich-content/index.ts' },
  format: ['esm'],
  // Declarations inline the contract's plain types too (the form rules), so the published types stand alone.
  dts: {
    resolve: [/^@atrium\/contract/],
    compilerOptions: { baseUrl: '.', paths: { '@atrium/contract/*': ['../contract/src/*.ts'] } },
  },
  clean: true,
  // Rollup's pass drops what the app never reaches of the contract files it inlines (their other constants).
  treeshake: true,
  external: ['react', '@atrium/sdk', '@tanstack/react-query'],
  // The contract's form rules (`@atrium/contract/forms-validation`, plain and dependency-free) are
  // inlined, as in the SDK: the published package depends on nothing but its peers.
  noExternal: ['@atrium/contract'],
  // Bundle the contract from its TypeScript source, so this package builds without building it first.
  esbuildOptions(options) {
    options.conditions = ['@atrium/source'];
  },
  // The renderer's optional stylesheet, as it is (`@atrium/react/rich-content.css`).
  async onSuccess() {
    copyFileSync('src/rich-content/rich-content.css', 'dist/rich-content.css');
  },
});
