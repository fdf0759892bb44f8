import { isDeepStrictEqual } from 'node:util';
import * as atriumBlog from '@atrium/sdk/blog';
import * as referenceBlog from '@wix/blog';
import { ApiKeyStrategy, createClient } from '@wix/sdk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callerAuth, OFFLINE_KEYS, type Peer, peerClient } from './support/peer-clients';
import { pageAndNext } from './support/query-page';
import { answeringRecorder } from './support/recorder';
import { comparedParts } from './support/wire';

// Every function of the blog modules (posts, categories, tags, draftPosts, likes) through the
// reference client (@wix/blog 1.0.660 on @wix/sdk) and through `@atrium/sdk/blog`, each answered
// offline by a recorder with the same canned wire bodies (shaped after docs/wire.md §10 and
// docs/blog-wire.md §A–§B): both must send the same requests (method, host, path, query, body, auth and
// content type) and return equal results after their transformations. Where the reference rewrites
// the caller's arguments in place (docs/blog-wire.md §E.1), Atrium must leave them as given. The event
// registrars are compared by what a handler receives.
afterEach(() => {
  vi.unstubAllGlobals();
});

// biome-ignore lint/suspicious/noExplicitAny: one scenario drives both clients through the reference's API
type Any = any;

// ── Canned wire bodies ──────────────────────────────────────────────────────────────────────────

const IMAGE = {
  id: 'img1.jpg',
  width: 800,
  height: 600,
  filename: 'sea view.jpg',
  url: 'https://static.example/img1.jpg',
};
const RICH_CONTENT = {
  nodes: [
    {
      type: 'PARAGRAPH',
      id: 'n1',
      nodes: [{ type: 'TEXT', id: 'n2', textData: { text: 'Hi', decorations: [] } }],
    },
    {
      type: 'IMAGE',
      id: 'n3',
      imageData: { image: { src: { id: 'img1.jpg' } }, crop: { x: 0.5, y: 'NaN' } },
    },
    { type: 'MAP', id: 'n4', mapData: { mapSettings: { lat: 1.5, lng: 'Infinity' } } },
  ],
  metadata: {
    version: 1,
    createdTimestamp: '2024-01-01T00:00:00.000Z',
    updatedTimestamp: '2024-01-02T00:00:00.000Z',
    id: 'doc-1',
  },
};
const POST = {
  id: 'p1',
  title: 'Hello',
  excerpt: 'Hi',
  firstPublishedDate: '2024-02-01T10:00:00.000Z',
  lastPublishedDate: null,
  url: { base: 'https://site.example', path: '/post/hello' },
  slug: 'hello',
  featured: true,
  categoryIds: ['c1'],
  memberId: 'm1',
  heroImage: IMAGE,
  tagIds: ['t1'],
  media: {
    wixMedia: {
      image: IMAGE,
      videoV2: { id: 'vid1', filename: 'v.mp4', posters: [{ id: 'poster1.jpg', width: 1, height: 2 }] },
    },
    displayed: true,
    custom: false,
  },
  moderationDetails: { submittedDate: '2024-01-05T00:00:00.000Z', moderationDate: null, status: 'APPROVED' },
  richContent: RICH_CONTENT,
  richContentCompressed: 'AAEC',
  metrics: { comments: 1, likes: 2, views: 3, averageRating: 'NaN' },
  translations: [{ id: 'p2', language: 'de', url: { base: 'site.example', path: '/de/post/hallo' } }],
  hasUnpublishedChanges: false,
};
const DRAFT = {
  id: 'd1',
  title: 'Draft',
  status: 'UNPUBLISHED',
  editedDate: '2024-03-01T00:00:00.000Z',
  scheduledPublishDate: '',
  firstPublishedDate: null,
  createdDate: '2024-02-28T00:00:00.000Z',
  url: { base: 'https://site.example', path: '/post/draft' },
  heroImage: IMAGE,
  media: { wixMedia: { image: null, videoV2: { id: 'vid1', filename: 'v.mp4', posters: [] } } },
  moderationDetails: { submittedDate: '2024-02-01T00:00:00.000Z' },
  richContent: RICH_CONTENT,
  translations: [{ id: 'd2', url: { base: 'https://site.example', path: '/de/post/entwurf' } }],
};
const CATEGORY = {
  id: 'c1',
  label: 'News',
  postCount: 3,
  url: { base: 'https://site.example', path: '/blog/categories/news' },
  coverImage: { id: 'cover.png', width: 10, height: 20, altText: 'cover' },
  updatedDate: '2024-01-03T00:00:00.000Z',
  slug: 'news',
};
const TAG = {
  id: 't1',
  label: 'js',
  slug: 'js',
  createdDate: '2024-01-01T00:00:00.000Z',
  updatedDate: '2024-01-02T00:00:00.000Z',
  postCount: 2,
  url: { base: 'https://site.example', path: '/blog/tags/js' },
};
const LIKE = { id: 'l1', createdDate: '2024-04-01T00:00:00.000Z', entityId: 'p1', fqdn: 'wix.blog.v3.post' };
const CURSORS = (next: string | null) => ({
  count: 1,
  cursors: { next, prev: null },
  hasNext: next !== null,
});
const BULK = {
  results: [
    { itemMetadata: { id: 'd1', originalIndex: 0, success: true }, item: DRAFT },
    {
      itemMetadata: {
        id: 'd2',
        originalIndex: 1,
        success: false,
        error: { code: 'X', description: 'bad', data: { id: 'z' } },
      },
    },
  ],
  bulkActionMetadata: { totalSuccesses: 1, totalFailures: 1, undetailedFailures: 0 },
};

