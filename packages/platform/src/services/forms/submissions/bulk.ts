import { randomUUID } from 'node:crypto';
import { FORMS_ERROR_CODES, FORMS_LIMITS } from '@atrium/contract';
import type {
  BulkMarkSubmissionsAsSeenRequest,
  BulkUpdateSubmissionTagsByFilterRequest,
  BulkUpdateSubmissionTagsRequest,
  SubmissionBulkItemResult,
  SubmissionTags,
} from '@atrium/contract/types';
import { sql } from 'kysely';
import { requireElevated } from '../../../http/callers.js';
import type { Caller } from '../../../oauth/caller.js';
import { inTransaction, type Tx } from '../../../storage/transaction.js';
import { bulkAnswer } from '../../bulk-answer.js';
import type { FormsContext } from '../context.js';
import { formsError, invalidRequest, refuseCaller } from '../errors.js';
import { isUuid } from '../ids.js';
import { and, compileFilter } from '../query/filter.js';
import { resolveSubmissionField } from './query.js';
import { changeSubmission, findSubmissions, type StoredSubmission, selectSubmissionIds } from './store.js';

/**
 * Bulk changes of live submissions (docs/wire.md §8), for API keys: marking as seen and assigning or
 * unassigning tags, by ids or by filter. They run at once, in one transaction; the `jobId` the
 * reference expects names that finished run.
 */

const MAX_TAGS = 100;
const MAX_BY_FILTER = 10_000;

function checkIds(ids: readonly string[], what: string): void {
  if (ids.length > FORMS_LIMITS.maxBulkIds) {
    throw formsError(
      400,
      FORMS_ERROR_CODES.tooManyIds,
      `${what} may list at most ${FORMS_LIMITS.maxBulkIds} ids`,
    );
  }
}

export async function markSubmissionsAsSeen(
  ctx: FormsContext,
  caller: Caller,
  request: BulkMarkSubmissionsAsSeenRequest,
  now = new Date(),
): Promise<{ jobId: string }> {
  requireElevated(caller, 'marking submissions as seen', refuseCaller);
  checkIds(request.ids, 'ids');
  await inTransaction(ctx.db, async (trx) => {
    const found = await findSubmissions(trx, request.ids.filter(isUuid), 'live', true);
    for (const submission of found.values()) {
      if (submission.formId === request.formId && !submission.seen) {
        await changeSubmission(trx, submission.id, { seen: true }, now);
      }
    }
  });
  return { jobId: randomUUID() };
}

function tagIdsOf(tags: SubmissionTags | undefined, where: string): string[] {
  const ids = tags?.tags?.tagIds ?? [];
  for (const id of ids) {
    if (id.length === 0 || id.length > 100)
      throw invalidRequest(`${where} holds a tag id that is empty or over 100 characters`);
  }
  return ids;
}

interface TagChange {
  readonly assign: readonly string[];
  readonly unassign: readonly string[];
}

function tagChange(request: { assignTags?: SubmissionTags; unassignTags?: SubmissionTags }): TagChange {
  return {
    assign: tagIdsOf(request.assignTags, 'assignTags'),
    unassign: tagIdsOf(request.unassignTags, 'unassignTags'),
  };
}

async function applyTags(trx: Tx, submission: StoredSubmission, change: TagChange, now: Date): Promise<void> {
  const unassign = new Set(change.unassign);
  const next = [...new Set([...submission.tagIds, ...change.assign])].filter((id) => !unassign.has(id));
  if (next.length > MAX_TAGS) throw invalidRequest(`a submission holds at most ${MAX_TAGS} tags`);
  const same = next.length === submission.tagIds.length && next.every((id, i) => id === submission.tagIds[i]);
  if (!same) await changeSubmission(trx, submission.id, { tagIds: next }, now);
}

export async function updateSubmissionTags(
  ctx: FormsContext,
  caller: Caller,
  request: BulkUpdateSubmissionTagsRequest,
  now = new Date(),
) {
  requireElevated(caller, 'tagging submissions', refuseCaller);
  checkIds(request.submissionIds, 'submissionIds');
  const change = tagChange(request);
  return inTransaction(ctx.db, async (trx) => {
    const found = await findSubmissions(trx, request.submissionIds.filter(isUuid), 'live', true);
    const results = request.submissionIds.map((id, originalIndex): SubmissionBulkItemResult => {
      if (found.has(id)) return { itemMetadata: { id, originalIndex, success: true } };
      return {
        itemMetadata: {
          id,
          originalIndex,
          success: false,
          error: {
            code: FORMS_ERROR_CODES.submissionNotFound,
            description: `No submissions entry with id ${id}.`,
            data: { submissionId: id },
          },
        },
      };
    });
    for (const submission of found.values()) await applyTags(trx, submission, change, now);
    return bulkAnswer(results);
  });
}

export async function updateSubmissionTagsByFilter(
  ctx: FormsContext,
  caller: Caller,
  request: BulkUpdateSubmissionTagsByFilterRequest,
  now = new Date(),
): Promise<{ jobId: string }> {
  requireElevated(caller, 'tagging submissions', refuseCaller);
  const change = tagChange(request);
  const where = and([
    sql`s.deleted_at IS NULL`,
    compileFilter(request.filter, resolveSubmissionField, 'filter'),
  ]);
  await inTransaction(ctx.db, async (trx) => {
    const ids = await selectSubmissionIds(trx, where, MAX_BY_FILTER);
    const found = await findSubmissions(trx, ids, 'live', true);
    for (const submission of found.values()) await applyTags(trx, submission, change, now);
  });
  return { jobId: randomUUID() };
}
