import type { FormSubmission, SubmissionStatus, Submitter } from '@atrium/contract/types';
import { sql } from 'kysely';
import { pageSql } from '../../../query/index.js';
import type { Tx } from '../../../storage/transaction.js';
import type { Sql } from '../query/filter.js';
import { parseJson, type Queryable, type VersionColumns, versionOf } from '../schemas/store.js';

/**
 * SQL over form_submissions. A submission in the trash bin has `deleted_at` set; every read says
 * whether it wants live or trashed ones. Tag lists travel as JSON, so no driver's array handling
 * is involved.
 */
export interface StoredSubmission {
  readonly id: string;
  readonly formId: string;
  readonly namespace: string;
  readonly status: SubmissionStatus;
  readonly submissions: Record<string, unknown>;
  readonly submitter: Submitter;
  readonly submitterMemberId: string | null;
  readonly seen: boolean;
  readonly extendedFields: Record<string, Record<string, unknown>>;
  readonly tagIds: string[];
  readonly contactId: string | null;
  readonly revision: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly deletedAt: Date | null;
}

interface SubmissionRow extends VersionColumns {
  id: string;
  form_id: string;
  namespace: string;
  status: SubmissionStatus;
  submissions: unknown;
  submitter: unknown;
  submitter_member_id: string | null;
  seen: boolean;
  extended_fields: unknown;
  tag_ids: unknown;
  contact_id: string | null;
}

/** Submission columns, for `SELECT ${SUBMISSION_COLUMNS} FROM form_submissions s`. */
export const SUBMISSION_COLUMNS = sql.raw(
  's.id::text AS id, s.form_id::text AS form_id, s.namespace, s.status, s.submissions, s.submitter, ' +
    's.submitter_member_id::text AS submitter_member_id, s.seen, s.extended_fields, to_jsonb(s.tag_ids) AS tag_ids, ' +
    's.contact_id::text AS contact_id, s.revision::text AS revision, s.created_at, s.updated_at, s.deleted_at',
);
const RETURNING = sql.raw(
  'id::text AS id, form_id::text AS form_id, namespace, status, submissions, submitter, ' +
    'submitter_member_id::text AS submitter_member_id, seen, extended_fields, to_jsonb(tag_ids) AS tag_ids, ' +
    'contact_id::text AS contact_id, revision::text AS revision, created_at, updated_at, deleted_at',
);

function toStoredSubmission(row: SubmissionRow): StoredSubmission {
  return {
    id: row.id,
    formId: row.form_id,
    namespace: row.namespace,
    status: row.status,
    submissions: parseJson(row.submissions),
    submitter: parseJson(row.submitter),
    submitterMemberId: row.submitter_member_id,
    seen: row.seen,
    extendedFields: parseJson(row.extended_fields),
    tagIds: parseJson(row.tag_ids),
    contactId: row.contact_id,
    ...versionOf(row),
  };
}

export function toWireSubmission(submission: StoredSubmission): FormSubmission {
  return {
    id: submission.id,
    formId: submission.formId,
    namespace: submission.namespace,
    status: submission.status,
    submissions: submission.submissions,
    createdDate: submission.createdAt.toISOString(),
    updatedDate: submission.updatedAt.toISOString(),
    revision: String(submission.revision),
    submitter: submission.submitter,
    seen: submission.seen,
    extendedFields: { namespaces: submission.extendedFields },
    ...(submission.contactId === null ? {} : { contactId: submission.contactId }),
    tags: { tags: { tagIds: submission.tagIds } },
  };
}

export type Bin = 'live' | 'trash';
const inBin = (bin: Bin) =>
  bin === 'live' ? sql.raw('s.deleted_at IS NULL') : sql.raw('s.deleted_at IS NOT NULL');

export async function findSubmission(
  db: Queryable,
  id: string,
  bin: Bin,
  forUpdate = false,
): Promise<StoredSubmission | undefined> {
  const lock = forUpdate ? sql` FOR UPDATE` : sql``;
  const { rows } = await sql<SubmissionRow>`
    SELECT ${SUBMISSION_COLUMNS} FROM form_submissions s
    WHERE s.id = ${id}::uuid AND ${inBin(bin)}${lock}`.execute(db);
  return rows[0] === undefined ? undefined : toStoredSubmission(rows[0]);
}

/** The submissions with these ids (GUIDs only) in one bin, locked when `forUpdate`. */
export async function findSubmissions(
  db: Queryable,
  ids: readonly string[],
  bin: Bin,
  forUpdate = false,
): Promise<Map<string, StoredSubmission>> {
  if (ids.length === 0) return new Map();
  const lock = forUpdate ? sql` FOR UPDATE` : sql``;
  const { rows } = await sql<SubmissionRow>`
    SELECT ${SUBMISSION_COLUMNS} FROM form_submissions s
    WHERE s.id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid) AND ${inBin(bin)}${lock}`.execute(
    db,
  );
  return new Map(rows.map((row) => [row.id, toStoredSubmission(row)]));
}

/** A submission to insert: what the submitter sent and who they are, at `now`. */
export type NewSubmission = Pick<
  StoredSubmission,
  'id' | 'formId' | 'namespace' | 'status' | 'submissions' | 'submitter' | 'submitterMemberId'