function answer(method: string, path: string): unknown {
  if (path === '/oauth2/token') return { access_token: 'h.p.s', expires_in: 14400, refresh_token: 'rt-1' };
  // Posts and stats.
  if (path === '/v3/posts/query') return { posts: [POST], pagingMetadata: CURSORS('PC-2') };
  if (path === '/v3/posts')
    return { posts: [POST], metaData: { count: 1, offset: 0, total: 9, cursor: null } };
  if (/^\/v3\/posts\/[^/]+\/metrics$/.test(path)) return { metrics: { comments: 1, likes: 2, views: 3 } };
  if (path.startsWith('/v3/posts/')) return { post: POST };
  if (path === '/blog/v2/stats/posts/total') return { total: 9 };
  if (path === '/blog/v2/stats/post/count')
    return {
      stats: [
        { periodStart: '2024-01-01T00:00:00.000Z', postCount: 2 },
        { periodStart: '2024-02-01T00:00:00.000Z', postCount: 0 },
      ],
    };
  // Categories and tags.
  if (path === '/blog/v3/categories/query')
    return {
      categories: [CATEGORY],
      pagingMetadata: { count: 1, offset: 0, total: 7, tooManyToCount: false },
    };
  if (path === '/blog/v3/categories')
    return { categories: [CATEGORY], metaData: { count: 1, offset: 0, total: 7 } };
  if (path.startsWith('/blog/v3/categories')) return { category: CATEGORY };
  if (path === '/v3/tags/query')
    return { tags: [TAG], pagingMetadata: { count: 1, offset: 0, total: 5, tooManyToCount: false } };
  if (path.startsWith('/v3/tags')) return { tag: TAG };
  // Draft posts.
  if (path === '/blog/v3/draft-posts/query' || path === '/blog/v3/draft-posts/trash-bin')
    return { draftPosts: [DRAFT], pagingMetadata: { ...CURSORS('DC-2'), offset: 0, total: 1 } };
  if (path === '/blog/v3/draft-posts' && method === 'GET')
    return { draftPosts: [DRAFT], metaData: { count: 1, offset: 0, total: 1, cursor: 'x' } };
  if (path.startsWith('/blog/v3/bulk/') || path === '/blog/v3/draft-posts/update') return BULK;
  if (path.endsWith('/publish')) return { postId: 'p9' };
  if (path.startsWith('/blog/v3/')) return { draftPost: DRAFT };
  // Likes.
  if (path === '/blog/v1/likes/query') return { likes: [LIKE], pagingMetadata: CURSORS('LC-2') };
  if (path.startsWith('/blog/v1/likes')) return { like: LIKE };
  return {};
}

// ── The calls ───────────────────────────────────────────────────────────────────────────────────

const HERO = 'wix:image://v1/img1.jpg/sea%20view.jpg#originWidth=800&originHeight=600';
const VIDEO = 'wix:video://v1/vid1/v.mp4#posterUri=poster1.jpg&posterWidth=1&posterHeight=2';

