#!/usr/bin/env node
/**
 * The blog at scale, on PostgreSQL (issue P6): 100,000 published posts loaded with direct SQL, then
 * (1) the median and p99 latency of three reads through the HTTP API, as the reference client sends
 * them with a visitor token, beside the same queries as hand-written SQL run directly on the same
 * indexes, with their ratio; and (2) webhook delivery: N likes through the API, each event's latency
 * from the like's answer to its receipt by a local receiver, and the delivery throughput beside the
 * API's own throughput for the same changes.
 *
 *   ATRIUM_BENCH_DATABASE_URL=postgres://user:pass@host:5432/db node blog/run.mjs [--posts N] [--runs N]
 *     [--warmup N] [--budget S] [--changes N] [--concurrency N] [--batch N] [--database NAME] [--poll-ms N]
 *     [--batch-size N] [--fresh] [--keep] [--explain]
 *
 * Data. The bench works in its own database (--database, default atrium_bench_blog) on the server of
 * ATRIUM_BENCH_DATABASE_URL: created when missing, reused when it already holds --posts posts (a run
 * with --keep; --fresh loads again), dropped at the end unless --keep. Categories (20) and tags (200)
 * are created through the API; so is the first post, and its row is compared column by column with
 * the row the generator makes for the same input (the run stops if they differ: the generator must
 * write rows exactly as the platform would). The other posts go in with INSERT … SELECT FROM
 * jsonb_populate_recordset, --batch rows a statement: published snapshot and draft alike, slugs as
 * the platform makes them (unique in a language: `base`, `base-2` …), 85% English, 10% French, 5%
 * German, 1–2 categories and 1–5 tags each (popularity skewed like real blogs), first published over
 * the last 5 years, a few pinned and featured, like/view/comment counters. No domain events are
 * written for them (the API would have recorded three per post).
 *
 * Reads: (a) the feed's first page (listPosts as the SDK sends it with no options: FEED sort,
 * pinned first then newest, the contract's default page of 50), (b) a tag with the newest first
 * (queryPosts: tagIds hasSome one tag, firstPublishedDate descending, cursorPaging limit 50; the tags
 * taken in turn), (c) a post by slug (getPostBySlug, default fieldsets; 1,000 slugs in turn). Each
 * runs --warmup times through every path, then --runs times with the paths taking turns call by call
 * (bench/data/run.mjs explains why); when the first rounds show that a read would take longer than
 * --budget seconds (default 180; 0: no limit), warm-up and runs are scaled down to fit (the feed
 * counts every published post on each call). The paths: the API over one keep-alive undici
 * connection with an anonymous visitor's token (`/oauth2/token`, grantType anonymous); hand-written
 * SQL over one pg connection, answering what the API answers (the page and, where the answer has
 * one, the total) with the columns the answer is made of, on the same indexes; and, to tell the
 * server's own time from its SQL's, the statements the platform sent for one call (captured from
 * pg's Client.query in this process), replayed on that connection with each call's tag or slug.
 * The ratio is API ÷ hand-written SQL (target ≤ 2). The captured and the hand-written statements of
 * one call are run under EXPLAIN ANALYZE first: their plans are printed in one line each
 * (--explain: in full).
 *
 * Events. A node:http receiver on 127.0.0.1 is registered with the webhook admin API; --changes
 * likes (one visitor, distinct posts; --concurrency at a time) record two events each
 * (like_created, post_liked). Each event's latency runs from the like's answer (its transaction has
 * committed) to its receipt; the delivery throughput is the events received over the time from the
 * first like sent to the last event received, beside the API's: the events recorded over the time
 * the likes took. The platform's delivery loop runs as configured (--poll-ms, --batch-size:
 * webhookDelivery options; default the platform's defaults, events/options.ts). The run exits 1 if
 * an event is missing or a delivery FAILED.
 *
 * Without ATRIUM_BENCH_DATABASE_URL it says so and exits 0. Needs the platform built
 * (`npm run build -w @atrium/platform`; `npm run bench` does it). Bad flags exit 2.
 */
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';

// ── Flags ───────────────────────────────────────────────────────────────────────────────────────

const fail = (message) => {
  console.error(`bench/blog: ${message}`);
  process.exit(2);
};

