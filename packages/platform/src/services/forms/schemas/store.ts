import type { Form, FormField, FormLimitationRule, Json } from '@atrium/contract/types';
import { sql } from 'kysely';
import { pageSql } from '../../../query/index.js';
import type { Db } from '../../../storage/database.js';
import type { Tx } from '../../../storage/transaction.js';
import type { Sql } from '../query/filter.js';

/**
 * SQL over form_schemas. A form's definition is stored as it travels, without the fields that are
 * columns (id, namespace, name, enabled, revision, dates); `toWireForm` puts them back.
 */
export type Queryable = Db | Tx;

export interface StoredForm {
  readonly id: string;
  readonly namespace: string;
  readonly name: string | null;
  readonly enabled: boolean;
  /** Everything else the form said, unknown keys included; `formFields` always an array. */
  readonly definition: Json & { formFields: FormField[]; limitationRule?: FormLimitationRule };
  readonly revision: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly deletedAt: Date | null;
}

/** The revision and times every forms row carries (revision read as text). */
export interface VersionColumns {
  revision: string;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
}

interface FormRow extends VersionColumns {
  id: string;
  namespace: string;
  name: string | null;
  enabled: boolean;
  definition: unknown;
}

const COLUMNS = sql.raw(
  'id::text AS id, namespace, name, enabled, definition, revision::text AS revision, created_at, updated_at, deleted_at',
);

export const parseJson = <T>(value: unknown): T =>
  (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** A row's revision and times as the stored record has them. */
export const versionOf = (row: VersionColumns) => ({
  revision: Number(row.revision),
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
  deletedAt: row.deleted_at === null ? null : new Date(row.deleted_at),
});

function toStoredForm(row: FormRow): StoredForm {
  const definition = parseJson<Json>(row.definition);
  return {
    id: row.id,
    namespace: row.namespace,
    name: row.name,
    enabled: row.enabled,
    definition: {
      ...definition,
      formFields: Array.isArray(definition.formFields) ? definition.formFields : [],
    },
    ...versionOf(row),
  };
}

export function toWireForm(form: StoredForm): Form {
  return {
    ...form.definition,
    id: form.id,
    namespace: form.namespace,
    ...(form.name === null ? {} : { name: form.name }),
    enabled: form.enabled,
    revision: String(form.revision),
    createdDate: form.createdAt.toISOString(),
    updatedDate: form.updatedAt.toISOString(),
  };
}

export async function findForm(
  db: Queryable,
  formId: string,
  options: { includeDeleted?: boolean; forUpdate?: boolean } = {},
): Promise<StoredForm | undefined> {
  const live = options.includeDeleted ? sql`` : sql` AND deleted_at IS NULL`;
  const lock = options.forUpdate ? sql` FOR UPDATE` : sql``;
  const { rows } = await sql<FormRow>`
    SELECT ${COLUMNS} FROM form_schemas WHERE id = ${formId}::uuid${live}${lock}`.execute(db);
  return rows[0] === undefined ? undefined : toStoredForm(rows[0]);
}

export interface NewForm {
  readonly id: string;
  readonly namespace: string;
  readonly name: string | null;
  readonly enabled: boolean;
  readonly definition: Json;
  readonly now: Date;
}

/** Inserts a form unless its id is taken; returns it, or undefined when the id was taken. */
export async function insertForm(trx: Tx, form: NewForm): Promise<StoredForm | undefined> {
  const { rows } = await sql<FormRow>`
    INSERT INTO form_schemas (id, namespace, name, enabled, definition, created_at, updated_at)
    VALUES (${form.id}::uuid, ${form.namespace}, ${form.name}, ${form.enabled},
            ${JSON.stringify(form.definition)}::jsonb, ${form.now}, ${form.now})
    ON CONFLICT (id) DO NOTHING
    RETURNING ${COLUMNS}`.execute(trx);
  return rows[0] === undefined ? undefined : toStoredForm(rows[0]);
}

export async function replaceForm(
  trx: Tx,
  formId: string,
  change: { name: string | null; enabled: boolean; definition: Json; now: Date },
): Promise<StoredForm> {
  const { rows } = await sql<FormRow>`
    UPDATE form_schemas
    SET name = ${change.name}, enabled = ${change.enabled}, definition = ${JSON.stringify(change.definition)}::jsonb,
        revision = revision + 1, updated_at = ${change.now}
    WHERE id = ${formId}::uuid
    RETURNING ${COLUMNS}`.execute(trx);
  return toStoredForm(rows[0]!);
}

export async function trashForm(trx: Tx, formId: string, now: Date): Promise<boolean> {
  const result = await sql`
    UPDATE form_schemas SET deleted_at = ${now} WHERE id = ${formId}::uuid AND deleted_at IS NULL`.execute(
    trx,
  );
  return Number(result.numAffectedRows ?? 0) > 0;
}

/** Deletes a form with its submissions, upload tokens and file records; returns the file ids. */
export async function deleteFormRow(trx: Tx, formId: string): Promise<string[] | undefined> {
  const { rows: files } = await sql<{ file_id: string }>`
    SELECT file_id FROM form_files WHERE form_id = ${formId}::uuid`.execute(trx);
  const result = await sql`DELETE FROM form_schemas WHERE id = ${formId}::uuid`.execute(trx);
  if (Number(result.numAffectedRows ?? 0) === 0) return undefined;
  return files.map((file) => file.file_id);
}

/** Live form names of a namespace that start with `base` (for numbered variations of a taken name). */
export async function namesLike(db: Queryable, namespace: string, base: string): Promise<Set<string>> {
  const { rows } = await sql<{ name: string }>`
    SELECT name FROM form_schemas
    WHERE namespace = ${namespace} AND deleted_at IS NULL AND left(name, ${base.length}) = ${base}`.execute(
    db,
  );
  return new Set(rows.map((row) => row.name));
}

/** One page of live forms: `limit + 1` rows, so the caller knows whether there are more. */
export async function selectForms(
  db: Queryable,
  where: Sql,
  orderBy: Sql,
  limit: number,
  offset: number,
): Promise<StoredForm[]> {
  const select = sql`SELECT ${COLUMNS} FROM form_schemas WHERE deleted_at IS NULL AND ${where}`;
  const { rows } = await pageSql<FormRow>(select, orderBy, limit, offset).execute(db);
  return rows.map(toStoredForm);
}
