import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { describe, expect, it } from 'vitest';
import {
  BLOG_CACHE_PREFIX,
  BLOG_CACHE_ROUTES,
  BLOG_CATEGORIES_PREFIX,
  BLOG_CATEGORIES_ROUTES,
  BLOG_DRAFT_POSTS_PREFIX,
  BLOG_DRAFT_POSTS_ROUTES,
  BLOG_ENTITY_FQDNS,
  BLOG_EVENT_TYPES,
  BLOG_LIKES_PREFIX,
  BLOG_LIKES_ROUTES,
  BLOG_LIMITS,
  BLOG_MULTILINGUAL_PREFIX,
  BLOG_MULTILINGUAL_ROUTES,
  BLOG_POSTS_PREFIX,
  BLOG_POSTS_ROUTES,
  BLOG_STATS_PREFIX,
  BLOG_STATS_ROUTES,
  BLOG_TAGS_PREFIX,
  BLOG_TAGS_ROUTES,
  BlogEventType,
  BlogPagingMetadata,
  BulkCreateDraftPostsRequest,
  BulkDeleteDraftPostsQuery,
  BulkUpdateDraftPostsRequest,
  Category,
  CreateCategoryRequest,
  CreateDraftPostRequest,
  CreateLikeRequest,
  CreateTagRequest,
  DOMAIN_EVENT_SLUGS,
  DomainEvent,
  DraftLanguageRequest,
  DraftPost,
  DraftPostBulkResult,
  DraftPostIdRequest,
  Like,
  ListDeletedDraftPostsQuery,
  ListDraftPostsQuery,
  ListPostsQuery,
  Post,
  PostCountStatsQuery,
  PostMetrics,
  QueryCategoriesRequest,
  QueryDraftPostsRequest,
  QueryLikesRequest,
  QueryPostsRequest,
  QueryTagsRequest,
  RICH_CONTENT_CONVENTIONAL_CHILDREN,
  RICH_CONTENT_DATA_FIELDS,
  RICH_CONTENT_DECORATION_DATA_FIELDS,
  RICH_CONTENT_DECORATION_TYPES,
  RICH_CONTENT_LEAF_TYPES,
  RICH_CONTENT_NODE_DATA_FIELDS,
  RICH_CONTENT_NODE_TYPES,
  RichContent,
  SERVICE_PREFIXES,
  type ServicePrefix,
  Tag,
  UpdateCategoryRequest,
  UpdateDraftPostRequest,
  WebhookEnvelope,
  WebhookIdentity,
  WebhookJwtPayload,
} from './index.js';

const validators = new Map<TSchema, ReturnType<typeof Compile>>();
const errorsOf = (schema: TSchema, value: unknown): string[] => {
  let validator = validators.get(schema);
  if (validator === undefined) {
    validator = Compile(schema);
    validators.set(schema, validator);
  }
  return [...validator.Errors(value)].map((error) => `${error.instancePath} ${error.message}`);
};
const accepts = (schema: TSchema, value: unknown) => expect(errorsOf(schema, value)).toEqual([]);
const refuses = (schema: TSchema, value: unknown) => expect(errorsOf(schema, value)).not.toEqual([]);

/** docs/blog-wire.md §D.2, transcribed: node type → data field (null: children only). */
const NODE_TABLE: Record<string, string | null> = {
  PARAGRAPH: 'paragraphData',
  TEXT: 'textData',
  HEADING: 'headingData',
  BULLETED_LIST: 'bulletedListData',
  ORDERED_LIST: 'orderedListData',
  CHECKBOX_LIST: 'checkboxListData',
  LIST_ITEM: 'listItemData',
  BLOCKQUOTE: 'blockquoteData',
  CODE_BLOCK: 'codeBlockData',
  CAPTION: 'captionData',
  IMAGE: 'imageData',
  GALLERY: 'galleryData',
  VIDEO: 'videoData',
  AUDIO: 'audioData',
  FILE: 'fileData',
  GIF: 'gifData',
  DIVIDER: 'dividerData',
  BUTTON: 'buttonData',
  LINK_PREVIEW: 'linkPreviewData',
  EMBED: 'embedData',
  HTML: 'htmlData',
  MAP: 'mapData',
  POLL: 'pollData',
  APP_EMBED: 'appEmbedData',
  COLLAPSIBLE_LIST: 'collapsibleListData',
  COLLAPSIBLE_ITEM: null,
  COLLAPSIBLE_ITEM_TITLE: null,
  COLLAPSIBLE_ITEM_BODY: null,
  TABLE: 'tableData',
  TABLE_ROW: null,
  TABLE_CELL: 'tableCellData',
  LAYOUT: 'layoutData',
  LAYOUT_CELL: 'layoutCellData',
  SHAPE: 'shapeData',
  CARD: 'cardData',
  TOC: 'tocData',
  SMART_BLOCK: 'smartBlockData',
  SMART_BLOCK_CELL: 'smartBlockCellData',
  EXTERNAL: 'externalData',
};

