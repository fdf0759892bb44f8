import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

/**
 * The hosted pages app: built after tsup (which empties dist/) into dist/pages, served by the
 * platform under /_hosted/ with its assets at /_hosted/assets/. No external resources: everything
 * the pages load comes from the platform itself (the pages' CSP allows nothing else).
 */
export default defineConfig({
  root: fileURLToPath(new URL('./app', import.meta.url)),
  base: '/_hosted/',
  plugins: [react()],
  resolve: { conditions: ['@atrium/source', ...defaultClientConditions] },
  build: {
    outDir: fileURLToPath(new URL('../../dist/pages', import.meta.url)),
    emptyOutDir: true,
    assetsDir: 'assets',
    assetsInlineLimit: 0,
    sourcemap: true,
    // The blog section holds the post editor (Tiptap and ProseMirror, about 550 kB minified). It loads
    // on demand, only when the console's blog opens; the 500 kB default warning read like an error
    // on every first start.
    chunkSizeWarningLimit: 700,
  },
});
