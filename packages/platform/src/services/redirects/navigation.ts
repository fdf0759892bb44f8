import type { CreateRedirectSessionRequest, RedirectIntent } from '@atrium/contract';
import type { RedirectCallbacks } from '@atrium/contract/types';
import { validationError } from '../../errors.js';
import type { Caller } from '../../oauth/caller.js';
import {
  type CheckedRedirect,
  checkRedirectUrl,
  destinationUrl,
  webOrigin,
} from '../../oauth/redirect-origins.js';
import { findClient } from '../../oauth/store.js';
import type { Db } from '../../storage/database.js';
import type { StoredRedirectSession } from './store.js';

/** The callbacks a session may carry (docs/wire.md §6): pages link to them and navigate to them. */
export const CALLBACK_KEYS = [
  'thankYouPageUrl',
  'postFlowUrl',
  'loginUrl',
  'bookingsServiceListUrl',
  'cartPageUrl',
  'planListUrl',
] as const satisfies readonly (keyof RedirectCallbacks)[];

/** What the checks read of a session's input (`CreateRedirectSessionInput` in ./service.ts extends it). */
export interface NavigationInput {
  readonly caller: Exclude<Caller, { kind: 'anonymous' }>;
  readonly request: CreateRedirectSessionRequest;
}

/** A session's navigation targets as stored: each callback (and a login's origin) normalised. */
export interface NavigationTargets {
  readonly callbacks: Record<string, unknown>;
  readonly origin?: string;
}

/**
 * A session's callbacks are links on its hosted page, and the hosted login and logout pages
 * navigate on their own once done: after login to postFlowUrl (or loginUrl, or the session's
 * origin), after logout to postFlowUrl. So that none is an open redirect, every callback (and a
 * login's origin) must be an absolute http(s) URL that all parsers read alike, on an origin
 * registered for the client: the logout intent's clientId, else the creating visitor's or
 * member's client. An elevated caller (the site's own API key) naming no client is trusted with
 * any origin, never with an ambiguous URL. What is stored is each URL's normalised form (the one
 * helper of redirect-origins.ts, as for redirect URIs, logout and reset redirects).
 */
export async function checkNavigationTargets(
  db: Db,
  intent: RedirectIntent,
  input: NavigationInput,
): Promise<NavigationTargets> {
  const { request, caller } = input;
  const logoutClientId = intent === 'logout' ? request.logout?.clientId : undefined;
  const clientId = logoutClientId || (caller.kind === 'elevated' ? undefined : caller.clientId);
  const client = clientId === undefined ? undefined : await findClient(db, clientId);
  if (clientId !== undefined && !client) {
    throw validationError([
      {
        field: logoutClientId ? 'logout.clientId' : 'clientId',
        description: `client "${clientId}" is not registered`,
        violatedRule: 'REGISTERED_CLIENT',
      },
    ]);
  }
  const check = (field: string, url: unknown): string => {
    const checked =
      typeof url !== 'string'
        ? ({ ok: false, rule: 'FORMAT', description: 'must be an absolute http(s) URL' } as const)
        : client
          ? checkRedirectUrl(client, url)
          : trustedDestination(url);
    if (!checked.ok)
      throw validationError([{ field, description: checked.description, violatedRule: checked.rule }]);
    return checked.href;
  };
  const callbacks: Record<string, unknown> = { ...request.callbacks };
  for (const key of CALLBACK_KEYS) {
    if (callbacks[key] !== undefined) callbacks[key] = check(`callbacks.${key}`, callbacks[key]);
  }
  const origin = typeof request.origin === 'string' ? request.origin : undefined;
  if (intent !== 'login' || request.origin === undefined) return { callbacks, origin };
  return { callbacks, origin: check('origin', request.origin) };
}

/**
 * An elevated caller's URL: any origin. One that is no web URL at all (`javascript:…`, relative) is
 * kept as sent: pages never link or navigate to it (webOrigin). One that parsers read as a web URL
 * must read alike in all of them, as for everyone.
 */
function trustedDestination(url: string): CheckedRedirect {
  if (webOrigin(url) === undefined) return { ok: true, href: url };
  const destination = destinationUrl(url);
  return destination.ok ? { ok: true, href: destination.url.href } : destination;
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
