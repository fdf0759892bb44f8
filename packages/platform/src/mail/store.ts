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

/** Messages to `address` (compared case-insensitively), newest first. */
export async function readMailbox(db: Db, address: string): Promise<MailMessage[]> {
  const rows = await db
    .selectFrom('mail_outbox')
    .selectAll()
    .where(sql<string>`lower(to_address)`, '=', address.trim().toLowerCase())
    .orderBy('seq', 'desc')
    .limit(MAILBOX_LIMIT)
    .execute();
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
