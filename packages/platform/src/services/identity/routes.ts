import {
  AUTHENTICATION_ROUTES,
  ChangePasswordRequest,
  LoginRequest,
  RECOVERY_ROUTES,
  RecoverRequest,
  RegisterRequest,
  ResendDuringAuthenticationRequest,
  SendActivationEmailRequest,
  SendRecoveryEmailRequest,
  SignOnRequest,
  StartVerificationRequest,
  ValidateEmailRequest,
  VERIFICATION_ROUTES,
  VerifyDuringAuthenticationRequest,
  VerifyFactorRequest,
} from '@atrium/contract';
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { applicationError } from '../../errors.js';
import { noMemberNeeded, requireCaller } from '../../http/callers.js';
import { fastifyPath } from '../../http/routing.js';
import { type Caller, type CallerAuthority, identifyCaller } from '../../oauth/caller.js';
import type { EmailRateLimitPolicy } from '../../security/email-rate-limit.js';
import type { LoginThrottlePolicy } from '../../security/login-throttle.js';
import { type PasswordHasher, PasswordHashingBusyError } from '../../security/password.js';
import { changePassword, login, register, signOn, validateEmail } from './authentication.js';
import { AccountLockedError, TooManyEmailsError } from './errors.js';
import { verifyFactor } from './factors.js';
import type { EmailSending } from './mail-limits.js';
import { recover, sendActivationEmail, sendRecoveryEmail } from './recovery.js';
import { resendDuringAuthentication, startVerification, verifyDuringAuthentication } from './verification.js';

export interface IdentityRoutesContext extends CallerAuthority {
  readonly loginThrottle: LoginThrottlePolicy;
  readonly passwords: PasswordHasher;
  /** The base of links in e-mails (the configured public URL; never the request's Host). */
  readonly publicUrl: string;
  readonly emailRateLimit: EmailRateLimitPolicy;
}

/**
 * Register, login and the recovery and verification calls: open to visitors, members and pages
 * without a token. They need no member: an ended member session's token (say after a password
 * reset) is taken as a visitor's, so that the member can sign in again with it still stored.
 */
const PUBLIC = noMemberNeeded(['anonymous', 'visitor', 'member', 'elevated'] as const);

/** E-mails asked for by this request: counted per client IP, unless the site's back end asks. */
const sendingFor = (ctx: IdentityRoutesContext, request: FastifyRequest, caller: Caller): EmailSending => ({
  limits: ctx.emailRateLimit,
  requester: caller.kind === 'elevated' ? {} : { ip: request.ip },
});

/**
 * The identity services (docs/wire.md §5): authentication, recovery and verification, each registered
 * under its wire prefix and the aliases of SERVICE_PREFIXES (http/routing.ts). Routes only read the
 * request and the caller; the rules live in the service modules.
 */
export function authenticationRoutes(ctx: IdentityRoutesContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      fastifyPath(AUTHENTICATION_ROUTES.register),
      { schema: { body: RegisterRequest } },
      async (request, reply) => {
        await requireCaller(request, ctx, PUBLIC);
        return withRetryAfter(reply, () => register(ctx, request.body));
      },
    );
    app.post(
      fastifyPath(AUTHENTICATION_ROUTES.login),
      { schema: { body: LoginRequest } },
      async (request, reply) => {
        await requireCaller(request, ctx, PUBLIC);
        return withRetryAfter(reply, () => login(ctx, request.body));
      },
    );
    app.post(
      fastifyPath(AUTHENTICATION_ROUTES.signOn),
      { schema: { body: SignOnRequest } },
      async (request) => {
        await requireSiteBackend(request, ctx);
        return signOn(ctx, request.body);
      },
    );
    app.post(
      fastifyPath(AUTHENTICATION_ROUTES.changePassword),
      { schema: { body: ChangePasswordRequest } },
      async (request, reply) => {
        const member = await requireCaller(request, ctx, ['member']);
        return withRetryAfter(reply, () => changePassword(ctx, member, request.body.newPassword));
      },
    );
    app.post(
      fastifyPath(AUTHENTICATION_ROUTES.validateEmail),
      { schema: { body: ValidateEmailRequest } },
      async (request) => {
        await requireCaller(request, ctx, PUBLIC);
        return validateEmail(ctx, request.body.email);
      },
    );
    app.post(
      fastifyPath(AUTHENTICATION_ROUTES.verifyFactor),
      { schema: { params: Type.Object({ factorType: Type.String() }), body: VerifyFactorRequest } },
      async (request) => {
        await requireCaller(request, ctx, PUBLIC);
        return verifyFactor(ctx, request.params.factorType, request.body);
      },
    );
  };
}

