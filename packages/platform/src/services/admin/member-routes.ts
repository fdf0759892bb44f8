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
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { elevatedOnly } from '../../http/callers.js';
import { fastifyPath as path } from '../../http/routing.js';
import { NoBody, NoQuery } from '../../http/schemas.js';
import type { CallerAuthority } from '../../oauth/caller.js';
import type { EmailRateLimitPolicy } from '../../security/email-rate-limit.js';
import type { IdentityContext } from '../identity/authentication.js';
import type { LinkMailing } from '../identity/recovery.js';
import { withRetryAfter } from '../identity/routes.js';
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

/** An endpoint's path below ADMIN_PREFIX (where this plugin is mounted), for Fastify. */
export const adminPath = (endpoint: { path: string }) => path(relativePath(endpoint.path, ADMIN_PREFIX));

/**
 * The console's member management (member-management.ts), under ADMIN_PREFIX: elevated callers
 * only (the API key, or a staff session whose role has the members section: services/staff/
 * permissions.ts). Mails from here are counted per address only (the owner asks, not a client IP).
 */
export function memberManagementRoutes(ctx: MemberManagementRoutesContext): FastifyPluginAsyncTypebox {
  // Read per request: ctx.publicUrl is known once the platform listens.
  const links = (): LinkMailing => ({ publicUrl: ctx.publicUrl, limits: ctx.emailRateLimit, requester: {} });
  const elevated = elevatedOnly(ctx);
  return async (app) => {
    app.post(
      adminPath(MEMBERS_API.create),
      { schema: { body: CreateMemberRequest }, preHandler: elevated },
      (request, reply): Promise<CreateMemberResponse> =>
        withRetryAfter(reply, () => createMember(ctx, links(), request.body)),
    );
    app.delete(
      adminPath(MEMBERS_API.delete),
      { schema: { params: MemberParams, querystring: NoQuery }, preHandler: elevated },
      (request): Promise<MemberResponse> => deleteMemberWithContent(ctx, request.params.identityId),
    );
    app.post(
      adminPath(MEMBERS_API.unblock),
      { schema: { params: MemberParams, body: NoBody }, preHandler: elevated },
      async (request): Promise<MemberResponse> => ({
        identity: await unblockMember(ctx, request.params.identityId),
      }),
    );
    app.post(
      adminPath(MEMBERS_API.sendEmail),
      { schema: { params: MemberParams, body: MemberEmailRequest }, preHandler: elevated },
      (request, reply): Promise<MemberEmailResponse> =>
        withRetryAfter(reply, () =>
          sendMemberEmail(ctx, links(), request.params.identityId, request.body.kind),
        ),
    );
    app.get(
      adminPath(MEMBERS_API.sessions),
      { schema: { params: MemberParams, querystring: NoQuery }, preHandler: elevated },
      (request): Promise<MemberSessionsResponse> => listMemberSessions(ctx, request.params.identityId),
    );
    app.delete(
      adminPath(MEMBERS_API.endSessions),
      { schema: { params: MemberParams, querystring: NoQuery }, preHandler: elevated },
      (request): Promise<EndMemberSessionsResponse> => endAllMemberSessions(ctx, request.params.identityId),
    );
    app.delete(
      adminPath(MEMBERS_API.endSession),
      { schema: { params: SessionParams, querystring: NoQuery }, preHandler: elevated },
      (request): Promise<EndMemberSessionsResponse> =>
        endMemberSession(ctx, request.params.identityId, request.params.sessionId),
    );
  };
}