describe('rich content tables', () => {
  it('maps every node type of docs/blog-wire.md §D.2 to its data field', () => {
    expect(RICH_CONTENT_NODE_DATA_FIELDS).toEqual(NODE_TABLE);
    expect([...RICH_CONTENT_NODE_TYPES].sort()).toEqual(Object.keys(NODE_TABLE).sort());
  });

  it('lists each data field once, and only those of the node table', () => {
    const fromTable = Object.values(RICH_CONTENT_NODE_DATA_FIELDS).filter((field) => field !== null);
    expect(new Set(RICH_CONTENT_DATA_FIELDS).size).toBe(RICH_CONTENT_DATA_FIELDS.length);
    expect([...RICH_CONTENT_DATA_FIELDS].sort()).toEqual([...fromTable].sort());
  });

  it('maps every decoration type to its data field (docs/blog-wire.md §D.4)', () => {
    expect(Object.keys(RICH_CONTENT_DECORATION_DATA_FIELDS).sort()).toEqual(
      [...RICH_CONTENT_DECORATION_TYPES].sort(),
    );
    expect(RICH_CONTENT_DECORATION_DATA_FIELDS.BOLD).toBe('fontWeightValue');
    expect(RICH_CONTENT_DECORATION_DATA_FIELDS.LINK).toBe('linkData');
    expect(RICH_CONTENT_DECORATION_DATA_FIELDS.EXTERNAL).toBeNull();
  });

  it('names only known node types in the structure tables', () => {
    const known = new Set<string>(RICH_CONTENT_NODE_TYPES);
    for (const [parent, children] of Object.entries(RICH_CONTENT_CONVENTIONAL_CHILDREN)) {
      expect(known.has(parent)).toBe(true);
      for (const child of children) expect(known.has(child)).toBe(true);
    }
    for (const leaf of RICH_CONTENT_LEAF_TYPES) expect(known.has(leaf)).toBe(true);
  });
});

const text = (value: string, decorations: unknown[] = []) => ({
  type: 'TEXT',
  id: '',
  nodes: [],
  textData: { text: value, decorations },
});
const paragraph = (id: string, ...nodes: unknown[]) => ({
  type: 'PARAGRAPH',
  id,
  nodes,
  paragraphData: { textStyle: { textAlignment: 'AUTO' }, indentation: 1 },
});

