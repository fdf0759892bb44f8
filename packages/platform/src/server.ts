import { ACCOUNT_PREFIX, ADMIN_PREFIX, HEADERS, PLATFORM_ROUTES, SERVICE_PREFIXES } from '@atrium/contract';
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import { webhookRoutes } from './events/routes.js';
import type { Webhooks } from './events/runtime.js';
import { boundaryServerOptions, installBoundary } from './http/boundary.js';
import { installCors } from './http/cors.js';
import { API_VERSION, installOpenApi } from './http/openapi.js';
import { installRequestRecording } from './http/request-log.js';
import { registerService } from './http/routing.js';
import { NoQuery } from './http/schemas.js';
import { validatorCompiler } from './http/validation.js';
import type { Logger } from './logger.js';
import { mailboxRoutes } from './mail/routes.js';
import { mediaRoutes } from './media/routes.js';
import type { LocalMediaStore } from './media/store.js';
import type { SigningKeys } from './oauth/keys.js';
import { logoutRoutes } from './oauth/logout-routes.js';
import { tokenRoutes } from './oauth/token-routes.js';
import { loadHostedPages } from './pages/hosted-pages.js';
import { hostedPagesRoutes } from './pages/routes.js';
import type { EmailRateLimitPolicy } from './security/email-rate-limit.js';
import type { LoginThrottlePolicy } from './security/login-throttle.js';
import type { PasswordHasher } from './security/password.js';
import { accountRoutes } from './services/account/routes.js';
import { memberManagementRoutes } from './services/admin/member-routes.js';
import { adminRoutes } from './services/admin/routes.js';
import { registerBlog } from './services/blog/index.js';
import { dataRoutes } from './services/data/routes.js';
import { formsRoutes } from './services/forms/routes.js';
import { galleryRoutes } from './services/gallery/routes.js';
import { authenticationRoutes, recoveryRoutes, verificationRoutes } from './services/identity/routes.js';
import { logsRoutes } from './services/logs/routes.js';
import {
  ACTIVITY_LOG_SIZE,
  DEFAULT_REQUEST_LOG_SIZE,
  isUnrecorded,
  LogWriter,
} from './services/logs/service.js';
import { membersRoutes } from './services/members/routes.js';
import { redirectSessionRoutes, redirectsRoutes } from './services/redirects/routes.js';
import { publicSiteRoutes, siteSettingsAdminRoutes } from './services/settings/routes.js';
import { hostedSiteOf } from './services/settings/service.js';
import { staffRoutes, staffSignInPageRoutes } from './services/staff/routes.js';
import { stateRoutes } from './services/state/routes.js';
import type { Db } from './storage/database.js';

/** What every route plugin may use. */
export interface PlatformContext {
  readonly db: Db;
  readonly keys: SigningKeys;
  readonly logger: Logger;
  /** Failed-login slowing and locking (security/login-throttle.ts). */
  readonly loginThrottle: LoginThrottlePolicy;
  /** Password hashing, bounded in flight and queued (security/password.ts). */
  readonly passwords: PasswordHasher;
  /** The media store (media/types.ts MediaStore), on the media directory. */
  readonly media: LocalMediaStore;
  /**
   * The platform's public origin (`http://host:port` or --public-url), no trailing slash: the base
   * of every absolute URL it hands out (e-mail links, redirect sessions, upload URLs), never the
   * request's Host header. Read it per request: it is known only once the server listens.
   */
  readonly publicUrl: string;
  /** Whether the development mailbox (/_dev/mailbox, /_hosted/mailbox) is served. */
  readonly devMailbox: boolean;
  /** Limits on e-mails sent on request (security/email-rate-limit.ts). */
  readonly emailRateLimit: EmailRateLimitPolicy;
  /** The site's URL, the base of blog post URLs (--site-url); default the public URL. */
  readonly siteUrl?: string | undefined;
  /** The blog's clock (scheduled publishing, views); default the system's. */
  readonly blogClock?: (() => Date) | undefined;
  /** Webhook signing keys, clock and delivery loop (events/runtime.ts). */
  readonly webhooks: Webhooks;
  /** The site's id (site/site-id.ts), read once at start: token info, tokens' claims, webhooks. */
  readonly siteId: string;
  /** Rows the request log keeps (services/logs/; --request-log-size, 0: none). Default 10,000. */
  readonly requestLogSize?: number | undefined;
}

export type PlatformServer = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

const HealthResponse = Type.Object({ status: Type.Literal('ok') });
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The HTTP server: one port for both the standard and the edge host (they share paths, docs/wire.md
 * §1.1), CORS for any site origin (credentials are bearer headers, never cookies), a request id on
 * every answer, and one plugin per domain.
 */
