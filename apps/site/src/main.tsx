import { AtriumProvider } from '@atrium/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createSiteClient } from './client';
import { readSiteConfig } from './config';
import { router } from './router';
import './styles.css';

const client = createSiteClient(readSiteConfig());
const queryClient = new QueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AtriumProvider client={client}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AtriumProvider>
  </StrictMode>,
);
