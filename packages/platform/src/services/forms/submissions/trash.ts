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

export async function deleteSubmission(
  ctx: FormsContext,
  caller: Caller,
  submissionId: string,
  options: { permanent?: boolean; preserveFiles?: boolean },
  now = new Date(),
): Promise<void> {
  requireElevated(caller, 'deleting a submission', refuseCaller);
  const files = await inTransaction(ctx.db, async (trx) => {
    const current = isUuid(submissionId) ? await findSubmission(trx, submissionId, 'live', true) : undefined;
    if (current === undefined) throw submissionNotFound(submissionId);
    if (options.permanent === true) return purge(trx, [submissionId], options.preserveFiles === true);
    await changeSubmission(trx, submissionId, { deletedAt: now }, now);
    return [];
  });
  await removeMediaFiles(ctx, files);
}

export async function restoreSubmission(
  ctx: FormsContext,
  caller: Caller,
  submissionId: string,
  now = new Date(),
) {
  requireElevated(caller, 'restoring a submission', refuseCaller);
  return inTransaction(ctx.db, async (trx) => {
    const current = isUuid(submissionId) ? await findSubmission(trx, submissionId, 'trash', true) : undefined;
    if (current === undefined) throw submissionNotFound(submissionId, 'trash bin');
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
  const files = await inTransaction(ctx.db, async (trx) => {
    const current = isUuid(submissionId) ? await findSubmission(trx, submissionId, 'trash', true) : undefined;
    if (current === undefined) throw submissionNotFound(submissionId, 'trash bin');
    return purge(trx, [submissionId], false);
  });
  await removeMediaFiles(ctx, files);
}

interface BulkOutcome {
  results: SubmissionBulkItemResult[];
  bulkActionMetadata: SubmissionBulkActionMetadata;
}

/** Per-id results in request order: the ids found in `bin` of the form succeed, the others fail. */
function bulkOutcome(ids: readonly string[], found: ReadonlySet<string>, where: string): BulkOutcome {
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
                description: `No ${where} entry with id ${id} in this form.`,
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

export async function bulkDeleteSubmissions(
  ctx: FormsContext,
  caller: Caller,
  request: BulkDeleteSubmissionRequest,
  now = new Date(),
): Promise<BulkOutcome> {
  requireElevated(caller, 'deleting submissions', refuseCaller);
  const { outcome, files } = await inTransaction(ctx.db, async (trx) => {
    const { ids, found } = await bulkTargets(trx, request.formId, request.submissionIds, 'live');
    let files: string[] = [];
    if (request.permanent === true) {
      files = await purge(trx, [...found], request.preserveFiles === true);
    } else {
      for (const id of found) await changeSubmission(trx, id, { deletedAt: now }, now);
    }
    return { outcome: bulkOutcome(ids, found, 'submissions'), files };
  });
  await removeMediaFiles(ctx, files);
  return outcome;
}

export async function bulkRemoveFromTrashBin(
  ctx: FormsContext,
  caller: Caller,
  request: BulkRemoveSubmissionFromTrashBinRequest,
): Promise<BulkOutcome> {
  requireElevated(caller, 'removing submissions from the trash bin', refuseCaller);
  const { outcome, files } = await inTransaction(ctx.db, async (trx) => {
    const { ids, found } = await bulkTargets(trx, request.formId, request.submissionIds, 'trash');
    const files = await purge(trx, [...found], false);
    return { outcome: bulkOutcome(ids, found, 'trash bin'), files };
  });
  await removeMediaFiles(ctx, files);
  return outcome;
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