/** A document in the conventional structure of docs/blog-wire.md §D.1. */
const DOCUMENT = {
  nodes: [
    {
      type: 'HEADING',
      id: 'h1',
      nodes: [text('Title')],
      headingData: { level: 2, textStyle: { textAlignment: 'LEFT' } },
    },
    paragraph(
      'p1',
      text('bold ', [{ type: 'BOLD', fontWeightValue: 700 }]),
      text('link', [{ type: 'LINK', linkData: { link: { url: 'https://example.com', target: 'BLANK' } } }]),
    ),
    {
      type: 'BULLETED_LIST',
      id: 'l1',
      nodes: [{ type: 'LIST_ITEM', id: 'li1', nodes: [paragraph('p2', text('one'))] }],
      bulletedListData: { indentation: 0 },
    },
    {
      type: 'IMAGE',
      id: 'i1',
      nodes: [],
      imageData: {
        image: { src: { id: 'abc_mv2.jpg' }, width: 800, height: 600 },
        altText: 'a cat',
        crop: { x: 0, y: 'NaN', width: 1, height: 1 },
        containerData: { width: { size: 'CONTENT' }, alignment: 'CENTER' },
      },
    },
    {
      type: 'TABLE',
      id: 't1',
      tableData: { dimensions: { colsWidthRatio: [1], rowsHeight: [40], colsMinWidth: [120] } },
      nodes: [
        {
          type: 'TABLE_ROW',
          id: 'tr1',
          nodes: [
            { type: 'TABLE_CELL', id: 'tc1', nodes: [paragraph('p3', text('cell'))], tableCellData: {} },
          ],
        },
      ],
    },
    {
      type: 'COLLAPSIBLE_LIST',
      id: 'c1',
      collapsibleListData: { expandOnlyOne: false, initialExpandedItems: 'FIRST', direction: 'LTR' },
      nodes: [
        {
          type: 'COLLAPSIBLE_ITEM',
          id: 'ci1',
          nodes: [
            { type: 'COLLAPSIBLE_ITEM_TITLE', id: 'ct1', nodes: [paragraph('p4', text('Q'))] },
            { type: 'COLLAPSIBLE_ITEM_BODY', id: 'cb1', nodes: [paragraph('p5', text('A'))] },
          ],
        },
      ],
    },
    { type: 'DIVIDER', id: 'd1', nodes: [], dividerData: { lineStyle: 'SINGLE', width: 'LARGE' } },
  ],
  metadata: {
    version: 1,
    createdTimestamp: '2024-01-01T00:00:00.000Z',
    updatedTimestamp: '2024-01-02T00:00:00.000Z',
    id: 'doc1',
  },
  documentStyle: {},
};

describe('rich content schema', () => {
  it('accepts a conventional document', () => accepts(RichContent, DOCUMENT));

  it('refuses an unknown node type, at any depth', () => {
    refuses(RichContent, { nodes: [{ type: 'MARQUEE', id: 'x', nodes: [] }] });
    refuses(RichContent, { nodes: [paragraph('p', { type: 'BLINK', id: 'y', nodes: [] })] });
  });

  it('refuses a data field that is not an object, and a node without a type', () => {
    refuses(RichContent, { nodes: [{ type: 'PARAGRAPH', id: 'p', nodes: [], paragraphData: 'x' }] });
    refuses(RichContent, { nodes: [{ id: 'p', nodes: [] }] });
    refuses(RichContent, { nodes: [{ type: 'PARAGRAPH', id: 'x'.repeat(BLOG_LIMITS.maxNodeIdLength + 1) }] });
  });

  it('takes fields it does not know (the wire grows) and webhook-style `_id`s', () =>
    accepts(RichContent, { nodes: [{ type: 'PARAGRAPH', _id: 'p', nodes: [], futureData: {} }], extra: 1 }));
});

const IMAGE = {
  id: 'abc_123.jpg',
  height: 600,
  width: 800,
  altText: 'pic.jpg',
  filename: 'pic.jpg',
  url: 'wix:image://v1/abc_123.jpg/pic.jpg#originWidth=800&originHeight=600',
};
const VIDEO = { id: 'vid1', filename: 'v.mp4', posters: [{ id: 'poster1.jpg', height: 2, width: 1 }] };

