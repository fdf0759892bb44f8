import {
  AUTHENTICATION_ROUTES,
  ChangePasswordRequest,
  LoginRequest,
  RECOVERY_ROUTES,
  RecoverRequest,
  RegisterRequest,
  ResendDuringAuthenticationRequest,
  SERVICE_PREFIXES,
  SendActivationEmailRequest,
  SendRecoveryEmailRequest,
  SignOnRequest,
  StartVerificationRequest,
  servicePaths,
  ValidateEmailRequest,
  VERIFICATION_ROUTES,
  VerifyDuringAuthenticationRequest,
  VerifyFactorRequest,
} from '@atrium/contract';
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { applicationError } from '../../errors.js';
import { type Caller, type CallerAuthority, identifyCaller, requireCaller } from '../../oauth/caller.js';
import type { EmailRateLimitPolicy } from '../../security/email-rate-limit.js';
import type { LoginThrottlePolicy } from '../../security/login-throttle.js';
import { changePassword, login, register, signOn, validateEmail } from './authentication.js';
import { AccountLockedError, TooManyEmailsError } from './errors.js';
import { verifyFactor } from './factors.js';
import type { EmailSending } from './mail-limits.js';
import { recover, sendActivationEmail, sendRecoveryEmail } from './recovery.js';
import { resendDuringAuthentication, startVerification, verifyDuringAuthentication } from './verification.js';

export interface IdentityRoutesContext extends CallerAuthority {
  readonly loginThrottle: LoginThrottlePolicy;
  /** The base of links in e-mails (the configured public URL; never the request's Host). */
  readonly publicUrl: string;
  readonly emailRateLimit: EmailRateLimitPolicy;
}

/** Register, login and the recovery and verification calls: open to visitors, members and pages without a token. */
const PUBLIC = ['anonymous', 'visitor', 'member', 'elevated'] as const;

/** `{name}` path parameters (contract notation) as Fastify's `:name`. */
export const routePath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');

/** E-mails asked for by this request: counted per client IP, unless the site's back end asks. */
const sendingFor = (ctx: IdentityRoutesContext, request: FastifyRequest, caller: Caller): EmailSending => ({
  limits: ctx.emailRateLimit,
  requester: caller.kind === 'elevated' ? {} : { ip: request.ip },
});

/**
 * The identity services (wire.md §5): authentication, recovery and verification, each under its
 * wire prefix and the aliases of SERVICE_PREFIXES. Routes only read the request and the caller;
 * the rules live in the service modules.
 */
export function identityRoutes(ctx: IdentityRoutesContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    const authentication = (path: string) => servicePaths(SERVICE_PREFIXES.authentication, routePath(path));
    const recovery = (path: string) => servicePaths(SERVICE_PREFIXES.recovery, path);
    const verification = (path: string) => servicePaths(SERVICE_PREFIXES.verification, path);

    for (const path of authentication(AUTHENTICATION_ROUTES.register)) {
      app.post(path, { schema: { body: RegisterRequest } }, async (request) => {
        await requireCaller(request, ctx, PUBLIC);
        return register(ctx, request.body);
      });
    }
    for (const path of authentication(AUTHENTICATION_ROUTES.login)) {
      app.post(path, { schema: { body: LoginRequest } }, async (request, reply) => {
        await requireCaller(request, ctx, PUBLIC);
        return withRetryAfter(reply, () => login(ctx, request.body));
      });
    }
    for (const path of authentication(AUTHENTICATION_ROUTES.signOn)) {
      app.post(path, { schema: { body: SignOnRequest } }, async (request) => {
        await requireSiteBackend(request, ctx);
        return signOn(ctx, request.body);
      });
    }
    for (const path of authentication(AUTHENTICATION_ROUTES.changePassword)) {
      app.post(path, { schema: { body: ChangePasswordRequest } }, async (request) => {
        const member = await requireCaller(request, ctx, ['member']);
        return changePassword(ctx, member, request.body.newPassword);
      });
    }
    for (const path of authentication(AUTHENTICATION_ROUTES.validateEmail)) {
      app.post(path, { schema: { body: ValidateEmailRequest } }, async (request) => {
        await requireCaller(request, ctx, PUBLIC);
        return validateEmail(ctx, request.body.email);
      });
    }
    for (const path of authentication(AUTHENTICATION_ROUTES.verifyFactor)) {
      app.post(
        path,
        { schema: { params: Type.Object({ factorType: Type.String() }), body: VerifyFactorRequest } },
        async (request) => {
          await requireCaller(request, ctx, PUBLIC);
          return verifyFactor(ctx, request.params.factorType, request.body);
        },
      );
    }

    for (const path of recovery(RECOVERY_ROUTES.sendRecoveryEmail)) {
      app.post(path, { schema: { body: SendRecoveryEmailRequest } }, async (request, reply) => {
        const caller = await requireCaller(request, ctx, PUBLIC);
        const mailing = { publicUrl: ctx.publicUrl, ...sendingFor(ctx, request, caller) };
        return withRetryAfter(reply, () => sendRecoveryEmail(ctx, mailing, request.body));
      });
    }
    for (const path of recovery(RECOVERY_ROUTES.sendActivationEmail)) {
      app.post(path, { schema: { body: SendActivationEmailRequest } }, async (request, reply) => {
        const caller = await requireCaller(request, ctx, ['elevated']);
        const mailing = { publicUrl: ctx.publicUrl, ...sendingFor(ctx, request, caller) };
        return withRetryAfter(reply, () => sendActivationEmail(ctx, mailing, request.body));
      });
    }
    for (const path of recovery(RECOVERY_ROUTES.recover)) {
      app.post(path, { schema: { body: RecoverRequest } }, async (request) => {
        await requireCaller(request, ctx, PUBLIC);
        return recover(ctx, request.body);
      });
    }

    // The reference's table spells the proto path `/v1/Start` (spec §7); both are served.
    const startPaths = [VERIFICATION_ROUTES.start, '/v1/Start'].flatMap(verification);
    for (const path of startPaths) {
      app.post(path, { schema: { body: StartVerificationRequest } }, async (request, reply) => {
        const caller = await requireCaller(request, ctx, ['elevated', 'member']);
        const sending = sendingFor(ctx, request, caller);
        return withRetryAfter(reply, () => startVerification(ctx, caller, request.body.identityId, sending));
      });
    }
    for (const path of verification(VERIFICATION_ROUTES.verifyDuringAuthentication)) {
      app.post(path, { schema: { body: VerifyDuringAuthenticationRequest } }, async (request) => {
        await requireCaller(request, ctx, PUBLIC);
        return verifyDuringAuthentication(ctx, request.body);
      });
    }
    for (const path of verification(VERIFICATION_ROUTES.resendDuringAuthentication)) {
      app.post(path, { schema: { body: ResendDuringAuthenticationRequest } }, async (request, reply) => {
        const caller = await requireCaller(request, ctx, PUBLIC);
        const sending = sendingFor(ctx, request, caller);
        return withRetryAfter(reply, () => resendDuringAuthentication(ctx, request.body.stateToken, sending));
      });
    }
  };
}

/**
 * Sign-on is elevated-only. The reference's external login sends it with the header
 * `<access token>,<API key>` (wire.md §4.1): the API key part is what elevates the caller.
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
}

/** A 429 (a locked account, too many e-mails) carries `Retry-After` (RFC 9110 §10.2.3) in seconds. */
async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AccountLockedError || error instanceof TooManyEmailsError) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
    throw error;
  }
}
