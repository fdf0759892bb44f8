import { type ParseArgsConfig, parseArgs } from 'node:util';
import type { DataIndexField, SortOrder } from '@atrium/contract/types';
import { DEFAULTS } from '../../config.js';
import { ApiError } from '../../errors.js';
import { createLogger } from '../../logger.js';
import { type DatabaseOptions, type Db, openDatabase } from '../../storage/database.js';
import { migrate } from '../../storage/migrate.js';
import { requireCollection } from './collections/service.js';
import { DEFAULT_BATCH_SIZE, ImportFailed, importFile } from './import/import.js';
import { formatDuration, progressBar } from './import/progress.js';
import type { ImportFormat } from './import/records.js';
import { createIndex, dropIndex, listIndexes } from './indexes/service.js';

/**
 * The data commands of `atrium-platform`: `import` and `index`. They open the database directly
 * (a PGlite data directory belongs to one process at a time: stop the platform first; a PostgreSQL
 * database may be shared with running platforms).
 */
const DATABASE_HELP = `  --data <dir>               PGlite data directory (default ${DEFAULTS.dataDir}); stop the platform first
  --database-url <url>       A PostgreSQL database instead of PGlite (may be in use by platforms)`;

export const IMPORT_USAGE = `Usage: atrium-platform import --collection <id> <file> [options]

Loads items from a JSON-lines (.jsonl, .ndjson) or CSV (.csv, with a header row) file into a
collection: in batches, inside one transaction, so that it happens entirely or not at all. A
progress bar (items, items/s, ETA) is drawn on stderr; the last line gives the total and items/s.

JSON lines: one item object per line, dates as {"$date": "<ISO-8601>"}, "_id" and "_owner" kept.
CSV: cells become values by the collection's declared field types (NUMBER, BOOLEAN as
true/false/yes/no/1/0, DATETIME as ISO-8601, arrays and objects as JSON); undeclared fields are
guessed (true/false, numbers, ISO date-times with a time, JSON arrays and objects, else text). An
empty cell leaves the field out; a header "a.b" fills the nested field b of a.

Each item is checked as an API insert would check it. Bad lines are reported with their line
numbers (up to 20) and nothing is written; the exit code is then 1.

Options:
  --collection <id>          The collection (required)
  --format <jsonl|csv>       The file's format (default: from its extension)
  --batch-size <n>           Items per statement (default ${DEFAULT_BATCH_SIZE})
  --create                   Create the collection if it does not exist (default permissions)
${DATABASE_HELP}
  -h, --help                 Show this help`;

export const INDEX_USAGE = `Usage: atrium-platform index --collection <id> --field <path>[:asc|desc] [options]

Declares an index on item fields (as POST /wix-data/v2/indexes does): a real expression index,
used by queries that filter or sort on those fields. Fields must be declared on the collection
with a scalar type (TEXT, NUMBER, BOOLEAN, DATETIME, …); _id, _owner, _createdDate and
_updatedDate need no declaration.

Options:
  --collection <id>          The collection (required)
  --field <path[:asc|desc]>  A field, in order (repeatable, at most 3; default order asc)
  --name <name>              The index name (default: the fields joined, e.g. author_year)
  --case-insensitive         Index text fields lower-cased (serves $startsWith, $contains, …)
  --list                     List the collection's indexes instead
  --drop <name>              Drop the named index instead
${DATABASE_HELP}
  -h, --help                 Show this help`;

export type DataCommand =
  | { readonly kind: 'help'; readonly text: string }
  | {
      readonly kind: 'import';
      readonly database: DatabaseOptions;
      readonly collectionId: string;
      readonly path: string;
      readonly format?: ImportFormat;
      readonly batchSize: number;
      readonly create: boolean;
    }
  | {
      readonly kind: 'index';
      readonly database: DatabaseOptions;
      readonly collectionId: string;
      readonly action:
        | {
            readonly kind: 'create';
            readonly name: string;
            readonly fields: DataIndexField[];
            readonly caseInsensitive: boolean;
          }
        | { readonly kind: 'list' }
        | { readonly kind: 'drop'; readonly name: string };
    };

type ParseArgsOptionsConfig = NonNullable<ParseArgsConfig['options']>;

/** A wrong command line: `message` is reported as one line, exit code 2. */
export type UsageError = (message: string) => Error;

