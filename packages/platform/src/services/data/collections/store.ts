import type { CollectionRole, DataCollectionField } from '@atrium/contract/types';
import { sql } from 'kysely';
import type { Db } from '../../../storage/database.js';
import type { Tx } from '../../../storage/transaction.js';

export type Action = 'read' | 'insert' | 'update' | 'remove';

/** A collection as the services use it. */
export interface StoredCollection {
  readonly id: string;
  readonly displayName: string;
  readonly fields: readonly DataCollectionField[];
  readonly permissions: Readonly<Record<Action, CollectionRole>>;
  readonly revision: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

type Row = {
  id: string;
  display_name: string;
  fields: unknown;
  permissions: unknown;
  revision: number;
  created_at: Date;
  updated_at: Date;
};

const toCollection = (row: Row): StoredCollection => ({
  id: row.id,
  displayName: row.display_name,
  fields: row.fields as DataCollectionField[],
  permissions: row.permissions as Record<Action, CollectionRole>,
  revision: Number(row.revision),
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

export async function findCollection(db: Db | Tx, id: string): Promise<StoredCollection | undefined> {
  const row = await db.selectFrom('data_collections').selectAll().where('id', '=', id).executeTakeFirst();
  return row === undefined ? undefined : toCollection(row as Row);
}

export async function listCollections(db: Db | Tx): Promise<StoredCollection[]> {
  const rows = await db.selectFrom('data_collections').selectAll().orderBy('id').execute();
  return rows.map((row) => toCollection(row as Row));
}

export interface CollectionValues {
  readonly id: string;
  readonly displayName: string;
  readonly fields: readonly DataCollectionField[];
  readonly permissions: Readonly<Record<Action, CollectionRole>>;
}

/** The definition's columns, as an insert and an update write them. */
const definitionColumns = (values: CollectionValues) => ({
  display_name: values.displayName,
  fields: JSON.stringify(values.fields),
  permissions: JSON.stringify(values.permissions),
});

/** Inserts a collection; undefined when one with that id exists. */
export async function insertCollection(
  trx: Tx,
  values: CollectionValues,
): Promise<StoredCollection | undefined> {
  const row = await trx
    .insertInto('data_collections')
    .values({ id: values.id, ...definitionColumns(values) })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .returningAll()
    .executeTakeFirst();
  return row === undefined ? undefined : toCollection(row as Row);
}

/** Replaces a collection's definition if its revision is still `revision`; undefined otherwise. */
export async function updateCollection(
  trx: Tx,
  values: CollectionValues,
  revision: number,
): Promise<StoredCollection | undefined> {
  const row = await trx
    .updateTable('data_collections')
    .set({
      ...definitionColumns(values),
      revision: revision + 1,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', values.id)
    .where('revision', '=', revision)
    .returningAll()
    .executeTakeFirst();
  return row === undefined ? undefined : toCollection(row as Row);
}

export async function deleteCollection(trx: Tx, id: string): Promise<boolean> {
  const result = await trx.deleteFrom('data_collections').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
