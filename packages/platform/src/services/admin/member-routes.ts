import { ADMIN_ROUTES, CreateMemberRequest, MemberEmailRequest } from '@atrium/contract';
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { requireCaller } from '../../http/callers.js';
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

/**
 * The console's member management (member-management.ts), under ADMIN_PREFIX: elevated callers
 * only (the API key, or a staff session whose role has the members section: services/staff/
 * permissions.ts). Mails from here are counted per address only (the owner asks, not a client IP).
 */
export function memberManagementRoutes(ctx: MemberManagementRoutesContext): FastifyPluginAsyncTypebox {
  // Read per request: ctx.publicUrl is known once the platform listens.
  const links = (): LinkMailing => ({ publicUrl: ctx.publicUrl, limits: ctx.emailRateLimit, requester: {} });
  return async (app) => {
    app.post(
      path(ADMIN_ROUTES.createMember),
      { schema: { body: CreateMemberRequest } },
      async (request, reply) => {
        await requireCaller(request, ctx, ['elevated']);
        return withRetryAfter(reply, () => createMember(ctx, links(), request.body));
      },
    );
    app.delete(
      path(ADMIN_ROUTES.member),
      { schema: { params: MemberParams, querystring: NoQuery } },
      async (request) => {
        await requireCaller(request, ctx, ['elevated']);
        return deleteMemberWithContent(ctx, request.params.identityId);
      },
    );
    app.post(
      path(ADMIN_ROUTES.unblockMember),
      { schema: { params: MemberParams, body: NoBody } },
      async (request) => {
        await requireCaller(request, ctx, ['elevated']);
        return { identity: await unblockMember(ctx, request.params.identityId) };
      },
    );
    app.post(
      path(ADMIN_ROUTES.memberEmail),
      { schema: { params: MemberParams, body: MemberEmailRequest } },
      async (request, reply) => {
        await requireCaller(request, ctx, ['elevated']);
        return withRetryAfter(reply, () =>
          sendMemberEmail(ctx, links(), request.params.identityId, request.body.kind),
        );
      },
    );
    app.get(
      path(ADMIN_ROUTES.memberSessions),
      { schema: { params: MemberParams, querystring: NoQuery } },
      async (request) => {
        await requireCaller(request, ctx, ['elevated']);
        return listMemberSessions(ctx, request.params.identityId);
      },
    );
    app.delete(
      path(ADMIN_ROUTES.memberSessions),
      { schema: { params: MemberParams, querystring: NoQuery } },
      async (request) => {
        await requireCaller(request, ctx, ['elevated']);
        return endAllMemberSessions(ctx, request.params.identityId);
      },
    );
    app.delete(
      path(ADMIN_ROUTES.memberSession),
      { schema: { params: SessionParams, querystring: NoQuery } },
      async (request) => {
        await requireCaller(request, ctx, ['elevated']);
        return endMemberSession(ctx, request.params.identityId, request.params.sessionId);
      },
    );
  };
}
