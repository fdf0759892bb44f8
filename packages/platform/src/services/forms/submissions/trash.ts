import {
  FORMS_ERROR_CODES,
  FORMS_LIMITS,
  ListDeletedSubmissionsRequest as ListDeletedSchema,
} from '@atrium/contract';
import type {
  BulkDeleteSubmissionRequest,
  BulkRemoveSubmissionFromTrashBinRequest,
  CountSubmissionsRequest,
  FormsDeletedSubmissionsCountResponse,
  ListDeletedSubmissionsRequest,
  ListDeletedSubmissionsResponse,
  SubmissionBulkActionMetadata,
  SubmissionBulkItemResult,
} from '@atrium/contract/types';
import { sql } from 'kysely';
import { requireElevated } from '../../../http/callers.js';
import type { Caller } from '../../../oauth/caller.js';
import { inTransaction, type Tx } from '../../../storage/transaction.js';
import { bulkAnswer } from '../../bulk-answer.js';
import { type FormsContext, removeMediaFiles } from '../context.js';
import { formsError, invalidRequest, refuseCaller, submissionNotFound } from '../errors.js';
import { isUuid } from '../ids.js';
import { and } from '../query/filter.js';
import { pageMetadata, resolvePage } from '../query/paging.js';
import { deleteFileRows, filesOfSubmissions } from '../uploads/store.js';
import {
  type Bin,
  changeSubmission,
  countByForm,
  deleteSubmissionRows,
  findSubmission,
  findSubmissions,
  type StoredSubmission,
  selectSubmissionIds,
  selectSubmissions,
  toWireSubmission,
} from './store.js';

/**
 * Deleting submissions (docs/wire.md §8): to the trash bin by default, whence they can be restored,
 * listed and counted; for good with `permanent` (or by removing them from the trash), taking their
 * uploaded files along unless `preserveFiles`. Elevated callers only.
 */

/** Deletes submissions for good inside `trx`; returns the media files to remove after commit. */
async function purge(trx: Tx, ids: readonly string[], preserveFiles: boolean): Promise<string[]> {
  const files = preserveFiles ? [] : (await filesOfSubmissions(trx, ids)).map((file) => file.fileId);
  await deleteSubmissionRows(trx, ids);
  await deleteFileRows(trx, files);
  return files;
}

/** What a bin is called in answers: `submissions` (live) or `trash bin`. */
const BIN_NAMES: Record<Bin, string> = { live: 'submissions', trash: 'trash bin' };

/** The submission in `bin`, locked inside `trx`; 404 when it is not there. */
async function lockedSubmission(trx: Tx, submissionId: string, bin: Bin): Promise<StoredSubmission> {
  const current = isUuid(submissionId) ? await findSubmission(trx, submissionId, bin, true) : undefined;
  if (current === undefined) throw submissionNotFound(submissionId, BIN_NAMES[bin]);
  return current;
}

/** Runs `change` in one transaction, then removes the media files it purged (after commit). */
async function withFileRemoval<T>(
  ctx: FormsContext,
  change: (trx: Tx) => Promise<{ answer: T; files: string[] }>,
): Promise<T> {
  const { answer, files } = await inTransaction(ctx.db, change);
  await removeMediaFiles(ctx, files);
  return answer;
}

export async function deleteSubmission(
  ctx: FormsContext,
  caller: Caller,
  submissionId: string,
  options: { permanent?: boolean; preserveFiles?: boolean },
  now = new Date(),
): Promise<void> {
  requireElevated(caller, 'deleting a submission', refuseCaller);
  await withFileRemoval(ctx, async (trx) => {
    await lockedSubmission(trx, submissionId, 'live');
    if (options.permanent === true) {
      return { answer: undefined, files: await purge(trx, [submissionId], options.preserveFiles === true) };
    }
    await changeSubmission(trx, submissionId, { deletedAt: now }, now);
    return { answer: undefined, files: [] };
  });
}

