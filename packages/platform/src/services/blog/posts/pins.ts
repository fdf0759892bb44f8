import type { BlogPinAnswer } from '@atrium/contract/admin';
import type { Caller } from '../../../oauth/caller.js';
import { inTransaction } from '../../../storage/transaction.js';
import { type BlogContext, viewOf } from '../shared/context.js';
import { entityEvent } from '../shared/events.js';
import { postEntity } from '../shared/render.js';
import { requirePublished } from './service.js';
import { findPost, updatePost } from './store.js';

/**
 * Pinning a published post (the FEED sort shows pinned posts first). The reference's draft posts
 * have no `pinned` field and no pin function (docs/blog-wire.md §A.3, §B.1): the site pins through the
 * Atrium admin API. The post's updated event follows; publishing again keeps the pin.
 */
export async function setPinned(
  ctx: BlogContext,
  caller: Caller,
  origin: string,
  id: string,
  pinned: boolean,
): Promise<BlogPinAnswer> {
  return inTransaction(ctx.db, async (trx) => {
    const row = requirePublished(await findPost(trx, id, true), id);
    if (row.pinned !== pinned) {
      const updated = await updatePost(trx, id, { pinned });
      await entityEvent(trx, 'post', 'updated', postEntity(await viewOf(ctx, origin, trx), updated), caller);
    }
    return { postId: id, pinned };
  });
}
