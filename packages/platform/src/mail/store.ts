import type { MailMessage } from '@atrium/contract/types';
import { sql } from 'kysely';
import type { Db } from '../storage/database.js';
import type { Tx } from '../storage/transaction.js';

/**
 * The outbox: every message the platform sends is written here inside the transaction of the
 * request that sends it, so a request that fails sends nothing. The local platform delivers no
 * further: the outbox is the mailbox (`GET /_dev/mailbox`), read by developers and tests.
 */
export interface OutgoingMail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  /** A verification code the message carries, for the mailbox to show on its own. */
  readonly code?: string;
  /** The links in the message, in order. */
  readonly links: readonly string[];
}

export async function enqueueMail(trx: Tx, mail: OutgoingMail): Promise<void> {
  await trx
    .insertInto('mail_outbox')
    .values({
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      code: mail.code ?? null,
      links: [...mail.links],
    })
    .execute();
}

export const MAILBOX_LIMIT = 100;

/**
 * The outbox newest first, at most MAILBOX_LIMIT messages: those to `to` (the whole address,
 * case-insensitive) when given, those whose address or subject contains `search` (case-insensitive)
 * when given, else the most recent of all.
 */
export async function readMailbox(
  db: Db,
  { to, search }: { to?: string | undefined; search?: string | undefined } = {},
): Promise<MailMessage[]> {
  let query = db.selectFrom('mail_outbox').selectAll();
  if (to !== undefined) query = query.where(sql<string>`lower(to_address)`, '=', to.trim().toLowerCase());
  const words = search?.trim().toLowerCase();
  if (words) {
    query = query.where((eb) =>
      eb.or([
        eb(sql<number>`strpos(lower(to_address), ${words})`, '>', 0),
        eb(sql<number>`strpos(lower(subject), ${words})`, '>', 0),
      ]),
    );
  }
  const rows = await query.orderBy('seq', 'desc').limit(MAILBOX_LIMIT).execute();
  return rows.map((row) => ({
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    ...(row.code === null ? {} : { code: row.code }),
    links: row.links,
    createdDate: row.created_at.toISOString(),
  }));
}
