import type { RedirectIntent } from '@atrium/contract';
import { sql } from 'kysely';
import type { Caller } from '../../oauth/caller.js';
import type { Db } from '../../storage/database.js';

type JsonObject = Record<string, unknown>;

export interface NewRedirectSession {
  readonly intent: RedirectIntent;
  /** The intent's own object, e.g. `{ checkoutId }` for ecomCheckout. */
  readonly payload: JsonObject;
  readonly callbacks: JsonObject;
  readonly preferences: JsonObject;
  readonly origin: string | undefined;
  readonly sessionTokenHash: string;
  /** Who created it: a later sign-in flow needs the visitor's identity and client. */
  readonly caller: Exclude<Caller, { kind: 'anonymous' }>;
  readonly lifetimeSeconds: number;
}

export interface StoredRedirectSession {
  readonly id: string;
  readonly intent: RedirectIntent;
  readonly payload: JsonObject;
  readonly callbacks: JsonObject;
}

/** Stores the session and returns its id. */
export async function insertRedirectSession(db: Db, session: NewRedirectSession): Promise<string> {
  const { caller } = session;
  const row = await db
    .insertInto('redirect_sessions')
    .values({
      intent: session.intent,
      payload: session.payload,
      callbacks: session.callbacks,
      preferences: session.preferences,
      origin: session.origin ?? null,
      session_token_hash: session.sessionTokenHash,
      caller_kind: caller.kind,
      client_id: caller.kind === 'elevated' ? null : caller.clientId,
      subject_id: caller.kind === 'elevated' ? null : caller.subjectId,
      // The database's clock sets both created_at and expires_at, and later judges expiry.
      expires_at: sql<Date>`now() + make_interval(secs => ${session.lifetimeSeconds})`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The session with this id, unless it has expired. */
export async function findLiveRedirectSession(
  db: Db,
  id: string,
): Promise<StoredRedirectSession | undefined> {
  const row = await db
    .selectFrom('redirect_sessions')
    .select(['id', 'intent', 'payload', 'callbacks'])
    .where('id', '=', id)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      intent: row.intent as RedirectIntent,
      payload: row.payload,
      callbacks: row.callbacks,
    }
  );
}
