import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchangeCode, silentCode } from '../../../test/support/sign-in.js';
import { createLogger } from '../../logger.js';
import { startPlatform } from '../../platform.js';
import { type Db, openDatabase } from '../../storage/database.js';
import { createTestDatabase, TEMPLATE_ENV, TEST_DATABASE_URL_ENV } from '../../testing/test-database.js';
import { type IdentityKit, PASSWORD, startIdentityKit, uniqueEmail } from '../identity/test-kit.js';
import { MANIFEST_NAME, parseManifest } from './archive.js';
import { parseStateArgs, runStateCommand } from './cli.js';
import { exportState } from './export.js';
import { importState } from './import.js';
import { NotEmptyError } from './service.js';
import { listTables, quoteIdent } from './store.js';

/**
 * Export, import and reset on a demo-seeded platform (seeded once for the file): a round trip
 * into a fresh PGlite (and PostgreSQL when ATRIUM_TEST_DATABASE_URL is set) keeps every row and
 * media file; sign-in and refresh tokens still work; bad archives and non-empty platforms are
 * refused with nothing changed; reset gives a first start.
 */
let kit: IdentityKit;
let work: string;
let archive: string;
let memberEmail: string;
let refreshToken: string;
let source: Map<string, string[]>;

beforeAll(async () => {
  kit = await startIdentityKit({ seed: 'demo', registration: 'open' });
  work = await mkdtemp(join(tmpdir(), 'atrium-state-test-'));
  memberEmail = uniqueEmail('exported');
  await kit.activeMember(memberEmail);
  const { code, verifier, redirectUri } = await silentCode(kit.platform);
  const tokens = await (
    await exchangeCode(kit.platform, { code, codeVerifier: verifier, redirectUri })
  ).json();
  refreshToken = tokens.refresh_token;
  archive = join(work, 'state.tar.gz');
  await exportState(kit.platform.db, kit.platform.media.dir, archive);
  source = await snapshot(kit.platform.db);
}, 300_000);
afterAll(async () => {
  await kit?.close();
  if (work) await rm(work, { recursive: true, force: true });
}, 60_000);

