import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runQueryCases, wireFilterOf } from '../../../query/common.case.js';
import { type BlogKit, type Body, CATEGORIES, DRAFTS, POSTS, startBlogKit, TAGS } from '../test-kit.js';
import { FIELD_OPERATORS } from './compile.js';
import { type Kind, type ModelPost, matches, sortPosts } from './oracle.js';

/**
 * Property: for generated posts and generated queries (docs/blog-wire.md §B.2 fields, the docs/spec.md §7
 * operators, nesting, up to 3 sort fields, offset and cursor paging), the platform's queryPosts
 * answer (over HTTP, i.e. the SQL query.ts emits) equals an in-memory evaluation of the same query
 * (query.oracle.ts). The posts are made once for the file, through the drafts API with a fake clock
 * (publish dates with ties, some republished later); pinned and the metrics are set in the table
 * (one statement, not a like or view per count). Values come from small pools so that equalities, ties, missing values
 * and case differences are common. `ATRIUM_FC_SEED` and `ATRIUM_FC_RUNS` reproduce or widen a run.
 */
const SEED = Number(process.env.ATRIUM_FC_SEED ?? 20_250_615);
const RUNS = Number(process.env.ATRIUM_FC_RUNS ?? 150);

const KINDS: Record<string, Kind> = {
  id: 'string',
  title: 'string',
  excerpt: 'string',
  slug: 'string',
  firstPublishedDate: 'date',
  lastPublishedDate: 'date',
  featured: 'boolean',
  pinned: 'boolean',
  commentingEnabled: 'boolean',
  categoryIds: 'strings',
  tagIds: 'strings',
  hashtags: 'strings',
  pricingPlanIds: 'strings',
  memberId: 'string',
  minutesToRead: 'number',
  language: 'string',
  translationId: 'string',
  'metrics.views': 'number',
  'metrics.likes': 'number',
  'metrics.comments': 'number',
  'media.displayed': 'boolean',
};
/** Sortable fields of docs/blog-wire.md §B.2 (`_id` in its SDK spelling too). */
const SORTABLE = [
  'id',
  '_id',
  'title',
  'slug',
  'firstPublishedDate',
  'lastPublishedDate',
  'featured',
  'pinned',
  'commentingEnabled',
  'metrics.views',
  'metrics.likes',
  'metrics.comments',
] as const;

const TITLES = [
  'Alpha',
  'alpha',
  'ALPHA beta',
  'Beta',
  'beta',
  'Ab',
  'ab',
  'Zeta',
  'Ébène',
  'éclair',
  'a_b%',
];
const EXCERPTS = ['Short', 'short story', 'Another one', 'ébauche'];
const DATES = [
  '2024-01-01T00:00:00.000Z',
  '2024-06-15T12:00:00.000Z',
  '2024-06-15T12:00:00.001Z',
  '2025-02-28T23:59:59.999Z',
  '2025-03-01T00:00:00.000Z',
];
const BETWEEN = [
  '2023-12-31T23:59:59.999Z',
  '2024-06-15T12:00:00.000Z',
  '2024-09-01',
  '2025-12-31T00:00:00Z',
];
const LANGUAGES = ['en', 'es', 'de'];
const MEMBERS = ['member-1', 'member-2'];
const HASHTAGS = ['x', 'y', 'Z'];
const PLANS = ['plan-a', 'plan-b'];

const subset = <T>(pool: readonly T[]) => fc.subarray([...pool], { maxLength: pool.length });
const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined, freq: 3 });

const generatedPost = (categories: string[], tags: string[]) =>
  fc.record({
    title: fc.constantFrom(...TITLES),
    excerpt: optional(fc.constantFrom(...EXCERPTS)),
    published: fc.constantFrom(...DATES),
    republished: optional(fc.constantFrom(...DATES.slice(3))),
    featured: fc.boolean(),
    pinned: fc.boolean(),
    commentingEnabled: fc.boolean(),
    categoryIds: subset(categories),
    tagIds: subset(tags),
    hashtags: subset(HASHTAGS),
    pricingPlanIds: subset(PLANS),
    memberId: optional(fc.constantFrom(...MEMBERS)),
    minutesToRead: optional(fc.integer({ min: 1, max: 4 })),
    language: fc.constantFrom(...LANGUAGES),
    displayed: fc.boolean(),
    views: fc.integer({ min: 0, max: 6 }),
    likes: fc.integer({ min: 0, max: 3 }),
    comments: fc.integer({ min: 0, max: 2 }),
  });
