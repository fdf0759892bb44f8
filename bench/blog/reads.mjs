import { CLIENT_ID, options, progress, ROUTES } from './args.mjs';
import { measure, planLine } from './measure.mjs';

const { default: pg } = await import('pg');
const { POSTS, RUNS, WARMUP, BUDGET, values } = options;

// ── Reads ───────────────────────────────────────────────────────────────────────────────────────

/**
 * The three reads through the API, as hand-written SQL and as the platform's own statements
 * replayed: their plans (EXPLAIN ANALYZE of one call) and their measured latencies.
 */
export async function reads({ call, sqlClient }) {
  const visitor = (await call('POST', '/oauth2/token', { grantType: 'anonymous', clientId: CLIENT_ID }))
    .access_token;
  // Tags by popularity (creation order); queries cycle through them all.
  const tagIds = (await sqlClient.query('SELECT id FROM blog_tags ORDER BY created_at, label')).rows.map(
    (row) => row.id,
  );
  const slugs = (
    await sqlClient.query(
      `SELECT slug FROM blog_posts WHERE published IS NOT NULL AND deleted_at IS NULL ORDER BY md5(id) LIMIT 1000`,
    )
  ).rows.map((row) => row.slug);

  // What the answer is made of (render.ts renderPost: these columns and the published snapshot,
  // without its rich content and plain text, which the default fieldsets leave out). A page is
  // chosen first and trimmed after: PostgreSQL computes a select list before it sorts, so trimming
  // in the sorting SELECT would trim every match (store.ts selectPosts does the same).
  const COLUMNS =
    'id, slug, pinned, pub_excerpt, pub_minutes_to_read, moderation, has_unpublished_changes, first_published_at, last_published_at, like_count, view_count, comment_count';
  const POST_COLUMNS = `${COLUMNS}, published - 'richContent' - 'contentText' AS published`;
  const page = (where, order, limit) =>
    `SELECT ${POST_COLUMNS} FROM (SELECT ${COLUMNS}, published FROM blog_posts WHERE ${where}
     ORDER BY ${order} LIMIT ${limit}) AS page ORDER BY ${order}`;
  const direct = (statements) => async (i) => {
    for (const [text, params] of statements(i)) await sqlClient.query(text, params);
  };
  const scenarios = [
    {
      key: 'feed',
      name: 'feed, first page (listPosts, 50)',
      value: () => undefined,
      api: () => call('GET', ROUTES.posts, undefined, visitor),
      check: (answer) => answer.posts.length === 50 && answer.metaData.total === POSTS,
      sql: direct(() => [
        [
          page(
            'published IS NOT NULL AND deleted_at IS NULL',
            'pinned DESC, first_published_at DESC, id',
            50,
          ),
          [],
        ],
        ['SELECT count(*) FROM blog_posts WHERE published IS NOT NULL AND deleted_at IS NULL', []],
      ]),
    },
    {
      key: 'tag',
      name: 'tag, newest first (queryPosts, 50)',
      value: (i) => tagIds[i % tagIds.length],
      api: (i) =>
        call(
          'POST',
          ROUTES.postsQuery,
          {
            query: {
              filter: { tagIds: { $hasSome: [tagIds[i % tagIds.length]] } },
              cursorPaging: { limit: 50 },
              sort: [{ fieldName: 'firstPublishedDate', order: 'DESC' }],
            },
          },
          visitor,
        ),
      check: (answer) => answer.posts.length === 50 && answer.pagingMetadata.total > 50,
      sql: direct((i) => {
        const where = 'published IS NOT NULL AND deleted_at IS NULL AND pub_tag_ids && ARRAY[$1::text]';
        return [
          [page(where, 'first_published_at DESC NULLS LAST, id', 51), [tagIds[i % tagIds.length]]],
          [`SELECT count(*) FROM blog_posts WHERE ${where}`, [tagIds[i % tagIds.length]]],
        ];
      }),
    },
    {
      key: 'slug',
      name: 'post by slug (getPostBySlug)',
      value: (i) => slugs[i % slugs.length],
      api: (i) => call('GET', ROUTES.postBySlug(slugs[i % slugs.length]), undefined, visitor),
      check: (answer) => typeof answer.post?.id === 'string',
      sql: direct((i) => [
        [
          `SELECT ${POST_COLUMNS} FROM blog_posts WHERE slug = $1 AND published IS NOT NULL AND deleted_at IS NULL
           ORDER BY first_published_at LIMIT 1`,
          [slugs[i % slugs.length]],
        ],
      ]),
    },
  ];

  // The platform's statements for one call of each read (pg's Client.query, wrapped while the
  // call runs), then EXPLAIN ANALYZE of those and of the hand-written ones.
  const query = pg.Client.prototype.query;
  const plans = [];
  for (const scenario of scenarios) {
    const captured = [];
    pg.Client.prototype.query = function (text, params, ...rest) {
      if (typeof text === 'string' && /blog_posts/.test(text) && !/SCHEDULED/.test(text)) {
        captured.push([text, params ?? []]);
      }
      return query.call(this, text, params, ...rest);
    };
    let answer;
    try {
      answer = await scenario.api(7);
    } finally {
      pg.Client.prototype.query = query;
    }
    if (!scenario.check(answer)) {
      throw new Error(`${scenario.name}: unexpected answer ${JSON.stringify(answer).slice(0, 400)}`);
    }
    const handWritten = [];
    const original = sqlClient.query;
    sqlClient.query = (text, params) => {
      handWritten.push([text, params]);
      return Promise.resolve();
    };
    await scenario.sql(7);
    sqlClient.query = original;
    const explain = async ([text, params]) => {
      const { rows } = await sqlClient.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${text}`, params);
      const plan = rows[0]['QUERY PLAN'][0];
      const full = values.explain
        ? (await sqlClient.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, params)).rows
            .map((row) => `      ${row['QUERY PLAN']}`)
            .join('\n')
        : undefined;
      return { text: text.replace(/\s+/g, ' ').trim(), line: planLine(plan), full };
    };
    // The platform's statements replayed for call i: the call's value in place of call 7's.
    const sent = captured.map(([text, params]) => [text, params]);
    scenario.platformSql = async (i) => {
      const from = scenario.value(7);
      const to = scenario.value(i);
      for (const [text, params] of sent) {
        await sqlClient.query(
          text,
          params.map((param) => (param === from ? to : param)),
        );
      }
    };
    plans.push({
      scenario,
      platform: await Promise.all(captured.map(explain)),
      handWritten: await Promise.all(handWritten.map(explain)),
    });
  }

  const rows = [];
  for (const scenario of scenarios) {
    progress(`measuring ${scenario.name}: up to ${WARMUP} warm-up and ${RUNS} runs of each path`);
    const measured = await measure(
      scenario.name,
      [
        ['api', scenario.api],
        ['platformSql', scenario.platformSql],
        ['sql', scenario.sql],
      ],
      RUNS,
      WARMUP,
      BUDGET,
    );
    rows.push({ ...scenario, ...measured, ratio: measured.api.median / measured.sql.median });
  }
  return { plans, rows };
}