/** A fresh draft as a caller writes it: a page URL, media URIs, Dates, `_id`, rich content. */
const draftInput = () => ({
  _id: 'd1',
  title: 'T',
  url: 'https://site.example/post/t',
  heroImage: HERO,
  media: { wixMedia: { image: 'https://images.example/ext.png', videoV2: VIDEO }, displayed: true },
  // Rich content as a caller holds it (as answers give it): Dates and numbers, node ids as `id`.
  richContent: {
    nodes: [
      {
        type: 'IMAGE',
        id: 'n3',
        imageData: { image: { src: { id: 'img1.jpg' } }, crop: { x: 0.5, y: Number.NaN } },
      },
      { type: 'MAP', id: 'n4', mapData: { mapSettings: { lat: 1.5, lng: Number.POSITIVE_INFINITY } } },
    ],
    metadata: { version: 1, createdTimestamp: new Date('2024-01-01T00:00:00.000Z'), id: 'doc-1' },
  },
  _createdDate: new Date('2024-01-01T00:00:00.000Z'),
  memberId: 'm1',
});

/** One case: a label, the arguments (made fresh for each client) and the call. */
type Case = [label: string, args: () => unknown[], call: (blog: Any, ...args: Any[]) => Promise<unknown>];

const CASES: Case[] = [
  // posts (docs/wire.md §10.1, docs/blog-wire.md §B.2)
  [
    'posts.getPost',
    () => ['p1', { fieldsets: ['URL', 'RICH_CONTENT', 'METRICS'] }],
    (b, ...a) => b.posts.getPost(...a),
  ],
  ['posts.getPost bare', () => ['p1'], (b, ...a) => b.posts.getPost(...a)],
  [
    'posts.getPostBySlug',
    () => ['hello', { fieldsets: ['URL'], language: 'en' }],
    (b, ...a) => b.posts.getPostBySlug(...a),
  ],
  [
    'posts.listPosts',
    () => [
      {
        featured: true,
        hashtags: ['h'],
        categoryIds: ['c1', 'c2'],
        tagIds: ['t1'],
        sort: 'VIEW_COUNT',
        paging: { limit: 10, offset: 0 },
        language: 'en',
        memberId: 'm1',
        fieldsets: ['URL', 'CONTENT_TEXT'],
      },
    ],
    (b, ...a) => b.posts.listPosts(...a),
  ],
  ['posts.listPosts bare', () => [], (b) => b.posts.listPosts()],
  [
    'posts.queryPosts builder',
    () => [{ fieldsets: ['METRICS'], skipCount: true }],
    async (b, options) =>
      pageAndNext(
        await b.posts
          .queryPosts(options)
          .gt('metrics.views', 10)
          .eq('pinned', true)
          .hasSome('tagIds', ['t1'])
          .startsWith('slug', 'he')
          .between(
            'firstPublishedDate',
            new Date('2024-01-01T00:00:00.000Z'),
            new Date('2024-06-01T00:00:00.000Z'),
          )
          .descending('metrics.likes')
          .ascending('_id')
          .limit(2)
          .find(),
      ),
  ],
  [
    'posts.queryPosts builder operators',
    () => [],
    async (b) =>
      pageAndNext(
        await b.posts
          .queryPosts()
          .ne('title', 'x')
          .in('_id', ['p1', 'p2'])
          .exists('language')
          .isEmpty('memberId')
          .isNotEmpty('excerpt')
          .hasAll('hashtags', 'a', 'b')
          .le('minutesToRead', 5)
          .lt('minutesToRead', 9)
          .ge('minutesToRead', 1)
          .or(b.posts.queryPosts().eq('featured', true))
          .find(),
      ),
  ],
  [
    'posts.queryPosts not',
    () => [],
    async (b) => pageAndNext(await b.posts.queryPosts().not(b.posts.queryPosts().eq('_id', 'p1')).find()),
  ],
  ['posts.queryPosts bare', () => [], async (b) => pageAndNext(await b.posts.queryPosts().find())],
  [
    'posts.queryPosts skipTo',
    () => [],
    async (b) => pageAndNext(await b.posts.queryPosts().eq('title', 'x').limit(4).skipTo('CUR').find()),
  ],
  [
    'posts.queryPosts typed',
    () => [
      {
        filter: { _id: 'p1', title: { $ne: 'x' } },
        sort: [{ fieldName: '_createdDate', order: 'DESC' }],
        cursorPaging: { limit: 3 },
      },
      { fieldsets: ['URL'] },
    ],
    (b, ...a) => b.posts.queryPosts(...a),
  ],
  ['posts.getPostMetrics', () => ['p1'], (b, ...a) => b.posts.getPostMetrics(...a)],
  ['posts.getTotalPosts', () => [{ language: 'en' }], (b, ...a) => b.posts.getTotalPosts(...a)],
  ['posts.getTotalPosts bare', () => [], (b) => b.posts.getTotalPosts()],
  [
    'posts.queryPostCountStats',
    () => [
      {
        rangeStart: new Date('2024-01-01T00:00:00.000Z'),
        order: 'NEWEST',
        months: 3,
        language: 'en',
        timeZone: 'UTC',
      },
    ],
    (b, ...a) => b.posts.queryPostCountStats(...a),
  ],
  // categories (docs/wire.md §10.2)
  [
    'categories.createCategory',
    () => [{ label: 'x', coverImage: HERO, _id: 'c9', description: 'd' }, { fieldsets: ['URL'] }],
    (b, ...a) => b.categories.createCategory(...a),
  ],
  [
    'categories.updateCategory',
    () => [
      'c1',
      { label: 'y', coverImage: 'https://images.example/c.png', url: 'https://site.example/x' },
      { fieldsets: ['SEO'] },
    ],
    (b, ...a) => b.categories.updateCategory(...a),
  ],
  [
    'categories.getCategory',
    () => ['c1', { fieldsets: ['URL', 'SEO'] }],
    (b, ...a) => b.categories.getCategory(...a),
  ],
  [
    'categories.getCategoryBySlug',
    () => ['news', { fieldsets: ['URL'], language: 'en' }],
    (b, ...a) => b.categories.getCategoryBySlug(...a),
  ],
  [
    'categories.listCategories',
    () => [{ paging: { limit: 5, offset: 0 }, fieldsets: ['URL'], language: 'en' }],
    (b, ...a) => b.categories.listCategories(...a),
  ],
  [
    'categories.queryCategories builder',
    () => [{ fieldsets: ['URL'] }],
    async (b, options) =>
      pageAndNext(
        await b.categories
          .queryCategories(options)
          .eq('label', 'News')
          .ascending('_updatedDate')
          .skip(2)
          .limit(2)
          .find(),
      ),
  ],
  [
    'categories.queryCategories bare',
    () => [],
    async (b) => pageAndNext(await b.categories.queryCategories().find()),
  ],
  [
    'categories.queryCategories typed',
    () => [{ filter: { label: 'x' }, paging: { limit: 1 } }],
    (b, ...a) => b.categories.queryCategories(...a),
  ],
  ['categories.deleteCategory', () => ['c1'], (b, ...a) => b.categories.deleteCategory(...a)],
  // tags (docs/wire.md §10.3)
  [
    'tags.createTag',
    () => ['js', { language: 'en', slug: 'js', fieldsets: ['URL'] }],
    (b, ...a) => b.tags.createTag(...a),
  ],
  ['tags.getTag', () => ['t1', { fieldsets: ['URL'] }], (b, ...a) => b.tags.getTag(...a)],
  [
    'tags.getTagBySlug',
    () => ['js', { fieldsets: ['URL'], language: 'en' }],
    (b, ...a) => b.tags.getTagBySlug(...a),
  ],
  [
    'tags.getTagByLabel',
    () => ['js', { language: 'en', fieldsets: ['URL'] }],
    (b, ...a) => b.tags.getTagByLabel(...a),
  ],
  [
    'tags.queryTags builder',
    () => [],
    async (b) =>
      pageAndNext(
        await b.tags
          .queryTags()
          .eq('label', 'a')
          .or(b.tags.queryTags().eq('label', 'b'))
          .skip(2)
          .limit(2)
          .find(),
      ),
  ],
  [
    'tags.queryTags typed',
    () => [{ filter: { _id: { $in: ['t1'] } } }, { fieldsets: ['URL'] }],
    (b, ...a) => b.tags.queryTags(...a),
  ],
  ['tags.deleteTag', () => ['t1'], (b, ...a) => b.tags.deleteTag(...a)],
  // draftPosts (docs/blog-wire.md §A.1)
  [
    'draftPosts.createDraftPost',
    () => [draftInput(), { publish: true, fieldsets: ['URL', 'RICH_CONTENT'] }],
    (b, ...a) => b.draftPosts.createDraftPost(...a),
  ],
  [
    'draftPosts.createDraftPost minimal',
    () => [{ title: 'Only title' }],
    (b, ...a) => b.draftPosts.createDraftPost(...a),
  ],
  [
    'draftPosts.bulkCreateDraftPosts',
    () => [[draftInput(), { title: 'B' }], { publish: false, returnFullEntity: true, fieldsets: ['URL'] }],
    (b, ...a) => b.draftPosts.bulkCreateDraftPosts(...a),
  ],
  [
    'draftPosts.bulkUpdateDraftPosts',
    () => [
      {
        draftPosts: [
          {
            draftPost: { _id: 'd1', title: 'A2', heroImage: HERO },
            fieldMask: ['title', 'heroImage', '_createdDate'],
          },
          { draftPost: { _id: 'd2', featured: true } },
        ],
        action: 'UPDATE_SCHEDULE',
        scheduledPublishDate: new Date('2024-03-01T10:00:00.000Z'),
        returnFullEntity: true,
        fieldsets: ['URL'],
      },
    ],
    (b, ...a) => b.draftPosts.bulkUpdateDraftPosts(...a),
  ],
  ['draftPosts.bulkUpdateDraftPosts bare', () => [], (b) => b.draftPosts.bulkUpdateDraftPosts()],
  [
    'draftPosts.listDeletedDraftPosts',
    () => [
      {
        language: 'en',
        sort: 'EDITING_DATE_ASC',
        paging: { limit: 10, offset: 5 },
        fieldsets: ['URL', 'CONTENT'],
        draftPostIds: ['d1', 'd2'],
      },
    ],
    (b, ...a) => b.draftPosts.listDeletedDraftPosts(...a),
  ],
  ['draftPosts.listDeletedDraftPosts bare', () => [], (b) => b.draftPosts.listDeletedDraftPosts()],
  [
    'draftPosts.getDraftPost',
    () => ['d1', { fieldsets: ['URL', 'RICH_CONTENT', 'GENERATED_EXCERPT'] }],
    (b, ...a) => b.draftPosts.getDraftPost(...a),
  ],
  [
    'draftPosts.updateDraftPost',
    () => [
      'd1',
      { ...draftInput(), _id: undefined, title: 'New' },
      { action: 'UPDATE_PUBLISH', scheduledPublishDate: new Date(0), fieldsets: ['URL'] },
    ],
    (b, ...a) => b.draftPosts.updateDraftPost(...a),
  ],
  [
    'draftPosts.updateDraftPost other _id',
    () => ['d1', { _id: 'other', title: 'x' }],
    (b, ...a) => b.draftPosts.updateDraftPost(...a),
  ],
  [
    'draftPosts.deleteDraftPost',
    () => ['d1', { permanent: true }],
    (b, ...a) => b.draftPosts.deleteDraftPost(...a),
  ],
  ['draftPosts.deleteDraftPost bare', () => ['d2'], (b, ...a) => b.draftPosts.deleteDraftPost(...a)],
  ['draftPosts.removeFromTrashBin', () => ['d1'], (b, ...a) => b.draftPosts.removeFromTrashBin(...a)],
  [
    'draftPosts.bulkDeleteDraftPosts',
    () => [['d1', 'd2'], { permanent: true }],
    (b, ...a) => b.draftPosts.bulkDeleteDraftPosts(...a),
  ],
  [
    'draftPosts.listDraftPosts',
    () => [
      {
        status: 'UNPUBLISHED',
        language: 'en',
        sort: 'EDITING_DATE_DESC',
        paging: { limit: 10, offset: 0, cursor: 'cc' },
        fieldsets: ['URL', 'CONTENT'],
      },
    ],
    (b, ...a) => b.draftPosts.listDraftPosts(...a),
  ],
  ['draftPosts.getDeletedDraftPost', () => ['d1'], (b, ...a) => b.draftPosts.getDeletedDraftPost(...a)],
  ['draftPosts.restoreFromTrashBin', () => ['d1'], (b, ...a) => b.draftPosts.restoreFromTrashBin(...a)],
  [
    'draftPosts.queryDraftPosts builder',
    () => [{ fieldsets: ['URL'] }],
    async (b, options) =>
      pageAndNext(
        await b.draftPosts
          .queryDraftPosts(options)
          .eq('status', 'PUBLISHED')
          .eq('_id', 'd1')
          .hasSome('tagIds', ['t1'])
          .ge('editedDate', new Date('2024-01-01T00:00:00.000Z'))
          .descending('editedDate')
          .ascending('_id')
          .limit(5)
          .find(),
      ),
  ],
  [
    'draftPosts.queryDraftPosts typed',
    () => [
      {
        filter: { status: { $in: ['PUBLISHED', 'SCHEDULED'] }, _id: 'd1' },
        sort: [{ fieldName: '_createdDate', order: 'DESC' }],
        cursorPaging: { limit: 3 },
      },
      { fieldsets: ['URL'] },
    ],
    (b, ...a) => b.draftPosts.queryDraftPosts(...a),
  ],
  ['draftPosts.publishDraftPost', () => ['d1'], (b, ...a) => b.draftPosts.publishDraftPost(...a)],
  [
    'draftPosts.translateDraft',
    () => ['p1', 'de', { fieldsets: ['URL'] }],
    (b, ...a) => b.draftPosts.translateDraft(...a),
  ],
  [
    'draftPosts.updateDraftPostLanguage',
    () => ['d1', 'fr', { fieldsets: ['URL'] }],
    (b, ...a) => b.draftPosts.updateDraftPostLanguage(...a),
  ],
  // likes (docs/blog-wire.md §B.3)
  [
    'likes.createLike',
    () => [{ like: { entityId: 'p1', fqdn: 'wix.blog.v3.post', _id: 'l0' } }],
    (b, ...a) => b.likes.createLike(...a),
  ],
  ['likes.getLike', () => ['l1'], (b, ...a) => b.likes.getLike(...a)],
  ['likes.deleteLike', () => ['l1'], (b, ...a) => b.likes.deleteLike(...a)],
  [
    'likes.deleteLikeByFqdnAndEntityId',
    () => [{ fqdn: 'wix.blog.v3.post', entityId: 'p1' }],
    (b, ...a) => b.likes.deleteLikeByFqdnAndEntityId(...a),
  ],
  [
    'likes.queryLikes builder',
    () => [],
    async (b) =>
      pageAndNext(
        await b.likes
          .queryLikes()
          .eq('entityId', 'p1')
          .in('fqdn', ['wix.blog.v3.post'])
          .eq('_id', 'l1')
          .limit(1)
          .find(),
      ),
  ],
  [
    'likes.queryLikes typed',
    () => [{ filter: { entityId: 'p1' }, cursorPaging: { limit: 10 } }],
    (b, ...a) => b.likes.queryLikes(...a),
  ],
];

