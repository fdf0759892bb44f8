import type { RedirectIntent } from '@atrium/contract';
import { type Selectable, sql } from 'kysely';
import type { Caller } from '../../oauth/caller.js';
import type { Db } from '../../storage/database.js';
import type { RedirectSessionsTable } from '../../storage/schema.js';

type JsonObject = Record<string, unknown>;

export interface NewRedirectSession {
  readonly intent: RedirectIntent;
  /** The intent's own object, e.g. `{ checkoutId }` for ecomCheckout; for auth, the validated request. */
  readonly payload: JsonObject;
  readonly callbacks: JsonObject;
  readonly preferences: JsonObject;
  readonly origin: string | undefined;
  readonly sessionTokenHash: string;
  /** Who created it: its client, and a member's session (which the hosted logout ends). */
  readonly caller: Exclude<Caller, { kind: 'anonymous' }>;
  readonly lifetimeSeconds: number;
  /** auth: the hash of the authRequest's session token (prompt=none redeems it). */
  readonly authSessionTokenHash?: string;
  /** auth with web_message: the one origin the response is posted to. */
  readonly messageOrigin?: string;
}

export interface StoredRedirectSession {
  readonly id: string;
  readonly intent: RedirectIntent;
  readonly payload: JsonObject;
  readonly callbacks: JsonObject;
  readonly origin: string | null;
  readonly callerKind: string;
  /** The creating visitor's or member's client; null for an elevated (API key) caller. */
  readonly clientId: string | null;
  readonly callerSessionId: string | null;
  readonly authSessionTokenHash: string | null;
  readonly messageOrigin: string | null;
  readonly expiresAt: Date;
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
      caller_session_id: caller.kind === 'member' ? caller.sessionId : null,
      auth_session_token_hash: session.authSessionTokenHash ?? null,
      message_origin: session.messageOrigin ?? null,
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
    .selectAll()
    .where('id', '=', id)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row && toStoredSession(row);
}

const toStoredSession = (row: Selectable<RedirectSessionsTable>): StoredRedirectSession => ({
  id: row.id,
  intent: row.intent as RedirectIntent,
  payload: row.payload,
  callbacks: row.callbacks,
  origin: row.origin,
  callerKind: row.caller_kind,
  clientId: row.client_id,
  callerSessionId: row.caller_session_id,
  authSessionTokenHash: row.auth_session_token_hash,
  messageOrigin: row.message_origin,
  expiresAt: row.expires_at,
});