const DATABASE_OPTIONS = {
  data: { type: 'string' },
  'database-url': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The command line of a data command: the database options and `options`, with positionals. */
const parseDataArgs = <O extends ParseArgsOptionsConfig>(
  args: readonly string[],
  usage: UsageError,
  options: O,
) =>
  guarded(usage, () =>
    parseArgs({
      args: [...args],
      options: { ...DATABASE_OPTIONS, ...options },
      strict: true,
      allowPositionals: true,
    }),
  );

export function parseImportArgs(args: readonly string[], usage: UsageError): DataCommand {
  const { values, positionals } = parseDataArgs(args, usage, {
    collection: { type: 'string' },
    format: { type: 'string' },
    'batch-size': { type: 'string' },
    create: { type: 'boolean' },
  });
  if (values.help) return { kind: 'help', text: IMPORT_USAGE };
  if (positionals.length !== 1)
    throw usage('import takes exactly one file; try atrium-platform import --help');
  const format = values.format;
  if (format !== undefined && format !== 'jsonl' && format !== 'csv')
    throw usage(`--format must be jsonl or csv, got "${format}"`);
  const batchSize = values['batch-size'] === undefined ? DEFAULT_BATCH_SIZE : Number(values['batch-size']);
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 10_000) {
    throw usage(`--batch-size must be an integer from 1 to 10000, got "${values['batch-size']}"`);
  }
  return {
    kind: 'import',
    database: databaseOf(values, usage),
    collectionId: required(values.collection, '--collection', usage),
    path: positionals[0]!,
    format,
    batchSize,
    create: values.create === true,
  };
}

export function parseIndexArgs(args: readonly string[], usage: UsageError): DataCommand {
  const { values, positionals } = parseDataArgs(args, usage, {
    collection: { type: 'string' },
    field: { type: 'string', multiple: true },
    name: { type: 'string' },
    'case-insensitive': { type: 'boolean' },
    list: { type: 'boolean' },
    drop: { type: 'string' },
  });
  if (values.help) return { kind: 'help', text: INDEX_USAGE };
  if (positionals.length > 0)
    throw usage(`unexpected argument "${positionals[0]}"; try atrium-platform index --help`);
  const base = {
    kind: 'index' as const,
    database: databaseOf(values, usage),
    collectionId: required(values.collection, '--collection', usage),
  };
  if (values.list) return { ...base, action: { kind: 'list' } };
  if (values.drop !== undefined) return { ...base, action: { kind: 'drop', name: values.drop } };
  const fields = (values.field ?? []).map((spec) => {
    const [path, order = 'asc', extra] = spec.split(':');
    if (!path || extra !== undefined || (order !== 'asc' && order !== 'desc')) {
      throw usage(`--field must be <path>, <path>:asc or <path>:desc, got "${spec}"`);
    }
    return { path, order: order.toUpperCase() as SortOrder };
  });
  if (fields.length === 0) throw usage('index needs at least one --field (or --list, or --drop)');
  return {
    ...base,
    action: {
      kind: 'create',
      name: values.name ?? fields.map((field) => field.path.replaceAll('.', '_')).join('_'),
      fields,
      caseInsensitive: values['case-insensitive'] === true,
    },
  };
}

export interface DataCommandIo {
  readonly stdout?: NodeJS.WritableStream;
  readonly stderr?: NodeJS.WritableStream;
  /** An open database to use instead of the command's (tests); it is left open. */
  readonly db?: Db;
}

type HelpCommand = { readonly kind: 'help'; readonly text: string };
const isHelp = <C>(command: C | HelpCommand): command is HelpCommand =>
  (command as { kind: string }).kind === 'help';

/** A command's output streams. */
export type CommandStreams = Required<Pick<DataCommandIo, 'stdout' | 'stderr'>>;

/**
 * Runs a command of `atrium-platform` and returns its exit code: help is printed; else `run` gets
 * io.db, or the command's database (opened here and closed after). A failure is written as
 * `atrium-platform <kind>: <message>` with the message and exit code `failure` answers (after
 * writing any detail of its own).
 */
