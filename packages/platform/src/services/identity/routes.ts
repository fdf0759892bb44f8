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
import type { FastifyRequest } from 'fastify';
import { applicationError } from '../../errors.js';
import { noMemberNeeded, requireCaller } from '../../http/callers.js';
import { fastifyPath } from '../../http/routing.js';
import { type Caller, type CallerAuthority, identifyCaller } from '../../oauth/caller.js';
import type { EmailRateLimitPolicy } from '../../security/email-rate-limit.js';
import type { LoginThrottlePolicy } from '../../security/login-throttle.js';
import type { PasswordHasher } from '../../security/password.js';
import { changePassword, login, register, signOn, validateEmail } from './authentication.js';
import { verifyFactor } from './factors.js';
import type { EmailSending } from './mail-limits.js';
import { recover, sendActivationEmail, sendRecoveryEmail } from './recovery.js';
import { limitedPost } from './route-kit.js';
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
    const post = limitedPost(app, ctx);
    post(AUTHENTICATION_ROUTES.register, RegisterRequest, PUBLIC, (body) => register(ctx, body));
    post(AUTHENTICATION_ROUTES.login, LoginRequest, PUBLIC, (body) => login(ctx, body));
    app.post(
      fastifyPath(AUTHENTICATION_ROUTES.signOn),
      { schema: { body: SignOnRequest } },
      async (request) => {
        await requireSiteBackend(request, ctx);
        return signOn(ctx, request.body);
      },
    );
    post(AUTHENTICATION_ROUTES.changePassword, ChangePasswordRequest, ['member'], (body, member) =>
      changePassword(ctx, member, body.newPassword),
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
    const post = limitedPost(app, ctx);
    const mailingFor = (request: FastifyRequest, caller: Caller) => ({
      publicUrl: ctx.publicUrl,
      ...sendingFor(ctx, request, caller),
    });
    post(RECOVERY_ROUTES.sendRecoveryEmail, SendRecoveryEmailRequest, PUBLIC, (body, caller, request) =>
      sendRecoveryEmail(ctx, mailingFor(request, caller), body),
    );
    post(
      RECOVERY_ROUTES.sendActivationEmail,
      SendActivationEmailRequest,
      ['elevated'],
      (body, caller, request) => sendActivationEmail(ctx, mailingFor(request, caller), body),
    );
    post(RECOVERY_ROUTES.recover, RecoverRequest, PUBLIC, (body) => recover(ctx, body));
  };
}

export function verificationRoutes(ctx: IdentityRoutesContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    const post = limitedPost(app, ctx);
    // The reference's table spells the proto path `/v1/Start` (docs/spec.md §7); both are served.
    for (const path of [VERIFICATION_ROUTES.start, '/v1/Start']) {
      post(path, StartVerificationRequest, ['elevated', 'member'], (body, caller, request) =>
        startVerification(ctx, caller, body.identityId, sendingFor(ctx, request, caller)),
      );
    }
    app.post(
      fastifyPath(VERIFICATION_ROUTES.verifyDuringAuthentication),
      { schema: { body: VerifyDuringAuthenticationRequest } },
      async (request) => {
        await requireCaller(request, ctx, PUBLIC);
        return verifyDuringAuthentication(ctx, request.body);
      },
    );
    post(
      VERIFICATION_ROUTES.resendDuringAuthentication,
      ResendDuringAuthenticationRequest,
      PUBLIC,
      (body, caller, request) =>
        resendDuringAuthentication(ctx, body.stateToken, sendingFor(ctx, request, caller)),
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
