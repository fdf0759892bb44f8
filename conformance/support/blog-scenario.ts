import type { Any, BlogClients, Scenario, Setup, Step } from './blog-peers';
import { pageOf } from './blog-peers';

/**
 * The blog scenario both clients run (conformance/blog.test.ts): the site (API key) writes
 * categories, tags and drafts with rich content and hero images and publishes them over four
 * months of the platform's clock; visitors read, list and query the posts with every operator;
 * a visitor and a member like; the site unpublishes, trashes, restores, schedules and deletes.
 * Arguments are made fresh for every call (the reference rewrites them in place, blog-wire.md §E.1).
 */

export const FQDN = 'wix.blog.v3.post';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** A page result and, when it has one, the next page. */
async function pages(result: Any) {
  return { first: pageOf(result), second: result.hasNext() ? pageOf(await result.next()) : undefined };
}

/** A rich content document (blog-wire.md §D): heading, decorated text, an image, a list, a divider. */
export function richContent(title: string, words: number, imageId?: string) {
  const text = Array.from({ length: words }, (_, index) => `word${index % 7}`).join(' ');
  return {
    nodes: [
      {
        type: 'HEADING',
        id: 'h1',
        nodes: [{ type: 'TEXT', id: 't1', nodes: [], textData: { text: title, decorations: [] } }],
        headingData: { level: 2, textStyle: { textAlignment: 'AUTO' } },
      },
      {
        type: 'PARAGRAPH',
        id: 'p1',
        nodes: [
          {
            type: 'TEXT',
            id: 't2',
            nodes: [],
            textData: { text: `${text} `, decorations: [{ type: 'BOLD', fontWeightValue: 700 }] },
          },
          {
            type: 'TEXT',
            id: 't3',
            nodes: [],
            textData: {
              text: 'a link',
              decorations: [
                { type: 'LINK', linkData: { link: { url: 'https://example.com/', target: 'BLANK' } } },
                { type: 'ITALIC', italicData: true },
              ],
            },
          },
        ],
        paragraphData: { textStyle: { textAlignment: 'LEFT' } },
      },
      ...(imageId
        ? [
            {
              type: 'IMAGE',
              id: 'i1',
              nodes: [],
              imageData: {
                image: { src: { id: imageId }, width: 640, height: 360 },
                altText: 'the hero',
                containerData: { width: { size: 'CONTENT' }, alignment: 'CENTER' },
              },
            },
          ]
        : []),
      {
        type: 'BULLETED_LIST',
        id: 'l1',
        bulletedListData: { indentation: 0 },
        nodes: [
          {
            type: 'LIST_ITEM',
            id: 'li1',
            nodes: [
              {
                type: 'PARAGRAPH',
                id: 'p2',
                paragraphData: {},
                nodes: [{ type: 'TEXT', id: 't4', nodes: [], textData: { text: 'first', decorations: [] } }],
              },
            ],
          },
        ],
      },
      { type: 'DIVIDER', id: 'd1', nodes: [], dividerData: { lineStyle: 'SINGLE', width: 'LARGE' } },
    ],
    metadata: { version: 1, id: `doc-${title.length}` },
    documentStyle: {},
  };
}

/** The ids and values later steps use: the site's entities (ids as each client returned them). */
interface World {
  news: string;
  travel: string;
  recipes: string;
  js: string;
  trips: string;
  cooking: string;
}

const mediaIdOf = (uri: string) => uri.slice('wix:image://v1/'.length).split('/')[0]!;

// ── Categories and tags ─────────────────────────────────────────────────────────────────────────

