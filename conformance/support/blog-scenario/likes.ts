import type { BlogClients, Setup, Step } from '../blog-peers';
import { FQDN, pages } from './shared';

// ── Likes ───────────────────────────────────────────────────────────────────────────────────────

export async function liking({ owner, visitor, member }: BlogClients, _setup: Setup, step: Step) {
  const visitorLike = await step('a visitor likes a post', () =>
    visitor.likes.createLike({ like: { entityId: 'alpha', fqdn: FQDN } }),
  );
  const memberLike = await step('a member likes the post', () =>
    member.likes.createLike({ like: { entityId: 'alpha', fqdn: FQDN } }),
  );
  await step('the member likes another post', () =>
    member.likes.createLike({ like: { entityId: 'gamma', fqdn: FQDN } }),
  );
  await step('the visitor likes the post again', () =>
    visitor.likes.createLike({ like: { entityId: 'alpha', fqdn: FQDN } }),
  );
  await step('the site cannot like', () =>
    owner.likes.createLike({ like: { entityId: 'alpha', fqdn: FQDN } }),
  );
  await step('like an unpublished draft', () =>
    visitor.likes.createLike({ like: { entityId: 'eta', fqdn: FQDN } }),
  );
  await step('get a like', () => member.likes.getLike(memberLike?._id));
  await step('get someone else’s like', () => visitor.likes.getLike(memberLike?._id));
  await step('query likes of a post', () =>
    visitor.likes.queryLikes().eq('entityId', 'alpha').in('fqdn', [FQDN]).find().then(pages),
  );
  await step('query likes, a page at a time', () =>
    visitor.likes.queryLikes().in('entityId', ['alpha', 'gamma']).limit(1).find().then(pages),
  );
  await step('query likes: ne', () => member.likes.queryLikes().ne('entityId', 'alpha').find().then(pages));
  await step('query likes typed', () =>
    visitor.likes.queryLikes({ filter: { entityId: 'gamma' }, cursorPaging: { limit: 10 } }),
  );
  await step('metrics with likes', () => visitor.posts.getPostMetrics('alpha'));
  await step('query posts by likes', () =>
    visitor.posts
      .queryPosts({ fieldsets: ['METRICS'] })
      .gt('metrics.likes', 0)
      .descending('metrics.likes')
      .find()
      .then(pages),
  );
  await step('list posts by likes', () =>
    visitor.posts.listPosts({ sort: 'LIKE_COUNT', fieldsets: ['METRICS'] }),
  );
  await step('the member unlikes', () => member.likes.deleteLike(memberLike?._id));
  await step('the visitor unlikes by post', () =>
    visitor.likes.deleteLikeByFqdnAndEntityId({ fqdn: FQDN, entityId: 'alpha' }),
  );
  await step('get a deleted like', () => visitor.likes.getLike(visitorLike?._id));
  await step('unlike again', () =>
    visitor.likes.deleteLikeByFqdnAndEntityId({ fqdn: FQDN, entityId: 'alpha' }),
  );
  await step('metrics after unliking', () => visitor.posts.getPostMetrics('alpha'));
}
