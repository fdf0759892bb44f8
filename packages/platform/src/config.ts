import { join } from 'node:path';
import { REGISTRATION_POLICIES, type RegistrationPolicy } from '@atrium/contract';
import {
  resolveWebhookDelivery,
  type WebhookDeliveryOptions,
  type WebhookDeliveryPolicy,
} from './events/options.js';
import { parseWebhookUrl } from './events/webhook-url.js';
import { LOG_LEVELS, type LogLevel } from './logger.js';
import {
  type EmailRateLimitOptions,
  type EmailRateLimitPolicy,
  resolveEmailRateLimit,
} from './security/email-rate-limit.js';
import {
  type LoginThrottleOptions,
  type LoginThrottlePolicy,
  resolveLoginThrottle,
} from './security/login-throttle.js';
import {
  type PasswordHashingOptions,
  type PasswordHashingPolicy,
  resolvePasswordHashing,
} from './security/password.js';
import { DEFAULT_REQUEST_LOG_SIZE, MAX_REQUEST_LOG_SIZE } from './services/logs/service.js';
import { normalizeSiteId, siteIdProblem } from './site/site-id.js';
import { type DatabaseOptions, MAX_POOL_SIZE } from './storage/database.js';

export type { WebhookDeliveryOptions } from './events/options.js';
export type { LogLevel } from './logger.js';
export type { EmailRateLimitOptions, EmailRateLimitPolicy } from './security/email-rate-limit.js';
export type { LoginThrottleOptions, LoginThrottlePolicy } from './security/login-throttle.js';
export type { PasswordHashingOptions, PasswordHashingPolicy } from './security/password.js';
export type { DatabaseOptions } from './storage/database.js';

export const SEED_NAMES = ['none', 'demo'] as const;
export type SeedName = (typeof SEED_NAMES)[number];

/** A public OAuth client: an id and the site origins it may redirect to and receive messages from. */
export interface ClientRegistration {
  readonly id: string;
  readonly redirectOrigins: readonly string[];
}

/** Options of `startPlatform`; every one has a default. */
export interface PlatformOptions {
  /** TCP port; 0 picks a free one. Default 7070. */
  readonly port?: number;
  /** Interface to listen on. Default 127.0.0.1. */
  readonly host?: string;
  /** Default: an in-memory PGlite (the CLI's default is the PGlite directory ./.atrium/data). */
  readonly database?: DatabaseOptions;
  /** Demo content to add once. Default none. */
  readonly seed?: SeedName;
  /** Clients to register, each replacing an earlier registration with the same id. */
  readonly clients?: readonly ClientRegistration[];
  /** Elevated API keys for the site (stored hashed, added if absent). */
  readonly apiKeys?: readonly string[];
  /** Default info: one line per request. */
  readonly logLevel?: LogLevel;
  /**
   * Site member policy: what a registration leads to (open: signed in at once; approval: the
   * owner approves; verify-email: a mailed code). Given, it replaces the stored policy's value
   * (which the owner may have changed in the console) and the change is logged; omitted, the
   * stored value stays (verify-email when none is stored).
   */
  readonly registration?: RegistrationPolicy;
  /**
   * Whether register and login need a captcha token (CAPTCHA_TEST_TOKENS). As `registration`:
   * given, it overrides the stored value; omitted, the stored one stays (false when none is stored).
   */
  readonly captcha?: boolean;
  /**
   * Keep one development API key in the PGlite data directory (`<dataDir>/dev-api-key`, mode 0600):
   * created on the first start, reused after, replaced if it was revoked. Needs a data directory.
   * Default false.
   */
  readonly devApiKey?: boolean;
  /** Failed-login slowing and locking per account; each setting has a default. */
  readonly loginThrottle?: LoginThrottleOptions;
  /**
   * Password hashing (argon2id, native, off the event loop): hashes in flight at once
   * (`concurrency`, default the cores less one, at least 1) and requests waiting for a turn
   * (`queue`, default 32); beyond them register, login, change-password and recover answer 429
   * with `Retry-After` (security/password.ts).
   */
  readonly passwordHashing?: PasswordHashingOptions;
  /**
   * Where the media store keeps files (gallery images and videos, uploaded form files). Default:
   * `<dataDir>/media` for a PGlite directory, else a temporary directory removed on close.
   */
  readonly mediaDir?: string;
  /**
   * The platform's public origin (`https://auth.example.com`): the only base of the links in
   * e-mails and of redirect session URLs (never the request's Host header). Default: the
   * listening address `http://host:port` once listening (`localhost` for 0.0.0.0 and ::).
   */
  readonly publicUrl?: string;
  /**
   * The site's URL (`https://site.example`, a path allowed): the base of blog post, category and
   * tag URLs (`{ base, path }`). Default: the public URL.
   */
  readonly siteUrl?: string;
  /** Scheduled blog publishing: how often due drafts are looked for, and a clock (tests). */
  readonly blogScheduler?: { readonly intervalMs?: number; readonly now?: () => Date };
  /**
   * Serve the development mailbox (`GET /_dev/mailbox`, `/_hosted/mailbox`). Default: on with
   * PGlite, off with PostgreSQL.
   */
  readonly devMailbox?: boolean;
  /** Limits on e-mails sent on request (recovery, verification, activation); each has a default. */
  readonly emailRateLimit?: EmailRateLimitOptions;
  /**
   * Webhook endpoints that receive every event (http(s) URLs, as --webhook-url). They replace the
   * endpoints given this way at an earlier start; those made with the admin API stay.
   */
  readonly webhookUrls?: readonly string[];
  /** The webhook delivery schedule (polling, backoff, timeouts; a clock for tests). */
  readonly webhookDelivery?: WebhookDeliveryOptions;
  /**
   * The site's id (a UUID, as the hosted platform's): in token info, access tokens and webhooks
   * (site/site-id.ts). Given, it replaces the stored one (logged); omitted, the stored one stays,
   * made once per database.
   */
  readonly siteId?: string;
  /**
   * Rows the request log keeps in the database, the newest (services/logs/): default 10,000; 0
   * records no requests (the activity log is kept either way).
   */
  readonly requestLogSize?: number;
}

