import type { RedirectIntent } from '@atrium/contract';
import type { RedirectCallbacks } from '@atrium/contract/types';
import { validationError } from '../../errors.js';
import { redirectUrlRefusal, webOrigin } from '../../oauth/redirect-origins.js';
import { findClient } from '../../oauth/store.js';
import type { Db } from '../../storage/database.js';
import type { CreateRedirectSessionInput } from './service.js';
import type { StoredRedirectSession } from './store.js';

/** The callbacks a session may carry (wire.md §6): pages link to them and navigate to them. */
export const CALLBACK_KEYS = [
  'thankYouPageUrl',
  'postFlowUrl',
  'loginUrl',
  'bookingsServiceListUrl',
  'cartPageUrl',
  'planListUrl',
] as const satisfies readonly (keyof RedirectCallbacks)[];

/**
 * A session's callbacks are links on its hosted page, and the hosted login and logout pages
 * navigate on their own once done: after login to postFlowUrl (or loginUrl, or the session's
 * origin), after logout to postFlowUrl. So that none is an open redirect, every callback (and a
 * login's origin) must be an absolute URL on an origin registered for the client: the logout
 * intent's clientId, else the creating visitor's or member's client. An elevated caller (the
 * site's own API key) naming no client is trusted.
 */
export async function checkNavigationTargets(
  db: Db,
  intent: RedirectIntent,
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
        field: logoutClientId ? 'logout.clientId' : 'clientId',
        description: `client "${clientId}" is not registered`,
        violatedRule: 'REGISTERED_CLIENT',
      },
    ]);
  }
  const callbacks: Record<string, unknown> = request.callbacks ?? {};
  const targets: [string, unknown][] = CALLBACK_KEYS.map((key) => [`callbacks.${key}`, callbacks[key]]);
  if (intent === 'login') targets.push(['origin', request.origin]);
  for (const [field, url] of targets) {
    if (url === undefined) continue;
    const refusal =
      typeof url === 'string' ? redirectUrlRefusal(client, url) : 'must be an absolute http(s) URL';
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