async function taxonomy({ owner, visitor, member }: BlogClients, setup: Setup, step: Step): Promise<World> {
  const news = await step('create a category with a cover image', () =>
    owner.categories.createCategory(
      {
        label: 'News',
        description: 'What is new',
        title: 'News of the blog',
        coverImage: setup.cover,
        displayPosition: 0,
      },
      { fieldsets: ['URL'] },
    ),
  );
  const travel = await step('create a category', () =>
    owner.categories.createCategory({ label: 'Travel', displayPosition: 1 }),
  );
  const recipes = await step('create a category with a slug', () =>
    owner.categories.createCategory(
      { label: 'Recipes', slug: 'food', displayPosition: 2 },
      { fieldsets: ['SEO'] },
    ),
  );
  const old = await step('create a category to delete', () =>
    owner.categories.createCategory({ label: 'Old stuff', displayPosition: 3 }),
  );
  await step('create a category as a visitor', () => visitor.categories.createCategory({ label: 'Nope' }));
  await step('update a category', () =>
    owner.categories.updateCategory(
      travel?._id,
      { label: 'Travel & places', description: 'Trips', displayPosition: 1 },
      { fieldsets: ['URL', 'SEO'] },
    ),
  );
  await step('get a category', () =>
    visitor.categories.getCategory(news?._id, { fieldsets: ['URL', 'SEO'] }),
  );
  await step('get a category by slug', () =>
    visitor.categories.getCategoryBySlug('food', { fieldsets: ['URL'], language: 'en' }),
  );
  await step('list categories', () => visitor.categories.listCategories());
  await step('list categories, offset page', () =>
    visitor.categories.listCategories({ paging: { limit: 2, offset: 1 }, fieldsets: ['URL'] }),
  );
  await step('query categories: eq', () =>
    visitor.categories.queryCategories().eq('label', 'News').find().then(pages),
  );
  await step('query categories: startsWith, ne, in', () =>
    visitor.categories
      .queryCategories({ fieldsets: ['URL'] })
      .startsWith('slug', 'tr')
      .ne('label', 'News')
      .in('_id', [travel?._id, news?._id])
      .find()
      .then(pages),
  );
  const only = await step(
    'query categories: one page',
    () => visitor.categories.queryCategories().eq('label', 'News').find(),
    pageOf,
  );
  await step('query categories: no page after the last', () => only.next(), pageOf);
  await step('query categories: no page before the first', () => only.prev(), pageOf);
  await step('query categories: sorted, skip and limit, next page', () =>
    visitor.categories.queryCategories().descending('label').skip(1).limit(2).find().then(pages),
  );
  await step('query categories: typed', () =>
    visitor.categories.queryCategories({
      filter: { displayPosition: { $gte: 1 } },
      sort: [{ fieldName: 'displayPosition', order: 'DESC' }],
      paging: { limit: 2, offset: 0 },
    }),
  );
  await step('delete a category', () => owner.categories.deleteCategory(old?._id));
  await step('get a deleted category', () => visitor.categories.getCategory(old?._id));

  const js = await step('create a tag', () => owner.tags.createTag('JavaScript', { fieldsets: ['URL'] }));
  const trips = await step('create a tag with a slug', () =>
    owner.tags.createTag('road trips', { slug: 'trips' }),
  );
  const cooking = await step('create a tag with a language', () =>
    owner.tags.createTag('cooking', { language: 'en' }),
  );
  const obsolete = await step('create a tag to delete', () => owner.tags.createTag('obsolete'));
  await step('create a tag as a member', () => member.tags.createTag('mine'));
  await step('get a tag', () => visitor.tags.getTag(js?.tag?._id, { fieldsets: ['URL'] }));
  await step('get a tag by slug', () => visitor.tags.getTagBySlug('trips', { language: 'en' }));
  await step('get a tag by label', () => visitor.tags.getTagByLabel('cooking', { fieldsets: ['URL'] }));
  await step('query tags: eq', () => visitor.tags.queryTags().eq('label', 'JavaScript').find().then(pages));
  await step('query tags: or, in, startsWith, sorted', () =>
    visitor.tags
      .queryTags({ fieldsets: ['URL'] })
      .startsWith('slug', 'c')
      .or(visitor.tags.queryTags().in('_id', [trips?.tag?._id]))
      .ascending('label')
      .find()
      .then(pages),
  );
  await step('query tags: created after, skip and limit, next page', () =>
    visitor.tags
      .queryTags()
      .gt('_createdDate', new Date('2024-01-10T09:00:00.000Z'))
      .ascending('_createdDate')
      .skip(1)
      .limit(2)
      .find()
      .then(pages),
  );
  await step('query tags: typed', () =>
    visitor.tags.queryTags(
      {
        filter: { label: { $ne: 'obsolete' } },
        sort: [{ fieldName: 'slug', order: 'DESC' }],
        paging: { limit: 10 },
      },
      { fieldsets: ['URL'] },
    ),
  );
  await step('delete a tag', () => owner.tags.deleteTag(obsolete?.tag?._id));
  await step('get a deleted tag', () => visitor.tags.getTag(obsolete?.tag?._id));
  return {
    news: news?._id,
    travel: travel?._id,
    recipes: recipes?._id,
    js: js?.tag?._id,
    trips: trips?.tag?._id,
    cooking: cooking?.tag?._id,
  };
}

