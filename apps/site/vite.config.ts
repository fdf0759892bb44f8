import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';
import { configScript, DEFAULT_SITE_CONFIG } from './site-config.mjs';

// The site builds straight from the workspace packages' TypeScript sources (`@atrium/source`).
// In development the platform URL and client id come from the environment; the production
// server (serve.mjs) injects them at request time, so one build runs against any platform.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    {
      name: 'atrium-dev-config',
      apply: 'serve',
      transformIndexHtml: (html) =>
        html.replace(
          '<!--atrium-config-->',
          configScript({
            platformUrl: process.env.ATRIUM_PLATFORM_URL ?? DEFAULT_SITE_CONFIG.platformUrl,
            clientId: process.env.ATRIUM_CLIENT_ID ?? DEFAULT_SITE_CONFIG.clientId,
            siteName: process.env.ATRIUM_SITE_NAME || DEFAULT_SITE_CONFIG.siteName,
          }),
        ),
    },
  ],
  resolve: { conditions: ['@atrium/source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['@atrium/source', ...defaultServerConditions] } },
  server: { port: 5173, strictPort: true },
  // The client build (dist/, with a manifest the server renderer reads for a page's CSS and chunks),
  // and `vite build --ssr src/entry-server.tsx` (package.json): the server renderer in dist-server/.
  build: isSsrBuild
    ? { outDir: 'dist-server', sourcemap: true, emptyOutDir: true }
    : { outDir: 'dist', sourcemap: true, manifest: true },
}));
