import { options, progress, ROUTES, thousands } from './args.mjs';
import { CATEGORY_LABELS, createGenerator, SET_AFTER, TAG_FIRST, TAG_SECOND } from './data.mjs';

const { default: pg } = await import('pg');
const { DATABASE, ADMIN_URL, BENCH_URL, POSTS, BATCH, values } = options;

// ── Database ────────────────────────────────────────────────────────────────────────────────────

export async function withAdmin(work) {
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

/** Reuses the bench database when it holds what this run would load; else (re)creates it. Answers whether it is reused. */
export async function prepareDatabase() {
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
  return reuse;
}

/** Drops the bench database (unless --keep). */
export async function dropDatabase() {
  if (values.keep) return;
  progress(`dropping database ${DATABASE} (--keep keeps it for the next run)`);
  await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${quoted} WITH (FORCE)`));
}

// ── Load ────────────────────────────────────────────────────────────────────────────────────────

/**
 * Loads the posts (categories, tags and the first post through the API, the rest with SQL) unless
 * the database is reused, then settles it; answers the load's line of the report and the table's size.
 */
export async function load({ call, sqlClient, figures }, reuse) {
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
    const generate = createGenerator(await ids('blog_categories'), await ids('blog_tags'), Date.now(), POSTS);

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
        `the generator writes no value for blog_posts.${missing.join(', ')}: update bench/blog/data.mjs`,
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
  return { loadLine, size };
}