> & { readonly now: Date };

export async function insertSubmission(trx: Tx, submission: NewSubmission): Promise<StoredSubmission> {
  const { rows } = await sql<SubmissionRow>`
    INSERT INTO form_submissions
      (id, form_id, namespace, status, submissions, submitter, submitter_member_id, created_at, updated_at)
    VALUES (${submission.id}::uuid, ${submission.formId}::uuid, ${submission.namespace}, ${submission.status},
            ${JSON.stringify(submission.submissions)}::jsonb, ${JSON.stringify(submission.submitter)}::jsonb,
            ${submission.submitterMemberId}::uuid, ${submission.now}, ${submission.now})
    RETURNING ${RETURNING}`.execute(trx);
  return toStoredSubmission(rows[0]!);
}

export interface SubmissionChange {
  readonly status?: SubmissionStatus;
  readonly submissions?: Record<string, unknown>;
  readonly seen?: boolean;
  readonly extendedFields?: Record<string, Record<string, unknown>>;
  readonly tagIds?: readonly string[];
  readonly contactId?: string;
  /** null: restore from the trash bin; a date: move to it. */
  readonly deletedAt?: Date | null;
}

/** Applies a change and bumps the revision (every change does); undefined when the row is gone. */
export async function changeSubmission(
  trx: Tx,
  id: string,
  change: SubmissionChange,
  now: Date,
): Promise<StoredSubmission | undefined> {
  const sets: Sql[] = [sql`revision = revision + 1`, sql`updated_at = ${now}`];
  if (change.status !== undefined) sets.push(sql`status = ${change.status}`);
  if (change.submissions !== undefined)
    sets.push(sql`submissions = ${JSON.stringify(change.submissions)}::jsonb`);
  if (change.seen !== undefined) sets.push(sql`seen = ${change.seen}`);
  if (change.extendedFields !== undefined) {
    sets.push(sql`extended_fields = ${JSON.stringify(change.extendedFields)}::jsonb`);
  }
  if (change.tagIds !== undefined) {
    sets.push(
      sql`tag_ids = ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(change.tagIds)}::jsonb))`,
    );
  }
  if (change.contactId !== undefined) sets.push(sql`contact_id = ${change.contactId}::uuid`);
  if (change.deletedAt !== undefined) sets.push(sql`deleted_at = ${change.deletedAt}`);
  const { rows } = await sql<SubmissionRow>`
    UPDATE form_submissions SET ${sql.join(sets)} WHERE id = ${id}::uuid RETURNING ${RETURNING}`.execute(trx);
  return rows[0] === undefined ? undefined : toStoredSubmission(rows[0]);
}

/** Deletes submissions for good; returns the ids deleted. */
export async function deleteSubmissionRows(trx: Tx, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await sql<{ id: string }>`
    DELETE FROM form_submissions
    WHERE id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)
    RETURNING id::text AS id`.execute(trx);
  return new Set(rows.map((row) => row.id));
}

/** One page of submissions matching `where` (over alias `s`): `limit + 1` rows. */
export async function selectSubmissions(
  db: Queryable,
  where: Sql,
  orderBy: Sql,
  limit: number,
  offset: number,
): Promise<StoredSubmission[]> {
  const select = sql`SELECT ${SUBMISSION_COLUMNS} FROM form_submissions s WHERE ${where}`;
  const { rows } = await pageSql<SubmissionRow>(select, orderBy, limit, offset).execute(db);
  return rows.map(toStoredSubmission);
}

/** The ids of the submissions matching `where`, for bulk calls by filter (capped at `limit`). */
export async function selectSubmissionIds(db: Queryable, where: Sql, limit: number): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    SELECT s.id::text AS id FROM form_submissions s WHERE ${where} ORDER BY s.created_at, s.id LIMIT ${limit}`.execute(
    db,
  );
  return rows.map((row) => row.id);
}

/** Total and unseen counts per form of the submissions matching `where`. */
export async function countByForm(
  db: Queryable,
  where: Sql,
): Promise<Map<string, { totalCount: number; unseenCount: number }>> {
  const { rows } = await sql<{ form_id: string; total: string | number; unseen: string | number }>`
    SELECT s.form_id::text AS form_id, count(*) AS total, count(*) FILTER (WHERE NOT s.seen) AS unseen
    FROM form_submissions s WHERE ${where} GROUP BY s.form_id`.execute(db);
  return new Map(
    rows.map((row) => [row.form_id, { totalCount: Number(row.total), unseenCount: Number(row.unseen) }]),
  );
}

/** How many live submissions a form has, in all or by one submitter (limitation rules). */
export async function countLive(
  db: Queryable,
  formId: string,
  by?: { readonly key: keyof Submitter; readonly value: string },
): Promise<number> {
  const bySubmitter = by === undefined ? sql`` : sql` AND submitter ->> ${by.key} = ${by.value}`;
  const { rows } = await sql<{ total: string | number }>`
    SELECT count(*) AS total FROM form_submissions
    WHERE form_id = ${formId}::uuid AND deleted_at IS NULL${bySubmitter}`.execute(db);
  return Number(rows[0]?.total ?? 0);
}
