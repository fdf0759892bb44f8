import { DEV_ROUTES } from '@atrium/contract/routes';
import type { MailboxResponse, MailMessage } from '@atrium/contract/types';

/** The newest message the platform's outbox holds for `to` (read over HTTP, as a developer would). */
export async function latestMail(platformUrl: string, to: string): Promise<MailMessage> {
  const url = new URL(DEV_ROUTES.mailbox, platformUrl);
  url.searchParams.set('to', to);
  const response = await realFetch(url);
  if (response.status !== 200) throw new Error(`mailbox answered ${response.status}`);
  const { messages } = (await response.json()) as MailboxResponse;
  const [newest] = messages;
  if (!newest) throw new Error(`no mail for ${to}`);
  return newest;
}

/** The real fetch, captured before tests replace the global one. */
export const realFetch = globalThis.fetch;

let counter = 0;
/** A fresh, unique e-mail address per call. */
export const uniqueEmail = (label: string): string =>
  `${label}-${Date.now().toString(36)}-${counter++}@example.com`;
