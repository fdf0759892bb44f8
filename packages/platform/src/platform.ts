import type { AddressInfo } from 'node:net';
import { type PlatformConfig, type PlatformOptions, resolveConfig } from './config.js';
import { createLogger } from './logger.js';
import { LocalMediaStore, type MediaDirectory, openMediaDirectory } from './media/store.js';
import { loadSigningKeys } from './oauth/keys.js';
import { insertApiKeyHash, upsertClient } from './oauth/store.js';
import { sha256Hex } from './secrets.js';
import { runSeed } from './seed/index.js';
import { createServer, type PlatformServer } from './server.js';
import { writeSitePolicy } from './services/identity/site-policy.js';
import { takeAdvisoryLock } from './storage/advisory-lock.js';
import { type Db, openDatabase } from './storage/database.js';
import { migrate } from './storage/migrate.js';
import { inTransaction } from './storage/transaction.js';

export interface Platform {
  /** `http://host:port`, with the real port when 0 was asked for. */
  readonly url: string;
  readonly app: PlatformServer;
  readonly db: Db;
  readonly media: LocalMediaStore;
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
    const seeded = await applyConfiguration(db, config, media);
    if (seeded.length > 0) logger.info(`seeded ${seeded.join(', ')}`);
    const keys = await loadSigningKeys(db);
    app = await createServer({ db, keys, logger, loginThrottle: config.loginThrottle, media });
    await app.listen({ port: config.port, host: config.host });
    const close = closeOnce(app, db, mediaDirectory.dispose);
    return { url: serverUrl(app), app, db, media, close };
  } catch (error) {
    await app?.close();
    await db.destroy();
    await mediaDirectory?.dispose();
    throw error;
  }
}

/**
 * Seeds, then registers the configured clients and keys and writes the site member policy, so that
 * explicit settings win.
 */
function applyConfiguration(db: Db, config: PlatformConfig, media: LocalMediaStore): Promise<string[]> {
  return inTransaction(db, async (trx) => {
    await takeAdvisoryLock(trx, 'startup');
    const seeded = await runSeed(trx, config.seed, { media: media.within(trx) });
    for (const client of config.clients) await upsertClient(trx, client);
    for (const key of config.apiKeys) await insertApiKeyHash(trx, sha256Hex(key));
    await writeSitePolicy(trx, { registration: config.registration, captcha: config.captcha });
    return seeded;
  });
}

function serverUrl(app: PlatformServer): string {
  const { address, family, port } = app.server.address() as AddressInfo;
  return `http://${family === 'IPv6' ? `[${address}]` : address}:${port}`;
}

function closeOnce(app: PlatformServer, db: Db, disposeMedia: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= stopListening(app)
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