describe('draft post bodies (docs/blog-wire.md §A.1)', () => {
  it('accepts the recorded create bodies', () => {
    accepts(CreateDraftPostRequest, {
      draftPost: {
        title: 'T',
        memberId: 'm1',
        heroImage: IMAGE,
        media: { wixMedia: { image: IMAGE, videoV2: VIDEO }, displayed: true, custom: false },
        richContent: DOCUMENT,
        url: { base: 'site.example', path: '/post/t' },
        id: 'd1',
        createdDate: '2024-01-01T00:00:00.000Z',
      },
      publish: true,
      fieldsets: ['URL', 'RICH_CONTENT'],
    });
    accepts(CreateDraftPostRequest, { draftPost: { title: 'Only title' } });
  });

  it('refuses a draft without a title, or with one too long', () => {
    refuses(CreateDraftPostRequest, { draftPost: {} });
    refuses(CreateDraftPostRequest, { draftPost: { title: '' } });
    refuses(CreateDraftPostRequest, { draftPost: { title: 'x'.repeat(BLOG_LIMITS.maxTitleLength + 1) } });
    refuses(CreateDraftPostRequest, { draftPost: { title: 'T', tagIds: Array(31).fill('t') } });
    refuses(CreateDraftPostRequest, { draftPost: { title: 'T' }, fieldsets: ['EVERYTHING'] });
  });

  it('accepts the recorded bulk create and bulk update bodies, and keeps their size limits', () => {
    accepts(BulkCreateDraftPostsRequest, {
      draftPosts: [{ title: 'A', heroImage: IMAGE }, { title: 'B' }],
      publish: false,
      returnFullEntity: true,
      fieldsets: ['URL'],
    });
    const update = {
      draftPosts: [
        { draftPost: { title: 'A2', heroImage: IMAGE, id: 'd1' }, fieldMask: 'title,heroImage' },
        { draftPost: { featured: true, id: 'd2' } },
      ],
      action: 'UPDATE_SCHEDULE',
      scheduledPublishDate: '2024-03-01T10:00:00.000Z',
      returnFullEntity: true,
      fieldsets: ['URL'],
    };
    accepts(BulkUpdateDraftPostsRequest, update);
    const many = Array.from({ length: BLOG_LIMITS.maxBulkDraftPosts + 1 }, (_, index) => ({
      title: `T${index}`,
    }));
    refuses(BulkCreateDraftPostsRequest, { draftPosts: many });
    refuses(BulkCreateDraftPostsRequest, { draftPosts: [] });
    refuses(BulkUpdateDraftPostsRequest, {});
    refuses(BulkUpdateDraftPostsRequest, { draftPosts: [{ draftPost: { title: 'no id' } }] });
    refuses(BulkUpdateDraftPostsRequest, { ...update, action: 'UPDATE_EVERYTHING' });
  });

  it('accepts the recorded update bodies, null clearing a field', () => {
    accepts(UpdateDraftPostRequest, {
      draftPost: { title: 'New', heroImage: IMAGE, richContent: DOCUMENT, id: 'd1' },
      action: 'UPDATE_PUBLISH',
      scheduledPublishDate: '2024-03-01T00:00:00.000Z',
      fieldsets: ['URL'],
    });
    accepts(UpdateDraftPostRequest, { draftPost: { title: 'New2', id: 'd1' } });
    accepts(UpdateDraftPostRequest, { draftPost: {}, action: 'UPDATE_REVERT_TO_DRAFT' });
    accepts(UpdateDraftPostRequest, { draftPost: { heroImage: null, excerpt: null, id: 'd1' } });
    refuses(UpdateDraftPostRequest, { draftPost: { id: 'd1' }, scheduledPublishDate: 'tomorrow' });
    refuses(UpdateDraftPostRequest, { draftPost: { id: 'x'.repeat(BLOG_LIMITS.maxIdLength + 1) } });
  });

  it('accepts the recorded query, publish, restore and language bodies', () => {
    accepts(QueryDraftPostsRequest, {
      fieldsets: ['URL'],
      query: {
        filter: {
          $and: [
            { status: 'PUBLISHED' },
            { id: 'd1' },
            { tagIds: { $hasSome: ['t1'] } },
            { editedDate: { $gte: '2024-01-01T00:00:00.000Z' } },
          ],
        },
        cursorPaging: { limit: 5 },
        sort: [
          { fieldName: 'editedDate', order: 'DESC' },
          { fieldName: 'id', order: 'ASC' },
        ],
      },
    });
    accepts(QueryDraftPostsRequest, { query: { filter: {}, cursorPaging: { limit: 50 } } });
    accepts(QueryDraftPostsRequest, {
      fieldsets: ['URL'],
      query: { cursorPaging: { cursor: 'CUR-2', limit: 5 } },
    });
    accepts(DraftPostIdRequest, { draftPostId: 'd1' });
    accepts(DraftLanguageRequest, { postId: 'p1', language: 'de', fieldsets: ['URL'] });
    refuses(DraftLanguageRequest, { postId: 'p1' });
  });

  it('refuses query paging and sort beyond the limits', () => {
    const sort = (count: number) => Array.from({ length: count }, (_, index) => ({ fieldName: `f${index}` }));
    accepts(QueryDraftPostsRequest, { query: { sort: sort(BLOG_LIMITS.maxSortFields) } });
    refuses(QueryDraftPostsRequest, { query: { sort: sort(BLOG_LIMITS.maxSortFields + 1) } });
    refuses(QueryDraftPostsRequest, { query: { cursorPaging: { limit: BLOG_LIMITS.maxPageSize + 1 } } });
    refuses(QueryDraftPostsRequest, { query: { cursorPaging: { limit: 1.5 } } });
    refuses(QueryCategoriesRequest, { query: { paging: { offset: -1 } } });
  });

  it('checks the list and delete query strings (after the validator converts them)', () => {
    accepts(ListDraftPostsQuery, {
      status: 'UNPUBLISHED',
      language: 'en',
      sort: 'EDITING_DATE_DESC',
      'paging.limit': 10,
      'paging.offset': 0,
      'paging.cursor': 'cc',
      fieldsets: ['URL', 'CONTENT'],
    });
    accepts(ListDeletedDraftPostsQuery, {
      language: 'en',
      sort: 'EDITING_DATE_ASC',
      'paging.limit': 10,
      'paging.offset': 5,
      fieldsets: ['URL', 'CONTENT'],
      draftPostIds: ['d1', 'd2'],
    });
    accepts(BulkDeleteDraftPostsQuery, { postIds: ['d1', 'd2'], permanent: true });
    refuses(ListDraftPostsQuery, { 'paging.limit': 0 });
    refuses(ListDraftPostsQuery, { 'paging.limit': BLOG_LIMITS.maxPageSize + 1 });
    refuses(ListDraftPostsQuery, { status: 'LOST' });
    refuses(BulkDeleteDraftPostsQuery, {});
    refuses(BulkDeleteDraftPostsQuery, { postIds: Array(BLOG_LIMITS.maxBulkDeleteIds + 1).fill('d') });
  });
});

