import { type Selectable, sql } from 'kysely';
import type { Db } from '../../storage/database.js';
import type { IdentitiesTable, IdentityStatusName } from '../../storage/schema.js';
import type { Tx } from '../../storage/transaction.js';

/** An identity as the services see it (the row, camel-cased). */
export interface StoredIdentity {
  readonly id: string;
  readonly email: string;
  readonly emailVerified: boolean;
  readonly passwordHash: string | null;
  readonly passwordResetRequired: boolean;
  readonly status: IdentityStatusName;
  readonly statusReasons: readonly string[];
  readonly profile: Record<string, unknown>;
  readonly revision: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export interface NewIdentity {
  readonly email: string;
  readonly passwordHash: string | null;
  readonly status: IdentityStatusName;
  readonly statusReasons?: readonly string[];
  readonly emailVerified?: boolean;
  readonly profile?: Record<string, unknown>;
}

/** The login id form of an e-mail address: trimmed and lower-cased. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

const toIdentity = (row: Selectable<IdentitiesTable>): StoredIdentity => ({
  id: row.id,
  email: row.email,
  emailVerified: row.email_verified,
  passwordHash: row.password_hash,
  passwordResetRequired: row.password_reset_required,
  status: row.status,
  statusReasons: row.status_reasons,
  profile: row.profile,
  revision: row.revision,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const identityRow = (identity: NewIdentity) => ({
  email: normalizeEmail(identity.email),
  password_hash: identity.passwordHash,
  status: identity.status,
  status_reasons: [...(identity.statusReasons ?? [])],
  email_verified: identity.emailVerified ?? false,
  profile: identity.profile ?? {},
});

export async function insertIdentity(db: Db | Tx, identity: NewIdentity): Promise<StoredIdentity> {
  const row = await db
    .insertInto('identities')
    .values(identityRow(identity))
    .returningAll()
    .executeTakeFirstOrThrow();
  return toIdentity(row);
}

/**
 * Inserts the identity unless a live identity already has its e-mail; undefined then. The unique
 * index decides, so two concurrent registrations of one address cannot both succeed.
 */
export async function insertIdentityIfEmailFree(
  db: Db | Tx,
  identity: NewIdentity,
): Promise<StoredIdentity | undefined> {
  const row = await db
    .insertInto('identities')
    .values(identityRow(identity))
    .onConflict((conflict) => conflict.column('email').where('status', '<>', 'DELETED').doNothing())
    .returningAll()
    .executeTakeFirst();
  return row && toIdentity(row);
}

/** Identities with one status, or all but the deleted ones, oldest first; `search` matches the e-mail. */
export async function listIdentities(
  db: Db | Tx,
  filter: { status?: IdentityStatusName; search?: string; limit: number; offset?: number },
): Promise<StoredIdentity[]> {
  const rows = await filteredIdentities(db, filter)
    .selectAll()
    .orderBy('created_at')
    .orderBy('id')
    .limit(filter.limit)
    .offset(filter.offset ?? 0)
    .execute();
  return rows.map(toIdentity);
}

/** How many identities listIdentities would list on every page. */
export async function countIdentities(
  db: Db | Tx,
  filter: { status?: IdentityStatusName; search?: string },
): Promise<number> {
  const row = await filteredIdentities(db, filter)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

function filteredIdentities(db: Db | Tx, filter: { status?: IdentityStatusName; search?: string }) {
  let query = db
    .selectFrom('identities')
    .where('status', filter.status === undefined ? '<>' : '=', filter.status ?? 'DELETED');
  const search = filter.search?.trim().toLowerCase();
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    query = query.where(sql<boolean>`email like ${pattern}`);
  }
  return query;
}

export async function findIdentityById(db: Db | Tx, id: string): Promise<StoredIdentity | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await db.selectFrom('identities').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toIdentity(row);
}

/** The live (not deleted) identity whose login e-mail this is. */
export async function findIdentityByEmail(db: Db | Tx, email: string): Promise<StoredIdentity | undefined> {
  const row = await db
    .selectFrom('identities')
    .selectAll()
    .where('email', '=', normalizeEmail(email))
    .where('status', '<>', 'DELETED')
    .executeTakeFirst();
  return row && toIdentity(row);
}

/** Applies a change and bumps the revision and update time. */
export async function updateIdentity(
  db: Db | Tx,
  id: string,
  change: Partial<{
    emailVerified: boolean;
    passwordHash: string | null;
    passwordResetRequired: boolean;
    status: IdentityStatusName;
    statusReasons: readonly string[];
    profile: Record<string, unknown>;
  }>,
): Promise<StoredIdentity> {
  const row = await db
    .updateTable('identities')
    .set({
      ...(change.emailVerified === undefined ? {} : { email_verified: change.emailVerified }),
      ...(change.passwordHash === undefined ? {} : { password_hash: change.passwordHash }),
      ...(change.passwordResetRequired === undefined
        ? {}
        : { password_reset_required: change.passwordResetRequired }),
      ...(change.status === undefined ? {} : { status: change.status }),
      ...(change.statusReasons === undefined ? {} : { status_reasons: [...change.statusReasons] }),
      ...(change.profile === undefined ? {} : { profile: change.profile }),
      revision: sql<number>`revision + 1`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toIdentity(row);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids come from requests: anything that is not a uuid cannot name a row (and must not reach SQL as one). */
export const isUuid = (value: string): boolean => UUID.test(value);
