import type { BlogClients, Setup, Step } from '../blog-peers';
import { pages, UNKNOWN } from './shared';

// ── Unpublish, trash, restore, delete ───────────────────────────────────────────────────────────

export async function lifecycle({ owner, visitor }: BlogClients, setup: Setup, step: Step) {
  setup.clock.set('2024-05-02T10:00:00.000Z');
  await step('revert a post to draft (unpublish)', () =>
    owner.draftPosts.updateDraftPost('delta', {}, { action: 'UPDATE_REVERT_TO_DRAFT' }),
  );
  await step('the unpublished post is gone', () => visitor.posts.getPost('delta'));
  await step('total posts after unpublishing', () => visitor.posts.getTotalPosts());
  await step('publish it again', () => owner.draftPosts.publishDraftPost('delta'));
  await step('publish the edited post', () =>
    owner.draftPosts.updateDraftPost('alpha', {}, { action: 'UPDATE_PUBLISH' }),
  );
  await step('the new title is published', () => visitor.posts.getPost('alpha'));
  await step('trash a post', () => owner.draftPosts.deleteDraftPost('beta'));
  await step('the trashed post is gone', () => visitor.posts.getPost('beta'));
  await step('trash a draft', () => owner.draftPosts.deleteDraftPost('iota'));
  await step('list the trash', () => owner.draftPosts.listDeletedDraftPosts());
  await step('list the trash: a page', () =>
    owner.draftPosts.listDeletedDraftPosts({
      sort: 'EDITING_DATE_ASC',
      paging: { limit: 1, offset: 1 },
      fieldsets: ['URL'],
      draftPostIds: ['beta', 'iota'],
    }),
  );
  await step('get a trashed draft', () => owner.draftPosts.getDeletedDraftPost('beta'));
  await step('get a trashed draft as a draft', () => owner.draftPosts.getDraftPost('beta'));
  await step('restore from the trash', () => owner.draftPosts.restoreFromTrashBin('beta'));
  await step('publish the restored draft', () => owner.draftPosts.publishDraftPost('beta'));
  await step('the restored post keeps its first publication date', () => visitor.posts.getPost('beta'));
  await step('remove from the trash', () => owner.draftPosts.removeFromTrashBin('iota'));
  await step('get a removed draft', () => owner.draftPosts.getDeletedDraftPost('iota'));
  await step('delete a draft permanently', () =>
    owner.draftPosts.deleteDraftPost('theta', { permanent: true }),
  );
  await step('bulk delete drafts', () => owner.draftPosts.bulkDeleteDraftPosts(['eta', UNKNOWN]));
  await step('the trash after a bulk delete', () => owner.draftPosts.listDeletedDraftPosts());
  await step('bulk delete permanently', () =>
    owner.draftPosts.bulkDeleteDraftPosts(['eta'], { permanent: true }),
  );
  await step('delete as a visitor', () => visitor.draftPosts.deleteDraftPost('alpha'));
  await step('categories count their posts', () =>
    visitor.categories.queryCategories().ascending('displayPosition').find().then(pages),
  );
  await step('tags count their posts', () => visitor.tags.queryTags().ascending('label').find().then(pages));
  await step('post count per month at the end', () =>
    visitor.posts.queryPostCountStats({ rangeStart: new Date('2024-01-01T00:00:00.000Z'), months: 6 }),
  );
  await step('list drafts at the end', () => owner.draftPosts.listDraftPosts({ fieldsets: ['URL'] }));
}
