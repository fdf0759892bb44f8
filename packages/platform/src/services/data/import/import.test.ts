import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CliUsageError, parseCliArgs } from '../../../cli-args.js';
import { type DataCommand, IMPORT_USAGE, parseImportArgs, parseIndexArgs, runDataCommand } from '../cli.js';
import { dataKitPerFile, dataOf, publicCollection } from '../test-kit.js';
import { ImportFailed, importFile } from './import.js';
import { describe as describeProgress } from './progress.js';

const kit = dataKitPerFile();
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atrium-import-'));
  await kit.createCollection(
    publicCollection('Books', {
      title: 'TEXT',
      year: 'NUMBER',
      isbn: 'TEXT',
      available: 'BOOLEAN',
      published: 'DATETIME',
      tags: 'ARRAY_STRING',
    }),
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const file = async (name: string, text: string) => {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
};

const all = async () =>
  dataOf(
    await kit.query({
      dataCollectionId: 'Books',
      query: { sort: [{ fieldName: '_id' }], paging: { limit: 1000 } },
    }),
  );

describe('import', () => {
  it('loads JSON lines (ids, owners and dates kept) in batches', async () => {
    const path = await file(
      'books.jsonl',
      [
        JSON.stringify({
          _id: 'j1',
          title: 'Dune',
          year: 1965,
          published: { $date: '1965-08-01' },
          tags: ['sf'],
        }),
        '',
        JSON.stringify({ _id: 'j2', title: 'Emma', year: 1815, _owner: 'someone' }),
        JSON.stringify({ _id: 'j3', title: 'Third' }),
      ].join('\n'),
    );
    const progress: number[] = [];
    const result = await importFile(kit.identity.platform.db, {
      collectionId: 'Books',
      path,
      batchSize: 2,
      onProgress: (state) => progress.push(state.items),
    });
    expect(result).toMatchObject({ imported: 3, createdCollection: false });
    expect(result.itemsPerSecond).toBeGreaterThan(0);
    expect(progress.at(-1)).toBe(3);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const items = await all();
    expect(items.map((item) => item._id)).toEqual(['j1', 'j2', 'j3']);
    expect(items[0]).toMatchObject({
      title: 'Dune',
      year: 1965,
      published: { $date: '1965-08-01T00:00:00.000Z' },
      tags: ['sf'],
    });
    expect(items[1]._owner).toBe('someone');
  });

  it('loads CSV, parsing cells by declared types and guessing the rest', async () => {
    const path = await file(
      'books.csv',
      [
        '_id,title,year,isbn,available,published,tags,pages,rating,note,meta.lang',
        'c1,"Dune, the novel",1965,0441013597,yes,1965-08-01T00:00:00Z,"[""sf""]",412,4.5,"said ""hi""",en',
        'c2,Emma,1815,,false,,,,,"two\nlines",',
        '',
      ].join('\r\n'),
    );
    expect((await importFile(kit.identity.platform.db, { collectionId: 'Books', path })).imported).toBe(2);
    const items = (await all()).filter((item) => item._id.startsWith('c'));
    expect(items[0]).toMatchObject({
      title: 'Dune, the novel',
      year: 1965,
      isbn: '0441013597',
      available: true,
      published: { $date: '1965-08-01T00:00:00.000Z' },
      tags: ['sf'],
      pages: 412,
      rating: 4.5,
      note: 'said "hi"',
      meta: { lang: 'en' },
    });
    expect(items[1]).toMatchObject({ title: 'Emma', available: false, note: 'two\nlines' });
    expect(items[1].isbn).toBeUndefined();
  });

  it('reports bad lines with their numbers and writes nothing', async () => {
    const before = (await all()).length;
    const path = await file(
      'bad.jsonl',
      [
        JSON.stringify({ _id: 'ok', title: 'fine' }),
        '{"title": "broken',
        JSON.stringify({ title: 'wrong type', year: 'old' }),
        JSON.stringify({ _id: 'j1', title: 'exists' }),
        JSON.stringify({ _id: 'ok', title: 'twice' }),
        '[1, 2]',
      ].join('\n'),
    );
    const failure = await importFile(kit.identity.platform.db, {
      collectionId: 'Books',
      path,
      batchSize: 1,
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ImportFailed);
    const { badLines, totalBad } = failure as ImportFailed;
    expect(badLines.map((bad) => bad.line)).toEqual([2, 3, 5, 6]);
    expect(totalBad).toBe(4);
    expect(badLines[1]!.problem).toContain('"year"');
    expect((await all()).length).toBe(before);
    const csv = await file('bad.csv', 'title,year\nfine,1\nbad,nineteen\n');
    const csvFailure = (await importFile(kit.identity.platform.db, {
      collectionId: 'Books',
      path: csv,
    }).catch((error) => error)) as ImportFailed;
    expect(csvFailure.badLines).toEqual([{ line: 3, problem: 'year: "nineteen" is not a number' }]);
  });

  it('reports an existing id found while writing', async () => {
    const path = await file(
      'dup.jsonl',
      `${JSON.stringify({ _id: 'new1' })}\n${JSON.stringify({ _id: 'j2' })}\n`,
    );
    const failure = (await importFile(kit.identity.platform.db, { collectionId: 'Books', path }).catch(
      (error) => error,
    )) as ImportFailed;
    expect(failure.badLines).toEqual([{ line: 2, problem: 'an item with _id j2 already exists in Books' }]);
    expect((await all()).some((item) => item._id === 'new1')).toBe(false);
  });
});

describe('the import and index commands', () => {
  const usage = (message: string) => new Error(message);
  /** Runs a command on the test platform's database, capturing what it writes. */
  const run = async (command: DataCommand) => {
    let text = '';
    const stream = new Writable({
      write(chunk, _encoding, done) {
        text += String(chunk);
        done();
      },
    });
    const code = await runDataCommand(command, {
      stdout: stream,
      stderr: stream,
      db: kit.identity.platform.db,
    });
    return { code, text };
  };
  const database = { kind: 'pglite', dataDir: 'unused' } as const;

  it('parses their command lines', () => {
    expect(parseImportArgs(['--collection', 'Books', 'x.csv', '--data', 'd'], usage)).toMatchObject({
      kind: 'import',
      collectionId: 'Books',
      path: 'x.csv',
      database: { kind: 'pglite', dataDir: 'd' },
    });
    expect(() => parseImportArgs(['x.csv'], usage)).toThrow('--collection is required');
    expect(() => parseImportArgs(['--collection', 'B', 'a', 'b'], usage)).toThrow('exactly one file');
    expect(() => parseImportArgs(['--collection', 'B', 'a', '--database-url', 'mysql://x'], usage)).toThrow(
      'postgres://',
    );
    expect(
      parseIndexArgs(['--collection', 'B', '--field', 'author', '--field', 'year:desc'], usage),
    ).toMatchObject({
      action: {
        kind: 'create',
        name: 'author_year',
        fields: [
          { path: 'author', order: 'ASC' },
          { path: 'year', order: 'DESC' },
        ],
      },
    });
    expect(() => parseIndexArgs(['--collection', 'B', '--field', 'year:sideways'], usage)).toThrow(
      '--field must be',
    );
    // Without --collection, import restores a state archive (services/state/cli.ts).
    expect(parseCliArgs(['import', '--collection', 'B', '--help'])).toEqual({
      kind: 'data',
      command: { kind: 'help', text: IMPORT_USAGE },
    });
    expect(() => parseCliArgs(['index', '--collection', 'B'])).toThrow(CliUsageError);
  });

  it('import creates the collection on request, prints the total and items/s, and fails with bad lines', async () => {
    const path = await file(
      'cli.jsonl',
      `${JSON.stringify({ title: 'a', n: 1 })}\n${JSON.stringify({ title: 'b', n: 2 })}\n`,
    );
    const command = {
      kind: 'import',
      database,
      collectionId: 'Fresh',
      path,
      batchSize: 1000,
      create: true,
    } as const;
    const imported = await run(command);
    expect(imported.code).toBe(0);
    expect(imported.text).toMatch(/created the Fresh collection/);
    expect(imported.text).toMatch(/imported 2 items into Fresh in [\d.]+s \([\d,]+ items\/s\)\n$/);

    const bad = await file('cli-bad.jsonl', `${JSON.stringify({ title: 'a' })}\nnot json\n`);
    const failed = await run({ ...command, path: bad, create: false });
    expect(failed.code).toBe(1);
    expect(failed.text).toContain('line 2: the line is not valid JSON');
    expect(failed.text).toContain('1 bad line; nothing was imported');

    const missing = await run({ ...command, collectionId: 'Nope', create: false });
    expect(missing.code).toBe(1);
    expect(missing.text).toContain('the Nope collection does not exist');
  });

  it('index declares, lists and drops an index', async () => {
    const base = { kind: 'index', database, collectionId: 'Fresh' } as const;
    const create = (name: string, path: string, order: 'ASC' | 'DESC') =>
      run({ ...base, action: { kind: 'create', name, fields: [{ path, order }], caseInsensitive: false } });
    const created = await create('byCreated', '_createdDate', 'DESC');
    expect(created.code).toBe(0);
    expect(created.text).toMatch(/created index byCreated on Fresh \(_createdDate DESC\)/);
    expect((await run({ ...base, action: { kind: 'list' } })).text).toBe('byCreated: _createdDate DESC\n');
    const untyped = await create('t', 'title', 'ASC');
    expect(untyped.code).toBe(1);
    expect(untyped.text).toContain('declare the field');
    const dropped = await run({ ...base, action: { kind: 'drop', name: 'byCreated' } });
    expect([dropped.code, dropped.text]).toEqual([0, 'dropped index byCreated of Fresh\n']);
  });

  it('describes progress with a bar, the rate and the time left', () => {
    expect(describeProgress({ items: 500_000, bytes: 50, totalBytes: 100 }, 10)).toBe(
      '[############............]  50%  500,000 items  50,000 items/s  ETA 10s',
    );
  });
});
