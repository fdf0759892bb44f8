import type { BlogClients, Setup, Step } from '../blog-peers';
import { pages, UNKNOWN, type World } from './shared';

// ── Translations and the blog cache ─────────────────────────────────────────────────────────────

/**
 * translateDraft and updateDraftPostLanguage (docs/blog-wire.md §A.1), last: translations get ids the
 * platform chooses, which would reorder the lists above that sort by id.
 */
export async function translating({ owner, visitor }: BlogClients, _setup: Setup, step: Step, world: World) {
  await step('create a category’s German translation', () =>
    owner.categories.createCategory({ label: 'Neuigkeiten', language: 'de', translationId: world.news }),
  );
  const german = await step('translate a published post', () =>
    owner.draftPosts.translateDraft('alpha', 'de', { fieldsets: ['URL', 'RICH_CONTENT', 'TRANSLATIONS'] }),
  );
  await step('the source lists its translation', () =>
    owner.draftPosts.getDraftPost('alpha', { fieldsets: ['URL', 'TRANSLATIONS'] }),
  );
  await step('translate into a language the group has', () => owner.draftPosts.translateDraft('alpha', 'de'));
  await step('translate into its own language', () => owner.draftPosts.translateDraft('alpha', 'en'));
  await step('translate as a visitor', () => visitor.draftPosts.translateDraft('alpha', 'it'));
  await step('translate an unknown draft', () => owner.draftPosts.translateDraft(UNKNOWN, 'it'));
  await step('translate the translation', () =>
    owner.draftPosts.translateDraft(german?.draftPost?._id, 'fr', { fieldsets: ['TRANSLATIONS'] }),
  );
  await step('query a translation group', () =>
    owner.draftPosts
      .queryDraftPosts({ fieldsets: ['URL'] })
      .eq('translationId', 'alpha')
      .descending('editedDate')
      .find()
      .then(pages),
  );
  await step('change the language of a published post', () =>
    owner.draftPosts.updateDraftPostLanguage('gamma', 'de', { fieldsets: ['URL'] }),
  );
  await step('the post moved with its draft', () => visitor.posts.getPost('gamma', { fieldsets: ['URL'] }));
  await step('posts in the new language', () => visitor.posts.listPosts({ language: 'de' }));
  await step('change to its own language', () => owner.draftPosts.updateDraftPostLanguage('gamma', 'de'));
  await step('change to a language of its group', () =>
    owner.draftPosts.updateDraftPostLanguage(german?.draftPost?._id, 'fr'),
  );
  await step('post count per month after the changes', () =>
    visitor.posts.queryPostCountStats({
      rangeStart: new Date('2023-11-01T00:00:00.000Z'),
      months: 8,
      language: 'de',
    }),
  );
  await step('the blog cache', () => visitor.blogCache.getBlogCache());
  await step('the blog cache, as the site', () => owner.blogCache.getBlogCache());
}
