import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { AtriumProvider } from '../provider.js';
import { recordingClient } from './fake-platform.js';

/** `ui` rendered to HTML as on a server, under the provider of a recording client, and the URLs it asked for. */
export function renderOnServer(ui: ReactNode): { html: string; requests: string[] } {
  const { client, requests } = recordingClient();
  const html = renderToString(<AtriumProvider client={client}>{ui}</AtriumProvider>);
  return { html, requests };
}
