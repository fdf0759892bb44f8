import { join } from 'node:path';
import { type ParseArgsConfig, parseArgs } from 'node:util';

type ParseArgsOptionsConfig = NonNullable<ParseArgsConfig['options']>;

import { DEFAULTS } from '../../config.js';
import type { DatabaseOptions, Db } from '../../storage/database.js';
import { migrate } from '../../storage/migrate.js';
import {
  type CommandStreams,
  type DataCommandIo,
  guarded,
  runCommand,
  type UsageError,
} from '../data/cli.js';
import { exportState } from './export.js';
import { importState } from './import.js';
import { resetState } from './reset.js';
import { NotEmptyError, type StateSummary } from './service.js';

/**
 * `atrium-platform export <file>`, `import <file> [--replace]` and `reset --yes`: the platform's
 * whole local state (database and media files) saved to, or restored from, one archive
 * (archive.ts), or emptied. They open the database directly, as the data commands do: stop a
 * PGlite platform first (its data directory belongs to one process).
 */
const WHERE_HELP = `  --data <dir>               PGlite data directory (default ${DEFAULTS.dataDir}); stop the platform first
  --database-url <url>       A PostgreSQL database instead of PGlite
  --media-dir <dir>          The media directory (default <data>/media, or ${DEFAULTS.mediaDir} with
                             --database-url), as given to start
  -h, --help                 Show this help`;

export const EXPORT_USAGE = `Usage: atrium-platform export <file> [options]

Writes the platform's whole local state to <file>: a gzipped tar with a manifest.json, every table's
rows as JSON lines and the media files. It restores, with import, into PGlite or PostgreSQL, on this
machine or another. The database is read in one consistent snapshot.

Options:
${WHERE_HELP}`;

export const STATE_IMPORT_USAGE = `Usage: atrium-platform import <file> [--replace] [options]
       atrium-platform import --collection <id> <file> [options]   (items: see import --collection x --help)

Restores an archive made by export: every table and media file, in one transaction (on any failure
nothing is changed). A platform that holds data is refused (exit code 2) unless --replace is given;
then its data and media files are replaced by the archive's. An archive from an older Atrium is
migrated after the import (into a fresh data directory or database only); one from a newer Atrium
is refused.

Options:
  --replace                  Replace the data of a platform that is not empty
${WHERE_HELP}`;

export const RESET_USAGE = `Usage: atrium-platform reset --yes [options]

Deletes every row and media file: the next start is a first start (a new site id, keys, and the
seed). Nothing is asked; without --yes it refuses (exit code 2).

Options:
  --yes                      Confirm: delete the platform's data
${WHERE_HELP}`;

export type StateCommand =
  | { readonly kind: 'help'; readonly text: string }
  | {
      readonly kind: 'export' | 'import' | 'reset';
      readonly database: DatabaseOptions;
      readonly mediaDir: string;
      readonly file?: string;
      readonly replace?: boolean;
      readonly yes?: boolean;
    };

const OPTIONS = {
  data: { type: 'string' },
  'database-url': { type: 'string' },
  'media-dir': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Whether `import`'s arguments are the items import's (`--collection`) rather than an archive's. */
export const isCollectionImport = (args: readonly string[]): boolean =>
  args.some((arg) => arg === '--collection' || arg.startsWith('--collection='));

export function parseStateArgs(
  kind: 'export' | 'import' | 'reset',
  args: readonly string[],
  usage: UsageError,
): StateCommand {
  const extra: ParseArgsOptionsConfig =
    kind === 'import'
      ? { replace: { type: 'boolean' } }
      : kind === 'reset'
        ? { yes: { type: 'boolean' } }
        : {};
  const parsed = guarded(usage, () =>
    parseArgs({
      args: [...args],
      options: { ...OPTIONS, ...extra },
      strict: true,
      allowPositionals: kind !== 'reset',
    }),
  );
  const values = parsed.values as Record<string, string | boolean | undefined>;
  const { positionals } = parsed;
  if (values.help) {
    const text = kind === 'export' ? EXPORT_USAGE : kind === 'import' ? STATE_IMPORT_USAGE : RESET_USAGE;
    return { kind: 'help', text };
  }
  const data = values.data as string | undefined;
  const url = values['database-url'] as string | undefined;
  if (data !== undefined && url !== undefined) throw usage('--data and --database-url exclude each other');
  if (url !== undefined) {
    const protocol = URL.canParse(url) ? new URL(url).protocol : undefined;
    if (protocol !== 'postgres:' && protocol !== 'postgresql:')
      throw usage(`--database-url must be a postgres:// URL, got "${url}"`);
  }
  const database: DatabaseOptions =
    url === undefined ? { kind: 'pglite', dataDir: data ?? DEFAULTS.dataDir } : { kind: 'postgres', url };
  const mediaDirFlag = values['media-dir'] as string | undefined;
  if (mediaDirFlag !== undefined && mediaDirFlag.trim() === '') throw usage('--media-dir must not be empty');
  const mediaDir =
    mediaDirFlag ?? (database.kind === 'pglite' ? join(database.dataDir!, 'media') : DEFAULTS.mediaDir);
  if (kind === 'reset') {
    if (!values.yes)
      throw usage('reset deletes every row and media file of the platform; give --yes to confirm');
    return { kind, database, mediaDir, yes: true };
  }
  if (positionals.length !== 1)
    throw usage(`${kind} takes exactly one archive file; try atrium-platform ${kind} --help`);
  return {
    kind,
    database,
    mediaDir,
    file: positionals[0]!,
    ...(kind === 'import' ? { replace: values.replace === true } : {}),
  };
}

/** The streams and database of a state command, as of a data command. */
export type StateCommandIo = DataCommandIo;

/** Runs the command; returns the exit code (2: a platform with data refused an import). */
export function runStateCommand(command: StateCommand, io: StateCommandIo = {}): Promise<number> {
  return runCommand(command, io, runOn, (error) => ({
    message: error instanceof Error ? error.message : String(error),
    code: error instanceof NotEmptyError ? 2 : 1,
  }));
}

async function runOn(
  db: Db,
  command: Exclude<StateCommand, { readonly kind: 'help' }>,
  { stderr }: CommandStreams,
): Promise<number> {
  const progress = (line: string) => stderr.write(`${line}\n`);
  if (command.kind === 'export') {
    await migrate(db);
    const summary = await exportState(db, command.mediaDir, command.file!, progress);
    stderr.write(`exported ${describe(summary)} to ${command.file}\n`);
  } else if (command.kind === 'import') {
    // Not migrated first: an archive of an older schema is loaded into a database at its version.
    const summary = await importState(db, command.mediaDir, command.file!, {
      replace: command.replace === true,
      progress,
    });
    stderr.write(`imported ${describe(summary)} from ${command.file}\n`);
  } else {
    await migrate(db);
    const { rows, mediaFiles } = await resetState(db, command.mediaDir);
    stderr.write(
      `reset: deleted ${rows} rows and ${mediaFiles} media files; the next start is a first start\n`,
    );
  }
  return 0;
}

/** "12 tables, 3,401 rows, 24 media files (5.1 MB), archive 2.3 MB in 1.4 s" */
export function describe(summary: StateSummary): string {
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${summary.tables} tables, ${summary.rows.toLocaleString('en-US')} rows, ${summary.mediaFiles} media files (${mb(summary.mediaBytes)}), archive ${mb(summary.archiveBytes)} in ${summary.seconds.toFixed(1)} s`;
}
