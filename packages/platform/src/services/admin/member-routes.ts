import { CreateMemberRequest, MemberEmailRequest } from '@atrium/contract';
import {
  type CreateMemberResponse,
  type EndMemberSessionsResponse,
  MEMBERS_API,
  type MemberEmailResponse,
  type MemberResponse,
  type MemberSessionsResponse,
  relativePath,
} from '@atrium/contract/admin';
import { ADMIN_PREFIX } from '@atrium/contract/routes';
import {
  type FastifyPluginAsyncTypebox,
  type TObject,
  type TString,
  Type,
} from '@fastify/type-provider-typebox';
import { type ElevatedRouter, elevatedRouter } from '../../http/elevated-routes.js';
import { fastifyPath as path } from '../../http/routing.js';
import { NoBody, NoQuery } from '../../http/schemas.js';
import type { CallerAuthority } from '../../oauth/caller.js';
import type { EmailRateLimitPolicy } from '../../security/email-rate-limit.js';
import type { IdentityContext } from '../identity/authentication.js';
import type { LinkMailing } from '../identity/recovery.js';
import { withRetryAfter } from '../identity/route-kit.js';
import {
  createMember,
  deleteMemberWithContent,
  endAllMemberSessions,
  endMemberSession,
  listMemberSessions,
  sendMemberEmail,
  unblockMember,
} from './member-management.js';

export interface MemberManagementRoutesContext extends CallerAuthority, IdentityContext {
  /** The base of links in e-mails (the configured public URL; never the request's Host). */
  readonly publicUrl: string;
  readonly emailRateLimit: EmailRateLimitPolicy;
}

const MemberParams = Type.Object({ identityId: Type.String({ maxLength: 200 }) });
const SessionParams = Type.Object({
  identityId: Type.String({ maxLength: 200 }),
  sessionId: Type.String({ maxLength: 200 }),
});

/** An endpoint's contract path below ADMIN_PREFIX (where this plugin is mounted). */
export const belowAdmin = (endpoint: { path: string }) => relativePath(endpoint.path, ADMIN_PREFIX);

/** The same path, for Fastify. */
export const adminPath = (endpoint: { path: string }) => path(belowAdmin(endpoint));

/**
 * Declares POST `endpoint` on one member (no body), whose status `change` sets: it answers the
 * member as it now is.
 */
export const statusChange = (
  on: ElevatedRouter,
  endpoint: { path: string },
  params: TObject<{ identityId: TString }>,
  change: (identityId: string) => Promise<MemberResponse['identity']>,
): void =>
  on.post(
    belowAdmin(endpoint),
    { params, body: NoBody },
    async (request): Promise<MemberResponse> => ({ identity: await change(request.params.identityId) }),
  );

/**
 * The console's member management (member-management.ts), under ADMIN_PREFIX: elevated callers
 * only (the API key, or a staff session whose role has the members section: services/staff/
 * permissions.ts). Mails from here are counted per address only (the owner asks, not a client IP).
 */
export function memberManagementRoutes(ctx: MemberManagementRoutesContext): FastifyPluginAsyncTypebox {
  // Read per request: ctx.publicUrl is known once the platform listens.
  const links = (): LinkMailing => ({ publicUrl: ctx.publicUrl, limits: ctx.emailRateLimit, requester: {} });
  return async (app) => {
    const on = elevatedRouter(app, ctx);
    const member = { params: MemberParams, querystring: NoQuery };
    on.post(
      belowAdmin(MEMBERS_API.create),
      { body: CreateMemberRequest },
      (request, reply): Promise<CreateMemberResponse> =>
        withRetryAfter(reply, () => createMember(ctx, links(), request.body)),
    );
    on.delete(
      belowAdmin(MEMBERS_API.delete),
      member,
      (request): Promise<MemberResponse> => deleteMemberWithContent(ctx, request.params.identityId),
    );
    statusChange(on, MEMBERS_API.unblock, MemberParams, (identityId) => unblockMember(ctx, identityId));
    on.post(
      belowAdmin(MEMBERS_API.sendEmail),
      { params: MemberParams, body: MemberEmailRequest },
      (request, reply): Promise<MemberEmailResponse> =>
        withRetryAfter(reply, () =>
          sendMemberEmail(ctx, links(), request.params.identityId, request.body.kind),
        ),
    );
    on.get(
      belowAdmin(MEMBERS_API.sessions),
      member,
      (request): Promise<MemberSessionsResponse> => listMemberSessions(ctx, request.params.identityId),
    );
    on.delete(
      belowAdmin(MEMBERS_API.endSessions),
      member,
      (request): Promise<EndMemberSessionsResponse> => endAllMemberSessions(ctx, request.params.identityId),
    );
    on.delete(
      belowAdmin(MEMBERS_API.endSession),
      { params: SessionParams, querystring: NoQuery },
      (request): Promise<EndMemberSessionsResponse> =>
        endMemberSession(ctx, request.params.identityId, request.params.sessionId),
    );
  };
}