// ── Running both clients ────────────────────────────────────────────────────────────────────────

const MODULES = ['posts', 'categories', 'tags', 'draftPosts', 'likes'] as const;

function blogClient(peer: Peer, strategy: 'apiKey' | 'visitor', fetchImpl: typeof fetch): Any {
  const source: Any = peer === 'reference' ? referenceBlog : atriumBlog;
  const modules = Object.fromEntries(MODULES.map((name) => [name, source[name]]));
  return peerClient(peer, callerAuth(strategy, OFFLINE_KEYS), modules, fetchImpl);
}

async function run(peer: Peer, strategy: 'apiKey' | 'visitor', testCase: Case) {
  const [, makeArgs, call] = testCase;
  const recorder = answeringRecorder((path, method) => answer(method, path));
  vi.stubGlobal('fetch', recorder.fetch);
  const client = blogClient(peer, strategy, recorder.fetch);
  const args = makeArgs();
  const result = await call(client, ...args).catch((error: unknown) => ({ rejected: String(error) }));
  vi.unstubAllGlobals();
  const requests = recorder.log.filter((r) => r.path !== '/oauth2/token').map(comparedParts);
  return { result, requests, args, mutated: !isDeepStrictEqual(args, makeArgs()) };
}

describe('blog: the Atrium SDK sends and returns what the reference client does', () => {
  it.each(CASES.map((c) => [c[0], c] as const))('%s', async (_label, testCase) => {
    const reference = await run('reference', 'apiKey', testCase);
    const atrium = await run('atrium', 'apiKey', testCase);
    expect(reference.requests.length).toBeGreaterThan(0);
    expect(atrium.requests).toEqual(reference.requests);
    expect(atrium.result).toEqual(reference.result);
    // The reference rewrites some arguments in place (docs/blog-wire.md §E.1); Atrium never does.
    expect(atrium.mutated).toBe(false);
  });

  it('rewrites the caller’s draft in place in the reference, never in Atrium (docs/blog-wire.md §E.1)', async () => {
    const create = CASES.find(([label]) => label === 'draftPosts.createDraftPost')!;
    expect((await run('reference', 'apiKey', create)).mutated).toBe(true);
    expect((await run('atrium', 'apiKey', create)).mutated).toBe(false);
  });

  it('sends to the edge host with a visitor’s token, as the reference does', async () => {
    for (const label of [
      'posts.getPost',
      'posts.queryPosts builder',
      'likes.createLike',
      'tags.getTagBySlug',
    ]) {
      const testCase = CASES.find(([name]) => name === label)!;
      const reference = await run('reference', 'visitor', testCase);
      const atrium = await run('atrium', 'visitor', testCase);
      expect(atrium.requests).toEqual(reference.requests);
      expect(atrium.requests[0]!.host).toBe('edge');
      expect(atrium.result).toEqual(reference.result);
    }
  });

  it('has every function of the reference’s modules (and posts.viewPost, an Atrium extension)', () => {
    for (const name of MODULES) {
      const functions = (module: Any) =>
        Object.keys(module)
          .filter((key) => typeof module[key] === 'function')
          .sort();
      const atriumFunctions = functions((atriumBlog as Any)[name]).filter((key) => key !== 'viewPost');
      expect(atriumFunctions, name).toEqual(functions((referenceBlog as Any)[name]));
      for (const fn of functions((referenceBlog as Any)[name]).filter((key) => !key.startsWith('on'))) {
        expect(
          CASES.some(([label]) => label.startsWith(`${name}.${fn}`)),
          `${name}.${fn} has a case`,
        ).toBe(true);
      }
    }
  });
});

