import type {
  BulkCreateDraftPostsRequest,
  BulkDeleteDraftPostsQuery,
  BulkUpdateDraftPostsRequest,
} from '@atrium/contract';
import type { Json } from '@atrium/contract/types';
import type { Static } from '@fastify/type-provider-typebox';
import { ApiError } from '../../../errors.js';
import { bulkAnswer } from '../../bulk-answer.js';
import { invalidField } from '../errors.js';
import type { PostRow } from '../posts/store.js';
import { type BlogContext, nowOf, type Reader } from '../shared/context.js';
import { INPUT_FIELDS } from '../shared/post-data.js';
import { fieldsetsOf } from '../shared/query-page.js';
import { renderDraft } from '../shared/render.js';
import { write } from './access.js';
import { createIn, type EditScope, editScope, updateIn } from './service.js';
import { deleteIn } from './trash.js';

/**
 * Bulk calls on draft posts (docs/blog-wire.md §A.1): each item in a transaction of its own, so that one
 * failing leaves the others done; each item's result, then the counts.
 */
interface BulkResult {
  itemMetadata: {
    id?: string;
    originalIndex: number;
    success: boolean;
    error?: { code: string; description: string; data?: Json };
  };
  item?: Json;
}

const bulkError = (error: unknown) => {
  if (!(error instanceof ApiError)) throw error;
  const application = error.body.details?.applicationError;
  return {
    code: typeof application?.code === 'string' ? application.code : 'INVALID_ARGUMENT',
    description: error.body.message,
    data: application?.data ?? {},
  };
};

/** Runs each item's work; its result, or its error as the item's failure. */
async function eachItem<T>(
  items: readonly T[],
  idOf: (item: T) => string | undefined,
  work: (item: T, index: number) => Promise<{ id: string; item?: Json }>,
) {
  const results: BulkResult[] = [];
  for (const [index, input] of items.entries()) {
    const known = idOf(input);
    try {
      const done = await work(input, index);
      results.push({
        itemMetadata: { id: done.id, originalIndex: index, success: true },
        ...(done.item ? { item: done.item } : {}),
      });
    } catch (error) {
      const failed = { originalIndex: index, success: false, error: bulkError(error) };
      results.push({ itemMetadata: known === undefined ? failed : { id: known, ...failed } });
    }
  }
  return bulkAnswer(results);
}

/**
 * Writes each draft of a bulk create or update in a transaction of its own (`writeOne`, in the
 * editor's scope): each item's id, and the draft itself with `returnFullEntity`.
 */
async function writeEachDraft<T>(
  ctx: BlogContext,
  reader: Reader,
  what: string,
  request: { draftPosts: readonly T[]; fieldsets?: readonly string[]; returnFullEntity?: boolean | null },
  idOf: (item: T) => string | undefined,
  writeOne: (scope: EditScope, item: T, index: number) => Promise<PostRow>,
) {
  const scope = await editScope(ctx, reader, what);
  const fieldsets = fieldsetsOf(request.fieldsets);
  return eachItem(request.draftPosts, idOf, async (item, index) => {
    const row = await write(ctx, (trx) => writeOne({ ...scope, trx }, item, index));
    return {
      id: row.id,
      ...(request.returnFullEntity ? { item: renderDraft(scope.view, row, fieldsets) } : {}),
    };
  });
}

export async function bulkCreateDraftPosts(
  ctx: BlogContext,
  reader: Reader,
  request: Static<typeof BulkCreateDraftPostsRequest>,
) {
  return writeEachDraft(
    ctx,
    reader,
    'Creating draft posts',
    request,
    () => undefined,
    (scope, input, index) => createIn(ctx, scope, input, request.publish === true, `draftPosts.${index}`),
  );
}

/** SDK field names in masks (`_id`) are read as wire names; unknown names are refused. */
function maskOf(mask: string | null | undefined, at: string): ReadonlySet<string> | undefined {
  if (mask === undefined || mask === null || mask.trim() === '') return undefined;
  const names = mask.split(',').map((name) => name.trim().replace(/^_id$/, 'id').split('.')[0]!);
  const unknown = names.find((name) => name !== 'id' && !(INPUT_FIELDS as readonly string[]).includes(name));
  if (unknown !== undefined) throw invalidField(at, `names a field that cannot be updated: ${unknown}`);
  return new Set(names);
}

export async function bulkUpdateDraftPosts(
  ctx: BlogContext,
  reader: Reader,
  request: Static<typeof BulkUpdateDraftPostsRequest>,
) {
  return writeEachDraft(
    ctx,
    reader,
    'Updating draft posts',
    request,
    (entry) => entry.draftPost.id,
    (scope, entry, index) => {
      const only = maskOf(entry.fieldMask, `draftPosts.${index}.fieldMask`);
      const options = { action: request.action, scheduledPublishDate: request.scheduledPublishDate, only };
      return updateIn(
        ctx,
        scope,
        entry.draftPost.id,
        entry.draftPost,
        options,
        `draftPosts.${index}.draftPost`,
      );
    },
  );
}

export async function bulkDeleteDraftPosts(
  ctx: BlogContext,
  reader: Reader,
  query: Static<typeof BulkDeleteDraftPostsQuery>,
) {
  const scope = await editScope(ctx, reader, 'Deleting draft posts');
  const permanent = query.permanent === true;
  return eachItem(
    query.postIds,
    (id) => id,
    async (id) => {
      await write(ctx, (trx) => deleteIn({ ...scope, trx }, id, permanent, nowOf(ctx)));
      return { id };
    },
  );
}
