/** The benchmark's flags and database URLs (bench/blog/run.mjs describes them); bad flags exit 2. */
import { benchFlags } from '../flags.mjs';

// ── Flags ───────────────────────────────────────────────────────────────────────────────────────

const { values, fail, count } = benchFlags(
  'blog',
  {
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
  'flags: --posts --runs --warmup --budget --changes --concurrency --batch --database --poll-ms --batch-size --fresh --keep --explain',
);
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

export const options = {
  values,
  POSTS,
  RUNS,
  WARMUP,
  CHANGES,
  CONCURRENCY,
  BATCH,
  BUDGET,
  POLL_MS,
  BATCH_SIZE,
  DATABASE,
  ADMIN_URL,
  BENCH_URL,
};

export const API_KEY = `bench-key-${process.pid}`;
export const CLIENT_ID = 'bench';
export const progress = (line) => process.stderr.write(`bench/blog: ${line}\n`);
export const thousands = (n) => Math.round(n).toLocaleString('en-US');

// Routes (the contract's BLOG_*_ROUTES under their wire prefixes, docs/wire.md §10, docs/blog-wire.md §B).
export const ROUTES = {
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
export const POST_FQDN = 'wix.blog.v3.post';
export const LIKE_CREATED = 'wix.blog.v1.like_created';
export const POST_LIKED = 'wix.blog.v3.post_liked';
