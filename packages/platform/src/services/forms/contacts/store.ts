import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Tx } from '../../../storage/transaction.js';

/** The `form_contacts` table, and the members (identities) a contact's e-mail address names. */

export async function memberWithEmail(trx: Tx, email: string): Promise<string | undefined> {
  const { rows } = await sql<{ id: string }>`
    SELECT id::text AS id FROM identities WHERE lower(email) = ${email} AND status <> 'DELETED' LIMIT 1`.execute(
    trx,
  );
  return rows[0]?.id;
}

/** Merges `info` into the contact; its id, or undefined when there is no such contact. */
export async function updateContact(
  trx: Tx,
  contactId: string,
  info: object,
  now: Date,
): Promise<string | undefined> {
  const { rows } = await sql<{ id: string }>`
    UPDATE form_contacts SET info = info || ${JSON.stringify(info)}::jsonb, updated_at = ${now}
    WHERE id::text = ${contactId} RETURNING id::text AS id`.execute(trx);
  return rows[0]?.id;
}

/** The contact of `email`, created or with `info` merged in; whether it was created. */
export async function upsertContact(
  trx: Tx,
  contact: { readonly email: string; readonly identityId: string | undefined; readonly info: object },
  now: Date,
): Promise<{ id: string; inserted: boolean }> {
  const { rows } = await sql<{ id: string; inserted: boolean }>`
    INSERT INTO form_contacts (id, email, identity_id, info, created_at, updated_at)
    VALUES (${randomUUID()}::uuid, ${contact.email}, ${contact.identityId ?? null}::uuid, ${JSON.stringify(contact.info)}::jsonb, ${now}, ${now})
    ON CONFLICT (email) DO UPDATE SET info = form_contacts.info || EXCLUDED.info, updated_at = EXCLUDED.updated_at,
      identity_id = COALESCE(EXCLUDED.identity_id, form_contacts.identity_id)
    RETURNING id::text AS id, (xmax = 0) AS inserted`.execute(trx);
  return rows[0]!;
}
