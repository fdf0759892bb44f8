import { type RawBuilder, type Selectable, type SqlBool, sql } from 'kysely';
import type { Db } from '../../storage/database.js';
import type { IdentitiesTable, IdentityStatusName } from '../../storage/schema.js';
import type { Tx } from '../../storage/transaction.js';

/**
 * The members' SQL: members are the identity service's identities (deleted ones excepted), with
 * the profile slug and photo of migration 12. Conditions and orders come compiled from the shared
 * query language (query/); this file only runs them.
 */
export interface StoredMember {
  readonly id: string;
  readonly email: string;
  readonly emailVerified: boolean;
  readonly status: IdentityStatusName;
  readonly profile: Record<string, unknown>;
  readonly slug: string | null;
  readonly photo: Record<string, unknown> | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

const toMember = (row: Selectable<IdentitiesTable>): StoredMember => ({
  id: row.id,
  email: row.email,
  emailVerified: row.email_verified,
  status: row.status,
  profile: row.profile,
  slug: row.slug,
  photo: row.photo,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const live = (db: Db | Tx) => db.selectFrom('identities').where('identities.status', '<>', 'DELETED');

export async function findMember(db: Db | Tx, id: string): Promise<StoredMember | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await live(db).selectAll().where('id', '=', id).executeTakeFirst();
  return row && toMember(row);
}

export interface MemberSelection {
  readonly where: RawBuilder<SqlBool>;
  readonly orderBy: readonly RawBuilder<unknown>[];
  readonly limit: number;
  readonly offset: number;
}

/** One page of the members a condition selects, in order (ties by id), and how many it selects in all. */
export async function selectMembers(
  db: Db | Tx,
  selection: MemberSelection,
): Promise<{ members: StoredMember[]; total: number }> {
  let page = live(db).selectAll().where(selection.where);
  for (const term of selection.orderBy) page = page.orderBy(term);
  const [rows, count] = await Promise.all([
    page.orderBy('identities.id').limit(selection.limit).offset(selection.offset).execute(),
    live(db)
      .where(selection.where)
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { members: rows.map(toMember), total: Number(count.count) };
}

/** Replaces the profile and photo of a live member; undefined when there is none. */
export async function updateMemberProfile(
  db: Db | Tx,
  id: string,
  change: { profile: Record<string, unknown>; photo: Record<string, unknown> | null },
): Promise<StoredMember | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await db
    .updateTable('identities')
    .set({
      profile: change.profile,
      photo: change.photo,
      revision: sql<number>`revision + 1`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .where('status', '<>', 'DELETED')
    .returningAll()
    .executeTakeFirst();
  return row && toMember(row);
}

/**
 * Sets a live member's slug. `taken` when another live member has it (in any case): the unique
 * index decides, so two members cannot take one slug at once.
 */
export async function setMemberSlug(
  db: Db | Tx,
  id: string,
  slug: string,
): Promise<StoredMember | 'taken' | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await db
    .updateTable('identities')
    .set({ slug, revision: sql<number>`revision + 1`, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('status', '<>', 'DELETED')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('identities as other')
            .select('other.id')
            .where(sql<SqlBool>`lower(other.slug) = lower(${slug})`)
            .where('other.status', '<>', 'DELETED')
            .where('other.id', '<>', id),
        ),
      ),
    )
    .returningAll()
    .executeTakeFirst()
    .catch((error: unknown) => {
      if ((error as { code?: string }).code === '23505') return 'taken' as const;
      throw error;
    });
  if (row === 'taken') return row;
  if (row) return toMember(row);
  return (await findMember(db, id)) === undefined ? undefined : 'taken';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids come from requests: anything that is not a uuid cannot name a member. */
export const isUuid = (value: string): boolean => UUID.test(value);
