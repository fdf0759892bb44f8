import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { configScript } from './site-config.mjs';

// The site builds straight from the workspace packages' TypeScript sources (`@atrium/source`).
// In development the platform URL and client id come from the environment; the production
// server (serve.mjs) injects them at request time, so one build runs against any platform.
export default defineConfig({
  plugins: [
    react(),
    {
      name: 'atrium-dev-config',
      apply: 'serve',
      transformIndexHtml: (html) =>
        html.replace(
          '<!--atrium-config-->',
          configScript({
            platformUrl: process.env.ATRIUM_PLATFORM_URL ?? 'http://127.0.0.1:7070',
            clientId: process.env.ATRIUM_CLIENT_ID ?? 'atrium-demo',
          }),
        ),
    },
  ],
  resolve: { conditions: ['@atrium/source', ...defaultClientConditions] },
  server: { port: 5173, strictPort: true },
  build: { outDir: 'dist', sourcemap: true },
});
