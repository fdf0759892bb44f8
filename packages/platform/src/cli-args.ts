import { parseArgs } from 'node:util';
import { CAPTCHA_TEST_TOKENS, REGISTRATION_POLICIES } from '@atrium/contract';
import {
  ConfigError,
  DEFAULTS,
  type PlatformOptions,
  parseOrigin,
  parsePublicUrl,
  parseSiteId,
  parseSiteUrl,
  parseWebhookUrlOption,
  SEED_NAMES,
} from './config.js';
import { LOG_LEVELS } from './logger.js';
import { type DataCommand, parseImportArgs, parseIndexArgs } from './services/data/cli.js';
import { DEFAULT_REQUEST_LOG_SIZE, MAX_REQUEST_LOG_SIZE } from './services/logs/service.js';
import { isCollectionImport, parseStateArgs, type StateCommand } from './services/state/cli.js';
import { DEFAULT_POOL_SIZE, MAX_POOL_SIZE } from './storage/database.js';

const START_OPTIONS_HELP = `  --port <n>                 TCP port; 0 picks a free one (default ${DEFAULTS.port})
  --host <addr>              Interface to listen on (default ${DEFAULTS.host})
  --data <dir>               PGlite data directory, created if missing (default ${DEFAULTS.dataDir})
  --database-url <url>       Use this PostgreSQL database instead of PGlite
  --database-pool-size <n>   Connections this process keeps to PostgreSQL at most (default
                             ${DEFAULT_POOL_SIZE}; needs --database-url)
  --media-dir <dir>          Where media files (gallery images, uploads) are kept (default
                             <data>/media, or ${DEFAULTS.mediaDir} with --database-url)
  --seed <demo|none>         Add demo content once (default ${DEFAULTS.seed})
  --client-id <id>           Register (or update) a public OAuth client with this id
  --redirect-origin <origin> An origin the client may redirect to, e.g. http://localhost:5173
                             (repeatable; replaces the client's earlier origins; needs --client-id)
  --api-key <key>            An elevated API key for the site (repeatable)
  --dev-api-key              Keep one development API key in <data>/dev-api-key (mode 0600): made on
                             the first start, reused after, replaced if revoked (needs --data)
  --log-level <level>        silent, error, warn, info or debug (default ${DEFAULTS.logLevel})
  --registration <policy>    What a new member's registration leads to: open (signed in at once),
                             approval (the owner approves first) or verify-email (a 6-digit code is
                             mailed; see /_dev/mailbox?to=ADDRESS). Given, it overrides the policy
                             set in the console (logged); omitted, the stored policy stays
                             (verify-email on a new site).
  --captcha <off|on>         Require a captcha token on register and login; overrides the stored
                             policy as --registration does (off on a new site). The local
                             platform has no captcha provider: the token "${CAPTCHA_TEST_TOKENS.pass}"
                             passes, "${CAPTCHA_TEST_TOKENS.fail}" (or any other) fails.
  --public-url <url>         The platform's public origin, the base of links in e-mails and of
                             redirect session URLs (default: the listening address http://HOST:PORT)
  --site-url <url>           The site's URL, the base of blog post URLs (default: the public URL)
  --site-id <uuid>           The site's id, reported in token info, access tokens and webhooks
                             (default: a UUID made once per database and kept). Given, it replaces
                             the stored id
  --dev-mailbox              Serve the development mailbox (/_dev/mailbox, /_hosted/mailbox) with
                             --database-url too (it is on by default with PGlite only)
  --webhook-url <url>        Deliver every event (e.g. wix.blog.v3.post_created) to this http(s) URL
                             as a POST whose body is a JWT signed with RS256 (repeatable; the
                             public key: GET /_api/atrium-admin/v1/webhook-public-key). Replaces
                             the URLs given at an earlier start; more with the admin API
  --request-log-size <n>     Requests the request log keeps, the newest (default
                             ${DEFAULT_REQUEST_LOG_SIZE}; 0 records none). In the console: Requests
  -h, --help                 Show this help`;

