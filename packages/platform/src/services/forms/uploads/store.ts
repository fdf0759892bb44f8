import { sql } from 'kysely';
import type { Tx } from '../../../storage/transaction.js';
import type { Queryable } from '../schemas/store.js';
import type { FileLookup, StoredFormFile } from '../submissions/validation.js';

/**
 * SQL over form_upload_tokens (media upload URLs, stored as hashes) and form_files (the files
 * uploaded through them, which a submission of that form may then name).
 */

interface FileRow {
  file_id: string;
  form_id: string;
  url_path: string;
  filename: string;
  content_type: string;
  size_bytes: string | number;
  submission_id: string | null;
}

const FILE_COLUMNS = sql.raw(
  'file_id, form_id::text AS form_id, url_path, filename, content_type, size_bytes, submission_id::text AS submission_id',
);

const toFile = (row: FileRow): StoredFormFile => ({
  fileId: row.file_id,
  formId: row.form_id,
  urlPath: row.url_path,
  filename: row.filename,
  contentType: row.content_type,
  sizeBytes: Number(row.size_bytes),
  submissionId: row.submission_id,
});

/** The files of `formId` a submission names by id or by URL path, in one statement. */
export async function lookupFiles(
  db: Queryable,
  formId: string,
  refs: { ids: readonly string[]; paths: readonly string[] },
): Promise<FileLookup> {
  if (refs.ids.length === 0 && refs.paths.length === 0) return { byId: new Map(), byPath: new Map() };
  const { rows } = await sql<FileRow>`
    SELECT ${FILE_COLUMNS} FROM form_files
    WHERE form_id = ${formId}::uuid AND (
      file_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(refs.ids)}::jsonb))
      OR url_path IN (SELECT jsonb_array_elements_text(${JSON.stringify(refs.paths)}::jsonb)))`.execute(db);
  const files = rows.map(toFile);
  return {
    byId: new Map(files.map((file) => [file.fileId, file])),
    byPath: new Map(files.map((file) => [file.urlPath, file])),
  };
}

/** Marks files as used by a submission; returns how many were free (or already its own). */
export async function attachFiles(
  trx: Tx,
  submissionId: string,
  fileIds: readonly string[],
): Promise<number> {
  if (fileIds.length === 0) return 0;
  const result = await sql`
    UPDATE form_files SET submission_id = ${submissionId}::uuid
    WHERE file_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(fileIds)}::jsonb))
      AND (submission_id IS NULL OR submission_id = ${submissionId}::uuid)`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

/** Frees the files a submission no longer names (after an update), keeping them for the form. */
export async function detachFilesExcept(
  trx: Tx,
  submissionId: string,
  keep: readonly string[],
): Promise<void> {
  await sql`
    UPDATE form_files SET submission_id = NULL
    WHERE submission_id = ${submissionId}::uuid
      AND file_id NOT IN (SELECT jsonb_array_elements_text(${JSON.stringify(keep)}::jsonb))`.execute(trx);
}

/** The files the given submissions use. */
export async function filesOfSubmissions(
  db: Queryable,
  submissionIds: readonly string[],
): Promise<StoredFormFile[]> {
  if (submissionIds.length === 0) return [];
  const { rows } = await sql<FileRow>`
    SELECT ${FILE_COLUMNS} FROM form_files
    WHERE submission_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(submissionIds)}::jsonb)::uuid)`.execute(
    db,
  );
  return rows.map(toFile);
}

/** Forgets files (their bytes are removed from the media store once the transaction commits). */
export async function deleteFileRows(trx: Tx, fileIds: readonly string[]): Promise<void> {
  if (fileIds.length === 0) return;
  await sql`
    DELETE FROM form_files WHERE file_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(fileIds)}::jsonb))`.execute(
    trx,
  );
}

export async function insertFile(trx: Tx, file: Omit<StoredFormFile, 'submissionId'>): Promise<void> {
  await sql`
    INSERT INTO form_files (file_id, form_id, url_path, filename, content_type, size_bytes)
    VALUES (${file.fileId}, ${file.formId}::uuid, ${file.urlPath}, ${file.filename}, ${file.contentType}, ${file.sizeBytes})`.execute(
    trx,
  );
}

// ── Upload tokens ──────────────────────────────────────────────────────────────────────────────

export interface UploadGrant {
  readonly formId: string;
  readonly filename: string;
  readonly mimeType: string;
}

export async function insertUploadToken(
  db: Queryable,
  tokenHash: string,
  grant: UploadGrant,
  expiresAt: Date,
): Promise<void> {
  await sql`
    INSERT INTO form_upload_tokens (token_hash, form_id, filename, mime_type, expires_at)
    VALUES (${tokenHash}, ${grant.formId}::uuid, ${grant.filename}, ${grant.mimeType}, ${expiresAt})`.execute(
    db,
  );
}

interface TokenRow {
  form_id: string;
  filename: string;
  mime_type: string;
  expires_at: Date;
  used_at: Date | null;
}

export type TokenState = { state: 'usable'; grant: UploadGrant } | { state: 'unknown' | 'used' | 'expired' };

/** What a token allows, without using it. */
export async function readUploadToken(db: Queryable, tokenHash: string, now: Date): Promise<TokenState> {
  const { rows } = await sql<TokenRow>`
    SELECT form_id::text AS form_id, filename, mime_type, expires_at, used_at
    FROM form_upload_tokens WHERE token_hash = ${tokenHash}`.execute(db);
  const row = rows[0];
  if (row === undefined) return { state: 'unknown' };
  if (row.used_at !== null) return { state: 'used' };
  if (new Date(row.expires_at).getTime() <= now.getTime()) return { state: 'expired' };
  return { state: 'usable', grant: { formId: row.form_id, filename: row.filename, mimeType: row.mime_type } };
}

/** Uses a token (once: a second use finds it used), returning what it allowed. */
export async function claimUploadToken(
  db: Queryable,
  tokenHash: string,
  now: Date,
): Promise<UploadGrant | undefined> {
  const { rows } = await sql<TokenRow>`
    UPDATE form_upload_tokens SET used_at = ${now}
    WHERE token_hash = ${tokenHash} AND used_at IS NULL AND expires_at > ${now}
    RETURNING form_id::text AS form_id, filename, mime_type, expires_at, used_at`.execute(db);
  const row = rows[0];
  return row === undefined
    ? undefined
    : { formId: row.form_id, filename: row.filename, mimeType: row.mime_type };
}