describe('posts, stats, categories, tags and likes (docs/wire.md §10, docs/blog-wire.md §B)', () => {
  it('accepts the recorded post queries and list query strings', () => {
    accepts(QueryPostsRequest, {
      fieldsets: ['METRICS'],
      skipCount: true,
      query: {
        filter: {
          $and: [
            { 'metrics.views': { $gt: 10 } },
            { pinned: true },
            { tagIds: { $hasSome: ['t1'] } },
            { slug: { $startsWith: 'he' } },
          ],
        },
        cursorPaging: { limit: 2 },
        sort: [
          { fieldName: 'metrics.likes', order: 'DESC' },
          { fieldName: 'id', order: 'ASC' },
        ],
      },
    });
    accepts(QueryPostsRequest, { query: { paging: { offset: 0, limit: 50 } }, fieldsets: ['COUNTERS'] });
    accepts(ListPostsQuery, {
      featured: true,
      hashtags: ['h'],
      categoryIds: ['c1', 'c2'],
      tagIds: ['t1'],
      sort: 'VIEW_COUNT',
      'paging.limit': 10,
      'paging.offset': 0,
      language: 'en',
      memberId: 'm1',
      fieldsets: ['URL'],
      postId: 'repeated path parameters pass',
    });
    refuses(ListPostsQuery, { sort: 'RANDOM' });
    refuses(QueryPostsRequest, { query: { sort: [{ fieldName: 'title', order: 'UP' }] } });
  });

  it('checks the post count stats query string', () => {
    accepts(PostCountStatsQuery, {
      rangeStart: '2024-01-01T00:00:00.000Z',
      order: 'NEWEST',
      months: 3,
      language: 'en',
      timeZone: 'UTC',
    });
    refuses(PostCountStatsQuery, { months: 0 });
    refuses(PostCountStatsQuery, { months: BLOG_LIMITS.maxStatsMonths + 1 });
    refuses(PostCountStatsQuery, { rangeStart: 'January' });
  });

  it('accepts the recorded category and tag bodies', () => {
    accepts(CreateCategoryRequest, { category: { label: 'x', coverImage: IMAGE }, fieldsets: ['URL'] });
    accepts(UpdateCategoryRequest, { category: { label: 'y', id: 'c1' }, fieldsets: ['SEO'] });
    accepts(QueryCategoriesRequest, { query: { filter: {}, paging: { offset: 0, limit: 50 } } });
    accepts(CreateTagRequest, { label: 'news', language: 'en', slug: 'news', fieldsets: ['URL'] });
    accepts(QueryTagsRequest, { query: { filter: { label: 'news' }, paging: { limit: 3, offset: 0 } } });
    refuses(CreateCategoryRequest, { category: {} });
    refuses(CreateCategoryRequest, {
      category: { label: 'x'.repeat(BLOG_LIMITS.maxCategoryLabelLength + 1) },
    });
    refuses(CreateTagRequest, { language: 'en' });
    refuses(CreateTagRequest, { label: 'x'.repeat(BLOG_LIMITS.maxTagLabelLength + 1) });
  });

  it('accepts the recorded like bodies', () => {
    accepts(CreateLikeRequest, { like: { entityId: 'p1', fqdn: 'wix.blog.v3.post' } });
    accepts(QueryLikesRequest, {
      query: {
        filter: { $and: [{ entityId: 'p1' }, { fqdn: { $in: ['wix.blog.v3.post'] } }, { id: 'l1' }] },
        cursorPaging: { limit: 1 },
      },
    });
    accepts(QueryLikesRequest, { query: { cursorPaging: { cursor: 'LC-2', limit: 1 } } });
    refuses(CreateLikeRequest, { like: { entityId: 'p1' } });
    refuses(CreateLikeRequest, {});
  });
});