export type PlatformConfig = Required<
  Omit<
    PlatformOptions,
    | 'loginThrottle'
    | 'passwordHashing'
    | 'mediaDir'
    | 'publicUrl'
    | 'emailRateLimit'
    | 'registration'
    | 'captcha'
    | 'webhookDelivery'
    | 'siteUrl'
    | 'blogScheduler'
    | 'siteId'
  >
> & {
  /** Undefined: the stored site id stays (made on a new database). */
  readonly siteId: string | undefined;
  /** Undefined: the public URL. */
  readonly siteUrl: string | undefined;
  readonly blogScheduler: PlatformOptions['blogScheduler'];
  readonly webhookDelivery: WebhookDeliveryPolicy;
  /** Undefined: the stored site policy's value stays. */
  readonly registration: RegistrationPolicy | undefined;
  readonly captcha: boolean | undefined;
  readonly loginThrottle: LoginThrottlePolicy;
  readonly passwordHashing: PasswordHashingPolicy;
  readonly emailRateLimit: EmailRateLimitPolicy;
  /** Undefined: the listening address. */
  readonly publicUrl: string | undefined;
  /** Undefined: a temporary directory. */
  readonly mediaDir: string | undefined;
};

export const DEFAULTS = {
  port: 7070,
  host: '127.0.0.1',
  dataDir: './.atrium/data',
  /** The CLI's media directory with --database-url (with a PGlite directory: <data>/media). */
  mediaDir: './.atrium/media',
  seed: 'none',
  logLevel: 'info',
} as const;

