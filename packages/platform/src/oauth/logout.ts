import type { LogoutResponse } from '@atrium/contract/types';
import { validationError } from '../errors.js';
import { type CallerAuthority, identifyCaller } from './caller.js';
import { endMemberSession } from './member-sessions.js';
import { checkRedirectUrl } from './redirect-origins.js';
import { findClient } from './store.js';

export interface LogoutRequest {
  /** The `Authorization` header: the member's (or a visitor's) access token. */
  readonly authorization: string | undefined;
  readonly postLogoutRedirectUri: string | undefined;
  readonly clientId: string | undefined;
}

/**
 * Ends the calling member's session (its refresh token and its access tokens are refused) and
 * answers the reference's raw HTTP response: a 302 to postLogoutRedirectUri, which must be on an
 * origin registered for clientId, or a 200 without it.
 */
export async function logout(ctx: CallerAuthority, request: LogoutRequest): Promise<LogoutResponse> {
  const { postLogoutRedirectUri, clientId } = request;
  const location =
    postLogoutRedirectUri === undefined
      ? undefined
      : await checkPostLogoutRedirectUri(ctx, postLogoutRedirectUri, clientId);
  // A session already ended has nothing left to end: the token is a visitor's (no 401).
  const caller = await identifyCaller(request.authorization, ctx, { endedMemberSession: 'visitor' });
  if (caller.kind === 'member') await endMemberSession(ctx, caller.sessionId);
  return location === undefined
    ? { body: '', statusCode: 200, headers: [] }
    : { body: '', statusCode: 302, headers: [{ key: 'Location', value: location }] };
}

/** The URI's normalised form (redirect-origins.ts): the only form the Location ever carries. */
async function checkPostLogoutRedirectUri(
  ctx: CallerAuthority,
  uri: string,
  clientId: string | undefined,
): Promise<string> {
  const violation = (field: string, description: string, violatedRule: string) =>
    validationError([{ field, description, violatedRule }]);
  if (!clientId) throw violation('clientId', 'is required with postLogoutRedirectUri', 'REQUIRED');
  const client = await findClient(ctx.db, clientId);
  if (!client) throw violation('clientId', `client "${clientId}" is not registered`, 'REGISTERED_CLIENT');
  const checked = checkRedirectUrl(client, uri);
  if (!checked.ok) throw violation('postLogoutRedirectUri', checked.description, checked.rule);
  return checked.href;
}
