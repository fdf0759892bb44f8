import {
  CreateRedirectSessionRequest,
  CreateRedirectSessionResponse,
  PLATFORM_ROUTES,
  REDIRECTS_ROUTES,
  SERVICE_PREFIXES,
  servicePaths,
} from '@atrium/contract';
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { type CallerAuthority, requireCaller } from '../../oauth/caller.js';
import { HOSTED_PAGE_CSP, renderMissingRedirectPage, renderRedirectPage } from './hosted-page.js';
import { createRedirectSession, findHostedRedirectSession } from './service.js';

export function redirectsRoutes(ctx: CallerAuthority): FastifyPluginAsyncTypebox {
  return async (app) => {
    for (const path of servicePaths(SERVICE_PREFIXES.redirects, REDIRECTS_ROUTES.createRedirectSession)) {
      app.post(
        path,
        { schema: { body: CreateRedirectSessionRequest, response: { 200: CreateRedirectSessionResponse } } },
        async (request) => {
          const caller = await requireCaller(request, ctx, ['visitor', 'member', 'elevated']);
          const platformOrigin = `${request.protocol}://${request.host}`;
          const redirectSession = await createRedirectSession(ctx.db, {
            caller,
            request: request.body,
            platformOrigin,
          });
          return { redirectSession };
        },
      );
    }

    app.get(
      `${PLATFORM_ROUTES.hostedRedirect}/:id`,
      { schema: { params: Type.Object({ id: Type.String() }) } },
      async (request, reply) => {
        const session = await findHostedRedirectSession(ctx.db, request.params.id);
        reply.type('text/html; charset=utf-8').header('content-security-policy', HOSTED_PAGE_CSP);
        if (!session) return reply.code(404).send(renderMissingRedirectPage());
        return renderRedirectPage(session);
      },
    );
  };
}