// ── Event registrars (docs/blog-wire.md §C.1, §C.5) ──────────────────────────────────────────────────

/** The domain event's top-level fields beside its body, in wire form. */
const EVENT_FIELDS = {
  id: 'evt-1',
  entityFqdn: 'wix.blog.v3.post',
  entityId: 'p1',
  eventTime: '2024-05-01T12:00:00.000Z',
  triggeredByAnonymizeRequest: false,
  entityEventSequence: '7',
};
const IDENTITY = { identityType: 'MEMBER', memberId: 'm1' };

/** The raw envelope a dispatcher builds from a domain event (./events.ts of the SDK, step 2). */
function rawEnvelope(payload: Record<string, Any>, base: Record<string, unknown>) {
  const { deletedEvent, actionEvent, updatedEvent, createdEvent, ...rest } = payload;
  const metadata = { ...base, ...rest };
  if (deletedEvent)
    return deletedEvent.deletedEntity ? { entity: deletedEvent.deletedEntity, metadata } : { metadata };
  if (actionEvent) return { data: actionEvent.body, metadata };
  if (updatedEvent)
    return {
      entity: updatedEvent.currentEntity,
      metadata,
      ...(updatedEvent.modifiedFields ? { modifiedFields: updatedEvent.modifiedFields } : {}),
    };
  return { entity: createdEvent?.entity, metadata };
}

