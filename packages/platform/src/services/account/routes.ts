import {
  ACCOUNT_LIMITS,
  ACCOUNT_ROUTES,
  ChangeMyPasswordRequest,
  ConfirmCodeRequest,
  DisableTotpRequest,
  StartLoginEmailChangeRequest,
  StartTotpRequest,
} from '@atrium/contract';
import type { FastifyPluginAsyncTypebox, Static, TSchema } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { callerOf, type MemberCaller, requireMember } from '../../http/callers.js';
import { NoQuery } from '../../http/schemas.js';
import type { CallerAuthority } from '../../oauth/caller.js';
import type { EmailRateLimitPolicy } from '../../security/email-rate-limit.js';
import { withRetryAfter } from '../identity/route-kit.js';
import {
  type AccountContext,
  changeMyPassword,
  confirmLoginEmailChange,
  confirmTotp,
  disableTotp,
  mySecurity,
  startLoginEmailChange,
  startTotp,
} from './service.js';

export interface AccountRoutesContext extends AccountContext, CallerAuthority {
  readonly emailRateLimit: EmailRateLimitPolicy;
}

const JSON_BODY = { bodyLimit: ACCOUNT_LIMITS.maxBodyBytes } as const;

/**
 * The member's own account routes (ACCOUNT_PREFIX): every one needs a signed-in member and acts on
 * that member only (no id travels: the token names the member). No token answers 401, a visitor's 403.
 */
export function accountRoutes(ctx: AccountRoutesContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    const member = async (request: FastifyRequest) =>
      requireMember(await callerOf(request, ctx), `${request.method} ${request.url.split('?')[0]}`);

    /** A POST route of a `body` schema: `handle` answers for the member, a 429 with Retry-After. */
    const post = <B extends TSchema>(
      route: string,
      body: B,
      handle: (caller: MemberCaller, body: Static<B>, request: FastifyRequest) => Promise<unknown>,
    ) => {
      app.post(route, { schema: { querystring: NoQuery, body }, ...JSON_BODY }, async (request, reply) => {
        const caller = await member(request);
        // Fastify has checked the body against `body`.
        return withRetryAfter(reply, () => handle(caller, request.body as Static<B>, request));
      });
    };

    app.get(ACCOUNT_ROUTES.security, { schema: { querystring: NoQuery } }, async (request) =>
      mySecurity(ctx, await member(request)),
    );
    post(ACCOUNT_ROUTES.password, ChangeMyPasswordRequest, (caller, body) =>
      changeMyPassword(ctx, caller, body),
    );
    post(ACCOUNT_ROUTES.loginEmail, StartLoginEmailChangeRequest, (caller, body, request) =>
      startLoginEmailChange(ctx, caller, body.newEmail, {
        limits: ctx.emailRateLimit,
        requester: { ip: request.ip },
      }),
    );
    post(ACCOUNT_ROUTES.confirmLoginEmail, ConfirmCodeRequest, (caller, body) =>
      confirmLoginEmailChange(ctx, caller, body.code),
    );
    post(ACCOUNT_ROUTES.totp, StartTotpRequest, (caller) => startTotp(ctx, caller));
    post(ACCOUNT_ROUTES.confirmTotp, ConfirmCodeRequest, (caller, body) =>
      confirmTotp(ctx, caller, body.code),
    );
    post(ACCOUNT_ROUTES.disableTotp, DisableTotpRequest, (caller, body) => disableTotp(ctx, caller, body));
  };
}
