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

/** A new password (argon2id) ends any lockout. */
export const setPasswordHash = (db: Db, id: string, passwordHash: string) =>
  db
    .updateTable('staff_accounts')
    .set({ password_hash: passwordHash, failed_sign_ins: 0, locked_until: null })
    .where('id', '=', id)
    .execute();

/**
 * Counts a failed password sign-in, atomically: at `limit` failures in a row the account is locked
 * until `lockedUntil` and the count starts again. Answers the lock's end if this failure set one.
 */
export async function recordFailedSignIn(
  db: Db,
  id: string,
  limit: number,
  lockedUntil: Date,
): Promise<Date | undefined> {
  const row = await db
    .updateTable('staff_accounts')
    .set((eb) => ({
      failed_sign_ins: eb
        .case()
        .when('failed_sign_ins', '>=', limit - 1)
        .then(0)
        .else(eb('failed_sign_ins', '+', 1))
        .end(),
      locked_until: eb
        .case()
        .when('failed_sign_ins', '>=', limit - 1)
        .then(lockedUntil)
        .else(eb.ref('locked_until'))
        .end(),
    }))
    .where('id', '=', id)
    .returning(['locked_until'])
    .executeTakeFirst();
  return row?.locked_until?.getTime() === lockedUntil.getTime() ? lockedUntil : undefined;
}

export const clearFailedSignIns = (db: Db, id: string) =>
  db
    .updateTable('staff_accounts')
    .set({ failed_sign_ins: 0, locked_until: null })
    .where('id', '=', id)
    .execute();

export const insertLink = (
  db: Db,
  link: { token_hash: string; staff_id: string; purpose: StaffLinksTable['purpose']; expires_at: Date },
) => db.insertInto('staff_links').values(link).execute();

/** Whether a link of this purpose was made for the account since `since` (one reset mail a minute). */
export const linkMadeSince = async (
  db: Db,
  staffId: string,
  purpose: StaffLinksTable['purpose'],
  since: Date,
): Promise<boolean> =>
  (await db
    .selectFrom('staff_links')
    .select('token_hash')
    .where('staff_id', '=', staffId)
    .where('purpose', '=', purpose)
    .where('created_at', '>', since)
    .executeTakeFirst()) !== undefined;

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
  session: {
    id: string;
    staff_id: string;
    token_hash: string;
    expires_at: Date;
    started_by: 'LINK' | 'PASSWORD';
  },
) => db.insertInto('staff_sessions').values(session).execute();

/** A live session (not ended, not expired) with its account, which must be active. */
export const findLiveSession = (db: Db, tokenHash: string, now: Date) =>
  db
    .selectFrom('staff_sessions')
    .innerJoin('staff_accounts', 'staff_accounts.id', 'staff_sessions.staff_id')
    .select([
      'staff_sessions.id as session_id',
      'staff_sessions.started_by',
      'staff_accounts.id',
      'staff_accounts.email',
      'staff_accounts.role',
      'staff_accounts.status',
      'staff_accounts.created_at',
      'staff_accounts.last_sign_in_at',
      'staff_accounts.password_hash',
    ])
    .where('staff_sessions.token_hash', '=', tokenHash)
    .where('staff_sessions.ended_at', 'is', null)
    .where('staff_sessions.expires_at', '>', now)
    .where('staff_accounts.status', '=', 'ACTIVE')
    .executeTakeFirst();

/** Ends the open sessions whose `column` is `value`. */
const endSessionsWhere = (db: Db, column: 'token_hash' | 'staff_id', value: string, now: Date) =>
  db
    .updateTable('staff_sessions')
    .set({ ended_at: now })
    .where(column, '=', value)
    .where('ended_at', 'is', null)
    .execute();

export const endSessionByHash = (db: Db, tokenHash: string, now: Date) =>
  endSessionsWhere(db, 'token_hash', tokenHash, now);

export const endSessionsOf = (db: Db, staffId: string, now: Date) =>
  endSessionsWhere(db, 'staff_id', staffId, now);