export const USAGE = `Usage: atrium-platform <command> [options]

The Atrium local platform: a real server speaking the hosted platform's HTTP API.

Commands:
  start        Start the platform
  export       Save the whole local state (database and media files) to one archive (see export --help)
  import       Restore such an archive (see import --help); with --collection, load items into a
               data collection from a JSON-lines or CSV file (see import --collection x --help)
  reset        Delete every row and media file: the next start is a first start (see reset --help)
  index        Declare, list or drop indexes of a data collection (see index --help)

Options of start:
${START_OPTIONS_HELP}`;

export const START_USAGE = `Usage: atrium-platform start [options]

Options:
${START_OPTIONS_HELP}

Prints "listening on http://HOST:PORT" once it accepts requests; SIGINT or SIGTERM stops it.`;

export type CliCommand =
  | { readonly kind: 'help'; readonly text: string }
  | { readonly kind: 'start'; readonly options: PlatformOptions }
  | { readonly kind: 'data'; readonly command: DataCommand }
  | { readonly kind: 'state'; readonly command: StateCommand };

/** A wrong command line: reported as one line, exit code 2. */
export class CliUsageError extends Error {
  override name = 'CliUsageError';
}

const START_OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  data: { type: 'string' },
  'database-url': { type: 'string' },
  'database-pool-size': { type: 'string' },
  'media-dir': { type: 'string' },
  seed: { type: 'string' },
  'client-id': { type: 'string' },
  'redirect-origin': { type: 'string', multiple: true },
  'api-key': { type: 'string', multiple: true },
  'dev-api-key': { type: 'boolean' },
  'log-level': { type: 'string' },
  registration: { type: 'string' },
  captcha: { type: 'string' },
  'public-url': { type: 'string' },
  'site-url': { type: 'string' },
  'site-id': { type: 'string' },
  'dev-mailbox': { type: 'boolean' },
  'webhook-url': { type: 'string', multiple: true },
  'request-log-size': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export function parseCliArgs(argv: readonly string[]): CliCommand {
  const [command, ...rest] = argv;
  if (command === undefined) throw new CliUsageError('missing command; try atrium-platform --help');
  if (command === '--help' || command === '-h' || command === 'help') return { kind: 'help', text: USAGE };
  const usage = (message: string) => new CliUsageError(message);
  if (command === 'import' && isCollectionImport(rest))
    return { kind: 'data', command: parseImportArgs(rest, usage) };
  if (command === 'export' || command === 'import' || command === 'reset')
    return { kind: 'state', command: parseStateArgs(command, rest, usage) };
  if (command === 'index') return { kind: 'data', command: parseIndexArgs(rest, usage) };
  if (command !== 'start')
    throw new CliUsageError(`unknown command "${command}"; try atrium-platform --help`);

  const values = parseStartArgs(rest);
  if (values.help) return { kind: 'help', text: START_USAGE };
  if (values.data !== undefined && values['database-url'] !== undefined) {
    throw new CliUsageError('--data and --database-url exclude each other');
  }
  if (values['database-pool-size'] !== undefined && values['database-url'] === undefined) {
    throw new CliUsageError('--database-pool-size needs --database-url (PGlite has one connection)');
  }
  if (values['dev-api-key'] && values['database-url'] !== undefined) {
    throw new CliUsageError('--dev-api-key needs a PGlite data directory (--data), not --database-url');
  }
  const origins = values['redirect-origin'] ?? [];
  const clientId = values['client-id'];
  if (origins.length > 0 && clientId === undefined)
    throw new CliUsageError('--redirect-origin needs --client-id');
  return {
    kind: 'start',
    options: {
      port: values.port === undefined ? DEFAULTS.port : parsePort(values.port),
      host: values.host ?? DEFAULTS.host,
      database:
        values['database-url'] === undefined
          ? { kind: 'pglite', dataDir: values.data ?? DEFAULTS.dataDir }
          : {
              kind: 'postgres',
              url: parseDatabaseUrl(values['database-url']),
              ...(values['database-pool-size'] === undefined
                ? {}
                : { poolSize: parsePoolSize(values['database-pool-size']) }),
            },
      seed: oneOf('--seed', values.seed ?? DEFAULTS.seed, SEED_NAMES),
      clients:
        clientId === undefined
          ? []
          : [{ id: nonEmpty('--client-id', clientId), redirectOrigins: origins.map(parseRedirectOrigin) }],
      apiKeys: (values['api-key'] ?? []).map((key) => nonEmpty('--api-key', key)),
      logLevel: oneOf('--log-level', values['log-level'] ?? DEFAULTS.logLevel, LOG_LEVELS),
      // Only when given: else the stored site policy (maybe set in the console) stays.
      ...(values.registration === undefined
        ? {}
        : { registration: oneOf('--registration', values.registration, REGISTRATION_POLICIES) }),
      ...(values.captcha === undefined
        ? {}
        : { captcha: oneOf('--captcha', values.captcha, ['off', 'on'] as const) === 'on' }),
      ...(values['dev-api-key'] ? { devApiKey: true } : {}),
      mediaDir:
        values['media-dir'] === undefined
          ? values['database-url'] === undefined
            ? undefined
            : DEFAULTS.mediaDir
          : nonEmpty('--media-dir', values['media-dir']),
      ...(values['public-url'] === undefined ? {} : { publicUrl: parsePublicUrlFlag(values['public-url']) }),
      ...(values['site-url'] === undefined ? {} : { siteUrl: parseSiteUrlFlag(values['site-url']) }),
      ...(values['site-id'] === undefined ? {} : { siteId: parseSiteIdFlag(values['site-id']) }),
      ...(values['dev-mailbox'] ? { devMailbox: true } : {}),
      ...(values['webhook-url'] === undefined
        ? {}
        : { webhookUrls: values['webhook-url'].map(parseWebhookUrlFlag) }),
      ...(values['request-log-size'] === undefined
        ? {}
        : { requestLogSize: parseRequestLogSize(values['request-log-size']) }),
    },
  };
}