const EVENTS: [
  module: (typeof MODULES)[number],
  registrar: string,
  slug: string,
  body: Record<string, unknown>,
][] = [
  ['posts', 'onPostCreated', 'created', { createdEvent: { entity: POST } }],
  ['posts', 'onPostUpdated', 'updated', { updatedEvent: { currentEntity: POST } }],
  ['posts', 'onPostDeleted', 'deleted', { deletedEvent: { deletedEntity: POST } }],
  ['posts', 'onPostDeleted', 'deleted', { deletedEvent: {} }],
  [
    'posts',
    'onPostLiked',
    'liked',
    {
      actionEvent: {
        body: { postId: 'p1', memberId: 'm1', id: 'x', createdDate: '2024-01-01T00:00:00.000Z' },
      },
    },
  ],
  [
    'posts',
    'onPostUnliked',
    'unliked',
    { actionEvent: { body: { postId: 'p1', anonymousVisitorId: 'v1' } } },
  ],
  ['tags', 'onTagCreated', 'created', { createdEvent: { entity: TAG } }],
  ['tags', 'onTagUpdated', 'updated', { updatedEvent: { currentEntity: TAG } }],
  ['tags', 'onTagDeleted', 'deleted', { deletedEvent: { deletedEntity: TAG } }],
  ['categories', 'onCategoryCreated', 'created', { createdEvent: { entity: CATEGORY } }],
  ['categories', 'onCategoryUpdated', 'updated', { updatedEvent: { currentEntity: CATEGORY } }],
  ['categories', 'onCategoryDeleted', 'deleted', { deletedEvent: { deletedEntity: CATEGORY } }],
  ['draftPosts', 'onDraftCreated', 'created', { createdEvent: { entity: DRAFT } }],
  ['draftPosts', 'onDraftUpdated', 'updated', { updatedEvent: { currentEntity: DRAFT } }],
  ['draftPosts', 'onDraftDeleted', 'deleted', { deletedEvent: { deletedEntity: DRAFT } }],
  ['likes', 'onLikeCreated', 'created', { createdEvent: { entity: LIKE } }],
  ['likes', 'onLikeDeleted', 'deleted', { deletedEvent: { deletedEntity: LIKE } }],
];