describe('entities', () => {
  it('accepts wire entities as the platform answers them', () => {
    const draft = {
      id: 'd1',
      title: 'T',
      status: 'SCHEDULED',
      moderationDetails: { submittedBy: 'm1', submittedDate: '2024-01-01T00:00:00.000Z', status: 'APPROVED' },
      hasUnpublishedChanges: false,
      editedDate: '2024-02-01T00:00:00.000Z',
      scheduledPublishDate: '2024-03-01T10:00:00.000Z',
      url: { base: 'https://site.example', path: '/post/t' },
      heroImage: IMAGE,
      richContent: DOCUMENT,
      translations: [
        {
          id: 'd2',
          status: 'UNPUBLISHED',
          language: 'de',
          slug: 't-de',
          url: { base: 'https://site.example', path: '/de/post/t' },
        },
      ],
      seoData: {
        tags: [{ type: 'title', children: 'T' }],
        settings: { preventAutoRedirect: false, keywords: [{ term: 't', isMain: true }] },
      },
    };
    accepts(DraftPost, draft);
    accepts(DraftPostBulkResult, {
      itemMetadata: { id: 'd1', originalIndex: 0, success: true },
      item: draft,
    });
    accepts(DraftPostBulkResult, {
      itemMetadata: {
        originalIndex: 1,
        success: false,
        error: { code: 'DRAFT_POST_NOT_FOUND', description: 'No draft d9' },
      },
    });
    accepts(Post, {
      id: 'p1',
      title: 'T',
      slug: 't',
      firstPublishedDate: '2024-03-01T10:00:00.000Z',
      pinned: true,
      metrics: { comments: 1, likes: 2, views: 3, averageRating: 4.5, totalRatings: 2 },
      richContent: DOCUMENT,
    });
    accepts(PostMetrics, { comments: 0, likes: 0, views: 0 });
    accepts(Category, {
      id: 'c1',
      label: 'x',
      postCount: 2,
      displayPosition: -1,
      updatedDate: '2024-01-01T00:00:00.000Z',
    });
    accepts(Tag, { id: 't1', label: 'news', slug: 'news', postCount: 1, publishedPostCount: 1 });
    accepts(Like, {
      id: 'l1',
      createdDate: '2024-01-01T00:00:00.000Z',
      entityId: 'p1',
      fqdn: 'wix.blog.v3.post',
    });
    accepts(BlogPagingMetadata, {
      count: 2,
      total: 10,
      tooManyToCount: false,
      cursors: { next: 'PC-2', prev: null },
      hasNext: true,
    });
  });

  it('refuses entities the platform must never answer', () => {
    refuses(DraftPost, { title: 'no id' });
    refuses(DraftPost, { id: 'd1', status: 'LOST' });
    refuses(PostMetrics, { comments: -1, likes: 0, views: 0 });
    refuses(Like, { id: 'l1', entityId: 'p1' });
    refuses(BlogPagingMetadata, { total: 1.5 });
  });
});