export function recoveryRoutes(ctx: IdentityRoutesContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      fastifyPath(RECOVERY_ROUTES.sendRecoveryEmail),
      { schema: { body: SendRecoveryEmailRequest } },
      async (request, reply) => {
        const caller = await requireCaller(request, ctx, PUBLIC);
        const mailing = { publicUrl: ctx.publicUrl, ...sendingFor(ctx, request, caller) };
        return withRetryAfter(reply, () => sendRecoveryEmail(ctx, mailing, request.body));
      },
    );
    app.post(
      fastifyPath(RECOVERY_ROUTES.sendActivationEmail),
      { schema: { body: SendActivationEmailRequest } },
      async (request, reply) => {
        const caller = await requireCaller(request, ctx, ['elevated']);
        const mailing = { publicUrl: ctx.publicUrl, ...sendingFor(ctx, request, caller) };
        return withRetryAfter(reply, () => sendActivationEmail(ctx, mailing, request.body));
      },
    );
    app.post(
      fastifyPath(RECOVERY_ROUTES.recover),
      { schema: { body: RecoverRequest } },
      async (request, reply) => {
        await requireCaller(request, ctx, PUBLIC);
        return withRetryAfter(reply, () => recover(ctx, request.body));
      },
    );
  };
}

export function verificationRoutes(ctx: IdentityRoutesContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    // The reference's table spells the proto path `/v1/Start` (docs/spec.md §7); both are served.
    for (const path of [VERIFICATION_ROUTES.start, '/v1/Start']) {
      app.post(path, { schema: { body: StartVerificationRequest } }, async (request, reply) => {
        const caller = await requireCaller(request, ctx, ['elevated', 'member']);
        const sending = sendingFor(ctx, request, caller);
        return withRetryAfter(reply, () => startVerification(ctx, caller, request.body.identityId, sending));
      });
    }
    app.post(
      fastifyPath(VERIFICATION_ROUTES.verifyDuringAuthentication),
      { schema: { body: VerifyDuringAuthenticationRequest } },
      async (request) => {
        await requireCaller(request, ctx, PUBLIC);
        return verifyDuringAuthentication(ctx, request.body);
      },
    );
    app.post(
      fastifyPath(VERIFICATION_ROUTES.resendDuringAuthentication),
      { schema: { body: ResendDuringAuthenticationRequest } },
      async (request, reply) => {
        const caller = await requireCaller(request, ctx, PUBLIC);
        const sending = sendingFor(ctx, request, caller);
        return withRetryAfter(reply, () => resendDuringAuthentication(ctx, request.body.stateToken, sending));
      },
    );
  };
}

/**
 * Sign-on is elevated-only. The reference's external login sends it with the header
 * `<access token>,<API key>` (docs/wire.md §4.1): the API key part is what elevates the caller.
 */
async function requireSiteBackend(request: FastifyRequest, ctx: CallerAuthority): Promise<void> {
  const authorization = request.headers.authorization;
  const comma = authorization?.lastIndexOf(',') ?? -1;
  if (authorization === undefined || comma < 0) {
    await requireCaller(request, ctx, ['elevated']);
    return;
  }
  const caller = await identifyCaller(authorization.slice(comma + 1), ctx);
  if (caller.kind !== 'elevated') {
    throw applicationError(
      403,
      'PERMISSION_DENIED',
      'this operation is open to elevated callers (an API key) only',
    );
  }
  // Signing a member on is the whole site's power: keys of a narrower staff role may not.
  const role = caller.apiKey?.role;
  if (role !== undefined && role !== 'OWNER' && role !== 'ADMIN') {
    throw applicationError(
      403,
      'PERMISSION_DENIED',
      `this API key: the ${role} role may not sign members on; use an OWNER or ADMIN key`,
    );
  }
}

/**
 * A 429 (a locked account, too many e-mails, every password-hashing turn taken) carries
 * `Retry-After` (RFC 9110 §10.2.3) in seconds.
 */
export async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (
      error instanceof AccountLockedError ||
      error instanceof TooManyEmailsError ||
      error instanceof PasswordHashingBusyError
    ) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
    throw error;
  }
}
