import { validationError } from '../../errors.js';
import { redirectUrlRefusal, webOrigin } from '../../oauth/redirect-origins.js';
import { findClient } from '../../oauth/store.js';
import type { Db } from '../../storage/database.js';
import type { CreateRedirectSessionInput } from './service.js';
import type { StoredRedirectSession } from './store.js';

/**
 * The hosted login and logout pages navigate on their own once done: after login to the
 * callbacks' postFlowUrl (or loginUrl, or the session's origin), after logout to postFlowUrl. So
 * that they are no open redirect, those URLs must be on an origin registered for the client: the
 * logout intent's clientId, else the creating visitor's or member's client. An elevated caller
 * (the site's own API key) naming no client is trusted.
 */
export async function checkNavigationTargets(
  db: Db,
  intent: 'login' | 'logout',
  input: CreateRedirectSessionInput,
): Promise<void> {
  const { request, caller } = input;
  const logoutClientId = intent === 'logout' ? request.logout?.clientId : undefined;
  const clientId = logoutClientId || (caller.kind === 'elevated' ? undefined : caller.clientId);
  if (clientId === undefined) return;
  const client = await findClient(db, clientId);
  if (!client) {
    throw validationError([
      {
        field: 'logout.clientId',
        description: `client "${clientId}" is not registered`,
        violatedRule: 'REGISTERED_CLIENT',
      },
    ]);
  }
  const callbacks = request.callbacks ?? {};
  const targets: Record<string, unknown> =
    intent === 'login'
      ? {
          'callbacks.postFlowUrl': callbacks.postFlowUrl,
          'callbacks.loginUrl': callbacks.loginUrl,
          origin: request.origin,
        }
      : { 'callbacks.postFlowUrl': callbacks.postFlowUrl };
  for (const [field, url] of Object.entries(targets)) {
    if (typeof url !== 'string') continue;
    const refusal = redirectUrlRefusal(client, url);
    if (refusal) throw validationError([{ field, description: refusal, violatedRule: 'REGISTERED_ORIGIN' }]);
  }
}

/** Where the hosted login page goes after a `login` session's member has logged in. */
export function postLoginUrl(session: StoredRedirectSession): string | undefined {
  return firstWebUrl(session.callbacks.postFlowUrl, session.callbacks.loginUrl, session.origin);
}

/** Where the hosted logout page goes after the member session has ended. */
export function postLogoutUrl(session: StoredRedirectSession): string | undefined {
  return firstWebUrl(session.callbacks.postFlowUrl);
}

/** Only absolute http(s) URLs are ever navigated to (never javascript: or data: URLs). */
const firstWebUrl = (...candidates: unknown[]): string | undefined =>
  candidates.find(
    (candidate): candidate is string => typeof candidate === 'string' && webOrigin(candidate) !== undefined,
  );