let values;
try {
  ({ values } = parseArgs({
    options: {
      posts: { type: 'string', default: '100000' },
      runs: { type: 'string', default: '1000' },
      warmup: { type: 'string', default: '3000' },
      changes: { type: 'string', default: '2000' },
      concurrency: { type: 'string', default: '1' },
      batch: { type: 'string', default: '1000' },
      database: { type: 'string', default: 'atrium_bench_blog' },
      budget: { type: 'string', default: '180' },
      'poll-ms': { type: 'string' },
      'batch-size': { type: 'string' },
      fresh: { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      explain: { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  }));
} catch (error) {
  fail(
    `${error.message} (flags: --posts --runs --warmup --budget --changes --concurrency --batch --database --poll-ms --batch-size --fresh --keep --explain)`,
  );
}
const count = (name, min, max = Number.MAX_SAFE_INTEGER) => {
  const value = Number(values[name]);
  if (!/^\d+$/.test(values[name]) || !Number.isSafeInteger(value) || value < min || value > max) {
    fail(
      `--${name} must be an integer ${max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`}; got ${values[name]}`,
    );
  }
  return value;
};
const POSTS = count('posts', 10);
const RUNS = count('runs', 1);
const WARMUP = count('warmup', 0);
const CHANGES = count('changes', 1);
const CONCURRENCY = count('concurrency', 1, 64);
const BATCH = count('batch', 1, 5000);
const BUDGET = count('budget', 0);
const POLL_MS = values['poll-ms'] === undefined ? undefined : count('poll-ms', 1, 60_000);
const BATCH_SIZE = values['batch-size'] === undefined ? undefined : count('batch-size', 1, 1000);
if (CHANGES > POSTS) fail(`--changes (${CHANGES}) must be at most --posts (${POSTS}): one like per post`);
const DATABASE = values.database;
if (!/^[a-z_][a-z0-9_]{0,62}$/.test(DATABASE)) {
  fail(`--database must be a lower-case PostgreSQL name ([a-z_][a-z0-9_]*, at most 63); got ${DATABASE}`);
}

const ADMIN_URL = process.env.ATRIUM_BENCH_DATABASE_URL;
if (!ADMIN_URL) {
  console.log(
    'bench/blog: skipped — set ATRIUM_BENCH_DATABASE_URL to a PostgreSQL database (postgres://…) to run it.',
  );
  process.exit(0);
}
let BENCH_URL;
try {
  const url = new URL(ADMIN_URL);
  if (decodeURIComponent(url.pathname.slice(1)) === DATABASE) {
    fail(
      `--database ${DATABASE} is the database of ATRIUM_BENCH_DATABASE_URL; the bench drops its own: name another`,
    );
  }
  url.pathname = `/${DATABASE}`;
  BENCH_URL = url.href;
} catch {
  fail('ATRIUM_BENCH_DATABASE_URL is not a URL (postgres://user:pass@host:5432/db)');
}

// Loaded only when the benchmark runs (the platform must be built).
const { startPlatform } = await import('@atrium/platform');
const { default: pg } = await import('pg');
const { Client: HttpClient } = await import('undici');

const API_KEY = `bench-key-${process.pid}`;
const CLIENT_ID = 'bench';
const progress = (line) => process.stderr.write(`bench/blog: ${line}\n`);
const thousands = (n) => Math.round(n).toLocaleString('en-US');

// Routes (the contract's BLOG_*_ROUTES under their wire prefixes, wire.md §10, blog-wire.md §B).
const ROUTES = {
  categories: '/blog/v3/categories',
  tags: '/v3/tags',
  draftPosts: '/blog/v3/draft-posts',
  posts: '/v3/posts',
  postsQuery: '/v3/posts/query',
  postBySlug: (slug) => `/v3/posts/slugs/${encodeURIComponent(slug)}?${new URLSearchParams({ slug })}`,
  likes: '/blog/v1/likes',
  webhooks: '/_api/atrium-admin/v1/webhooks',
  deliveries: '/_api/atrium-admin/v1/webhook-deliveries',
};
const POST_FQDN = 'wix.blog.v3.post';
const LIKE_CREATED = 'wix.blog.v1.like_created';
const POST_LIKED = 'wix.blog.v3.post_liked';

// ── Data: generated deterministically ───────────────────────────────────────────────────────────

function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const uuid = (next) => {
  const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16));
  hex[12] = '4';
  hex[16] = '89ab'[Math.floor(next() * 4)];
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
};
const pick = (next, list) => list[Math.floor(next() * list.length)];
/** Index 0 … weights.length-1 with the given cumulative weights. */
const weighted = (next, cumulative) => {
  const target = next() * cumulative.at(-1);
  let low = 0;
  let high = cumulative.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (cumulative[middle] < target) low = middle + 1;
    else high = middle;
  }
  return low;
};
/** Zipf-like popularity: the k-th most popular gets weight 1 / (k + offset). */
const popularity = (n, offset) => {
  const cumulative = [];
  let sum = 0;
  for (let k = 0; k < n; k += 1) {
    sum += 1 / (k + offset);
    cumulative.push(sum);
  }
  return cumulative;
};

const CATEGORY_LABELS = [
  'Travel',
  'Food',
  'Gardening',
  'Technology',
  'Design',
  'Photography',
  'Books',
  'Music',
  'Health',
  'Science',
  'History',
  'Family',
  'Money',
  'Sport',
  'Crafts',
  'Cinema',
  'Nature',
  'Cities',
  'Work',
  'Opinion',
];
const TAG_FIRST = [
  'urban',
  'slow',
  'weekend',
  'winter',
  'summer',
  'budget',
  'family',
  'local',
  'classic',
  'modern',
  'quick',
  'seasonal',
  'vintage',
  'outdoor',
  'indoor',
  'small',
  'open',
  'daily',
  'night',
  'green',
];
const TAG_SECOND = [
  'guides',
  'recipes',
  'stories',
  'tips',
  'reviews',
  'notes',
  'projects',
  'walks',
  'ideas',
  'lists',
];
const WORDS = (
  'the a garden river harbour library mountain lantern orchard archive compass island morning evening ' +
  'quiet golden hidden distant winter summer market street kitchen window table bread coffee letter ' +
  'walk light rain stone field road train city village friend neighbour season story book page map ' +
  'small long slow early late open old new warm cold green bright soft strong simple careful ' +
  'we found made learned tried kept watched wrote cooked planted followed shared carried noticed'
).split(' ');
const TITLE_ADJECTIVES = [
  'Quiet',
  'Golden',
  'Hidden',
  'Distant',
  'Early',
  'Slow',
  'Small',
  'Bright',
  'Old',
  'New',
];
const TITLE_NOUNS = [
  'gardens',
  'rivers',
  'kitchens',
  'markets',
  'streets',
  'letters',
  'maps',
  'trains',
  'islands',
  'mornings',
];
const TITLE_TAILS = [
  'we keep coming back to',
  'in the rain',
  'after the storm',
  'for beginners',
  'on a budget',
  'worth the detour',
  'nobody talks about',
  'from the archive',
  'in ten steps',
  'at first light',
  'of the north',
  'by the sea',
];
const HASHTAGS = Array.from({ length: 40 }, (_, k) => `${TAG_FIRST[k % 20]}${TAG_SECOND[k % 10]}`);
const LANGUAGES = [
  ['en', 0.85],
  ['fr', 0.95],
  ['de', 1],
];
const YEAR_MS = 365.25 * 24 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;
const MAX_SLUG_LENGTH = 100; // BLOG_LIMITS.maxSlugLength

/** rich-content.ts slugify, as the platform makes a post's slug from its title. */
function slugify(text) {
  const slug = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG_LENGTH - 8)
    .replace(/-+$/g, '');
  return slug === '' ? 'post' : slug;
}
/** rich-content.ts plainText: TEXT nodes in order, one line per block. */
function plainText(document) {
  const lines = [];
  let line = '';
  const walk = (nodes) => {
    for (const node of nodes ?? []) {
      if (node.type === 'TEXT') {
        line += node.textData?.text ?? '';
        continue;
      }
      walk(node.nodes);
      if (line.trim() !== '') {
        lines.push(line.trim());
        line = '';
      }
    }
  };
  walk(document.nodes);
  if (line.trim() !== '') lines.push(line.trim());
  return lines.join('\n');
}
/** The platform's excerpt of a post without one (services/blog/rich-content.ts generatedExcerpt). */
function generatedExcerpt(text) {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= 200) return flat;
  const cut = flat.slice(0, 200);
  const space = cut.lastIndexOf(' ');
  return `${(space > 100 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const minutesToRead = (text) =>
  Math.max(1, Math.ceil(text.split(/\s+/).filter((word) => word !== '').length / 200));

function sentence(next) {
  const words = Array.from({ length: 8 + Math.floor(next() * 9) }, () => pick(next, WORDS));
  return `${words[0][0].toUpperCase()}${words[0].slice(1)} ${words.slice(1).join(' ')}.`;
}
const textNode = (text) => ({ type: 'TEXT', id: '', nodes: [], textData: { text, decorations: [] } });
function richContent(next) {
  const nodes = [];
  const paragraphs = 3 + Math.floor(next() * 5);
  for (let k = 0; k < paragraphs; k += 1) {
    if (k === 2 && next() < 0.5) {
      nodes.push({
        type: 'HEADING',
        id: `h${k}`,
        nodes: [textNode(sentence(next).slice(0, -1))],
        headingData: { level: 2 },
      });
    }
    const text = Array.from({ length: 3 + Math.floor(next() * 3) }, () => sentence(next)).join(' ');
    nodes.push({ type: 'PARAGRAPH', id: `p${k}`, nodes: [textNode(text)], paragraphData: {} });
  }
  return { nodes, metadata: { version: 1 } };
}

/**
 * Posts in generation order, each as the draft input a client would send (`input`, wire names) and
 * the blog_posts row the platform would hold once it is published (`row`, every column).
 */
function createGenerator(categoryIds, tagIds, now) {
  const next = random(2024);
  const categoryWeights = popularity(categoryIds.length, 2);
  const tagWeights = popularity(tagIds.length, 3);
  const authors = Array.from({ length: 12 }, () => uuid(next));
  const slugs = new Map(LANGUAGES.map(([language]) => [language, new Set()]));
  const pinned = new Set([Math.floor(POSTS / 7), Math.floor(POSTS / 3), Math.floor((POSTS * 5) / 6)]);
  const distinct = (n, weights, ids) => {
    const chosen = new Set();
    while (chosen.size < n) chosen.add(ids[weighted(next, weights)]);
    return [...chosen];
  };
  return (index) => {
    const id = uuid(next);
    const roll = next();
    const language = LANGUAGES.find(([, upTo]) => roll < upTo)[0];
    const title = `${pick(next, TITLE_ADJECTIVES)} ${pick(next, TITLE_NOUNS)} ${pick(next, TITLE_TAILS)}`;
    const document = richContent(next);
    const input = {
      id,
      title,
      ...(next() < 0.4 ? { excerpt: sentence(next) } : {}),
      featured: next() < 0.015,
      categoryIds: distinct(next() < 0.8 ? 1 : 2, categoryWeights, categoryIds),
      memberId: pick(next, authors),
      hashtags: next() < 0.3 ? [pick(next, HASHTAGS)] : [],
      commentingEnabled: next() >= 0.05,
      ...(next() < 0.7
        ? {
            heroImage: {
              url: `https://static.example.com/bench/hero-${index}.jpg`,
              width: 1600,
              height: 900,
              altText: title,
            },
          }
        : {}),
      tagIds: distinct(1 + Math.floor(next() * 5), tagWeights, tagIds),
      language,
      richContent: document,
    };
    // The draft as the platform stores it (post-data.ts: emptyDraft, applyInput, translationId).
    const { id: _id, ...fields } = input;
    const data = {
      relatedPostIds: [],
      pricingPlanIds: [],
      ...fields,
      translationId: id,
      contentText: plainText(document),
    };
    // slugFor: the title's slug, `-2`, `-3` … when taken in the language.
    const taken = slugs.get(language);
    const base = slugify(title);
    let slug = base;
    for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
    taken.add(slug);
    const first = now - next() * 5 * YEAR_MS;
    const last = next() < 0.15 ? Math.min(now, first + next() * 200 * DAY_MS) : first;
    const iso = (ms) => new Date(ms).toISOString();
    const row = {
      id,
      status: 'PUBLISHED',
      draft: data,
      title,
      language,
      member_id: data.memberId,
      slug,
      category_ids: data.categoryIds,
      tag_ids: data.tagIds,
      hashtags: data.hashtags,
      created_at: iso(first - next() * 3 * DAY_MS),
      edited_at: iso(last),
      scheduled_at: null,
      moderation: null,
      has_unpublished_changes: false,
      deleted_at: null,
      published: data,
      pub_title: title,
      pub_excerpt: data.excerpt ?? generatedExcerpt(data.contentText),
      pub_language: language,
      pub_member_id: data.memberId,
      pub_featured: data.featured,
      pinned: pinned.has(index),
      pub_commenting_enabled: data.commentingEnabled,
      pub_category_ids: data.categoryIds,
      pub_tag_ids: data.tagIds,
      pub_hashtags: data.hashtags,
      pub_pricing_plan_ids: [],
      pub_minutes_to_read: minutesToRead(data.contentText),
      pub_translation_id: id,
      pub_media_displayed: true,
      first_published_at: iso(first),
      last_published_at: iso(last),
      like_count: Math.floor(next() ** 3 * 200),
      view_count: Math.floor(next() ** 2 * 5000),
      comment_count: Math.floor(next() ** 4 * 40),
    };
    return { input, row };
  };
}
/** Columns the API sets from its clock when it creates the post: not compared. */
const CLOCK_COLUMNS = ['created_at', 'edited_at', 'first_published_at', 'last_published_at'];
const SET_AFTER = [...CLOCK_COLUMNS, 'pinned', 'like_count', 'view_count', 'comment_count'];

// ── Helpers ─────────────────────────────────────────────────────────────────────────────────────

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const summary = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  return { median: percentile(sorted, 50), p99: percentile(sorted, 99), min: sorted[0], max: sorted.at(-1) };
};

/**
 * Median and p99 of each path (API, the platform's SQL, hand-written SQL) over `runs` rounds, the
 * paths taking turns in a rotating order call by call (after a warm-up), so that whatever else the
 * machine does weighs on all alike. When the first rounds show that warm-up and runs would take
 * longer than `budget` seconds, both are scaled down to fit (at least 50 warm-up rounds and 100
 * runs): the feed counts every published post on each call.
 */
async function measure(name, paths, runs, warmup, budget) {
  const started = performance.now();
  let reported = started;
  const tick = (done, total, phase) => {
    const now = performance.now();
    if (now - reported > 10_000) {
      reported = now;
      progress(`  ${name}: ${phase} ${done}/${total} (${((now - started) / 1000).toFixed(0)} s)`);
    }
  };
  const probe = Math.min(warmup, 50);
  for (let i = 0; i < probe; i += 1) for (const [, run] of paths) await run(i);
  if (budget > 0 && probe > 0) {
    const round = (performance.now() - started) / probe / 1000;
    const planned = (warmup + runs) * round;
    if (planned > budget) {
      const scale = budget / planned;
      const scaled = {
        warmup: Math.max(probe, Math.floor(warmup * scale)),
        runs: Math.max(100, Math.floor(runs * scale)),
      };
      progress(
        `  ${name}: a round takes ${(round * 1000).toFixed(0)} ms; ${warmup} warm-up and ${runs} runs would take ${planned.toFixed(0)} s: ${scaled.warmup} and ${scaled.runs} fit the ${budget} s budget (--budget)`,
      );
      ({ warmup, runs } = scaled);
    }
  }
  for (let i = probe; i < warmup; i += 1) {
    for (const [, run] of paths) await run(i);
    tick(i + 1, warmup, 'warm-up');
  }
  const times = paths.map(() => []);
  for (let i = 0; i < runs; i += 1) {
    for (let k = 0; k < paths.length; k += 1) {
      const index = (i + k) % paths.length;
      const t0 = performance.now();
      await paths[index][1](warmup + i);
      times[index].push(performance.now() - t0);
    }
    tick(i + 1, runs, 'measured');
  }
  return { runs, warmup, ...Object.fromEntries(paths.map(([key], index) => [key, summary(times[index])])) };
}

/** The nodes of an EXPLAIN (FORMAT JSON) plan on one line: `Limit ← Index Scan using x on t`. */
function planLine(plan) {
  const parts = [];
  const walk = (node) => {
    let label = node['Node Type'];
    if (node['Index Name']) label += ` using ${node['Index Name']}`;
    else if (node['Relation Name']) label += ` on ${node['Relation Name']}`;
    if (node['Sort Key'] && /Sort/.test(node['Node Type'])) label += ` (${node['Sort Key'].join(', ')})`;
    label += ` rows=${node['Actual Rows']}`;
    parts.push(label);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan.Plan);
  return `${parts.join(' ← ')}; ${plan['Execution Time'].toFixed(2)} ms`;
}

// ── Database ────────────────────────────────────────────────────────────────────────────────────

async function withAdmin(work) {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}
const quoted = `"${DATABASE}"`;

/** How many published posts (and categories, tags) the bench database holds, or undefined without one. */
async function existingData() {
  const exists = await withAdmin(
    async (admin) =>
      (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE])).rowCount > 0,
  );
  if (!exists) return undefined;
  const client = new pg.Client({ connectionString: BENCH_URL });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT
        (SELECT count(*)::int FROM blog_posts WHERE published IS NOT NULL AND deleted_at IS NULL) AS posts,
        (SELECT count(*)::int FROM blog_posts) AS rows,
        (SELECT count(*)::int FROM blog_categories) AS categories,
        (SELECT count(*)::int FROM blog_tags) AS tags`);
    return rows[0];
  } catch {
    return { posts: 0, rows: 0, categories: 0, tags: 0 };
  } finally {
    await client.end();
  }
}

// ── Run ─────────────────────────────────────────────────────────────────────────────────────────

const existing = await existingData();
const reuse =
  !values.fresh &&
  existing !== undefined &&
  existing.posts === POSTS &&
  existing.rows === POSTS &&
  existing.categories === CATEGORY_LABELS.length &&
  existing.tags === TAG_FIRST.length * TAG_SECOND.length;
if (!reuse) {
  await withAdmin(async (admin) => {
    if (existing !== undefined) {
      progress(
        `dropping database ${DATABASE} (${values.fresh ? '--fresh' : `it holds ${existing.posts} posts, not ${POSTS}`})`,
      );
      await admin.query(`DROP DATABASE ${quoted} WITH (FORCE)`);
    }
    progress(`creating database ${DATABASE}`);
    await admin.query(`CREATE DATABASE ${quoted}`);
  });
}

const webhookDelivery = {
  ...(POLL_MS === undefined ? {} : { pollMs: POLL_MS }),
  ...(BATCH_SIZE === undefined ? {} : { batchSize: BATCH_SIZE }),
};
const platform = await startPlatform({
  port: 0,
  logLevel: 'silent',
  database: { kind: 'postgres', url: BENCH_URL },
  apiKeys: [API_KEY],
  clients: [{ id: CLIENT_ID, redirectOrigins: [] }],
  webhookDelivery,
});
const sqlClient = new pg.Client({ connectionString: BENCH_URL });
await sqlClient.connect();
// One keep-alive HTTP/1.1 connection, as a server-side caller of the API would keep (--concurrency
// opens more for the changes).
const http = new HttpClient(platform.url);
const changeClients = Array.from({ length: CONCURRENCY }, () => new HttpClient(platform.url));
let receiver;
let webhookId;
const figures = {};
try {
  const call = async (method, path, body, authorization = API_KEY, client = http) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers = { authorization, ...(payload ? { 'content-type': 'application/json' } : {}) };
    const response = await client.request({ method, path, headers, body: payload });
    const json = await response.body.json();
    if (response.statusCode !== 200) {
      throw new Error(
        `${method} ${path.slice(0, 200)}: ${response.statusCode} ${JSON.stringify(json).slice(0, 400)}`,
      );
    }
    return json;
  };

  // ── Load ──────────────────────────────────────────────────────────────────────────────────────
  let loadLine = `reused ${thousands(POSTS)} posts in database ${DATABASE} (pass --fresh to load again)`;
  if (!reuse) {
    const loadStarted = performance.now();
    for (const [index, label] of CATEGORY_LABELS.entries()) {
      await call('POST', ROUTES.categories, {
        category: { label, description: `Posts about ${label.toLowerCase()}.`, displayPosition: index },
      });
    }
    for (const second of TAG_SECOND) {
      for (const first of TAG_FIRST) await call('POST', ROUTES.tags, { label: `${first} ${second}` });
    }
    const taxonomySeconds = (performance.now() - loadStarted) / 1000;
    progress(
      `created ${CATEGORY_LABELS.length} categories and ${TAG_FIRST.length * TAG_SECOND.length} tags through the API in ${taxonomySeconds.toFixed(1)} s`,
    );
    // Popularity follows creation order: the first created is the most used.
    const ids = async (table) =>
      (await sqlClient.query(`SELECT id FROM ${table} ORDER BY created_at, label`)).rows.map((row) => row.id);
    const generate = createGenerator(await ids('blog_categories'), await ids('blog_tags'), Date.now());

    // The first post through the API, compared with the generator's row for the same input.
    const first = generate(0);
    await call('POST', ROUTES.draftPosts, { draftPost: first.input, publish: true });
    await sqlClient.query('CREATE TEMP TABLE bench_expected (LIKE blog_posts)');
    await sqlClient.query(
      'INSERT INTO bench_expected SELECT * FROM jsonb_populate_recordset(NULL::bench_expected, $1::jsonb)',
      [JSON.stringify([first.row])],
    );
    const names = (
      await sqlClient.query(
        `SELECT column_name FROM information_schema.columns WHERE table_name = 'blog_posts' AND table_schema = current_schema()
         ORDER BY ordinal_position`,
      )
    ).rows.map((row) => row.column_name);
    const missing = names.filter((name) => !Object.hasOwn(first.row, name));
    if (missing.length > 0) {
      throw new Error(
        `the generator writes no value for blog_posts.${missing.join(', ')}: update bench/blog/run.mjs`,
      );
    }
    const compared = names.filter((name) => !SET_AFTER.includes(name));
    const { rows: differences } = await sqlClient.query(
      `SELECT ${compared.map((name) => `(a.${name} IS DISTINCT FROM e.${name}) AS ${name}`).join(', ')}
       FROM blog_posts a JOIN bench_expected e USING (id)`,
    );
    const differing = compared.filter((name) => differences[0]?.[name] !== false);
    if (differing.length > 0) {
      const { rows } = await sqlClient.query(
        `SELECT 'platform' AS who, ${differing.join(', ')} FROM blog_posts WHERE id = $1
         UNION ALL SELECT 'generator', ${differing.join(', ')} FROM bench_expected`,
        [first.row.id],
      );
      throw new Error(
        `the post created through the API differs from the generator's row in ${differing.join(', ')}:\n${JSON.stringify(rows, null, 1).slice(0, 3000)}`,
      );
    }
    await sqlClient.query(
      `UPDATE blog_posts a SET ${SET_AFTER.map((name) => `${name} = e.${name}`).join(', ')}
       FROM bench_expected e WHERE a.id = e.id`,
    );
    await sqlClient.query('DROP TABLE bench_expected');
    progress(`the API's post matches the generator's row in all ${compared.length} compared columns`);

    // The rest with SQL, --batch rows a statement; the next batch is generated while one is written.
    const started = performance.now();
    let reported = started;
    let pending = Promise.resolve();
    let bytes = 0;
    for (let from = 1; from < POSTS; from += BATCH) {
      const rows = [];
      for (let index = from; index < Math.min(POSTS, from + BATCH); index += 1)
        rows.push(generate(index).row);
      await pending;
      const text = JSON.stringify(rows);
      bytes += text.length;
      pending = sqlClient.query(
        'INSERT INTO blog_posts SELECT * FROM jsonb_populate_recordset(NULL::blog_posts, $1::jsonb)',
        [text],
      );
      const now = performance.now();
      if (now - reported > 5000) {
        reported = now;
        const done = from + rows.length - 1;
        progress(
          `  loaded ${thousands(done)}/${thousands(POSTS)} posts (${thousands(done / ((now - started) / 1000))} posts/s)`,
        );
      }
    }
    await pending;
    const loadSeconds = (performance.now() - started) / 1000;
    figures.loadRate = (POSTS - 1) / loadSeconds;
    figures.loadSeconds = loadSeconds;
    loadLine = `loaded ${thousands(POSTS - 1)} posts with SQL in ${loadSeconds.toFixed(1)} s — ${thousands(figures.loadRate)} posts/s (${(bytes / (POSTS - 1) / 1024).toFixed(1)} KiB of JSON a row; indexes maintained), plus 1 post, ${CATEGORY_LABELS.length} categories and ${TAG_FIRST.length * TAG_SECOND.length} tags through the API`;
    progress(loadLine);
  }
  // Settled statistics and visibility map (no autovacuum while measuring) and a checkpoint (no
  // write-out of the load's pages either; needs pg_checkpoint or a superuser, else skipped).
  progress('VACUUM ANALYZE and CHECKPOINT');
  await sqlClient.query('VACUUM ANALYZE blog_posts, blog_categories, blog_tags');
  await sqlClient.query('CHECKPOINT').catch((error) => {
    progress(`no CHECKPOINT before measuring (${error.message})`);
  });
  const size = (await sqlClient.query(`SELECT pg_size_pretty(pg_total_relation_size('blog_posts')) AS size`))
    .rows[0].size;

  // ── Reads ─────────────────────────────────────────────────────────────────────────────────────
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
  figures.reads = rows;

  // ── Events ────────────────────────────────────────────────────────────────────────────────────
  const likeReceipts = new Map();
  const likedReceipts = new Map();
  const received = { total: 0, duplicates: 0, other: 0, first: undefined, last: undefined };
  receiver = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const at = performance.now();
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      try {
        const jwt = Buffer.concat(chunks).toString('utf8');
        const claims = JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8'));
        const envelope = JSON.parse(claims.data);
        const event = JSON.parse(envelope.data);
        const key = envelope.eventType === LIKE_CREATED ? event.entityId : event.actionEvent?.body?.postId;
        const receipts = envelope.eventType === LIKE_CREATED ? likeReceipts : likedReceipts;
        if (envelope.eventType !== LIKE_CREATED && envelope.eventType !== POST_LIKED) received.other += 1;
        else if (receipts.has(key)) received.duplicates += 1;
        else {
          receipts.set(key, at);
          received.total += 1;
          received.first ??= at;
          received.last = at;
        }
      } catch {
        received.other += 1;
      }
    });
  });
  await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${receiver.address().port}/hooks`;
  webhookId = (
    await call('POST', ROUTES.webhooks, { url: receiverUrl, eventTypes: [LIKE_CREATED, POST_LIKED] })
  ).webhook.id;
  progress(`webhook ${webhookId} → ${receiverUrl}; ${thousands(CHANGES)} likes, ${CONCURRENCY} at a time`);

  const liker = (await call('POST', '/oauth2/token', { grantType: 'anonymous', clientId: CLIENT_ID }))
    .access_token;
  const targets = (
    await sqlClient.query(
      `SELECT id FROM blog_posts WHERE published IS NOT NULL AND deleted_at IS NULL ORDER BY md5(id || 'likes') LIMIT $1`,
      [CHANGES],
    )
  ).rows.map((row) => row.id);
  const changes = [];
  let nextChange = 0;
  const changesStarted = performance.now();
  let reported = changesStarted;
  await Promise.all(
    changeClients.map(async (client) => {
      for (let i = nextChange++; i < CHANGES; i = nextChange++) {
        const postId = targets[i];
        const started = performance.now();
        const { like } = await call(
          'POST',
          ROUTES.likes,
          { like: { entityId: postId, fqdn: POST_FQDN } },
          liker,
          client,
        );
        changes[i] = { postId, likeId: like.id, started, answered: performance.now() };
        if (performance.now() - reported > 5000) {
          reported = performance.now();
          progress(`  ${changes.filter(Boolean).length}/${CHANGES} likes; ${received.total} events received`);
        }
      }
    }),
  );
  const changesEnded = performance.now();
  const expected = CHANGES * 2;
  let waitedFor = received.total;
  let lastProgress = performance.now();
  while (received.total < expected) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (received.total !== waitedFor) {
      waitedFor = received.total;
      lastProgress = performance.now();
    } else if (performance.now() - lastProgress > 60_000) {
      progress(`no event for 60 s: stopping the wait at ${received.total}/${expected}`);
      break;
    }
    if (performance.now() - reported > 5000) {
      reported = performance.now();
      progress(`  ${received.total}/${expected} events received`);
    }
  }
  const latencies = { like: [], liked: [], all: [] };
  let early = 0;
  for (const change of changes) {
    for (const [kind, at] of [
      ['like', likeReceipts.get(change.likeId)],
      ['liked', likedReceipts.get(change.postId)],
    ]) {
      if (at === undefined) continue;
      if (at < change.answered) early += 1;
      latencies[kind].push(at - change.answered);
      latencies.all.push(at - change.answered);
    }
  }
  const log = await call(
    'GET',
    `${ROUTES.deliveries}?${new URLSearchParams({ webhookId, status: 'DELIVERED', limit: '1' })}`,
  );
  const failed = await call(
    'GET',
    `${ROUTES.deliveries}?${new URLSearchParams({ webhookId, status: 'FAILED', limit: '1' })}`,
  );
  const apiSeconds = (changesEnded - changesStarted) / 1000;
  const deliverySeconds = ((received.last ?? changesEnded) - changesStarted) / 1000;
  figures.events = {
    received: received.total,
    expected,
    duplicates: received.duplicates,
    other: received.other,
    delivered: log.total,
    failed: failed.total,
    early,
    latency: summary(latencies.all),
    likeLatency: summary(latencies.like),
    likedLatency: summary(latencies.liked),
    apiRate: CHANGES / apiSeconds,
    apiEventRate: expected / apiSeconds,
    apiLatency: summary(changes.map((change) => change.answered - change.started)),
    deliveryRate: received.total / deliverySeconds,
    drain: ((received.last ?? changesEnded) - changesEnded) / 1000,
  };

  // ── Report ────────────────────────────────────────────────────────────────────────────────────
  const ms = (value) => `${value.toFixed(2)} ms`;
  // The platform's defaults: events/options.ts WEBHOOK_DELIVERY_DEFAULTS (not exported).
  const policy = {
    pollMs: POLL_MS ?? 500,
    batchSize: BATCH_SIZE ?? 16,
  };
  console.log(
    `\nblog on PostgreSQL: ${thousands(POSTS)} published posts (blog_posts ${size}), up to ${RUNS} runs per read after up to ${WARMUP} warm-up (--budget ${BUDGET} s a read), ${thousands(CHANGES)} likes\n`,
  );
  console.log(`load: ${loadLine}\n`);
  console.log('plans (EXPLAIN ANALYZE of one call; platform = the statements the API sent):');
  for (const { scenario, platform: sent, handWritten } of plans) {
    console.log(`  ${scenario.name}`);
    for (const [who, list] of [
      ['platform', sent],
      ['hand-written', handWritten],
    ]) {
      for (const plan of list) {
        console.log(`    ${who.padEnd(12)} ${plan.line}`);
        if (plan.full) console.log(`      ${plan.text}\n${plan.full}`);
      }
    }
  }
  const header = [
    'read',
    'runs',
    'API median',
    'API p99',
    'SQL median',
    'SQL p99',
    'ratio (median)',
    'platform SQL',
  ];
  const widths = [36, 6, 12, 12, 12, 12, 16, 22];
  const line = (cells) => cells.map((cell, index) => String(cell).padEnd(widths[index])).join('');
  console.log(`\n${line(header)}`);
  for (const row of rows) {
    console.log(
      line([
        row.name,
        row.runs,
        ms(row.api.median),
        ms(row.api.p99),
        ms(row.sql.median),
        ms(row.sql.p99),
        `${row.ratio.toFixed(2)}${row.ratio <= 2 ? ' (≤ 2 ✓)' : ' (> 2 ✗)'}`,
        `${ms(row.platformSql.median)} / ${ms(row.platformSql.p99)}`,
      ]),
    );
  }
  console.log(
    '(SQL: hand-written, the columns the answer needs; platform SQL: median / p99 of the statements the API sent, replayed on the same connection)',
  );
  const e = figures.events;
  console.log(
    `\nwebhook delivery (delivery loop: poll every ${policy.pollMs} ms, ${policy.batchSize} deliveries a claim, wake-ups 5/25/100 ms after an event is recorded):`,
  );
  console.log(
    `  ${thousands(CHANGES)} likes through the API (${CONCURRENCY} at a time): ${e.apiRate.toFixed(0)} likes/s = ${e.apiEventRate.toFixed(0)} events/s recorded (API median ${ms(e.apiLatency.median)}, p99 ${ms(e.apiLatency.p99)})`,
  );
  console.log(
    `  received ${thousands(e.received)}/${thousands(e.expected)} events (${e.duplicates} duplicates, ${e.other} other; delivery log: ${e.delivered} DELIVERED, ${e.failed} FAILED)`,
  );
  console.log(
    `  latency from the like's answer to receipt: median ${ms(e.latency.median)}, p99 ${ms(e.latency.p99)}, max ${ms(e.latency.max)} (like_created median ${ms(e.likeLatency.median)}, post_liked median ${ms(e.likedLatency.median)}; ${e.early} received before the answer)`,
  );
  console.log(
    `  delivery throughput: ${e.deliveryRate.toFixed(0)} events/s from the first like to the last receipt = ${(e.deliveryRate / e.apiEventRate).toFixed(2)} of the API's; last receipt ${(e.drain * 1000).toFixed(0)} ms after the last answer`,
  );

  console.log('\nsummary');
  if (figures.loadRate !== undefined)
    console.log(`  load rate                 ${thousands(figures.loadRate)} posts/s`);
  for (const row of rows) {
    console.log(
      `  ${`${row.key} ratio`.padEnd(26)}${row.ratio.toFixed(2)} (API ${ms(row.api.median)} / p99 ${ms(row.api.p99)}; SQL ${ms(row.sql.median)} / p99 ${ms(row.sql.p99)}; platform SQL ${ms(row.platformSql.median)}; ${row.runs} runs)`,
    );
  }
  console.log(`  event latency             median ${ms(e.latency.median)}, p99 ${ms(e.latency.p99)}`);
  console.log(
    `  delivery throughput       ${e.deliveryRate.toFixed(0)} events/s (API ${e.apiEventRate.toFixed(0)} events/s; ratio ${(e.deliveryRate / e.apiEventRate).toFixed(2)})`,
  );
  console.log(`  events received           ${e.received}/${e.expected}`);
  if (e.received < e.expected || e.failed > 0) process.exitCode = 1;
} finally {
  if (webhookId !== undefined) {
    await http
      .request({
        method: 'DELETE',
        path: `${ROUTES.webhooks}/${webhookId}`,
        headers: { authorization: API_KEY },
      })
      .then((response) => response.body.dump())
      .catch(() => {});
  }
  await http.close();
  await Promise.all(changeClients.map((client) => client.close()));
  await platform.close();
  await sqlClient.end();
  receiver?.closeAllConnections();
  await new Promise((resolve) => (receiver ? receiver.close(resolve) : resolve()));
  if (!values.keep) {
    progress(`dropping database ${DATABASE} (--keep keeps it for the next run)`);
    await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${quoted} WITH (FORCE)`));
  }
}