type GeneratedPost = ReturnType<typeof generatedPost> extends fc.Arbitrary<infer T> ? T : never;

let kit: BlogKit;
let clock = new Date(DATES[0]!);
let posts: ModelPost[] = [];
let pools: Record<string, readonly unknown[]>;

/** Makes the posts through the API at their publish dates; answers their models. */
async function makePosts(list: GeneratedPost[]): Promise<ModelPost[]> {
  const made: { id: string; generated: GeneratedPost }[] = [];
  const byDate = [...list].sort((a, b) => a.published.localeCompare(b.published));
  for (const generated of byDate) {
    clock = new Date(generated.published);
    const draftPost = {
      title: generated.title,
      ...(generated.excerpt === undefined ? {} : { excerpt: generated.excerpt }),
      featured: generated.featured,
      commentingEnabled: generated.commentingEnabled,
      categoryIds: generated.categoryIds,
      tagIds: generated.tagIds,
      hashtags: generated.hashtags,
      pricingPlanIds: generated.pricingPlanIds,
      ...(generated.memberId === undefined ? {} : { memberId: generated.memberId }),
      ...(generated.minutesToRead === undefined ? {} : { minutesToRead: generated.minutesToRead }),
      language: generated.language,
      media: { displayed: generated.displayed, custom: true },
    };
    const { draftPost: draft } = await kit.ok('POST', DRAFTS, { draftPost, publish: true });
    made.push({ id: draft.id, generated });
  }
  for (const { id, generated } of made) {
    if (generated.republished && generated.republished > generated.published) {
      clock = new Date(generated.republished);
      await kit.ok('PATCH', `${DRAFTS}/${id}`, {
        draftPost: { id, excerpt: generated.excerpt ?? null },
        action: 'UPDATE_PUBLISH',
      });
    }
    await kit.platform.db
      .updateTable('blog_posts')
      .set({
        pinned: generated.pinned,
        view_count: generated.views,
        like_count: generated.likes,
        comment_count: generated.comments,
      })
      .where('id', '=', id)
      .execute();
  }
  const answer = await kit.ok('POST', `${POSTS}/query`, {
    query: { paging: { limit: 100 } },
    fieldsets: ['METRICS'],
  });
  expect(answer.posts).toHaveLength(list.length);
  return answer.posts.map((post: Body): ModelPost => {
    return {
      id: post.id,
      title: post.title,
      // As answered: a post without an excerpt of its own shows (and is queried by) a generated one.
      excerpt: post.excerpt,
      slug: post.slug,
      firstPublishedDate: post.firstPublishedDate,
      lastPublishedDate: post.lastPublishedDate,
      featured: post.featured,
      pinned: post.pinned,
      commentingEnabled: post.commentingEnabled,
      categoryIds: post.categoryIds,
      tagIds: post.tagIds,
      hashtags: post.hashtags,
      pricingPlanIds: post.pricingPlanIds,
      memberId: post.memberId,
      minutesToRead: post.minutesToRead,
      language: post.language,
      translationId: post.translationId,
      'metrics.views': post.metrics.views,
      'metrics.likes': post.metrics.likes,
      'metrics.comments': post.metrics.comments,
      'media.displayed': post.media.displayed,
    };
  });
}