describe('event types (docs/blog-wire.md §C.1)', () => {
  it('are `<entity fqdn>_<slug>`, each a known entity and slug', () => {
    const fqdns = new Set<string>(Object.values(BLOG_ENTITY_FQDNS));
    for (const type of Object.values(BLOG_EVENT_TYPES)) {
      const [, fqdn, slug] = /^(.+)_([a-z]+)$/.exec(type) ?? [];
      expect(fqdns.has(fqdn ?? ''), type).toBe(true);
      expect(DOMAIN_EVENT_SLUGS).toContain(slug);
      accepts(BlogEventType, type);
    }
    refuses(BlogEventType, 'wix.blog.v3.post_exploded');
  });
});

describe('webhook envelope (docs/blog-wire.md §C.2)', () => {
  const event = {
    id: 'evt-1',
    entityFqdn: 'wix.blog.v3.post',
    slug: 'created',
    entityId: 'p1',
    eventTime: '2024-05-01T12:00:00.000Z',
    triggeredByAnonymizeRequest: false,
    entityEventSequence: '7',
    createdEvent: {
      entity: {
        id: 'p1',
        createdDate: '2024-05-01T12:00:00.000Z',
        url: { base: 'https://site.example', path: '/post/p' },
      },
    },
  };
  const envelope = {
    eventType: BLOG_EVENT_TYPES.postCreated,
    instanceId: 'inst-1',
    data: JSON.stringify(event),
    identity: JSON.stringify({ identityType: 'MEMBER', memberId: 'm1' }),
    accountInfo: { accountId: 'acc-1', siteId: 'site-1' },
  };

  it('accepts the three layers of the recorded delivery', () => {
    accepts(WebhookJwtPayload, { data: JSON.stringify(envelope), iat: 1714564800 });
    accepts(WebhookEnvelope, envelope);
    accepts(DomainEvent, JSON.parse(envelope.data));
    accepts(WebhookIdentity, JSON.parse(envelope.identity));
  });

  it('refuses objects where the reference requires JSON text, and the reverse', () => {
    refuses(WebhookJwtPayload, { data: envelope });
    refuses(WebhookEnvelope, { ...envelope, identity: { identityType: 'MEMBER' } });
    refuses(WebhookEnvelope, { ...envelope, data: event });
    refuses(DomainEvent, { ...event, createdEvent: { entity: JSON.stringify(event.createdEvent.entity) } });
    refuses(WebhookIdentity, { identityType: 'ROBOT' });
  });
});