/** A configuration mistake, reported to the user as one line. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function resolveConfig(options: PlatformOptions): PlatformConfig {
  const config: PlatformConfig = {
    port: options.port ?? DEFAULTS.port,
    host: options.host ?? DEFAULTS.host,
    database: options.database ?? { kind: 'pglite' },
    seed: options.seed ?? DEFAULTS.seed,
    clients: options.clients ?? [],
    apiKeys: options.apiKeys ?? [],
    logLevel: options.logLevel ?? DEFAULTS.logLevel,
    registration: options.registration,
    captcha: options.captcha,
    devApiKey: options.devApiKey ?? false,
    loginThrottle: policyOrThrow(resolveLoginThrottle(options.loginThrottle)),
    passwordHashing: policyOrThrow(resolvePasswordHashing(options.passwordHashing)),
    mediaDir: options.mediaDir ?? defaultMediaDir(options.database),
    publicUrl: options.publicUrl === undefined ? undefined : parsePublicUrl(options.publicUrl),
    siteUrl: options.siteUrl === undefined ? undefined : parseSiteUrl(options.siteUrl),
    blogScheduler: options.blogScheduler,
    devMailbox: options.devMailbox ?? options.database?.kind !== 'postgres',
    emailRateLimit: policyOrThrow(resolveEmailRateLimit(options.emailRateLimit)),
    webhookUrls: (options.webhookUrls ?? []).map(parseWebhookUrlOption),
    webhookDelivery: policyOrThrow(resolveWebhookDelivery(options.webhookDelivery)),
    siteId: options.siteId === undefined ? undefined : parseSiteId(options.siteId),
    requestLogSize: options.requestLogSize ?? DEFAULT_REQUEST_LOG_SIZE,
  };
  if (!Number.isInteger(config.port) || config.port < 0 || config.port > 65_535) {
    throw new ConfigError(`port must be an integer from 0 to 65535, got ${config.port}`);
  }
  if (!SEED_NAMES.includes(config.seed)) throw new ConfigError(`unknown seed "${config.seed}"`);
  if (!LOG_LEVELS.includes(config.logLevel)) throw new ConfigError(`unknown log level "${config.logLevel}"`);
  for (const client of config.clients) {
    if (client.id.trim() === '') throw new ConfigError('a client id must not be empty');
    client.redirectOrigins.forEach(parseOrigin);
  }
  if (config.apiKeys.some((key) => key.trim() === '')) throw new ConfigError('an API key must not be empty');
  if (config.registration !== undefined && !REGISTRATION_POLICIES.includes(config.registration)) {
    throw new ConfigError(`unknown registration policy "${config.registration}"`);
  }
  if (config.captcha !== undefined && typeof config.captcha !== 'boolean') {
    throw new ConfigError('captcha must be true or false');
  }
  if (config.devApiKey && devApiKeyDir(config.database) === undefined) {
    throw new ConfigError('a development API key needs a PGlite data directory (--data)');
  }
  if (config.mediaDir?.trim() === '') throw new ConfigError('mediaDir must not be empty');
  if (config.database.kind === 'postgres' && config.database.poolSize !== undefined) {
    const size = config.database.poolSize;
    if (!Number.isInteger(size) || size < 1 || size > MAX_POOL_SIZE) {
      throw new ConfigError(
        `database.poolSize must be a whole number from 1 to ${MAX_POOL_SIZE}, got ${size}`,
      );
    }
  }
  if (typeof config.devMailbox !== 'boolean') throw new ConfigError('devMailbox must be true or false');
  const size = config.requestLogSize;
  if (!Number.isInteger(size) || size < 0 || size > MAX_REQUEST_LOG_SIZE) {
    throw new ConfigError(
      `requestLogSize must be a whole number from 0 to ${MAX_REQUEST_LOG_SIZE}, got ${size}`,
    );
  }
  return config;
}

/** Where the development API key is kept: the PGlite data directory, if there is one. */
export const devApiKeyDir = (database: DatabaseOptions): string | undefined =>
  database.kind === 'pglite' ? database.dataDir : undefined;

/** Media beside a PGlite directory's data; an in-memory or PostgreSQL database has no directory to share. */
const defaultMediaDir = (database: DatabaseOptions | undefined): string | undefined =>
  database?.kind === 'pglite' && database.dataDir !== undefined ? join(database.dataDir, 'media') : undefined;

/** A policy resolver's answer: the policy, or its problem thrown as a ConfigError. */
function policyOrThrow<Policy extends object>(policy: Policy | string): Policy {
  if (typeof policy === 'string') throw new ConfigError(policy);
  return policy;
}

/** The site id: a UUID, lower-cased. */
export function parseSiteId(value: string): string {
  const problem = typeof value === 'string' ? siteIdProblem(value) : 'siteId must be a string';
  if (problem !== undefined) throw new ConfigError(`siteId ${problem}`);
  return normalizeSiteId(value);
}

/** A webhook endpoint URL: http(s), without credentials or fragment. */
export function parseWebhookUrlOption(value: string): string {
  const parsed = parseWebhookUrl(value);
  if ('problem' in parsed) throw new ConfigError(`webhook URL "${value}" ${parsed.problem}`);
  return parsed.url;
}

/** The site's URL: an http(s) URL without query, fragment or credentials; no trailing slash. */
export function parseSiteUrl(value: string): string {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (
    !url ||
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.search ||
    url.hash ||
    url.username
  ) {
    throw new ConfigError(
      `siteUrl "${value}" is not an http(s) URL without query or credentials, e.g. https://site.example`,
    );
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/** The public URL: an http(s) origin; a trailing slash is tolerated and dropped. */
export function parsePublicUrl(value: string): string {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new ConfigError(`publicUrl "${value}" is not an http(s) URL, e.g. https://auth.example.com`);
  }
  if (url.origin !== value.replace(/\/$/, '')) {
    throw new ConfigError(
      `publicUrl "${value}" must be an origin (no path, query or credentials): use ${url.origin}`,
    );
  }
  return url.origin;
}

/** Accepts exactly an http(s) origin (`scheme://host[:port]`): no path, query, fragment or credentials. */
export function parseOrigin(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`"${value}" is not a URL; expected an origin such as http://localhost:5173`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`"${value}" is not an http(s) origin`);
  }
  if (url.origin !== value) {
    throw new ConfigError(
      `"${value}" is not an origin (no path, query or trailing slash): use ${url.origin}`,
    );
  }
  return value;
}
