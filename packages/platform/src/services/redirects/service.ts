import {
  type CreateRedirectSessionRequest,
  HOSTED_ROUTES,
  REDIRECT_INTENTS,
  type RedirectIntent,
  type RedirectSession,
} from '@atrium/contract';
import { validationError } from '../../errors.js';
import {
  type AuthorizationRequest,
  validateAuthorizationRequest,
} from '../../oauth/authorization-request.js';
import { randomSecret, sha256Hex } from '../../secrets.js';
import type { Db } from '../../storage/database.js';
import { inTransaction } from '../../storage/transaction.js';
import { checkNavigationTargets, type NavigationInput } from './navigation.js';
import { findLiveRedirectSession, insertRedirectSession, type StoredRedirectSession } from './store.js';

/** How long a redirect session's URL stays usable. */
export const REDIRECT_SESSION_LIFETIME_SECONDS = 60 * 60;

export interface CreateRedirectSessionInput extends NavigationInput {
  /** Where the client reached this platform (`http://host:port`): the session's URLs start there. */
  readonly platformOrigin: string;
  /** The request's `Origin` header: a browser's site origin (web_message responses may go there). */
  readonly requestOrigin?: string;
}

/** What an intent stores: its payload and, for auth, the secrets and origin kept apart. */
interface PreparedIntent {
  readonly payload: Record<string, unknown>;
  readonly authSessionTokenHash?: string;
  readonly messageOrigin?: string;
}

export async function createRedirectSession(
  db: Db,
  input: CreateRedirectSessionInput,
): Promise<RedirectSession> {
  const { request } = input;
  const intent = exactlyOneIntent(request);
  // Every intent's callbacks: on the client's registered origins, stored normalised.
  const targets = await checkNavigationTargets(db, intent, input);
  const prepared = await prepareIntent(db, intent, input);
  const sessionToken = randomSecret();
  const id = await inTransaction(db, (trx) =>
    insertRedirectSession(trx, {
      intent,
      ...prepared,
      callbacks: targets.callbacks,
      preferences: objectAt(request, 'preferences'),
      origin: targets.origin,
      sessionTokenHash: sha256Hex(sessionToken),
      caller: input.caller,
      lifetimeSeconds: REDIRECT_SESSION_LIFETIME_SECONDS,
    }),
  );
  const endpoint = `${input.platformOrigin}${HOSTED_ROUTES.redirect.replace('{id}', id)}`;
  const searchParams = intent === 'auth' ? authSearchParams(request) : {};
  const query = new URLSearchParams(searchParams).toString();
  const fullUrl = query ? `${endpoint}?${query}` : endpoint;
  return { id, fullUrl, shortUrl: fullUrl, sessionToken, urlDetails: { endpoint, searchParams } };
}

async function prepareIntent(
  db: Db,
  intent: RedirectIntent,
  input: CreateRedirectSessionInput,
): Promise<PreparedIntent> {
  if (intent === 'auth') {
    const { request: authRequest, sessionToken } = await validateAuthorizationRequest(
      db,
      objectAt(input.request, 'auth'),
      { caller: input.caller, requestOrigin: input.requestOrigin },
    );
    return {
      payload: { authRequest: { ...authRequest } },
      ...(sessionToken === undefined ? {} : { authSessionTokenHash: sha256Hex(sessionToken) }),
      ...(authRequest.messageOrigin === undefined ? {} : { messageOrigin: authRequest.messageOrigin }),
    };
  }
  return { payload: objectAt(input.request, intent) };
}

/** The session behind a hosted page, if the id names one that has not expired. */
export async function findHostedRedirectSession(
  db: Db,
  id: string,
): Promise<StoredRedirectSession | undefined> {
  if (!UUID.test(id)) return undefined;
  return findLiveRedirectSession(db, id);
}

/** The validated auth request an `auth` session was created with (stored by prepareIntent). */
export function authorizationRequestOf(session: StoredRedirectSession): AuthorizationRequest | undefined {
  if (session.intent !== 'auth') return undefined;
  return session.payload.authRequest as AuthorizationRequest;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A redirect session is for one thing: exactly one intent key must be present (docs/wire.md §6). */
function exactlyOneIntent(request: CreateRedirectSessionRequest): RedirectIntent {
  const present = REDIRECT_INTENTS.filter((intent) => request[intent] !== undefined);
  const [intent, ...others] = present;
  if (intent !== undefined && others.length === 0) return intent;
  const description =
    intent === undefined
      ? `exactly one of ${REDIRECT_INTENTS.join(', ')} is required`
      : `only one intent may be given, the request has ${present.join(' and ')}`;
  throw validationError([{ field: 'intent', description, violatedRule: 'ONE_OF' }]);
}

/**
 * The string fields of `auth.authRequest` (and `auth.prompt`), as the authorization URL's
 * parameters; never the session token, a secret that must not end up in URLs and browser history.
 */
function authSearchParams(request: CreateRedirectSessionRequest): Record<string, string> {
  const auth = objectAt(request, 'auth');
  const { sessionToken: _secret, ...authRequest } = objectAt(auth, 'authRequest');
  const fields = { ...authRequest, prompt: auth.prompt ?? authRequest.prompt };
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/**
 * The object at `key`, or an empty one when absent. The route's schema has already checked the
 * shape; the contract's request types are open records, so this is where the shape is narrowed.
 */
function objectAt(record: Record<string, unknown>, key: string): Record<string, unknown> {
  const value = record[key];
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}
