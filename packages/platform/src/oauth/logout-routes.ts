import { AUTHENTICATION_ROUTES } from '@atrium/contract';
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import type { CallerAuthority } from './caller.js';
import { logout } from './logout.js';

const LogoutQuery = Type.Object(
  { postLogoutRedirectUri: Type.Optional(Type.String()), clientId: Type.Optional(Type.String()) },
  { additionalProperties: true },
);

/**
 * GET …/v1/logout (docs/wire.md §5.2), under the authentication prefixes: ends the calling member's
 * session and answers the reference's raw HTTP response (oauth/logout.ts).
 */
export function logoutRoutes(ctx: CallerAuthority): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(AUTHENTICATION_ROUTES.logout, { schema: { querystring: LogoutQuery } }, (request) =>
      logout(ctx, {
        authorization: request.headers.authorization,
        postLogoutRedirectUri: request.query.postLogoutRedirectUri,
        clientId: request.query.clientId,
      }),
    );
  };
}