// ── Drafts and publishing ───────────────────────────────────────────────────────────────────────

async function writing({ owner, visitor }: BlogClients, setup: Setup, step: Step, world: World) {
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
  // The caller keeps its input object: the reference rewrites it in place (blog-wire.md §E.1).
  const input = { title: 'Kappa', excerpt: 'no id given', heroImage: setup.hero };
  const unnamed = await step('create a draft without an id', () =>
    owner.draftPosts.createDraftPost(input, { fieldsets: ['URL'] }),
  );
  setup.note('the caller’s draft after createDraftPost', structuredClone(input));
  await step('get it by the id it got', () => owner.draftPosts.getDraftPost(unnamed?.draftPost?._id));
  await step('delete it for good', () =>
    owner.draftPosts.deleteDraftPost(unnamed?.draftPost?._id, { permanent: true }),
  );
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

// ── Reading published posts ─────────────────────────────────────────────────────────────────────

const SORTS = [
  'FEED',
  'PUBLISHED_DATE_ASC',
  'PUBLISHED_DATE_DESC',
  'VIEW_COUNT',
  'LIKE_COUNT',
  'TITLE_ASC',
  'TITLE_DESC',
];

async function reading({ visitor, member }: BlogClients, setup: Setup, step: Step, world: World) {
  await setup.views('alpha', 3);
  await setup.views('beta', 5);
  await setup.views('gamma', 1);
  await step('get a post with every fieldset', () =>
    visitor.posts.getPost('alpha', {
      fieldsets: ['URL', 'RICH_CONTENT', 'CONTENT_TEXT', 'METRICS', 'SEO', 'CONTACT_ID', 'REFERENCE_ID'],
    }),
  );
  await step('get a post', () => member.posts.getPost('beta'));
  await step('get a post by slug', () => visitor.posts.getPostBySlug('gamma-notes', { fieldsets: ['URL'] }));
  await step('get a post by slug and language', () =>
    visitor.posts.getPostBySlug('delta', { fieldsets: ['URL'], language: 'fr' }),
  );
  await step('get an unknown post', () => visitor.posts.getPost(UNKNOWN));
  await step('list posts', () => visitor.posts.listPosts());
  await step('list featured posts', () => visitor.posts.listPosts({ featured: true }));
  await step('list posts by hashtag', () => visitor.posts.listPosts({ hashtags: ['trip'] }));
  await step('list posts by category', () => visitor.posts.listPosts({ categoryIds: [world.news] }));
  await step('list posts by categories', () =>
    visitor.posts.listPosts({ categoryIds: [world.recipes, world.travel] }),
  );
  await step('list posts by tag', () => visitor.posts.listPosts({ tagIds: [world.js], fieldsets: ['URL'] }));
  await step('list posts by member', () => visitor.posts.listPosts({ memberId: setup.memberId }));
  await step('list posts by language', () => visitor.posts.listPosts({ language: 'fr' }));
  for (const sort of SORTS) await step(`list posts sorted ${sort}`, () => visitor.posts.listPosts({ sort }));
  const first = await step('list posts, first page', () =>
    visitor.posts.listPosts({ sort: 'TITLE_ASC', paging: { limit: 2 } }),
  );
  await step('list posts, next page by cursor', () =>
    visitor.posts.listPosts({ sort: 'TITLE_ASC', paging: { limit: 2, cursor: first?.metaData?.cursor } }),
  );
  await step('list posts, by offset', () =>
    visitor.posts.listPosts({ sort: 'TITLE_ASC', paging: { limit: 2, offset: 4 } }),
  );
  await step('post metrics', () => visitor.posts.getPostMetrics('beta'));
  await step('total posts', () => visitor.posts.getTotalPosts());
  await step('total posts in a language', () => visitor.posts.getTotalPosts({ language: 'fr' }));
  await step('post count per month, oldest first', () =>
    visitor.posts.queryPostCountStats({ rangeStart: new Date('2024-01-01T00:00:00.000Z'), months: 5 }),
  );
  await step('post count per month, newest first, in a time zone', () =>
    visitor.posts.queryPostCountStats({
      rangeStart: new Date('2023-12-01T00:00:00.000Z'),
      order: 'NEWEST',
      months: 4,
      language: 'en',
      timeZone: 'America/New_York',
    }),
  );
}

// ── Queries: every operator of spec §7 ──────────────────────────────────────────────────────────

async function querying({ visitor }: BlogClients, setup: Setup, step: Step, world: World) {
  const q = (options?: object) => visitor.posts.queryPosts(options);
  const find = (label: string, build: () => Any) =>
    step(`query posts: ${label}`, () => build().find().then(pages));
  await find('everything', () => q());
  await find('eq', () => q().eq('title', 'Beta travels'));
  await find('ne', () => q().ne('featured', true).ascending('title'));
  await find('gt (date)', () => q().gt('firstPublishedDate', new Date('2024-02-03T08:00:00.000Z')));
  await find('ge (number)', () => q().ge('minutesToRead', 5).ascending('title'));
  await find('lt (date)', () => q().lt('lastPublishedDate', new Date('2024-02-20T12:00:00.000Z')));
  await find('le (number)', () => q().le('minutesToRead', 3).descending('title'));
  await find('gt (text)', () => q().gt('title', 'C').ascending('title'));
  await find('in', () => q().in('_id', ['alpha', 'gamma', UNKNOWN]));
  await find('in (numbers)', () => q().in('minutesToRead', [1, 7]));
  await find('hasSome (tags)', () => q().hasSome('tagIds', [world.js]));
  await find('hasSome (categories, spread)', () => q().hasSome('categoryIds', world.recipes, world.travel));
  await find('hasSome (hashtags)', () => q().hasSome('hashtags', ['hello']));
  await find('hasSome (member)', () => q().hasSome('memberId', [setup.memberId]));
  await find('hasAll (categories)', () => q().hasAll('categoryIds', [world.news, world.travel]));
  await find('hasAll (hashtags)', () => q().hasAll('hashtags', 'trip', 'food'));
  await find('startsWith (slug)', () => q().startsWith('slug', 'ga'));
  await find('startsWith (title, any case)', () => q().startsWith('title', 'ALPHA'));
  await find('exists', () => q().exists('language'));
  await find('exists false', () => q().exists('title', false));
  await find('isEmpty', () => q().isEmpty('memberId').ascending('title'));
  await find('isNotEmpty', () => q().isNotEmpty('memberId'));
  await find('endsWith', () => q().endsWith('slug', 'notes'));
  await find('contains (any case)', () => q().contains('title', 'TRAVEL'));
  await find('and (explicit)', () => q().and(q().eq('featured', true)).and(q().le('minutesToRead', 3)));
  // Offset paging on a cursor query: both refuse before sending (the reference with an accidental
  // TypeError of its paging code, the SDK with one that names skipTo).
  await step('query posts: skip is refused', async () => {
    try {
      q().ascending('title').skip(3);
      return 'accepted';
    } catch (error) {
      return { refused: (error as Error).name };
    }
  });
  await find('between', () =>
    q().between(
      'firstPublishedDate',
      new Date('2024-02-01T00:00:00.000Z'),
      new Date('2024-03-01T00:00:00.000Z'),
    ),
  );
  await find('and', () =>
    q().eq('featured', true).hasSome('tagIds', [world.trips]).eq('commentingEnabled', true),
  );
  await find('or', () => q().eq('language', 'fr').or(q().eq('featured', true)));
  await find('not', () =>
    q()
      .not(q().hasSome('hashtags', ['trip']))
      .ascending('title'),
  );
  await find('booleans', () =>
    q().eq('pinned', false).ne('media.displayed', false).eq('commentingEnabled', false),
  );
  await find('metrics', () => q().gt('metrics.views', 2).descending('metrics.views'));
  await find('sorted by two fields', () => q().descending('featured').ascending('slug'));
  await find('sorted by date, descending', () => q().descending('firstPublishedDate'));
  await find('with fieldsets, without a count', () =>
    q({ fieldsets: ['URL', 'METRICS', 'CONTENT_TEXT'], skipCount: true })
      .ascending('title')
      .limit(2),
  );
  await find('unknown field', () => q().eq('color', 'red'));

  // Cursor paging both ways.
  const first = await step('query posts: first page', () => q().ascending('title').limit(2).find(), pageOf);
  const second = await step('query posts: next page', () => first.next(), pageOf);
  const third = await step('query posts: last page', () => second.next(), pageOf);
  const back = await step('query posts: previous page', () => third.prev(), pageOf);
  await step('query posts: previous page again', () => back.prev(), pageOf);
  await step('query posts: no page before the first', () => first.prev(), pageOf);
  await step('query posts: no page after the last', () => third.next(), pageOf);
  await step('query posts: skipTo a cursor', () =>
    q().skipTo(second?.cursors?.next).limit(2).find().then(pageOf),
  );
  // The typed form (the raw answer): cursor and offset paging.
  await step('query posts typed: filter, sort, cursor paging', () =>
    visitor.posts.queryPosts(
      {
        filter: { $or: [{ _id: 'alpha' }, { minutesToRead: { $gte: 5 } }], title: { $ne: 'x' } },
        sort: [{ fieldName: 'firstPublishedDate', order: 'ASC' }],
        cursorPaging: { limit: 2 },
      },
      { fieldsets: ['URL'] },
    ),
  );
  await step('query posts typed: offset paging', () =>
    visitor.posts.queryPosts({
      sort: [{ fieldName: 'title', order: 'ASC' }],
      paging: { limit: 2, offset: 2 },
    }),
  );
}

// ── Likes ───────────────────────────────────────────────────────────────────────────────────────

async function liking({ owner, visitor, member }: BlogClients, _setup: Setup, step: Step) {
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

// ── Unpublish, trash, restore, delete ───────────────────────────────────────────────────────────

async function lifecycle({ owner, visitor }: BlogClients, setup: Setup, step: Step) {
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

// ── Translations and the blog cache ─────────────────────────────────────────────────────────────

/**
 * translateDraft and updateDraftPostLanguage (blog-wire.md §A.1), last: translations get ids the
 * platform chooses, which would reorder the lists above that sort by id.
 */
async function translating({ owner, visitor }: BlogClients, _setup: Setup, step: Step, world: World) {
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

export const blogScenario: Scenario = async (clients, setup, step) => {
  const world = await taxonomy(clients, setup, step);
  await writing(clients, setup, step, world);
  await reading(clients, setup, step, world);
  await querying(clients, setup, step, world);
  await liking(clients, setup, step);
  await lifecycle(clients, setup, step);
  await translating(clients, setup, step, world);
};
