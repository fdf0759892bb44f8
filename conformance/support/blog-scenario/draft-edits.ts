import type { BlogClients, Setup, Step } from '../blog-peers';
import { pages, UNKNOWN, type World } from './shared';

// ── Editing, scheduling, listing and querying drafts ───────────────────────────────────────────

export async function editing({ owner, visitor }: BlogClients, _setup: Setup, step: Step, world: World) {
  await step('update drafts in bulk', () =>
    owner.draftPosts.bulkUpdateDraftPosts({
      draftPosts: [
        { draftPost: { _id: 'eta', title: 'Eta bulk, renamed', excerpt: 'not given' }, fieldMask: ['title'] },
        { draftPost: { _id: 'theta', featured: true } },
      ],
      returnFullEntity: true,
    }),
  );
  await step('schedule a draft', () =>
    owner.draftPosts.updateDraftPost(
      'theta',
      {},
      { action: 'UPDATE_SCHEDULE', scheduledPublishDate: new Date('2024-09-01T00:00:00.000Z') },
    ),
  );
  await step('cancel the schedule', () =>
    owner.draftPosts.updateDraftPost('theta', {}, { action: 'UPDATE_CANCEL_SCHEDULE' }),
  );
  await step('edit a published post without publishing', () =>
    owner.draftPosts.updateDraftPost('alpha', { title: 'Alpha: hello again' }, { fieldsets: ['URL'] }),
  );
  await step('a visitor still reads the published title', () => visitor.posts.getPost('alpha'));
  await step('create a draft as a visitor', () => visitor.draftPosts.createDraftPost({ title: 'Nope' }));
  await step('create a draft naming an unknown category', () =>
    owner.draftPosts.createDraftPost({ title: 'Bad', categoryIds: [UNKNOWN] }),
  );

  await step('list drafts', () => owner.draftPosts.listDraftPosts());
  await step('list published drafts, oldest edit first, a page', () =>
    owner.draftPosts.listDraftPosts({
      status: 'PUBLISHED',
      sort: 'EDITING_DATE_ASC',
      paging: { limit: 2, offset: 1 },
      fieldsets: ['URL'],
    }),
  );
  await step('query drafts: status, edited after, sorted, next page', () =>
    owner.draftPosts
      .queryDraftPosts({ fieldsets: ['URL'] })
      .in('status', ['UNPUBLISHED', 'PUBLISHED'])
      .ge('editedDate', new Date('2024-02-01T00:00:00.000Z'))
      .descending('editedDate')
      .limit(3)
      .find()
      .then(pages),
  );
  await step('query drafts: ne, startsWith, hasSome, exists', () =>
    owner.draftPosts
      .queryDraftPosts()
      .ne('status', 'PUBLISHED')
      .startsWith('title', 'eta')
      .hasSome('tagIds', [world.cooking])
      .exists('excerpt', false)
      .find()
      .then(pages),
  );
  await step('query drafts: typed', () =>
    owner.draftPosts.queryDraftPosts(
      { filter: { _id: { $in: ['alpha', 'beta'] } }, sort: [{ fieldName: 'title', order: 'DESC' }] },
      { fieldsets: ['URL'] },
    ),
  );
}