describe('blog event registrars: a handler receives what the reference’s receives', () => {
  it.each(EVENTS.map((event) => [`${event[0]}.${event[1]} ${Object.keys(event[3])[0]}`, event] as const))(
    '%s',
    async (_label, [module, registrar, slug, body]) => {
      const reference = (referenceBlog as Any)[module][registrar];
      const atrium = (atriumBlog as Any)[module][registrar];
      expect({ __type: atrium.__type, type: atrium.type, isDomainEvent: atrium.isDomainEvent }).toEqual({
        __type: reference.__type,
        type: reference.type,
        isDomainEvent: reference.isDomainEvent,
      });
      const payload = { ...EVENT_FIELDS, slug, ...structuredClone(body) };
      // The reference's own dispatch, without the JWT layers.
      const client = createClient({
        auth: ApiKeyStrategy({ apiKey: 'k', siteId: 'site-1' }),
        modules: { [module]: (referenceBlog as Any)[module] },
      } as Any) as Any;
      const received: unknown[] = [];
      client[module][registrar]((event: unknown) => {
        received.push(event);
      });
      await client.webhooks.executeHandlers({
        eventType: reference.type,
        instanceId: 'inst-1',
        identity: IDENTITY,
        payload,
      });
      const envelope = rawEnvelope(structuredClone(payload), { instanceId: 'inst-1', identity: IDENTITY });
      const before = structuredClone(envelope);
      expect(await atrium.transformations(envelope)).toEqual(received[0]);
      expect(envelope).toEqual(before);
    },
  );

  it('renames the keys of modifiedFields, values untouched, as the reference does', async () => {
    const payload = {
      ...EVENT_FIELDS,
      slug: 'updated',
      updatedEvent: {
        currentEntity: TAG,
        modifiedFields: { label: 'old', updatedDate: '2023-12-31T00:00:00.000Z', 'url.path': '/old' },
      },
    };
    const client = createClient({
      auth: ApiKeyStrategy({ apiKey: 'k', siteId: 'site-1' }),
      modules: { tags: referenceBlog.tags },
    } as Any) as Any;
    const received: unknown[] = [];
    client.tags.onTagUpdated((event: unknown) => {
      received.push(event);
    });
    await client.webhooks.executeHandlers({
      eventType: 'wix.blog.v3.tag_updated',
      instanceId: 'inst-1',
      payload,
    });
    const envelope = rawEnvelope(structuredClone(payload), { instanceId: 'inst-1', identity: undefined });
    expect(await atriumBlog.tags.onTagUpdated.transformations(envelope)).toEqual(received[0]);
  });
});
