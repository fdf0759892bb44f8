import type { DataQuery } from '@atrium/contract/types';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { findCollection } from './collections/store.js';
import { itemRead } from './items/reads.js';
import { pageQuery, readOrder, readWhere } from './items/store.js';
import { parseSort } from './query/sort.js';
import { codeOf, DATA, dataKitPerFile, dataOf, publicCollection } from './test-kit.js';

/**
 * Declared indexes are real expression indexes over the compiler's expressions: EXPLAIN shows the
 * queries using them (on PGlite and on PostgreSQL alike).
 */
const kit = dataKitPerFile(
  publicCollection('Library', { title: 'TEXT', author: 'TEXT', year: 'NUMBER', tags: 'ARRAY_STRING' }),
);
const ITEMS = 3000;

beforeAll(async () => {
  for (let start = 0; start < ITEMS; start += 1000) {
    const dataItems = Array.from({ length: 1000 }, (_, offset) => {
      const n = start + offset;
      return {
        data: {
          title: `${['Alpha', 'beta', 'Gamma'][n % 3]} ${n}`,
          author: `Author ${n % 100}`,
          year: 1900 + (n % 120),
        },
      };
    });
    expect((await kit.post('/bulk/items/insert', { dataCollectionId: 'Library', dataItems })).status).toBe(
      200,
    );
  }
});

const createIndex = (index: object) => kit.post('/indexes', { dataCollectionId: 'Library', index });

/** The index names in the plan of the query the service runs for `query`. */
async function indexesUsedBy(query: DataQuery): Promise<string[]> {
  const { db } = kit.identity.platform;
  const collection = (await findCollection(db, 'Library'))!;
  const read = itemRead(collection, { scope: 'all' }, query.filter, 'filter');
  const order = readOrder(read, parseSort(query.sort, 'sort'));
  const statement = pageQuery({ id: 'Library', createdAt: new Date() }, readWhere(read), order, 51, 0);
  const { rows } = await sql<{ 'QUERY PLAN': unknown }>`EXPLAIN (FORMAT JSON) ${statement}`.execute(db);
  const plan = JSON.stringify(rows[0]!['QUERY PLAN']);
  return [...plan.matchAll(/"Index Name":\s*"([^"]+)"/g)].map((match) => match[1]!);
}

async function sqlNameOf(name: string): Promise<string> {
  const row = await kit.identity.platform.db
    .selectFrom('data_indexes')
    .select('sql_name')
    .where('collection_id', '=', 'Library')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.sql_name;
}

describe('indexes', () => {
  it('creates, lists and drops indexes through the wire calls', async () => {
    const created = await createIndex({
      name: 'byAuthorYear',
      fields: [{ path: 'author' }, { path: 'year', order: 'DESC' }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.index).toMatchObject({
      name: 'byAuthorYear',
      fields: [
        { path: 'author', order: 'ASC' },
        { path: 'year', order: 'DESC' },
      ],
      status: 'ACTIVE',
    });
    expect((await createIndex({ name: 'byYear', fields: [{ path: 'year' }] })).status).toBe(200);
    expect(
      (await createIndex({ name: 'titlePrefix', fields: [{ path: 'title' }], caseInsensitive: true })).status,
    ).toBe(200);
    const again = await createIndex({ name: 'byYear', fields: [{ path: 'title' }] });
    expect([again.status, codeOf(again)]).toEqual([409, 'WDE0910']);
    const arrays = await createIndex({ name: 'tags', fields: [{ path: 'tags' }] });
    expect([arrays.status, codeOf(arrays)]).toEqual([400, 'WDE0909']);
    const undeclared = await createIndex({ name: 'nope', fields: [{ path: 'publisher' }] });
    expect([undeclared.status, codeOf(undeclared)]).toEqual([400, 'WDE0909']);

    const listed = await kit.call('GET', `${DATA}/indexes?dataCollectionId=Library`, undefined, kit.apiKey);
    expect(listed.body.indexes.map((index: { name: string }) => index.name)).toEqual([
      'byAuthorYear',
      'byYear',
      'titlePrefix',
    ]);
    expect((await createIndex({ name: 'temporary', fields: [{ path: 'title' }] })).status).toBe(200);
    const temporary = await sqlNameOf('temporary');
    const dropped = await kit.call(
      'DELETE',
      `${DATA}/indexes?dataCollectionId=Library&indexName=temporary`,
      undefined,
      kit.apiKey,
    );
    expect(dropped.status).toBe(200);
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM pg_indexes WHERE indexname = ${temporary}`.execute(
      kit.identity.platform.db,
    );
    expect(rows[0]!.n).toBe(0);
    const retype = await kit.call(
      'PUT',
      `${DATA}/collections`,
      { collection: { id: 'Library', revision: '1', fields: [{ key: 'year', type: 'TEXT' }] } },
      kit.apiKey,
    );
    expect([retype.status, codeOf(retype)]).toEqual([400, 'WDE0906']);
    await sql`ANALYZE data_items`.execute(kit.identity.platform.db);
  });

  it('serves an equality filter with a sort from the composite index', async () => {
    const query = { filter: { author: 'Author 7' }, sort: [{ fieldName: 'year', order: 'DESC' as const }] };
    expect(await indexesUsedBy(query)).toContain(await sqlNameOf('byAuthorYear'));
    const answer = await kit.query({
      dataCollectionId: 'Library',
      query: { ...query, paging: { limit: 3 } },
    });
    expect(dataOf(answer).map((item) => item.year)).toEqual([2007, 2007, 2007]);
  });

  it('serves a range filter with a sort from the single-field index', async () => {
    const query = {
      filter: { year: { $gte: 1950, $lt: 1952 } },
      sort: [{ fieldName: 'year', order: 'ASC' as const }],
    };
    expect(await indexesUsedBy(query)).toContain(await sqlNameOf('byYear'));
  });

  it('serves a case-insensitive startsWith from the case-insensitive index', async () => {
    expect(await indexesUsedBy({ filter: { title: { $startsWith: 'BETA 29' } } })).toContain(
      await sqlNameOf('titlePrefix'),
    );
    const answer = await kit.query({
      dataCollectionId: 'Library',
      query: { filter: { title: { $startsWith: 'BETA 29' } }, paging: { limit: 100 } },
    });
    expect(dataOf(answer).length).toBeGreaterThan(0);
    for (const item of dataOf(answer)) expect(item.title.startsWith('beta 29')).toBe(true);
  });

  it('serves the default order (newest first) from the built-in index', async () => {
    expect(await indexesUsedBy({})).toContain('data_items_created');
  });
});
