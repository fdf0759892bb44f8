import { AtriumProvider } from '@atrium/react';
import { HydrationBoundary, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createSiteClient } from './client';
import { readSiteConfig } from './config';
import type { SsrState } from './entry-server';
import { SiteOriginContext } from './head';
import { loadLazyMatches, siteRoutes } from './router';
import { parseState, STATE_ELEMENT_ID } from './ssr/state';
import './styles.css';
import './styles-pages.css';
import './home/home.css';

/** The server's state when it rendered this page (src/entry-server.tsx), else null. */
function readServerState(): SsrState | null {
  const element = document.getElementById(STATE_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return parseState(element.textContent) as SsrState;
  } catch {
    return null;
  }
}

async function start() {
  const client = createSiteClient(readSiteConfig());
  const queryClient = new QueryClient();
  const routes = siteRoutes();
  const server = readServerState();
  const container = document.getElementById('root')!;
  if (server) await loadLazyMatches(routes, window.location.pathname);
  const router = createBrowserRouter(routes);
  const app = (
    <StrictMode>
      <SiteOriginContext.Provider value={server?.origin ?? window.location.origin}>
        <AtriumProvider client={client}>
          <QueryClientProvider client={queryClient}>
            <HydrationBoundary state={server?.queries}>
              <RouterProvider router={router} />
            </HydrationBoundary>
          </QueryClientProvider>
        </AtriumProvider>
      </SiteOriginContext.Provider>
    </StrictMode>
  );
  // A server-rendered page hydrates; the shell of a client-rendered route renders from scratch.
  if (server) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start();
