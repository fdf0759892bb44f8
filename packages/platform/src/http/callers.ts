import type { FastifyRequest } from 'fastify';
import { type ApiError, applicationError } from '../errors.js';
import {
  type Caller,
  type CallerAuthority,
  type CallerKind,
  type EndedMemberSession,
  type IdentifyOptions,
  identifyCaller,
  type MemberCaller,
  type SubjectCaller,
} from '../oauth/caller.js';
import { refusalOf } from '../services/staff/permissions.js';
import { CSRF_HEADER, csrfMatches, STAFF_COOKIE, staffOfSession } from '../services/staff/service.js';
import { noteCaller } from './request-log.js';

/**
 * Who may call: every route reads its caller from `Authorization` (oauth/caller.ts) and checks it
 * here, on the server, for every call. A service with its own error codes passes `refuse`.
 */
export type { Caller, CallerAuthority, MemberCaller } from '../oauth/caller.js';

export const callerOf = (request: FastifyRequest, authority: CallerAuthority): Promise<Caller> =>
  identify(request, authority, {});

/**
 * `Authorization` first (tokens, API keys); without it, a console session: its cookie, with the
 * session's CSRF token in `x-atrium-csrf` on every call (a cookie alone never authenticates, so a
 * page of another origin cannot make calls with it), from the platform's own origin, and a role
 * that may use the route's section (services/staff/permissions.ts).
 */
async function identify(
  request: FastifyRequest,
  authority: CallerAuthority,
  options: IdentifyOptions,
): Promise<Caller> {
  const csrf = request.headers[CSRF_HEADER];
  if (request.headers.authorization !== undefined || typeof csrf !== 'string') {
    const caller = await identifyCaller(request.headers.authorization, authority, options);
    noteCaller(request, caller); // for the request log (http/request-log.ts), refused or not
    // A key of a narrower staff role is held to it as a console session is (OWNER keys: everything).
    if (caller.kind === 'elevated' && caller.apiKey !== undefined && caller.apiKey.role !== 'OWNER') {
      const refusal = refusalOf(caller.apiKey.role, request.method, request.routeOptions.url ?? request.url);
      if (refusal) throw applicationError(403, 'PERMISSION_DENIED', `this API key: ${refusal}`);
    }
    return caller;
  }
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') {
    throw applicationError(403, 'PERMISSION_DENIED', 'a console session is only used by the console itself');
  }
  const token = staffCookieOf(request.headers.cookie);
  const staff = token === undefined ? undefined : await staffOfSession(authority.db, token);
  if (token === undefined || staff === undefined) {
    throw applicationError(401, 'UNAUTHENTICATED', 'the console session has ended: sign in again');
  }
  if (!csrfMatches(token, csrf)) {
    throw applicationError(403, 'PERMISSION_DENIED', "the request does not carry this session's CSRF token");
  }
  const caller: Caller = { kind: 'elevated', staff: { id: staff.id, email: staff.email, role: staff.role } };
  noteCaller(request, caller);
  const refusal = refusalOf(staff.role, request.method, request.routeOptions.url ?? request.url);
  if (refusal) throw applicationError(403, 'PERMISSION_DENIED', refusal);
  return caller;
}

/**
 * The callers a route admits. A plain list is a call that may use the member, so a member's access
 * token whose session has ended is refused (401). `noMemberNeeded(kinds)` declares a call that needs
 * no member (signing in, recovery, redirect sessions): there such a token is a visitor of its client
 * (oauth/caller.ts, EndedMemberSession), and a member signed out by a password reset can sign in again.
 */
export type CallerRule<Kind extends CallerKind> =
  | readonly Kind[]
  | { readonly kinds: readonly Kind[]; readonly endedMemberSession: EndedMemberSession };

export const noMemberNeeded = <Kind extends CallerKind>(kinds: readonly Kind[]): CallerRule<Kind> => ({
  kinds,
  endedMemberSession: 'visitor',
});

type Refuse = (status: number, description: string) => ApiError;
const permissionDenied: Refuse = (status, description) =>
  applicationError(status, status === 401 ? 'UNAUTHENTICATED' : 'PERMISSION_DENIED', description);

/** The site's API key: managing content and settings. */
export function requireElevated(
  caller: Caller,
  what: string,
  refuse: Refuse = permissionDenied,
): asserts caller is { readonly kind: 'elevated' } {
  if (caller.kind !== 'elevated') {
    throw refuse(403, `${what} needs an elevated (API key) caller; the request was made as ${caller.kind}`);
  }
}

/** A signed-in member (their own data). */
export function requireMember(caller: Caller, what: string, refuse: Refuse = permissionDenied): MemberCaller {
  if (caller.kind === 'member') return caller;
  throw refuse(
    caller.kind === 'anonymous' ? 401 : 403,
    `${what} needs a signed-in member; the request was made as ${caller.kind}`,
  );
}

/** Any token or key: visitors, members and the site (submitting, liking, uploading). */
export function requireIdentified(
  caller: Caller,
  what: string,
  refuse: Refuse = permissionDenied,
): SubjectCaller<'visitor'> | MemberCaller | { readonly kind: 'elevated' } {
  if (caller.kind !== 'anonymous') return caller;
  throw refuse(
    401,
    `${what} needs a visitor, member or API key caller; the request has no Authorization header`,
  );
}

/** The request's caller, if it is one of the allowed kinds: else 401 (bad credential) or 403. */
export async function requireCaller<Kind extends CallerKind>(
  request: FastifyRequest,
  authority: CallerAuthority,
  rule: CallerRule<Kind>,
): Promise<Extract<Caller, { kind: Kind }>> {
  const { kinds: allowed, endedMemberSession } = isKindList(rule)
    ? { kinds: rule, endedMemberSession: 'refuse' as const }
    : rule;
  const caller = await identify(request, authority, { endedMemberSession });
  if (isOneOf(caller, allowed)) return caller;
  throw applicationError(
    403,
    'PERMISSION_DENIED',
    `this operation is open to ${allowed.join(', ')} callers; the request was made as ${caller.kind}`,
  );
}

/**
 * A route's `preHandler` for the staff and API-key routes: the caller must be elevated (else 401 or
 * 403, as requireCaller answers), so that the handler is the one service call.
 */
export const elevatedOnly =
  (authority: CallerAuthority) =>
  async (request: FastifyRequest): Promise<void> => {
    await requireCaller(request, authority, ['elevated']);
  };

const isKindList = <Kind extends CallerKind>(rule: CallerRule<Kind>): rule is readonly Kind[] =>
  Array.isArray(rule);

const isOneOf = <Kind extends CallerKind>(
  caller: Caller,
  kinds: readonly Kind[],
): caller is Extract<Caller, { kind: Kind }> => (kinds as readonly CallerKind[]).includes(caller.kind);

/** The console session's token from a `Cookie` header, if it has one. */
export function staffCookieOf(header: string | undefined): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [name, ...value] = part.trim().split('=');
    if (name === STAFF_COOKIE) return value.join('=') || undefined;
  }
  return undefined;
}
