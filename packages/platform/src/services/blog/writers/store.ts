import type { Kysely } from 'kysely';
import type { Database } from '../../../storage/schema.js';
import type { Tx } from '../../../storage/transaction.js';

/** The blog writers' SQL (blog_writers, migration 10): members the owner lets write drafts. */
type Queries = Kysely<Database>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether the id is one an identity can have (a UUID): others name no writer. */
export const isIdentityId = (identityId: string): boolean => UUID.test(identityId);

export async function isWriter(db: Queries, identityId: string): Promise<boolean> {
  if (!isIdentityId(identityId)) return false;
  const row = await db
    .selectFrom('blog_writers')
    .select('identity_id')
    .where('identity_id', '=', identityId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Which of these identities are blog writers. */
export async function writersAmong(db: Queries, identityIds: readonly string[]): Promise<Set<string>> {
  if (identityIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('blog_writers')
    .select('identity_id')
    .where('identity_id', 'in', [...identityIds])
    .execute();
  return new Set(rows.map((row) => row.identity_id));
}

export async function grantWriter(trx: Tx, identityId: string): Promise<void> {
  await trx
    .insertInto('blog_writers')
    .values({ identity_id: identityId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function revokeWriter(trx: Tx, identityId: string): Promise<void> {
  await trx.deleteFrom('blog_writers').where('identity_id', '=', identityId).execute();
}
