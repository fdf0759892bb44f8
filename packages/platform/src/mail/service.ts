import type { MailboxResponse } from '@atrium/contract/types';
import type { Db } from '../storage/database.js';
import { readMailbox } from './store.js';

/**
 * The development mailbox (mail/routes.ts): the outbox newest first, those to `to` (the whole
 * address) when given, those whose address or subject contains `q` when given (mail/store.ts).
 */
export async function mailbox(db: Db, query: { to?: string; q?: string }): Promise<MailboxResponse> {
  return { messages: await readMailbox(db, { to: query.to, search: query.q }) };
}