export async function restoreSubmission(
  ctx: FormsContext,
  caller: Caller,
  submissionId: string,
  now = new Date(),
) {
  requireElevated(caller, 'restoring a submission', refuseCaller);
  return inTransaction(ctx.db, async (trx) => {
    await lockedSubmission(trx, submissionId, 'trash');
    const restored = await changeSubmission(trx, submissionId, { deletedAt: null }, now);
    return { submission: toWireSubmission(restored!) };
  });
}

export async function getDeletedSubmission(ctx: FormsContext, caller: Caller, submissionId: string) {
  requireElevated(caller, 'reading the trash bin', refuseCaller);
  const found = isUuid(submissionId) ? await findSubmission(ctx.db, submissionId, 'trash') : undefined;
  if (found === undefined) throw submissionNotFound(submissionId, 'trash bin');
  return { submission: toWireSubmission(found) };
}

export async function removeFromTrashBin(
  ctx: FormsContext,
  caller: Caller,
  submissionId: string,
): Promise<void> {
  requireElevated(caller, 'removing a submission from the trash bin', refuseCaller);
  await withFileRemoval(ctx, async (trx) => {
    await lockedSubmission(trx, submissionId, 'trash');
    return { answer: undefined, files: await purge(trx, [submissionId], false) };
  });
}

interface BulkOutcome {
  results: SubmissionBulkItemResult[];
  bulkActionMetadata: SubmissionBulkActionMetadata;
}

/** Per-id results in request order: the ids found in `bin` of the form succeed, the others fail. */
function bulkOutcome(ids: readonly string[], found: ReadonlySet<string>, bin: Bin): BulkOutcome {
  const results = ids.map((id, originalIndex): SubmissionBulkItemResult => {
    const success = found.has(id);
    return {
      itemMetadata: {
        id,
        originalIndex,
        success,
        ...(success
          ? {}
          : {
              error: {
                code: FORMS_ERROR_CODES.submissionNotFound,
                description: `No ${BIN_NAMES[bin]} entry with id ${id} in this form.`,
                data: { submissionId: id },
              },
            }),
      },
    };
  });
  return bulkAnswer(results);
}

/** The ids a bulk call names (at most FORMS_LIMITS.maxBulkIds), or every submission of the form in `bin`. */
async function bulkTargets(
  trx: Tx,
  formId: string,
  ids: readonly string[] | undefined,
  bin: Bin,
): Promise<{ ids: string[]; found: Set<string> }> {
  if (ids !== undefined && ids.length > FORMS_LIMITS.maxBulkIds) {
    throw formsError(
      400,
      FORMS_ERROR_CODES.tooManyIds,
      `submissionIds may list at most ${FORMS_LIMITS.maxBulkIds} ids`,
    );
  }
  if (ids === undefined || ids.length === 0) {
    if (!isUuid(formId)) return { ids: [], found: new Set() };
    const deleted = bin === 'live' ? sql`s.deleted_at IS NULL` : sql`s.deleted_at IS NOT NULL`;
    const all = await selectSubmissionIds(trx, and([sql`s.form_id = ${formId}::uuid`, deleted]), 10_000);
    return { ids: all, found: new Set(all) };
  }
  const stored = await findSubmissions(trx, ids.filter(isUuid), bin, true);
  const found = new Set([...stored.values()].filter((s) => s.formId === formId).map((s) => s.id));
  return { ids: [...ids], found };
}

/**
 * A bulk call on a form's submissions in `bin`: `change` gets those found (in the order found) and
 * answers the media files to remove after commit; the answer has a result per named id.
 */
function bulkChange(
  ctx: FormsContext,
  request: { formId: string; submissionIds?: readonly string[] },
  bin: Bin,
  change: (trx: Tx, found: string[]) => Promise<string[]>,
): Promise<BulkOutcome> {
  return withFileRemoval(ctx, async (trx) => {
    const { ids, found } = await bulkTargets(trx, request.formId, request.submissionIds, bin);
    const files = await change(trx, [...found]);
    return { answer: bulkOutcome(ids, found, bin), files };
  });
}

