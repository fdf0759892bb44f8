import type { AddressInfo } from 'node:net';
import { devApiKeyDir, type PlatformConfig, type PlatformOptions, resolveConfig } from './config.js';
import { replaceConfiguredEndpoints } from './events/endpoint-store.js';
import { createWebhooks, type Webhooks } from './events/runtime.js';
import { createLogger, type Logger } from './logger.js';
import { LocalMediaStore, type MediaDirectory, openMediaDirectory } from './media/store.js';
import { loadSigningKeys } from './oauth/keys.js';
import { upsertClient } from './oauth/store.js';
import { PasswordHasher } from './security/password.js';
import { runSeed } from './seed/index.js';
import { createServer, type PlatformServer } from './server.js';
import { type DevApiKey, ensureDevApiKey } from './services/admin/dev-api-key.js';
import { API_KEY_LABELS, registerApiKey } from './services/admin/service.js';
import { startBlogScheduler } from './services/blog/index.js';
import { overrideSitePolicy, type SitePolicyChange } from './services/identity/site-policy.js';
import { signInUrl } from './services/staff/routes.js';
import { ensureOwner, type StaffMember, signInLinkFor } from './services/staff/service.js';
import { ensureSiteId, type SiteIdResult } from './site/site-id.js';
import { takeAdvisoryLock } from './storage/advisory-lock.js';
import { type Db, openDatabase } from './storage/database.js';
import { migrate } from './storage/migrate.js';
import { inTransaction } from './storage/transaction.js';

export interface Platform {
  /** `http://host:port`, with the real port when 0 was asked for. */
  readonly url: string;
  /** The site's id (site/site-id.ts): stored in the database, or --site-id. */
  readonly siteId: string;
  /** This start's one-time sign-in link of the owner (services/staff/): once, within 15 minutes. */
  readonly ownerSignInUrl: string;
  readonly app: PlatformServer;
  readonly db: Db;
  readonly media: LocalMediaStore;
  /** The bounded password hashing of this platform's logins (tests hold its turns). */
  readonly passwords: PasswordHasher;
  /** Stops accepting requests, waits for those in flight, then closes the database. */
  close(): Promise<void>;
}

/** Opens (and migrates) the database, applies the configuration, and starts listening. */
export async function startPlatform(options: PlatformOptions = {}): Promise<Platform> {
  const config = resolveConfig(options);
  const logger = createLogger(config.logLevel);
  const db = openDatabase(config.database, logger);
  let mediaDirectory: MediaDirectory | undefined;
  let app: PlatformServer | undefined;
  try {
    const applied = await migrate(db);
    if (applied.length > 0) logger.info(`applied migrations ${applied.join(', ')}`);
    // After the database: the default media directory is inside a PGlite data directory.
    mediaDirectory = await openMediaDirectory(config.mediaDir);
    const media = new LocalMediaStore(db, mediaDirectory.dir);
    const configured = await applyConfiguration(db, config, media);
    logConfiguration(logger, configured);
    // Read once here: every token and webhook names the site without a database read.
    const { siteId } = configured.site;
    const keys = await loadSigningKeys(db, siteId);
    const webhooks = createWebhooks(db, logger, config.webhookDelivery, siteId);
    // The public URL defaults to the listening address, known once listening (port 0).
    let listeningUrl: string | undefined;
    const passwords = new PasswordHasher(config.passwordHashing);
    app = await createServer({
      db,
      keys,
      logger,
      loginThrottle: config.loginThrottle,
      passwords,
      media,
      get publicUrl() {
        return config.publicUrl ?? listeningUrl ?? `http://${config.host}:${config.port}`;
      },
      devMailbox: config.devMailbox,
      emailRateLimit: config.emailRateLimit,
      webhooks,
      siteUrl: config.siteUrl,
      blogClock: config.blogScheduler?.now,
      siteId,
      requestLogSize: config.requestLogSize,
    });
    await app.listen({ port: config.port, host: config.host });
    listeningUrl = serverUrl(app).replace(/^http:\/\/(0\.0\.0\.0|\[::\])(?=:)/, 'http://localhost');
    webhooks.start();
    // The first owner exists from the first start (applyConfiguration); every start makes them a
    // new one-time sign-in link.
    const ownerSignIn = signInUrl(
      { publicUrl: config.publicUrl ?? listeningUrl },
      await signInLinkFor(db, configured.owner.id),
    );
    const close = closeOnce(app, db, mediaDirectory.dispose, webhooks);
    // Scheduled blog posts: published when due, by whichever process locks them first.
    const blogScheduler = startBlogScheduler(
      {
        db,
        media,
        get publicUrl() {
          return config.publicUrl ?? listeningUrl ?? `http://${config.host}:${config.port}`;
        },
        siteUrl: config.siteUrl,
        blogClock: config.blogScheduler?.now,
      },
      logger,
      { intervalMs: config.blogScheduler?.intervalMs },
    );
    return {
      url: serverUrl(app),
      siteId,
      ownerSignInUrl: ownerSignIn,
      app,
      db,
      media,
      passwords,
      close: () => blogScheduler.stop().then(close),
    };
  } catch (error) {
    await app?.close();
    await db.destroy();
    await mediaDirectory?.dispose();
    throw error;
  }
}