beforeAll(async () => {
  kit = await startBlogKit({ blogScheduler: { now: () => clock, intervalMs: 60_000 } });
  const categories: string[] = [];
  for (const label of ['Food', 'Travel', 'Garden']) {
    categories.push((await kit.ok('POST', CATEGORIES, { category: { label } })).category.id);
  }
  const tags: string[] = [];
  for (const label of ['one', 'two', 'three', 'four']) {
    tags.push((await kit.ok('POST', TAGS, { label })).tag.id);
  }
  const [list] = fc.sample(fc.array(generatedPost(categories, tags), { minLength: 30, maxLength: 30 }), {
    seed: SEED,
    numRuns: 1,
  });
  posts = await makePosts(list!);
  const ids = posts.map((post) => post.id);
  const unknown = '00000000-0000-4000-8000-000000000000';
  pools = {
    id: [...ids.slice(0, 6), unknown],
    title: [...TITLES, 'alpha beta', 'Gamma'],
    excerpt: [...EXCERPTS, 'short', ''],
    slug: [...new Set(posts.map((post) => post.slug as string)), 'alpha-9'],
    firstPublishedDate: [...DATES, ...BETWEEN],
    lastPublishedDate: [...DATES, ...BETWEEN],
    featured: [true, false],
    pinned: [true, false],
    commentingEnabled: [true, false],
    categoryIds: [...categories, unknown],
    tagIds: [...tags, unknown],
    hashtags: [...HASHTAGS, 'z'],
    pricingPlanIds: [...PLANS, 'plan-c'],
    memberId: [...MEMBERS, 'member-3'],
    minutesToRead: [0, 1, 2, 3, 4, 5],
    language: [...LANGUAGES, 'fr'],
    translationId: [...ids.slice(0, 4), unknown],
    'metrics.views': [0, 1, 3, 6, 7],
    'metrics.likes': [0, 1, 2, 3],
    'metrics.comments': [0, 1, 2],
    'media.displayed': [true, false],
  };
}, 120_000);
afterAll(() => kit?.close(), 60_000);

// ── Queries ──────────────────────────────────────────────────────────────────────────────────────

const FIELD_NAMES = Object.keys(KINDS);
const TEXT_OPERANDS = ['', 'a', 'A', 'al', 'AL', 'b', 'ta', 'É', 'é', '_', '%', 'ne', 'beta'];

/** An operand of the field's own kind (dates as ISO text or `{ $date }`). */
function value(name: string): fc.Arbitrary<unknown> {
  const pool = fc.constantFrom(...pools[name]!);
  return KINDS[name] === 'date'
    ? fc.tuple(pool, fc.boolean()).map(([date, wrapped]) => (wrapped ? { $date: date } : date))
    : pool;
}

function condition(): fc.Arbitrary<Record<string, unknown>> {
  return fc.constantFrom(...FIELD_NAMES).chain((name) => {
    const kind = KINDS[name]!;
    const key = name === 'id' ? fc.constantFrom('id', '_id') : fc.constant(name);
    const list = fc.array(value(name), { maxLength: 3 });
    const options: fc.Arbitrary<unknown>[] = [
      fc.oneof(value(name), fc.constant(null)),
      fc.tuple(fc.constantFrom('$eq', '$ne'), fc.oneof(value(name), fc.constant(null))).map(([op, v]) => ({
        [op]: v,
      })),
      fc.tuple(fc.constantFrom('$in', '$nin', '$hasSome', '$hasAll'), list).map(([op, v]) => ({ [op]: v })),
      fc.boolean().map((v) => ({ $exists: v })),
    ];
    if (kind === 'strings') {
      options.push(fc.array(value(name), { maxLength: 2 }));
    }
    if (kind === 'string' || kind === 'number' || kind === 'date') {
      options.push(
        fc.tuple(fc.constantFrom('$gt', '$gte', '$lt', '$lte'), value(name)).map(([op, v]) => ({ [op]: v })),
        fc.tuple(value(name), value(name)).map(([low, high]) => ({ $gte: low, $lt: high })),
      );
    }
    if (kind === 'string') {
      options.push(
        fc
          .tuple(fc.constantFrom('$startsWith', '$endsWith', '$contains'), fc.constantFrom(...TEXT_OPERANDS))
          .map(([op, v]) => ({ [op]: v })),
      );
    }
    return fc.tuple(key, fc.oneof(...options)).map(([field, operand]) => ({ [field]: operand }));
  });
}

function filter(): fc.Arbitrary<Record<string, unknown>> {
  return wireFilterOf(condition());
}

