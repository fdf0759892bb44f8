import { readFileSync } from 'node:fs';
import { type Static, Type } from 'typebox';
import { Value } from 'typebox/value';
import { assetPath } from '../../pages/pages-dir.js';

/**
 * The state archive (`atrium-platform export`, the console's Export): a gzipped tar holding
 *
 *   manifest.json          this file's Manifest
 *   tables/<table>.jsonl   one row per line, as the database returns it (store.ts rowJson)
 *   media/<id>             the media store's files, named by id as in the media directory
 *
 * Logical, not a PGlite dump: it restores into PGlite or PostgreSQL alike. Every file but the
 * manifest is listed in it with its size and SHA-256, so a truncated or edited archive is refused
 * before anything is written.
 */
export const ARCHIVE_FORMAT = 'atrium-state';
/** Raised when the layout changes so that an older Atrium could not read it. */
export const ARCHIVE_FORMAT_VERSION = 1;
export const MANIFEST_NAME = 'manifest.json';

const Digest = Type.Object({
  bytes: Type.Integer({ minimum: 0 }),
  sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
});

export const Manifest = Type.Object({
  format: Type.Literal(ARCHIVE_FORMAT),
  formatVersion: Type.Integer({ minimum: 1 }),
  atriumVersion: Type.String(),
  /** The highest migration applied to the exported database (storage/migrations). */
  schemaVersion: Type.Integer({ minimum: 0 }),
  createdAt: Type.String(),
  siteId: Type.Union([Type.String(), Type.Null()]),
  /** In the order they are imported (parents first); rows per table. */
  tables: Type.Array(
    Type.Object({
      name: Type.String({ pattern: '^[a-z_][a-z0-9_]*$' }),
      rows: Type.Integer({ minimum: 0 }),
      columns: Type.Array(Type.String()),
    }),
  ),
  media: Type.Object({ files: Type.Integer({ minimum: 0 }), bytes: Type.Integer({ minimum: 0 }) }),
  /** Every other file of the archive, by path. */
  files: Type.Record(Type.String(), Digest),
});
export type Manifest = Static<typeof Manifest>;

/** Where a table's rows are, in the archive. */
export const tablePath = (table: string): string => `tables/${table}.jsonl`;
export const mediaPath = (id: string): string => `media/${id}`;

/** A problem with the archive itself (corrupt, edited, newer): the import changes nothing. */
export class ArchiveError extends Error {
  override name = 'ArchiveError';
}

export function parseManifest(text: string): Manifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ArchiveError("the archive's manifest.json is not JSON: not an Atrium state archive");
  }
  if ((value as { format?: unknown } | null)?.format !== ARCHIVE_FORMAT)
    throw new ArchiveError('manifest.json is not an Atrium state manifest: not an Atrium state archive');
  const version = (value as { formatVersion?: unknown }).formatVersion;
  if (typeof version === 'number' && version > ARCHIVE_FORMAT_VERSION) {
    throw new ArchiveError(
      `the archive's format is version ${version}, newer than this Atrium reads (${ARCHIVE_FORMAT_VERSION}): import it with a newer @atrium/platform`,
    );
  }
  if (!Value.Check(Manifest, value)) {
    const first = [...Value.Errors(Manifest, value)][0];
    throw new ArchiveError(
      `the archive's manifest.json is malformed${first ? ` (${first.instancePath || '/'} ${first.message})` : ''}`,
    );
  }
  return value;
}

let version: string | undefined;
/** This package's version, recorded in the manifest. */
export function atriumVersion(): string {
  if (version === undefined) {
    try {
      version = String(
        (JSON.parse(readFileSync(assetPath('../package.json'), 'utf8')) as { version: unknown }).version,
      );
    } catch {
      version = 'unknown';
    }
  }
  return version;
}