export async function bulkDeleteSubmissions(
  ctx: FormsContext,
  caller: Caller,
  request: BulkDeleteSubmissionRequest,
  now = new Date(),
): Promise<BulkOutcome> {
  requireElevated(caller, 'deleting submissions', refuseCaller);
  return bulkChange(ctx, request, 'live', async (trx, found) => {
    if (request.permanent === true) return purge(trx, found, request.preserveFiles === true);
    for (const id of found) await changeSubmission(trx, id, { deletedAt: now }, now);
    return [];
  });
}

export async function bulkRemoveFromTrashBin(
  ctx: FormsContext,
  caller: Caller,
  request: BulkRemoveSubmissionFromTrashBinRequest,
): Promise<BulkOutcome> {
  requireElevated(caller, 'removing submissions from the trash bin', refuseCaller);
  return bulkChange(ctx, request, 'trash', (trx, found) => purge(trx, found, false));
}

export async function listDeletedSubmissions(
  ctx: FormsContext,
  caller: Caller,
  request: ListDeletedSubmissionsRequest,
): Promise<ListDeletedSubmissionsResponse> {
  requireElevated(caller, 'reading the trash bin', refuseCaller);
  if ((request.submissionIds?.length ?? 0) > 10)
    throw invalidRequest('submissionIds may list at most 10 ids');
  const page = resolvePage(
    'submissions.trash',
    request.paging,
    { ...request, paging: undefined },
    ListDeletedSchema,
  );
  const { formId, submissionIds, statuses, namespace } = page.query;
  const conditions = [sql`s.deleted_at IS NOT NULL`, sql`s.form_id::text = ${formId}`];
  if (submissionIds?.length) {
    conditions.push(
      sql`s.id::text IN (SELECT jsonb_array_elements_text(${JSON.stringify(submissionIds)}::jsonb))`,
    );
  }
  if (statuses?.length) {
    conditions.push(sql`s.status IN (SELECT jsonb_array_elements_text(${JSON.stringify(statuses)}::jsonb))`);
  }
  if (namespace !== undefined) conditions.push(sql`s.namespace = ${namespace}`);
  const rows = await selectSubmissions(
    ctx.db,
    and(conditions),
    sql`s.deleted_at DESC, s.id DESC`,
    page.limit,
    page.offset,
  );
  const submissions = rows.slice(0, page.limit).map(toWireSubmission);
  return { submissions, pagingMetadata: pageMetadata(page, submissions.length, rows.length > page.limit) };
}

/** Per form (in request order) how many of its submissions in `bin` have the namespace and statuses. */
export async function countInBin(
  ctx: FormsContext,
  caller: Caller,
  request: CountSubmissionsRequest,
  bin: Bin,
): Promise<Map<string, { totalCount: number; unseenCount: number }>> {
  requireElevated(caller, 'counting submissions', refuseCaller);
  if (request.formIds.length > FORMS_LIMITS.maxBulkIds) {
    throw formsError(
      400,
      FORMS_ERROR_CODES.tooManyIds,
      `formIds may list at most ${FORMS_LIMITS.maxBulkIds} ids`,
    );
  }
  const conditions = [
    bin === 'live' ? sql`s.deleted_at IS NULL` : sql`s.deleted_at IS NOT NULL`,
    sql`s.form_id::text IN (SELECT jsonb_array_elements_text(${JSON.stringify(request.formIds)}::jsonb))`,
    sql`s.namespace = ${request.namespace}`,
  ];
  if (request.statuses?.length) {
    conditions.push(
      sql`s.status IN (SELECT jsonb_array_elements_text(${JSON.stringify(request.statuses)}::jsonb))`,
    );
  }
  return countByForm(ctx.db, and(conditions));
}

export async function countDeletedSubmissions(
  ctx: FormsContext,
  caller: Caller,
  request: CountSubmissionsRequest,
): Promise<FormsDeletedSubmissionsCountResponse> {
  const counts = await countInBin(ctx, caller, request, 'trash');
  return {
    formsDeletedSubmissionsCount: request.formIds.map((formId) => ({
      formId,
      totalCount: counts.get(formId)?.totalCount ?? 0,
    })),
  };
}