/** Every table's rows as JSON text (timestamps in UTC), sorted. */
async function snapshot(db: Db): Promise<Map<string, string[]>> {
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL TIME ZONE 'UTC'`.execute(trx);
    const result = new Map<string, string[]>();
    for (const table of await listTables(trx)) {
      const { rows } = await sql
        .raw<{ line: string }>(`SELECT to_jsonb(t)::text AS line FROM ${quoteIdent(table.name)} t`)
        .execute(trx);
      result.set(table.name, rows.map((row) => row.line).sort());
    }
    return result;
  });
}

/**
 * Every table's rows as the source's. The request and activity logs grow by themselves (each
 * answered request is written in a batch after it): the archive holds their rows of the export's
 * moment, all still there.
 */
const GROWING_LOGS = new Set(['request_log', 'activity_log']);

function expectSameRows(imported: Map<string, string[]>, source: Map<string, string[]>): void {
  for (const [table, rows] of source) {
    if (GROWING_LOGS.has(table)) expect(rows, table).toEqual(expect.arrayContaining(imported.get(table)!));
    else expect(imported.get(table), table).toEqual(rows);
  }
}

async function mediaBytes(dir: string, ids: readonly string[]): Promise<Map<string, Buffer>> {
  return new Map(await Promise.all(ids.map(async (id) => [id, await readFile(join(dir, id))] as const)));
}

const mediaIds = async (db: Db) =>
  (await db.selectFrom('media_files').select('id').orderBy('id').execute()).map((row) => row.id);

/** A fresh PGlite data directory, opened (not migrated). */
async function freshPglite(name: string): Promise<{ db: Db; dataDir: string; mediaDir: string }> {
  const dataDir = join(work, name, 'data');
  const mediaDir = join(dataDir, 'media');
  await mkdir(dataDir, { recursive: true });
  // From the global setup's migrated template when there is one (no initdb: faster on a busy machine).
  const template = process.env[TEMPLATE_ENV];
  const loadDataDir = template ? new Blob([await readFile(template)]) : undefined;
  return {
    db: openDatabase({ kind: 'pglite', dataDir, loadDataDir }, createLogger('silent')),
    dataDir,
    mediaDir,
  };
}

/** A platform on a restored data directory, as `npm start` would start it. */
const startRestored = (dataDir: string) =>
  startPlatform({
    host: '127.0.0.1',
    port: 0,
    logLevel: 'silent',
    database: { kind: 'pglite', dataDir },
    seed: 'demo',
  });

describe('export', () => {
  it('writes a manifest with the schema version, site id, row counts and every file digested', async () => {
    const listing = execFileSync('tar', ['-tzf', archive], { encoding: 'utf8' }).split('\n');
    expect(listing).toContain(MANIFEST_NAME);
    const manifest = parseManifest(
      execFileSync('tar', ['-xzOf', archive, MANIFEST_NAME], { encoding: 'utf8' }),
    );
    expect(manifest.siteId).toBe(kit.platform.siteId);
    expect(manifest.schemaVersion).toBeGreaterThanOrEqual(12);
    const counts = Object.fromEntries(manifest.tables.map((table) => [table.name, table.rows]));
    expect(counts.blog_posts).toBe(source.get('blog_posts')!.length);
    expect(counts.identities).toBe(source.get('identities')!.length);
    expect(manifest.media.files).toBe(source.get('media_files')!.length);
    expect(manifest.media.files).toBeGreaterThan(0);
    expect(Object.keys(manifest.files)).toHaveLength(manifest.tables.length + manifest.media.files);
    // Parents before children: identities before the member roles that refer to them.
    const order = manifest.tables.map((table) => table.name);
    expect(order.indexOf('identities')).toBeLessThan(order.indexOf('member_roles'));
    expect(order.indexOf('data_collections')).toBeLessThan(order.indexOf('data_items'));
  });
});

describe('import into a fresh PGlite', { timeout: 120_000 }, () => {
  let target: Awaited<ReturnType<typeof freshPglite>>;
  beforeAll(async () => {
    target = await freshPglite('round-trip');
    await importState(target.db, target.mediaDir, archive);
  }, 300_000);
  afterAll(() => target?.db.destroy());

  it('holds every row of every table and every media file, byte for byte', async () => {
    const imported = await snapshot(target.db);
    expect([...imported.keys()].sort()).toEqual([...source.keys()].sort());
    expectSameRows(imported, source);
    const ids = await mediaIds(target.db);
    expect(ids.length).toBeGreaterThan(0);
    const want = await mediaBytes(kit.platform.media.dir, ids);
    const got = await mediaBytes(target.mediaDir, ids);
    for (const id of ids) expect(got.get(id)!.equals(want.get(id)!), id).toBe(true);
  });

  it('keeps the declared data indexes real, and identity counters past the imported rows', async () => {
    const declared = await target.db.selectFrom('data_indexes').select('sql_name').execute();
    expect(declared.length).toBeGreaterThan(0);
    const { rows } = await sql<{ indexname: string }>`
      SELECT indexname FROM pg_indexes WHERE tablename = 'data_items'`.execute(target.db);
    for (const { sql_name } of declared) expect(rows.map((row) => row.indexname)).toContain(sql_name);
    const before = await target.db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .executeTakeFirst();
    const inserted = await target.db
      .insertInto('mail_outbox')
      .values({ to_address: 'x@example.com', subject: 's', text_body: 't', html_body: 'h' })
      .returning('seq')
      .executeTakeFirstOrThrow();
    expect(Number(inserted.seq)).toBeGreaterThan(Number(before?.seq ?? 0));
    await target.db.deleteFrom('mail_outbox').where('seq', '=', inserted.seq).execute();
  });

  it('refuses a second import without replace (exit code 2, one line), and replaces with it', async () => {
    const marker = await target.db
      .insertInto('data_collections')
      .values({ id: 'marker', display_name: 'Marker', fields: '[]', permissions: JSON.stringify({}) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const stderr = collect();
    const refused = await runStateCommand(
      { kind: 'import', database: { kind: 'pglite' }, mediaDir: target.mediaDir, file: archive },
      { db: target.db, stderr },
    );
    expect(refused).toBe(2);
    expect(stderr.text()).toMatch(/^atrium-platform import: the platform is not empty .*--replace.*\n$/);
    expect(await target.db.selectFrom('data_collections').where('id', '=', marker.id).execute()).toHaveLength(
      1,
    );

    await expect(importState(target.db, target.mediaDir, archive)).rejects.toBeInstanceOf(NotEmptyError);
    await importState(target.db, target.mediaDir, archive, { replace: true });
    expect(await target.db.selectFrom('data_collections').where('id', '=', marker.id).execute()).toHaveLength(
      0,
    );
    expect((await snapshot(target.db)).get('blog_posts')).toEqual(source.get('blog_posts'));
  });

  it('refuses a truncated or edited archive, and rolls back a failing one, changing nothing', async () => {
    const before = await snapshot(target.db);
    const filesBefore = (await readdir(target.mediaDir)).sort();

    const truncated = join(work, 'truncated.tar.gz');
    await writeFile(truncated, await readFile(archive));
    await truncate(truncated, Math.floor((await readFile(archive)).length / 2));
    await expect(importState(target.db, target.mediaDir, truncated, { replace: true })).rejects.toThrow(
      /truncated or not a gzipped tar/,
    );

    // Edited: one row of a table changed, the manifest left as it was.
    const edited = await repack('edited', (dir) =>
      editFile(join(dir, 'tables/blog_tags.jsonl'), (text) => text.replace('"label": "', '"label": "X')),
    );
    await expect(importState(target.db, target.mediaDir, edited, { replace: true })).rejects.toThrow(
      /blog_tags\.jsonl in the archive is not what its manifest says/,
    );

    const newer = await repack('newer', (dir) =>
      editFile(join(dir, MANIFEST_NAME), (text) =>
        text.replace(/"schemaVersion": \d+/, '"schemaVersion": 999'),
      ),
    );
    await expect(importState(target.db, target.mediaDir, newer, { replace: true })).rejects.toThrow(
      /schema is version 999, newer than this platform's .*: import it with a newer @atrium\/platform/,
    );

    // Consistent checksums but a row the schema refuses: fails while inserting, after the media
    // files were set aside and others moved in; all is rolled back.
    const failing = await repack('failing', async (dir) => {
      await editFile(join(dir, 'tables/blog_tags.jsonl'), (text) => `${text}${text.split('\n')[0]}\n`);
      await redigest(dir, 'tables/blog_tags.jsonl');
    });
    await expect(importState(target.db, target.mediaDir, failing, { replace: true })).rejects.toThrow(
      /duplicate key/,
    );

    expect(await snapshot(target.db)).toEqual(before);
    expect((await readdir(target.mediaDir)).sort()).toEqual(filesBefore);
    expect(
      (await readdir(join(target.mediaDir, '..', '..'))).filter((name) => name.startsWith('.atrium')),
    ).toEqual([]);
  });

  it('starts as the exported platform: the member signs in with the password, the refresh token works', async () => {
    await target.db.destroy();
    const platform = await startRestored(target.dataDir);
    try {
      expect(platform.siteId).toBe(kit.platform.siteId);
      const login = await post(platform.url, '/_api/iam/authentication/v2/login', {
        loginId: { email: memberEmail },
        password: PASSWORD,
      });
      expect(login.state).toBe('SUCCESS');
      const refreshed = await post(platform.url, '/oauth2/token', {
        grantType: 'refresh_token',
        refreshToken,
      });
      expect(refreshed.access_token).toEqual(expect.any(String));
      // The seed already ran in the exported platform: nothing is seeded again.
      const posts = await platform.db.selectFrom('blog_posts').select('id').execute();
      expect(posts).toHaveLength(source.get('blog_posts')!.length);
    } finally {
      await platform.close();
    }
  });

  it('reset empties it: the next start is a first start (a new site id, the seed again)', async () => {
    const db = openDatabase({ kind: 'pglite', dataDir: target.dataDir }, createLogger('silent'));
    try {
      const stderr = collect();
      const command = parseStateArgs('reset', ['--yes', '--data', target.dataDir], usageError);
      expect(await runStateCommand(command, { db, stderr })).toBe(0);
      expect(stderr.text()).toMatch(/^reset: deleted \d+ rows and \d+ media files/);
      for (const [table, rows] of await snapshot(db)) expect(rows, table).toEqual([]);
      expect((await readdir(target.mediaDir)).filter((name) => name !== 'variants')).toEqual([]);
    } finally {
      await db.destroy();
    }
    const platform = await startRestored(target.dataDir);
    try {
      expect(platform.siteId).not.toBe(kit.platform.siteId);
      const runs = await platform.db.selectFrom('seed_runs').select('name').execute();
      expect(runs.length).toBe(source.get('seed_runs')!.length);
      const ids = await mediaIds(platform.db);
      expect(ids.length).toBeGreaterThan(0);
      await mediaBytes(target.mediaDir, ids); // every seeded file is on disk
    } finally {
      await platform.close();
    }
  });
});

describe.runIf(process.env[TEST_DATABASE_URL_ENV])('import into PostgreSQL', { timeout: 120_000 }, () => {
  it('holds every row of every table and every media file', async () => {
    const database = await createTestDatabase();
    const db = openDatabase(database.options, createLogger('silent'));
    const mediaDir = join(work, 'postgres-media');
    try {
      await importState(db, mediaDir, archive);
      const imported = await snapshot(db);
      expectSameRows(imported, source);
      const ids = await mediaIds(db);
      const want = await mediaBytes(kit.platform.media.dir, ids);
      const got = await mediaBytes(mediaDir, ids);
      for (const id of ids) expect(got.get(id)!.equals(want.get(id)!), id).toBe(true);
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});

// Last: these replace, then empty, the source platform.
describe('the console routes', { timeout: 120_000 }, () => {
  const resetRequest = (confirm: string): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ confirm }),
  });
  const admin = (path: string, init: RequestInit = {}, key = kit.platform.apiKey) =>
    fetch(`${kit.platform.url}/_api/atrium-admin/v1/state/${path}`, {
      ...init,
      headers: { authorization: key, ...(init.headers as Record<string, string>) },
    });

  it('download the archive, refuse an import into a platform with data or of a bad archive, replace with it', async () => {
    expect((await admin('export', {}, 'not-a-key')).status).toBe(401);
    const download = await admin('export');
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/gzip');
    expect(download.headers.get('content-disposition')).toMatch(
      /^attachment; filename="atrium-state-.*\.tar\.gz"$/,
    );
    const bytes = Buffer.from(await download.arrayBuffer());
    const file = join(work, 'downloaded.tar.gz');
    await writeFile(file, bytes);
    const manifest = parseManifest(execFileSync('tar', ['-xzOf', file, MANIFEST_NAME], { encoding: 'utf8' }));
    expect(manifest.siteId).toBe(kit.platform.siteId);

    const upload = (body: Buffer, query = '') =>
      admin(`import${query}`, {
        method: 'POST',
        headers: { 'content-type': 'application/gzip' },
        body: new Uint8Array(body),
      });
    const json = await admin('import', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'null',
    });
    expect(json.status).toBe(415);
    const refused = await upload(bytes);
    expect(refused.status).toBe(409);
    expect((await refused.json()).details.applicationError.code).toBe('PLATFORM_NOT_EMPTY');
    const garbage = await upload(Buffer.from('not an archive'), '?replace=true');
    expect(garbage.status).toBe(400);
    expect((await garbage.json()).details.applicationError).toMatchObject({
      code: 'INVALID_ARCHIVE',
      description: expect.stringMatching(/truncated or not a gzipped tar/),
    });
    const replaced = await upload(bytes, '?replace=true');
    const answer = await replaced.json();
    expect(replaced.status, JSON.stringify(answer)).toBe(200);
    expect(answer.imported).toMatchObject({ rows: expect.any(Number), restartRequired: true });
    expect(answer.imported.mediaFiles).toBe(manifest.media.files);
    expect((await snapshot(kit.platform.db)).get('blog_posts')).toEqual(source.get('blog_posts'));
  });

  it('reset only with the confirmation, keeping the API key that asked', async () => {
    const unconfirmed = await admin('reset', resetRequest('yes'));
    expect(unconfirmed.status).toBe(400);
    expect(await kit.platform.db.selectFrom('blog_posts').select('id').execute()).not.toHaveLength(0);
    const reset = await admin('reset', resetRequest('reset'));
    expect(reset.status).toBe(200);
    expect(await kit.platform.db.selectFrom('blog_posts').select('id').execute()).toHaveLength(0);
    expect(await kit.platform.db.selectFrom('api_keys').select('id').execute()).toHaveLength(1);
    expect((await admin('export')).status).toBe(200);
  });

  it('an import and a reset made from a console session keep that session signed in', async () => {
    const { inviteStaff, redeemLink, csrfTokenOf, STAFF_COOKIE } = await import('../staff/service.js');
    const { token } = await inviteStaff(kit.platform.db, { email: 'restorer@example.com', role: 'OWNER' });
    const { sessionToken } = await redeemLink(kit.platform.db, token);
    const asSession = (path: string, init: RequestInit = {}) =>
      fetch(`${kit.platform.url}/_api/atrium-admin/v1/${path}`, {
        ...init,
        headers: {
          cookie: `${STAFF_COOKIE}=${sessionToken}`,
          'x-atrium-csrf': csrfTokenOf(sessionToken),
          ...(init.headers as Record<string, string>),
        },
      });
    const archive = await readFile(join(work, 'downloaded.tar.gz'));
    const imported = await asSession('state/import?replace=true', {
      method: 'POST',
      headers: { 'content-type': 'application/gzip' },
      body: new Uint8Array(archive),
    });
    expect(imported.status).toBe(200);
    // The archive's staff came in, and the restorer (not in it) kept their account and session.
    const emails = (await kit.platform.db.selectFrom('staff_accounts').select('email').execute()).map(
      (row) => row.email,
    );
    expect(emails).toEqual(expect.arrayContaining(['owner@localhost', 'restorer@example.com']));
    expect((await asSession('staff')).status).toBe(200);
    const reset = await asSession('state/reset', resetRequest('reset'));
    expect(reset.status).toBe(200);
    expect(await kit.platform.db.selectFrom('blog_posts').select('id').execute()).toHaveLength(0);
    expect((await asSession('staff')).status).toBe(200);
  });
});

describe('command line', () => {
  it('parses export, import and reset, and refuses reset without --yes', () => {
    expect(parseStateArgs('export', ['out.tgz', '--data', 'd'], usageError)).toEqual({
      kind: 'export',
      database: { kind: 'pglite', dataDir: 'd' },
      mediaDir: join('d', 'media'),
      file: 'out.tgz',
    });
    expect(
      parseStateArgs('import', ['in.tgz', '--replace', '--database-url', 'postgres://h/db'], usageError),
    ).toMatchObject({
      kind: 'import',
      database: { kind: 'postgres' },
      mediaDir: './.atrium/media',
      replace: true,
    });
    expect(() => parseStateArgs('reset', [], usageError)).toThrow(/give --yes/);
    expect(() => parseStateArgs('export', [], usageError)).toThrow(/exactly one archive file/);
  });
});

const usageError = (message: string) => new Error(message);

function collect() {
  let text = '';
  const write = (chunk: string) => {
    text += chunk;
    return true;
  };
  const stream = { write } as unknown as NodeJS.WritableStream;
  return Object.assign(stream, { text: () => text });
}

async function post(base: string, path: string, body: unknown) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: read field by field
  return (await response.json()) as any;
}

/** The archive unpacked, changed by `edit`, packed again. */
async function repack(name: string, edit: (dir: string) => Promise<void>): Promise<string> {
  const dir = join(work, name);
  await mkdir(dir, { recursive: true });
  execFileSync('tar', ['-xzf', archive, '-C', dir]);
  await edit(dir);
  const file = join(work, `${name}.tar.gz`);
  execFileSync('tar', ['-czf', file, '-C', dir, MANIFEST_NAME, 'tables', 'media']);
  return file;
}

async function editFile(path: string, change: (text: string) => string): Promise<void> {
  const text = await readFile(path, 'utf8');
  const changed = change(text);
  expect(changed).not.toBe(text);
  await writeFile(path, changed);
}

async function redigest(dir: string, path: string): Promise<void> {
  const manifestPath = join(dir, MANIFEST_NAME);
  const manifest = parseManifest(await readFile(manifestPath, 'utf8'));
  const bytes = await readFile(join(dir, path));
  const { createHash } = await import('node:crypto');
  manifest.files[path] = { bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
  await writeFile(manifestPath, JSON.stringify(manifest));
}
