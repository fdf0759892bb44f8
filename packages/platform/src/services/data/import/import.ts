import { stat } from 'node:fs/promises';
import { DEFAULT_COLLECTION_PERMISSIONS } from '@atrium/contract';
import { ApiError } from '../../../errors.js';
import type { Db } from '../../../storage/database.js';
import { inTransaction, type Tx } from '../../../storage/transaction.js';
import { checkCollectionId, collectionValues, createCollectionIn } from '../collections/service.js';
import type { StoredCollection } from '../collections/store.js';
import { findCollection } from '../collections/store.js';
import { buildItem, checkItemId, type ItemRow, newItemId } from '../items/item-data.js';
import { insertItems } from '../items/store.js';
import { ownerName } from '../permissions.js';
import { formatOf, type ImportFormat, readRecords } from './records.js';

/**
 * `atrium-platform import`: items from a JSON-lines or CSV file into a collection, streamed and
 * written in batches (one multi-row statement each) inside one transaction, so that an import
 * happens entirely or not at all. Every record is checked as an insert through the API would be
 * (values, declared types, ids); a bad record stops the writing, the rest of the file is still
 * read to report up to MAX_REPORTED bad lines with their line numbers, and nothing is committed.
 */
export const MAX_REPORTED = 20;
export const DEFAULT_BATCH_SIZE = 1000;

export interface ImportOptions {
  readonly collectionId: string;
  readonly path: string;
  readonly format?: ImportFormat;
  readonly batchSize?: number;
  /** Create the collection (default permissions, no declared fields) when it does not exist. */
  readonly create?: boolean;
  readonly onProgress?: (progress: ImportProgress) => void;
}

export interface ImportProgress {
  readonly items: number;
  readonly bytes: number;
  readonly totalBytes: number;
}

export interface ImportResult {
  readonly imported: number;
  readonly seconds: number;
  readonly itemsPerSecond: number;
  readonly createdCollection: boolean;
}

export interface BadLine {
  readonly line: number;
  readonly problem: string;
}

export class ImportFailed extends Error {
  override name = 'ImportFailed';
  constructor(
    readonly badLines: readonly BadLine[],
    readonly totalBad: number,
  ) {
    super(`${totalBad} bad line${totalBad === 1 ? '' : 's'}; nothing was imported`);
  }
}

export async function importFile(db: Db, options: ImportOptions): Promise<ImportResult> {
  const format = options.format ?? formatOf(options.path);
  if (format === undefined)
    throw new Error(`cannot tell the format of ${options.path}: use --format jsonl or --format csv`);
  const totalBytes = (await stat(options.path)).size;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const started = performance.now();
  let createdCollection = false;

  const imported = await inTransaction(db, async (trx) => {
    const collection = await collectionFor(trx, options, () => {
      createdCollection = true;
    });
    const bad: BadLine[] = [];
    let totalBad = 0;
    let count = 0;
    let batch: { row: ItemRow; line: number }[] = [];
    const lineOfId = new Map<string, number>();
    const reportBad = (line: number, problem: string) => {
      totalBad += 1;
      if (bad.length < MAX_REPORTED) bad.push({ line, problem });
    };
    // While the database writes one batch, the next is read and checked: at most one in flight.
    let writing: Promise<void> = Promise.resolve();
    const write = async (entries: { row: ItemRow; line: number }[]) => {
      const inserted = await insertItems(
        trx,
        collection.id,
        entries.map((entry) => entry.row),
      );
      for (const entry of entries) {
        if (!inserted.has(entry.row.id))
          reportBad(entry.line, `an item with _id ${entry.row.id} already exists in ${collection.id}`);
      }
      count += inserted.size;
    };
    const flush = async () => {
      const entries = batch;
      batch = [];
      await writing;
      if (entries.length > 0 && totalBad === 0) {
        writing = write(entries);
        // Awaited by the next flush; until then a failure must not count as unhandled.
        writing.catch(() => undefined);
      }
    };

    const now = new Date().toISOString();
    let lastBytes = 0;
    for await (const record of readRecords(options.path, format, collection.fields)) {
      lastBytes = record.bytes;
      if (record.error !== undefined) {
        reportBad(record.line, record.error);
        continue;
      }
      try {
        const row = recordItem(collection, record.data!, now);
        const first = lineOfId.get(row.id);
        if (first !== undefined) {
          reportBad(record.line, `_id ${row.id} is also on line ${first}`);
          continue;
        }
        if (record.data!._id !== undefined) lineOfId.set(row.id, record.line);
        if (totalBad === 0) batch.push({ row, line: record.line });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        reportBad(record.line, error.message.replace(/^WDE\d{4}: /, ''));
      }
      if (batch.length >= batchSize) {
        await flush();
        options.onProgress?.({ items: count, bytes: record.bytes, totalBytes });
      }
    }
    await flush();
    await writing;
    options.onProgress?.({ items: count, bytes: lastBytes, totalBytes });
    if (totalBad > 0) throw new ImportFailed(bad, totalBad);
    return count;
  });

  const seconds = (performance.now() - started) / 1000;
  return { imported, seconds, itemsPerSecond: imported / Math.max(seconds, 1e-6), createdCollection };
}

async function collectionFor(
  trx: Tx,
  options: ImportOptions,
  created: () => void,
): Promise<StoredCollection> {
  const id = checkCollectionId(options.collectionId, '--collection');
  const existing = await findCollection(trx, id);
  if (existing !== undefined) return existing;
  if (options.create !== true) {
    throw new Error(
      `the ${id} collection does not exist: create it first (POST /wix-data/v2/collections, with its fields and permissions) or pass --create`,
    );
  }
  created();
  return createCollectionIn(
    trx,
    collectionValues({ id, permissions: { ...DEFAULT_COLLECTION_PERMISSIONS } }, undefined),
  );
}

/** A record as an insert by an elevated caller: its `_id` and `_owner` are kept when given. */
function recordItem(collection: StoredCollection, data: Record<string, unknown>, now: string): ItemRow {
  const id = data._id === undefined || data._id === null ? newItemId() : checkItemId(data._id, '_id');
  const owner = ownerName(data._owner) ?? null;
  return buildItem(collection, data, { id, owner, created: now, updated: now }, 'the item');
}