export async function createServer(ctx: PlatformContext): Promise<PlatformServer> {
  const app = Fastify(boundaryServerOptions(ctx.logger)).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // The door (http/boundary.ts): request ids, the input guard, JSON bodies (forms at the token
  // endpoint; other bodies are refused with 415), errors in the platform's shape.
  installBoundary(app, ctx.logger, () => ctx.publicUrl);
  // The OpenAPI document collects the routes registered from here on (http/openapi.ts).
  await installOpenApi(app, API_VERSION);

  // Hooks run on every request: callback style (no promise per hook), and the request log line
  // only when it is written.
  const nextConsistencyMark = consistencyMarks();
  app.addHook('onSend', (request, reply, payload, done) => {
    if (WRITE_METHODS.has(request.method) && reply.statusCode === 200) {
      reply.header(HEADERS.consistency, nextConsistencyMark());
    }
    done(null, payload);
  });
  if (ctx.logger.logs('info')) {
    app.addHook('onResponse', (request, reply, done) => {
      ctx.logger.info(
        `${request.method} ${request.url} ${reply.statusCode} ${Math.round(reply.elapsedTime)}ms ${request.id}`,
      );
      done();
    });
  }

  // The request and activity logs (services/logs/): one hook records every request, written in batches.
  const logs = new LogWriter(ctx.db, ctx.logger, {
    requests: ctx.requestLogSize ?? DEFAULT_REQUEST_LOG_SIZE,
    activity: ACTIVITY_LOG_SIZE,
  });
  installRequestRecording(app, { skip: isUnrecorded, record: (entry) => logs.record(entry) });
  app.addHook('onClose', () => logs.close());

  installCors(app, {
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    // retry-after: a locked account's 429 says when to try again (not a CORS-safelisted header).
    exposedHeaders: [HEADERS.requestId, HEADERS.consistency, 'retry-after'],
    maxAge: 600,
  });

  app.get(
    PLATFORM_ROUTES.health,
    { schema: { querystring: NoQuery, response: { 200: HealthResponse } } },
    async () => ({
      status: 'ok' as const,
    }),
  );
  await app.register(tokenRoutes(ctx));
  // The hosted pages app is optional (tests run from source): without it, pages are served plain.
  const pages = await loadHostedPages();
  // ctx itself, not a copy: its publicUrl is read per request (known once listening).
  await registerService(app, SERVICE_PREFIXES.redirects, redirectSessionRoutes(ctx));
  // Hosted pages name the site by its settings (services/settings/), read per page.
  const hostedSite = () => hostedSiteOf(ctx);
  await app.register(redirectsRoutes(ctx, pages, hostedSite));
  await app.register(hostedPagesRoutes(pages, hostedSite));
  await registerService(app, SERVICE_PREFIXES.authentication, logoutRoutes(ctx));
  await registerService(app, SERVICE_PREFIXES.authentication, authenticationRoutes(ctx));
  await registerService(app, SERVICE_PREFIXES.recovery, recoveryRoutes(ctx));
  await registerService(app, SERVICE_PREFIXES.verification, verificationRoutes(ctx));
  await app.register(adminRoutes(ctx), { prefix: ADMIN_PREFIX });
  await app.register(memberManagementRoutes(ctx), { prefix: ADMIN_PREFIX });
  await registerService(app, SERVICE_PREFIXES.dataItems, dataRoutes(ctx));
  await app.register(mediaRoutes(ctx));
  await registerService(app, SERVICE_PREFIXES.proGallery, galleryRoutes(ctx));
  await registerBlog(app, ctx);
  await registerService(app, SERVICE_PREFIXES.members, membersRoutes(ctx));
  await registerService(app, ACCOUNT_PREFIX, accountRoutes(ctx));
  await app.register(formsRoutes(ctx));
  await app.register(mailboxRoutes(ctx));
  await app.register(webhookRoutes(ctx), { prefix: ADMIN_PREFIX });
  await app.register(stateRoutes(ctx), { prefix: ADMIN_PREFIX });
  await app.register(staffRoutes(ctx), { prefix: ADMIN_PREFIX });
  await app.register(staffSignInPageRoutes(ctx));
  await app.register(logsRoutes({ db: ctx.db, keys: ctx.keys, logs }), { prefix: ADMIN_PREFIX });
  await app.register(siteSettingsAdminRoutes(ctx), { prefix: ADMIN_PREFIX });
  await app.register(publicSiteRoutes(ctx));
  return app;
}

/**
 * Values for `x-wix-consistent` on successful writes (docs/wire.md §1.5): the client echoes the latest
 * one on later requests. All state lives in one database, so every read already sees every
 * committed write; the mark is opaque and only needs to grow.
 */
function consistencyMarks(): () => string {
  let last = 0;
  return () => {
    last = Math.max(last + 1, Date.now());
    return String(last);
  };
}