describe('routes', () => {
  const services: [string, ServicePrefix, ServicePrefix, Record<string, string>][] = [
    ['blogPosts', SERVICE_PREFIXES.blogPosts, BLOG_POSTS_PREFIX, BLOG_POSTS_ROUTES],
    ['blogStats', SERVICE_PREFIXES.blogStats, BLOG_STATS_PREFIX, BLOG_STATS_ROUTES],
    ['blogCategories', SERVICE_PREFIXES.blogCategories, BLOG_CATEGORIES_PREFIX, BLOG_CATEGORIES_ROUTES],
    ['blogTags', SERVICE_PREFIXES.blogTags, BLOG_TAGS_PREFIX, BLOG_TAGS_ROUTES],
    ['blogDraftPosts', SERVICE_PREFIXES.blogDraftPosts, BLOG_DRAFT_POSTS_PREFIX, BLOG_DRAFT_POSTS_ROUTES],
    [
      'blogMultilingual',
      SERVICE_PREFIXES.blogMultilingual,
      BLOG_MULTILINGUAL_PREFIX,
      BLOG_MULTILINGUAL_ROUTES,
    ],
    ['blogLikes', SERVICE_PREFIXES.blogLikes, BLOG_LIKES_PREFIX, BLOG_LIKES_ROUTES],
    ['blogCache', SERVICE_PREFIXES.blogCache, BLOG_CACHE_PREFIX, BLOG_CACHE_ROUTES],
  ];

  it('repeats the service prefix table', () => {
    for (const [, table, alone] of services) expect(alone).toEqual(table);
  });

  it('serves every route under one path per prefix: no two routes share one', () => {
    const served = new Map<string, string>();
    for (const [service, prefix, , routes] of services) {
      for (const [name, route] of Object.entries(routes)) {
        expect(route).toMatch(/^\/v\d\/[\w\-/{}.]+$/);
        for (const base of [prefix.wire, ...prefix.aliases]) {
          const path = base + route;
          expect(served.get(path), `${service}.${name} and ${served.get(path)} at ${path}`).toBeUndefined();
          served.set(path, `${service}.${name}`);
        }
      }
    }
  });

  it('names a parameter in the same place the same way, so routes can share a router', () => {
    const shapes = new Map<string, string>();
    for (const [, prefix, , routes] of services) {
      for (const route of Object.values(routes)) {
        const parameters = route.replace(
          /\{([\w.]+)\}/g,
          (_match, name: string) =>
            `:${name.replace(/\.(\w)/g, (_dot, letter: string) => letter.toUpperCase())}`,
        );
        for (const base of [prefix.wire, ...prefix.aliases]) {
          const shape = (base + parameters).replace(/:\w+/g, ':');
          const known = shapes.get(shape);
          if (known === undefined) shapes.set(shape, base + parameters);
          else expect(base + parameters).toBe(known);
        }
      }
    }
  });

  it('repeats the recorded wire paths', () => {
    const wire = (prefix: ServicePrefix, route: string) => prefix.wire + route;
    expect(wire(BLOG_POSTS_PREFIX, BLOG_POSTS_ROUTES.post)).toBe('/v3/posts/{postId}');
    expect(wire(BLOG_STATS_PREFIX, BLOG_STATS_ROUTES.postCountStats)).toBe('/blog/v2/stats/post/count');
    expect(wire(BLOG_CATEGORIES_PREFIX, BLOG_CATEGORIES_ROUTES.categoryBySlug)).toBe(
      '/blog/v3/categories/slugs/{slug}',
    );
    expect(wire(BLOG_TAGS_PREFIX, BLOG_TAGS_ROUTES.query)).toBe('/v3/tags/query');
    expect(wire(BLOG_DRAFT_POSTS_PREFIX, BLOG_DRAFT_POSTS_ROUTES.bulkUpdate)).toBe(
      '/blog/v3/draft-posts/update',
    );
    expect(wire(BLOG_DRAFT_POSTS_PREFIX, BLOG_DRAFT_POSTS_ROUTES.bulkCreate)).toBe(
      '/blog/v3/bulk/draft-posts/create',
    );
    expect(wire(BLOG_MULTILINGUAL_PREFIX, BLOG_MULTILINGUAL_ROUTES.translateDraft)).toBe(
      '/blog/v3/multilingual/draft/{postId}',
    );
    expect(wire(BLOG_LIKES_PREFIX, BLOG_LIKES_ROUTES.likeByEntity)).toBe(
      '/blog/v1/likes/fqdn/{fqdn}/entity-id/{entityId}',
    );
    expect(wire(BLOG_CACHE_PREFIX, BLOG_CACHE_ROUTES.blogCache)).toBe(
      '/_api/blog-cache-service/v1/blog-cache',
    );
  });
});