interface AppliedConfiguration {
  readonly seeded: string[];
  readonly policyChanges: SitePolicyChange[];
  readonly devApiKey: DevApiKey | undefined;
  readonly site: SiteIdResult;
  readonly owner: StaffMember;
}

/**
 * Seeds, then registers the configured clients and keys and applies the site member policy options
 * that were given, so that explicit settings win (and only those: the owner's console settings
 * stay otherwise).
 */
function applyConfiguration(
  db: Db,
  config: PlatformConfig,
  media: LocalMediaStore,
): Promise<AppliedConfiguration> {
  return inTransaction(db, async (trx) => {
    await takeAdvisoryLock(trx, 'startup');
    const site = await ensureSiteId(trx, config.siteId);
    const seeded = await runSeed(trx, config.seed, { media: media.within(trx) });
    for (const client of config.clients) await upsertClient(trx, client);
    for (const key of config.apiKeys) await registerApiKey(trx, key, API_KEY_LABELS.startOption);
    await replaceConfiguredEndpoints(trx, config.webhookUrls);
    const keyDir = config.devApiKey ? devApiKeyDir(config.database) : undefined;
    const devApiKey = keyDir === undefined ? undefined : await ensureDevApiKey(trx, keyDir);
    const policyChanges = await overrideSitePolicy(trx, {
      registration: config.registration,
      captcha: config.captcha,
    });
    const owner = await ensureOwner(trx);
    return { seeded, policyChanges, devApiKey, site, owner };
  });
}

const SETTING_OPTIONS = {
  registration: { name: 'registration policy', option: '--registration', show: String },
  captcha: { name: 'captcha', option: '--captcha', show: (on: unknown) => (on ? 'on' : 'off') },
} as const;

/** What the start changed: an owner who set the policy in the console learns that a start option replaced it. */
function logConfiguration(logger: Logger, applied: AppliedConfiguration): void {
  const { site } = applied;
  if (site.replaced !== undefined)
    logger.info(`site id set to ${site.siteId} by --site-id (was ${site.replaced})`);
  else if (site.created) logger.info(`site id ${site.siteId} made for this database`);
  if (applied.seeded.length > 0) logger.info(`seeded ${applied.seeded.join(', ')}`);
  for (const { setting, from, to } of applied.policyChanges) {
    const { name, option, show } = SETTING_OPTIONS[setting];
    logger.info(`${name} set to ${show(to)} by ${option} (was ${show(from)})`);
  }
  if (applied.devApiKey) {
    const { path, created } = applied.devApiKey;
    logger.info(`development API key ${created ? 'created in' : 'read from'} ${path}`);
  }
}

function serverUrl(app: PlatformServer): string {
  const { address, family, port } = app.server.address() as AddressInfo;
  return `http://${family === 'IPv6' ? `[${address}]` : address}:${port}`;
}

function closeOnce(
  app: PlatformServer,
  db: Db,
  disposeMedia: () => Promise<void>,
  webhooks: Webhooks,
): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= Promise.all([webhooks.stop(), stopListening(app)])
      .then(() => db.destroy())
      .then(disposeMedia);
    return closing;
  };
}

/**
 * Stops accepting connections and waits for the requests in flight. Fastify closes the keep-alive
 * connections that are idle when closing starts; a connection whose response was still finishing
 * then (a streamed file: the client has every byte before the server sees the stream end) would
 * otherwise stay open until its keep-alive timeout, so idle connections are closed again until done.
 */
async function stopListening(app: PlatformServer): Promise<void> {
  const reaper = setInterval(() => app.server.closeIdleConnections(), 25);
  try {
    await app.close();
  } finally {
    clearInterval(reaper);
  }
}
