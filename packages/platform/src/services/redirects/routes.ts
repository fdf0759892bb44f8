import {
  CreateRedirectSessionRequest,
  CreateRedirectSessionResponse,
  HOSTED_ROUTES,
  REDIRECTS_ROUTES,
} from '@atrium/contract';
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { ApiError, httpError } from '../../errors.js';
import { noMemberNeeded, requireCaller } from '../../http/callers.js';
import { fastifyPath } from '../../http/routing.js';
import { NoQuery } from '../../http/schemas.js';
import type { AuthorizationRequest } from '../../oauth/authorization-request.js';
import type { CallerAuthority } from '../../oauth/caller.js';
import { clientRedirectOrigins } from '../../oauth/redirect-origins.js';
import type { HostedPages } from '../../pages/hosted-pages.js';
import { type HostedSiteSource, sendHostedPage } from '../../pages/routes.js';
import { randomSecret } from '../../secrets.js';
import type { Db } from '../../storage/database.js';
import {
  authorizationRedirectUrl,
  renderWebMessagePage,
  webMessageData,
  webMessagePageCsp,
} from './authorization-response.js';
import { type AuthorizationOutcome, authorizeSilently, completeHostedLogout } from './authorize.js';
import { MISSING_REDIRECT_PAGE, redirectPageContent } from './hosted-page.js';
import { hostedRedirectApiRoutes } from './hosted-routes.js';
import { toHostedRedirectSession } from './hosted-view.js';
import { authorizationRequestOf, createRedirectSession, findHostedRedirectSession } from './service.js';
import type { StoredRedirectSession } from './store.js';

export interface RedirectsContext extends CallerAuthority {
  /** The platform's public origin: sessions' URLs start there (never at the request's Host). */
  readonly publicUrl: string;
}

/** createRedirectSession (docs/wire.md §6), registered under the redirects service's prefixes. */
export function redirectSessionRoutes(ctx: RedirectsContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      REDIRECTS_ROUTES.createRedirectSession,
      { schema: { body: CreateRedirectSessionRequest, response: { 200: CreateRedirectSessionResponse } } },
      async (request) => {
        // Needs no member: a login after a password reset creates its session with the ended token.
        const caller = await requireCaller(request, ctx, noMemberNeeded(['visitor', 'member', 'elevated']));
        const redirectSession = await createRedirectSession(ctx.db, {
          caller,
          request: request.body,
          platformOrigin: ctx.publicUrl,
          requestOrigin: request.headers.origin,
        });
        return { redirectSession };
      },
    );
  };
}

/** The hosted side of redirect sessions: each session's `fullUrl` and the hosted pages' own API. */
export function redirectsRoutes(
  ctx: RedirectsContext,
  pages: HostedPages,
  siteOf?: HostedSiteSource,
): FastifyPluginAsyncTypebox {
  return async (app) => {
    /**
     * A session's `fullUrl`. prompt=none authorizations are answered here at once (a redirect, the
     * web_message page, or JSON for a client without a DOM); a logout ends the member session here
     * and redirects to postFlowUrl (no script needed); every other session opens its hosted page.
     */
    app.get(
      fastifyPath(HOSTED_ROUTES.redirect),
      { schema: { params: Type.Object({ id: Type.String() }), querystring: NoQuery } },
      async (request, reply) => {
        const json = prefersJson(request.headers.accept);
        const session = await findHostedRedirectSession(ctx.db, request.params.id);
        if (!session) {
          if (json) throw httpError(404, 'the redirect session is unknown or has expired');
          return sendHostedPage(
            reply,
            pages.render({ ...MISSING_REDIRECT_PAGE, site: await siteOf?.() }),
            404,
          );
        }
        if (session.intent === 'logout') {
          const { redirectUrl } = await completeHostedLogout(ctx, session);
          reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
          if (json) return reply.send(redirectUrl === undefined ? {} : { redirectUrl });
          if (redirectUrl !== undefined) return reply.redirect(redirectUrl, 303);
          const content = redirectPageContent(toHostedRedirectSession(session), [], SIGNED_OUT);
          return sendHostedPage(reply, pages.render({ ...content, site: await siteOf?.() }));
        }
        const auth = authorizationRequestOf(session);
        if (auth?.prompt === 'none') {
          const outcome = await authorizeSilently(ctx.db, session, auth);
          return sendAuthorizationResponse(reply, auth, outcome, json);
        }
        if (json) {
          throw httpError(
            406,
            `this redirect session (${session.intent}) is a page for a person; only prompt=none authorizations answer JSON`,
          );
        }
        const content = redirectPageContent(
          toHostedRedirectSession(session),
          await frameAncestorsOf(ctx.db, session, auth),
        );
        return sendHostedPage(reply, pages.render({ ...content, site: await siteOf?.() }));
      },
    );

    await app.register(hostedRedirectApiRoutes(ctx));
  };
}

const SIGNED_OUT = 'You are signed out.';

/** A browser asks for HTML first; a server-side client asks for JSON only. */
const prefersJson = (accept: string | undefined): boolean =>
  accept?.includes('application/json') === true && !accept.includes('text/html');

function sendAuthorizationResponse(
  reply: FastifyReply,
  request: AuthorizationRequest,
  outcome: AuthorizationOutcome,
  json: boolean,
): FastifyReply {
  // The answer carries a code: not to be cached, and not to leak through a Referer header.
  reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
  if (json) {
    if (outcome.kind === 'code') return reply.send({ code: outcome.code, state: outcome.state });
    throw new ApiError(400, {
      message: outcome.description,
      details: {
        applicationError: {
          code: outcome.error,
          description: outcome.description,
          data: { state: outcome.state },
        },
      },
      error: outcome.error,
      error_description: outcome.description,
    });
  }
  if (request.responseMode === 'web_message') {
    const targetOrigin = request.messageOrigin!;
    const nonce = randomSecret();
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', webMessagePageCsp(nonce, targetOrigin))
      .header('x-content-type-options', 'nosniff')
      .send(renderWebMessagePage(targetOrigin, webMessageData(outcome), nonce));
  }
  return reply.redirect(authorizationRedirectUrl(request, outcome), 302);
}

/**
 * Who may frame a hosted page: the web_message origin of an authorization (a login popup or
 * frame posts to it), the client's origins for a `login` session (the reference's pre-warm loads
 * it in a hidden frame), nobody otherwise.
 */
async function frameAncestorsOf(
  db: Db,
  session: StoredRedirectSession,
  auth: AuthorizationRequest | undefined,
): Promise<readonly string[]> {
  if (auth?.messageOrigin !== undefined) return [auth.messageOrigin];
  if (session.intent === 'login' && session.clientId !== null) {
    return clientRedirectOrigins(db, session.clientId);
  }
  return [];
}