const sort = fc
  .array(
    fc.record({
      fieldName: fc.constantFrom(...SORTABLE),
      order: fc.constantFrom('ASC' as const, 'DESC' as const, undefined),
    }),
    { maxLength: 3 },
  )
  .map((entries) =>
    entries.map((entry) => (entry.order === undefined ? { fieldName: entry.fieldName } : entry)),
  );

const idsOf = (list: readonly { id: string }[]) => list.map((post) => post.id);

function expected(where: Record<string, unknown>, order: { fieldName: string; order?: 'ASC' | 'DESC' }[]) {
  return idsOf(
    sortPosts(
      posts.filter((post) => matches(post, where, KINDS)),
      order,
      KINDS,
    ),
  );
}

// Read at test time (the pools and posts exist once beforeAll has run): the posts are fixed, the
// queries random.
runQueryCases<ModelPost>('the blog (posts, through the HTTP API)', {
  get rows() {
    return fc.constant(posts);
  },
  get filter() {
    return filter();
  },
  sort,
  id: (post) => post.id,
  load: async (rows) => rows,
  select: async ({ filter: where, sort: order, limit, offset }) => {
    const answer = await kit.call('POST', `${POSTS}/query`, {
      query: { filter: where, sort: order, paging: { limit, offset } },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return idsOf(answer.body.posts);
  },
  oracle: (_rows, where, order) => expected(where, order),
  seed: SEED,
  runs: RUNS,
});

describe('posts queries agree with an in-memory evaluation (fast-check)', () => {
  it(`answers any operator with any operand on any field with 200 or INVALID_QUERY, never 500, seed ${SEED}`, async () => {
    const anyValue = fc.oneof(
      fc.constantFrom(...FIELD_NAMES).chain((name) => value(name)),
      fc.constantFrom(null, 1.5, -1, '', 'x', true, { $date: 'not a date' }, { a: 1 }, '2024-13-45'),
    );
    const operand = fc.oneof(anyValue, fc.array(anyValue, { maxLength: 2 }));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...FIELD_NAMES, 'nope'),
        fc.constantFrom(...FIELD_OPERATORS, '$regex'),
        operand,
        fc.constantFrom(...SORTABLE, 'categoryIds', 'memberId'),
        async (name, operator, argument, sortField) => {
          const answer = await kit.call('POST', `${POSTS}/query`, {
            query: { filter: { [name]: { [operator]: argument } }, sort: [{ fieldName: sortField }] },
          });
          expect([200, 400], JSON.stringify(answer.body)).toContain(answer.status);
          if (answer.status === 400) {
            expect(answer.body.details.applicationError.code, JSON.stringify(answer.body)).toBe(
              'INVALID_QUERY',
            );
          }
        },
      ),
      { seed: SEED + 2, numRuns: RUNS },
    );
  });

  it(`pages with offsets and cursors through the same order, seed ${SEED}`, async () => {
    await fc.assert(
      fc.asyncProperty(
        filter(),
        sort,
        fc.integer({ min: 1, max: 7 }),
        fc.integer({ min: 0, max: 12 }),
        async (where, order, limit, offset) => {
          const wanted = expected(where, order);
          const page = await kit.ok('POST', `${POSTS}/query`, {
            query: { filter: where, sort: order, paging: { limit, offset } },
          });
          expect(idsOf(page.posts)).toEqual(wanted.slice(offset, offset + limit));
          expect(page.pagingMetadata).toMatchObject({
            offset,
            total: wanted.length,
            hasNext: offset + limit < wanted.length,
          });
          const walked: string[] = [];
          let answer = await kit.ok('POST', `${POSTS}/query`, {
            query: { filter: where, sort: order, cursorPaging: { limit } },
            skipCount: true,
          });
          for (let pages = 0; ; pages++) {
            expect(pages).toBeLessThanOrEqual(posts.length);
            walked.push(...idsOf(answer.posts));
            const next = answer.pagingMetadata.cursors.next;
            if (!next) break;
            answer = await kit.ok('POST', `${POSTS}/query`, { query: { cursorPaging: { cursor: next } } });
          }
          expect(walked).toEqual(wanted);
        },
      ),
      { seed: SEED + 1, numRuns: Math.ceil(RUNS / 4) },
    );
  });
});
