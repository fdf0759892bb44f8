import {
  ACCOUNT_LIMITS,
  ACCOUNT_ROUTES,
  ChangeMyPasswordRequest,
  ConfirmCodeRequest,
  DisableTotpRequest,
  StartLoginEmailChangeRequest,
  StartTotpRequest,
} from '@atrium/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { callerOf, requireMember } from '../../http/callers.js';
import { NoQuery } from '../../http/schemas.js';
import type { CallerAuthority } from '../../oauth/caller.js';
import type { EmailRateLimitPolicy } from '../../security/email-rate-limit.js';
import { withRetryAfter } from '../identity/routes.js';
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

    app.get(ACCOUNT_ROUTES.security, { schema: { querystring: NoQuery } }, async (request) =>
      mySecurity(ctx, await member(request)),
    );
    app.post(
      ACCOUNT_ROUTES.password,
      { schema: { querystring: NoQuery, body: ChangeMyPasswordRequest }, ...JSON_BODY },
      async (request, reply) => {
        const caller = await member(request);
        return withRetryAfter(reply, () => changeMyPassword(ctx, caller, request.body));
      },
    );
    app.post(
      ACCOUNT_ROUTES.loginEmail,
      { schema: { querystring: NoQuery, body: StartLoginEmailChangeRequest }, ...JSON_BODY },
      async (request, reply) => {
        const caller = await member(request);
        const sending = { limits: ctx.emailRateLimit, requester: { ip: request.ip } };
        return withRetryAfter(reply, () =>
          startLoginEmailChange(ctx, caller, request.body.newEmail, sending),
        );
      },
    );
    app.post(
      ACCOUNT_ROUTES.confirmLoginEmail,
      { schema: { querystring: NoQuery, body: ConfirmCodeRequest }, ...JSON_BODY },
      async (request) => confirmLoginEmailChange(ctx, await member(request), request.body.code),
    );
    app.post(
      ACCOUNT_ROUTES.totp,
      { schema: { querystring: NoQuery, body: StartTotpRequest }, ...JSON_BODY },
      async (request) => startTotp(ctx, await member(request)),
    );
    app.post(
      ACCOUNT_ROUTES.confirmTotp,
      { schema: { querystring: NoQuery, body: ConfirmCodeRequest }, ...JSON_BODY },
      async (request) => confirmTotp(ctx, await member(request), request.body.code),
    );
    app.post(
      ACCOUNT_ROUTES.disableTotp,
      { schema: { querystring: NoQuery, body: DisableTotpRequest }, ...JSON_BODY },
      async (request, reply) => {
        const caller = await member(request);
        return withRetryAfter(reply, () => disableTotp(ctx, caller, request.body));
      },
    );
  };
}
