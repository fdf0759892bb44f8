import type { BlogClients, Setup, Step } from '../blog-peers';
import { mediaIdOf, richContent, type World } from './shared';

// ── Drafts and publishing ───────────────────────────────────────────────────────────────────────

/** The site writes drafts with rich content and hero images and publishes them over four months. */
export async function writing({ owner, visitor }: BlogClients, setup: Setup, step: Step, world: World) {
  const { clock } = setup;
  const image = mediaIdOf(setup.hero);
  clock.set('2024-01-15T10:00:00.000Z');
  await step('create a draft with rich content, categories, tags and a hero image', () =>
    owner.draftPosts.createDraftPost(
      {
        _id: 'alpha',
        title: 'Alpha: hello world',
        excerpt: 'The first post',
        featured: true,
        categoryIds: [world.news],
        tagIds: [world.js],
        hashtags: ['intro', 'hello'],
        memberId: setup.memberId,
        minutesToRead: 3,
        heroImage: setup.hero,
        richContent: richContent('Alpha', 40, image),
        commentingEnabled: true,
      },
      { fieldsets: ['URL', 'RICH_CONTENT'] },
    ),
  );
  await step('get the draft', () =>
    owner.draftPosts.getDraftPost('alpha', { fieldsets: ['URL', 'RICH_CONTENT'] }),
  );
  await step('a visitor does not see the unpublished post', () => visitor.posts.getPost('alpha'));
  await step('publish the draft', () => owner.draftPosts.publishDraftPost('alpha'));

  clock.set('2024-02-03T08:00:00.000Z');
  await step('create a second draft', () =>
    owner.draftPosts.createDraftPost({
      _id: 'beta',
      title: 'Beta travels',
      excerpt: 'On the road',
      categoryIds: [world.travel],
      tagIds: [world.trips],
      hashtags: ['trip'],
      minutesToRead: 7,
      media: { wixMedia: { image: setup.hero }, displayed: true, custom: false },
      richContent: richContent('Beta', 300),
      language: 'en',
    }),
  );
  await step('publish the second draft', () => owner.draftPosts.publishDraftPost('beta'));

  clock.set('2024-02-20T12:00:00.000Z');
  await step('create a third draft and publish it at once', () =>
    owner.draftPosts.createDraftPost(
      {
        _id: 'gamma',
        title: 'Gamma notes',
        featured: true,
        categoryIds: [world.news, world.travel],
        tagIds: [world.js, world.trips],
        hashtags: ['trip', 'food'],
        minutesToRead: 5,
        memberId: setup.memberId,
        heroImage: setup.hero,
        richContent: richContent('Gamma', 120),
      },
      { publish: true, fieldsets: ['URL'] },
    ),
  );

  clock.set('2024-03-05T18:30:00.000Z');
  await step('create a French draft', () =>
    owner.draftPosts.createDraftPost({
      _id: 'delta',
      title: 'Delta recettes',
      categoryIds: [world.recipes],
      tagIds: [world.cooking],
      hashtags: ['food'],
      minutesToRead: 1,
      language: 'fr',
      seoSlug: 'delta',
      richContent: richContent('Delta', 10),
    }),
  );
  await step('update and publish the French draft', () =>
    owner.draftPosts.updateDraftPost(
      'delta',
      { excerpt: 'Cuisine', commentingEnabled: false },
      { action: 'UPDATE_PUBLISH', fieldsets: ['URL'] },
    ),
  );

  clock.set('2024-04-01T07:00:00.000Z');
  await step('create drafts in bulk', () =>
    owner.draftPosts.bulkCreateDraftPosts(
      [
        { _id: 'eta', title: 'Eta bulk', richContent: richContent('Eta', 5), tagIds: [world.cooking] },
        { _id: 'theta', title: 'Theta bulk', excerpt: 'second of the bulk' },
        { _id: 'iota', title: 'Iota bulk' },
      ],
      { publish: false, returnFullEntity: true, fieldsets: ['URL'] },
    ),
  );
  await step('create a published post at once', () =>
    owner.draftPosts.createDraftPost(
      { _id: 'zeta', title: 'Zeta quick post', richContent: richContent('Zeta', 60), hashtags: ['hello'] },
      { publish: true },
    ),
  );
  // A draft with an id the platform chooses (unsorted lists order by id: it leaves before they run).
  // The caller keeps its input object: the reference rewrites it in place (docs/blog-wire.md §E.1).
  const input = { title: 'Kappa', excerpt: 'no id given', heroImage: setup.hero };
  const unnamed = await step('create a draft without an id', () =>
    owner.draftPosts.createDraftPost(input, { fieldsets: ['URL'] }),
  );
  setup.note('the caller’s draft after createDraftPost', structuredClone(input));
  await step('get it by the id it got', () => owner.draftPosts.getDraftPost(unnamed?.draftPost?._id));
  await step('delete it for good', () =>
    owner.draftPosts.deleteDraftPost(unnamed?.draftPost?._id, { permanent: true }),
  );
}
