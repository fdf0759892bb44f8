import type { Selectable } from 'kysely';
import type { Db } from '../../storage/database.js';
import type { StaffAccountsTable, StaffLinksTable, StaffRoleName } from '../../storage/schema.js';

/** The SQL of staff accounts, their console sessions and one-time links (services/staff/). */

export type StaffAccountRow = Selectable<StaffAccountsTable>;
type Status = StaffAccountRow['status'];

export const findAccountByEmail = (db: Db, email: string) =>
  db
    .selectFrom('staff_accounts')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();

export const findAccount = (db: Db, id: string) =>
  db.selectFrom('staff_accounts').selectAll().where('id', '=', id).executeTakeFirst();

export const listAccounts = (db: Db) =>
  db.selectFrom('staff_accounts').selectAll().orderBy('created_at').orderBy('email').execute();

export const countActiveOwners = async (db: Db): Promise<number> =>
  Number(
    (
      await db
        .selectFrom('staff_accounts')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('role', '=', 'OWNER')
        .where('status', '=', 'ACTIVE')
        .executeTakeFirstOrThrow()
    ).count,
  );

export const insertAccount = (
  db: Db,
  account: { id: string; email: string; role: StaffRoleName; status: Status },
) => db.insertInto('staff_accounts').values(account).returningAll().executeTakeFirstOrThrow();

export const updateAccount = (db: Db, id: string, change: { role?: StaffRoleName; status?: Status }) =>
  db.updateTable('staff_accounts').set(change).where('id', '=', id).returningAll().executeTakeFirst();

/** The first sign-in of an invited account makes it active. */
export async function markSignedIn(db: Db, id: string, at: Date): Promise<void> {
  await db
    .updateTable('staff_accounts')
    .set({ status: 'ACTIVE' })
    .where('id', '=', id)
    .where('status', '=', 'INVITED')
    .execute();
  await db.updateTable('staff_accounts').set({ last_sign_in_at: at }).where('id', '=', id).execute();
}

export const insertLink = (
  db: Db,
  link: { token_hash: string; staff_id: string; purpose: StaffLinksTable['purpose']; expires_at: Date },
) => db.insertInto('staff_links').values(link).execute();

/** Marks an unused, unexpired link used and answers it; undefined when there is none (once only). */
export const takeLink = (db: Db, tokenHash: string, now: Date) =>
  db
    .updateTable('staff_links')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();

export const insertSession = (
  db: Db,
  session: { id: string; staff_id: string; token_hash: string; expires_at: Date },
) => db.insertInto('staff_sessions').values(session).execute();

/** A live session (not ended, not expired) with its account, which must be active. */
export const findLiveSession = (db: Db, tokenHash: string, now: Date) =>
  db
    .selectFrom('staff_sessions')
    .innerJoin('staff_accounts', 'staff_accounts.id', 'staff_sessions.staff_id')
    .select([
      'staff_sessions.id as session_id',
      'staff_accounts.id',
      'staff_accounts.email',
      'staff_accounts.role',
      'staff_accounts.status',
      'staff_accounts.created_at',
      'staff_accounts.last_sign_in_at',
    ])
    .where('staff_sessions.token_hash', '=', tokenHash)
    .where('staff_sessions.ended_at', 'is', null)
    .where('staff_sessions.expires_at', '>', now)
    .where('staff_accounts.status', '=', 'ACTIVE')
    .executeTakeFirst();

export const endSessionByHash = (db: Db, tokenHash: string, now: Date) =>
  db
    .updateTable('staff_sessions')
    .set({ ended_at: now })
    .where('token_hash', '=', tokenHash)
    .where('ended_at', 'is', null)
    .execute();

export const endSessionsOf = (db: Db, staffId: string, now: Date) =>
  db
    .updateTable('staff_sessions')
    .set({ ended_at: now })
    .where('staff_id', '=', staffId)
    .where('ended_at', 'is', null)
    .execute();
