import { HOSTED_ROUTES } from '@atrium/contract';
import type {
  HostedAuthorizeResponse,
  HostedLogoutResponse,
  HostedRedirectSession,
} from '@atrium/contract/types';
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { applicationError, httpError } from '../../errors.js';
import { fastifyPath } from '../../http/routing.js';
import { NoBody, NoQuery } from '../../http/schemas.js';
import type { CallerAuthority } from '../../oauth/caller.js';
import type { Db } from '../../storage/database.js';
import { authorizationRedirectUrl, webMessageData } from './authorization-response.js';
import { authorizeWithSessionToken, completeHostedLogin, completeHostedLogout } from './authorize.js';
import { toHostedRedirectSession } from './hosted-view.js';
import { authorizationRequestOf, findHostedRedirectSession } from './service.js';
import type { StoredRedirectSession } from './store.js';

const SessionParams = Type.Object({ id: Type.String() });
const HostedAuthorizeBody = Type.Object({ sessionToken: Type.String({ minLength: 1 }) });

const route = fastifyPath;

/**
 * The JSON API of the hosted pages (same origin as they are). A session's id is a random UUID
 * known only to the site that created it and the browser it sent there; it is the capability.
 */
export function hostedRedirectApiRoutes(ctx: CallerAuthority): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      route(HOSTED_ROUTES.api.redirectSession),
      { schema: { params: SessionParams, querystring: NoQuery } },
      async (request): Promise<HostedRedirectSession> =>
        toHostedRedirectSession(await liveSession(ctx.db, request.params.id)),
    );

    /** After the hosted login: a code for an `auth` session, the way back for a `login` session. */
    app.post(
      route(HOSTED_ROUTES.api.authorize),
      { schema: { params: SessionParams, body: HostedAuthorizeBody } },
      async (request, reply): Promise<HostedAuthorizeResponse> => {
        reply.header('cache-control', 'no-store');
        const session = await liveSession(ctx.db, request.params.id);
        const { sessionToken } = request.body;
        const auth = authorizationRequestOf(session);
        if (auth) {
          const outcome = await authorizeWithSessionToken(ctx.db, session, auth, sessionToken);
          if (auth.responseMode === 'web_message') {
            return { webMessage: { targetOrigin: auth.messageOrigin!, data: webMessageData(outcome) } };
          }
          return { redirectUrl: authorizationRedirectUrl(auth, outcome) };
        }
        if (session.intent === 'login') return completeHostedLogin(ctx.db, session, sessionToken);
        throw wrongIntent(session, 'auth or login');
      },
    );

    app.post(
      route(HOSTED_ROUTES.api.logout),
      { schema: { params: SessionParams, body: NoBody } },
      async (request): Promise<HostedLogoutResponse> => {
        const session = await liveSession(ctx.db, request.params.id);
        if (session.intent !== 'logout') throw wrongIntent(session, 'logout');
        return completeHostedLogout(ctx, session);
      },
    );
  };
}

async function liveSession(db: Db, id: string): Promise<StoredRedirectSession> {
  const session = await findHostedRedirectSession(db, id);
  if (!session) throw httpError(404, 'the redirect session is unknown or has expired');
  return session;
}

const wrongIntent = (session: StoredRedirectSession, expected: string) =>
  applicationError(
    400,
    'FAILED_PRECONDITION',
    `this redirect session is for ${session.intent}; the operation needs a ${expected} session`,
  );