export async function runCommand<C extends { readonly kind: string; readonly database: DatabaseOptions }>(
  command: C | HelpCommand,
  io: DataCommandIo,
  run: (db: Db, command: C, streams: CommandStreams) => Promise<number>,
  failure: (
    error: unknown,
    stderr: NodeJS.WritableStream,
  ) => { readonly message: string; readonly code: number },
): Promise<number> {
  const { stdout = process.stdout, stderr = process.stderr } = io;
  if (isHelp(command)) {
    stdout.write(`${command.text}\n`);
    return 0;
  }
  const db = io.db ?? openDatabase(command.database, createLogger('silent'));
  try {
    return await run(db, command, { stdout, stderr });
  } catch (error) {
    const { message, code } = failure(error, stderr);
    stderr.write(`atrium-platform ${command.kind}: ${message}\n`);
    return code;
  } finally {
    if (io.db === undefined) await db.destroy();
  }
}

/** Runs a data command; returns the exit code. */
export function runDataCommand(command: DataCommand, io: DataCommandIo = {}): Promise<number> {
  return runCommand(command, io, runOn, (error, stderr) => {
    if (error instanceof ImportFailed) {
      for (const bad of error.badLines) stderr.write(`line ${bad.line}: ${bad.problem}\n`);
      if (error.totalBad > error.badLines.length)
        stderr.write(`… and ${error.totalBad - error.badLines.length} more bad lines\n`);
    }
    const message =
      error instanceof ApiError ? error.message : error instanceof Error ? error.message : String(error);
    return { message, code: 1 };
  });
}

async function runOn(
  db: Db,
  command: Exclude<DataCommand, HelpCommand>,
  { stdout, stderr }: CommandStreams,
): Promise<number> {
  await migrate(db);
  if (command.kind === 'import') {
    const bar = progressBar(stderr);
    try {
      const result = await importFile(db, { ...command, onProgress: (progress) => bar.update(progress) });
      bar.done();
      if (result.createdCollection)
        stderr.write(`created the ${command.collectionId} collection (default permissions)\n`);
      stderr.write(
        `imported ${result.imported.toLocaleString('en-US')} items into ${command.collectionId} in ${formatDuration(result.seconds)} (${Math.round(result.itemsPerSecond).toLocaleString('en-US')} items/s)\n`,
      );
      return 0;
    } catch (error) {
      bar.done();
      throw error;
    }
  }
  const collection = await requireCollection(db, command.collectionId);
  const { action } = command;
  if (action.kind === 'list') {
    for (const index of await listIndexes(db, collection.id)) {
      stdout.write(
        `${index.name}: ${index.fields.map((field) => `${field.path} ${field.order}`).join(', ')}${index.caseInsensitive ? ' (case-insensitive)' : ''}\n`,
      );
    }
  } else if (action.kind === 'drop') {
    await dropIndex(db, collection.id, action.name);
    stderr.write(`dropped index ${action.name} of ${collection.id}\n`);
  } else {
    const started = performance.now();
    const index = await createIndex(db, collection, {
      name: action.name,
      fields: action.fields,
      caseInsensitive: action.caseInsensitive,
    });
    stderr.write(
      `created index ${index.name} on ${collection.id} (${index.fields.map((field) => `${field.path} ${field.order}`).join(', ')}) in ${formatDuration((performance.now() - started) / 1000)}\n`,
    );
  }
  return 0;
}

/** node:util's messages are accurate but long; the first sentence is the usage error. */
export function guarded<T>(usage: UsageError, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    const message = error instanceof Error ? error.message.split('. ')[0]! : String(error);
    throw usage(message.replace(/\.$/, ''));
  }
}

function databaseOf(values: { data?: string; 'database-url'?: string }, usage: UsageError): DatabaseOptions {
  if (values.data !== undefined && values['database-url'] !== undefined)
    throw usage('--data and --database-url exclude each other');
  const url = values['database-url'];
  if (url === undefined) return { kind: 'pglite', dataDir: values.data ?? DEFAULTS.dataDir };
  const protocol = URL.canParse(url) ? new URL(url).protocol : undefined;
  if (protocol !== 'postgres:' && protocol !== 'postgresql:')
    throw usage(`--database-url must be a postgres:// URL, got "${url}"`);
  return { kind: 'postgres', url };
}

function required(value: string | undefined, flag: string, usage: UsageError): string {
  if (value === undefined || value.trim() === '') throw usage(`${flag} is required`);
  return value;
}
