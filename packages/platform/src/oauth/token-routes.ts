import {
  ADMIN_PREFIX,
  OAUTH_ROUTES,
  TokenInfoRequest,
  TokenInfoResponse,
  TokenRequestBody,
  TokenResponse,
} from '@atrium/contract';
import { type RotatedVisitorSecretAnswer, relativePath, VISITOR_SECRET_API } from '@atrium/contract/admin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { logError, sendError, toApiError } from '../errors.js';
import { requireCaller } from '../http/callers.js';
import { acceptFormBodies } from '../http/form-body.js';
import { NoBody, NoQuery } from '../http/schemas.js';
import type { Logger } from '../logger.js';
import { publicJwks, rotateVisitorSecretNow } from './keys.js';
import { withOAuthFields } from './oauth-errors.js';
import { tokenInfo } from './token-info.js';
import {
  exchangeToken,
  exchangeVisitorTokenNow,
  type TokenContext,
  type TokenRequest,
} from './token-service.js';

/** Token requests are a handful of short fields; anything bigger is refused with 413. */
const TOKEN_BODY_LIMIT = 64 * 1024;

/**
 * POST /oauth2/token. JSON as the reference client sends it, or a form as standard OAuth clients
 * do (RFC 6749 §4); the form parser lives in this plugin only, so other routes answer forms with 415.
 */
/** POST (API key) → `{ kid }`: a new visitor secret, under ADMIN_PREFIX (the contract's VISITOR_SECRET_API). */
export const VISITOR_SECRET_ROUTE = relativePath(VISITOR_SECRET_API.rotate.path, ADMIN_PREFIX);

export function tokenRoutes(
  ctx: TokenContext & { readonly logger: Logger; readonly siteId: string },
): FastifyPluginAsyncTypebox {
  return async (app) => {
    acceptFormBodies(app);

    app.post(
      OAUTH_ROUTES.token,
      {
        bodyLimit: TOKEN_BODY_LIMIT,
        schema: { body: TokenRequestBody, response: { 200: TokenResponse } },
        // The answer is built as TokenResponse by the handler: JSON.stringify writes its two long
        // tokens faster than the schema's serializer, which escapes strings character by character.
        serializerCompiler: () => JSON.stringify,
        // Tokens must never be cached (RFC 6749 §5.1); set first so that error answers carry it too.
        // A callback hook, not an async one: no promise per request on the hottest route (P8).
        onRequest: (_request, reply, done) => {
          reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
          done();
        },
        errorHandler: (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
          const apiError = withOAuthFields(toApiError(error, request.id));
          logError(ctx.logger, request, apiError, error);
          return sendError(reply, apiError);
        },
      },
      (request) => {
        const tokenRequest = readTokenRequest(request.body, request.headers.authorization);
        return exchangeVisitorTokenNow(ctx, tokenRequest) ?? exchangeToken(ctx, tokenRequest);
      },
    );

    // What an access token is (oauth/token-info.ts); JSON as the reference sends it, or a form.
    app.post(
      OAUTH_ROUTES.tokenInfo,
      {
        bodyLimit: TOKEN_BODY_LIMIT,
        schema: { querystring: NoQuery, body: TokenInfoRequest, response: { 200: TokenInfoResponse } },
        onRequest: (_request, reply, done) => {
          reply.header('cache-control', 'no-store');
          done();
        },
      },
      (request) => tokenInfo(ctx, request.body.token),
    );

    // The owner rotates the visitor secret (README: tokens): the new one signs from now on.
    app.post(
      `${ADMIN_PREFIX}${VISITOR_SECRET_ROUTE}`,
      { schema: { querystring: NoQuery, body: NoBody } },
      async (request): Promise<RotatedVisitorSecretAnswer> => {
        await requireCaller(request, ctx, ['elevated']);
        return rotateVisitorSecretNow(ctx);
      },
    );

    const jwks = publicJwks(ctx.keys);
    app.get(OAUTH_ROUTES.jwks, { schema: { querystring: NoQuery } }, async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return await jwks;
    });
  };
}

/** Merges the two spellings of each field; camelCase (the reference client's) wins. */
const readTokenRequest = (body: TokenRequestBody, authorization: string | undefined): TokenRequest => ({
  grantType: body.grantType ?? body.grant_type,
  clientId: body.clientId ?? body.client_id,
  refreshToken: body.refreshToken ?? body.refresh_token,
  code: body.code,
  codeVerifier: body.codeVerifier ?? body.code_verifier,
  redirectUri: body.redirectUri ?? body.redirect_uri,
  scope: body.scope,
  memberId: body.member_id ?? stringField(body, 'memberId'),
  sessionToken: body.session_token ?? stringField(body, 'sessionToken'),
  authorization,
});

/** Fields outside the contract's schema (it allows extra properties), if they are strings. */
const stringField = (body: TokenRequestBody, key: string): string | undefined => {
  const value = (body as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : undefined;
};