function parseStartArgs(args: string[]) {
  try {
    return parseArgs({ args, options: START_OPTIONS, strict: true, allowPositionals: false }).values;
  } catch (error) {
    // node:util's messages are accurate but long; keep their first sentence.
    const message = error instanceof Error ? error.message.split('. ')[0]! : String(error);
    throw new CliUsageError(message.replace(/\.$/, ''));
  }
}

function parsePort(value: string): number {
  const port = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!(port >= 0 && port <= 65_535))
    throw new CliUsageError(`--port must be a number from 0 to 65535, got "${value}"`);
  return port;
}

function parseDatabaseUrl(value: string): string {
  const protocol = URL.canParse(value) ? new URL(value).protocol : undefined;
  if (protocol !== 'postgres:' && protocol !== 'postgresql:') {
    throw new CliUsageError(`--database-url must be a postgres:// URL, got "${value}"`);
  }
  return value;
}

function parsePoolSize(value: string): number {
  const size = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!(size >= 1 && size <= MAX_POOL_SIZE)) {
    throw new CliUsageError(
      `--database-pool-size must be a number from 1 to ${MAX_POOL_SIZE}, got "${value}"`,
    );
  }
  return size;
}

function parseRequestLogSize(value: string): number {
  const size = /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
  if (!(size >= 0 && size <= MAX_REQUEST_LOG_SIZE)) {
    throw new CliUsageError(
      `--request-log-size must be a number from 0 to ${MAX_REQUEST_LOG_SIZE}, got "${value}"`,
    );
  }
  return size;
}

function oneOf<T extends string>(flag: string, value: string, allowed: readonly T[]): T {
  const match = allowed.find((candidate) => candidate === value);
  if (match === undefined)
    throw new CliUsageError(`${flag} must be one of ${allowed.join(', ')}, got "${value}"`);
  return match;
}

/** A config parser read from a flag: its ConfigError becomes a usage error naming the flag. */
function configFlag(flag: string, parse: (value: string) => string): (value: string) => string {
  return (value) => {
    try {
      return parse(value);
    } catch (error) {
      if (error instanceof ConfigError) throw new CliUsageError(`invalid ${flag}: ${error.message}`);
      throw error;
    }
  };
}

const parseRedirectOrigin = configFlag('--redirect-origin', parseOrigin);
const parseSiteUrlFlag = configFlag('--site-url', parseSiteUrl);
const parseSiteIdFlag = configFlag('--site-id', parseSiteId);
const parsePublicUrlFlag = configFlag('--public-url', parsePublicUrl);
const parseWebhookUrlFlag = configFlag('--webhook-url', parseWebhookUrlOption);

function nonEmpty(flag: string, value: string): string {
  if (value.trim() === '') throw new CliUsageError(`${flag} must not be empty`);
  return value;
}
