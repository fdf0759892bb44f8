import type { PlatformOptions } from '../config.js';
import { type Platform, startPlatform } from '../platform.js';
import { randomSecret } from '../secrets.js';
import { createTestDatabase } from './test-database.js';

export { testImageBytes, testMp4Bytes, testWebmBytes } from './media-files.js';
export {
  findPgBouncer,
  type PgBouncer,
  type PgBouncerOptions,
  type PgBouncerStats,
  startPgBouncer,
} from './pgbouncer.js';
export { TEMPLATE_ENV, TEST_DATABASE_URL_ENV } from './test-database.js';

export interface TestPlatformOptions {
  /** Default `test-client`. */
  readonly clientId?: string;
  /** Default `['http://localhost:5173']`. */
  readonly redirectOrigins?: readonly string[];
  /** Default: one random key. The first is returned as `apiKey`. */
  readonly apiKeys?: readonly string[];
  /** Default `none`. */
  readonly seed?: 'demo' | 'none';
  /** Site member policy. Default `verify-email`, as the CLI's. */
  readonly registration?: PlatformOptions['registration'];
  /** Default false. */
  readonly captcha?: boolean;
  /** Failed-login slowing and locking; small thresholds keep throttle tests fast. */
  readonly loginThrottle?: PlatformOptions['loginThrottle'];
  /** Password hashing's turns and queue (default: the platform's). */
  readonly passwordHashing?: PlatformOptions['passwordHashing'];
  /** Default: the listening address. */
  readonly publicUrl?: string;
  /** The site's URL (blog post URLs). Default: the public URL. */
  readonly siteUrl?: string;
  /** Scheduled blog publishing's interval and clock. */
  readonly blogScheduler?: PlatformOptions['blogScheduler'];
  /** Default true (tests read the mailbox, on PostgreSQL too). */
  readonly devMailbox?: boolean;
  /** Default: limits high enough for a test file's many e-mails; rate-limit tests set small ones. */
  readonly emailRateLimit?: PlatformOptions['emailRateLimit'];
  /** Webhook endpoints for every event (as --webhook-url). */
  readonly webhookUrls?: PlatformOptions['webhookUrls'];
  /** Default: polls every 100 ms, retries after 50 ms, 100 ms, 200 ms, with a 5 s attempt timeout. */
  readonly webhookDelivery?: PlatformOptions['webhookDelivery'];
  /** The site's id (as --site-id). Default: made for the test's database. */
  readonly siteId?: string;
  /** Rows the request log keeps (as --request-log-size). Default: the platform's. */
  readonly requestLogSize?: number;
}

const TEST_EMAIL_RATE_LIMIT = { perAddress: 1000, perIp: 10_000 };
const TEST_WEBHOOK_DELIVERY = { pollMs: 100, backoffMs: [50, 100, 200], timeoutMs: 5000 };

/** A started platform (platform.ts), with what tests call it as: its client and an API key. */
export interface TestPlatform extends Platform {
  readonly clientId: string;
  readonly apiKey: string;
  /** Closes the platform (its temporary media directory removed), then drops its database. */
  close(): Promise<void>;
}

/**
 * A platform for one test file: in-process on a free port of 127.0.0.1, silent, with a database of
 * its own: a fresh database on ATRIUM_TEST_DATABASE_URL's PostgreSQL server (dropped on close), or
 * else a PGlite cloned from the global setup's template.
 */
export async function startTestPlatform(options: TestPlatformOptions = {}): Promise<TestPlatform> {
  const clientId = options.clientId ?? 'test-client';
  const apiKeys = options.apiKeys?.length ? options.apiKeys : [`test-key-${randomSecret()}`];
  const database = await createTestDatabase();
  try {
    const platform = await startPlatform({
      host: '127.0.0.1',
      port: 0,
      // ATRIUM_TEST_LOG=error (or info) shows the platform's log, e.g. why a test saw a 500.
      logLevel: (process.env.ATRIUM_TEST_LOG as PlatformOptions['logLevel']) ?? 'silent',
      database: database.options,
      seed: options.seed ?? 'none',
      clients: [{ id: clientId, redirectOrigins: options.redirectOrigins ?? ['http://localhost:5173'] }],
      apiKeys,
      registration: options.registration,
      captcha: options.captcha,
      loginThrottle: options.loginThrottle,
      passwordHashing: options.passwordHashing,
      publicUrl: options.publicUrl,
      siteUrl: options.siteUrl,
      blogScheduler: options.blogScheduler,
      devMailbox: options.devMailbox ?? true,
      emailRateLimit: options.emailRateLimit ?? TEST_EMAIL_RATE_LIMIT,
      webhookUrls: options.webhookUrls,
      webhookDelivery: { ...TEST_WEBHOOK_DELIVERY, ...options.webhookDelivery },
      siteId: options.siteId,
      requestLogSize: options.requestLogSize,
    });
    let closing: Promise<void> | undefined;
    return {
      ...platform,
      clientId,
      apiKey: apiKeys[0]!,
      close: () => {
        closing ??= platform.close().then(() => database.drop());
        return closing;
      },
    };
  } catch (error) {
    await database.drop();
    throw error;
  }
}
