import { beforeAll, describe, expect, it } from 'vitest';
import type { Answer } from '../identity/test-kit.js';
import { codeOf, DATA, dataKitPerFile, publicCollection } from './test-kit.js';

/**
 * Bad input never yields a 5xx, a crash or a half-written change: each case is a WDE-coded 4xx
 * with a message that says what was wrong, and the data is untouched.
 */
const kit = dataKitPerFile(publicCollection('Things', { title: 'TEXT', price: 'NUMBER' }));
beforeAll(async () => {
  await kit.seed(
    'Things',
    [1, 2, 3].map((n) => ({ _id: `t${n}`, title: `thing ${n}`, price: n })),
  );
});

const query = (filter: unknown, extra: object = {}) =>
  kit.post('/items/query', { dataCollectionId: 'Things', query: { filter, ...extra } });

const nested = (depth: number): object => (depth === 0 ? { price: 1 } : { $and: [nested(depth - 1)] });

/** A patch of item t1 with this one field modification. */
const patchThing = (modification: object) =>
  kit.post('/items/patch', {
    dataCollectionId: 'Things',
    patch: { dataItemId: 't1', fieldModifications: [modification] },
  });

const SQL_FIELD = "title'; DROP TABLE data_items; --";

const cases: { name: string; send: () => Promise<Answer>; status: number; code: string; says: string }[] = [
  {
    name: 'an unknown field operator',
    send: () => query({ title: { $regex: '.*' } }),
    status: 400,
    code: 'WDE0901',
    says: '$regex',
  },
  {
    name: 'an unknown top-level operator',
    send: () => query({ $where: 'true' }),
    status: 400,
    code: 'WDE0901',
    says: '$where',
  },
  {
    name: 'operators mixed with field names',
    send: () => query({ title: { $eq: 'a', x: 1 } }),
    status: 400,
    code: 'WDE0901',
    says: 'mixes',
  },
  {
    name: 'a boolean range operand',
    send: () => query({ price: { $gt: true } }),
    status: 400,
    code: 'WDE0058',
    says: '$gt',
  },
  {
    name: 'an object range operand',
    send: () => query({ price: { $lt: { a: 1 } } }),
    status: 400,
    code: 'WDE0058',
    says: 'Date, Number or String',
  },
  {
    name: 'an invalid date',
    send: () => query({ price: { $gt: { $date: 'yesterday' } } }),
    status: 400,
    code: 'WDE0058',
    says: 'not a valid date',
  },
  {
    name: 'a $in that is not an array',
    send: () => query({ title: { $in: 'a' } }),
    status: 400,
    code: 'WDE0057',
    says: 'Array',
  },
  {
    name: 'a $hasSome with objects',
    send: () => query({ title: { $hasSome: [{ a: 1 }] } }),
    status: 400,
    code: 'WDE0060',
    says: 'index 0',
  },
  {
    name: 'a numeric $startsWith',
    send: () => query({ title: { $startsWith: 5 } }),
    status: 400,
    code: 'WDE0059',
    says: 'String',
  },
  {
    name: 'a non-boolean $exists',
    send: () => query({ title: { $exists: 'yes' } }),
    status: 400,
    code: 'WDE0058',
    says: 'true or false',
  },
  {
    name: 'an $and that is not an array',
    send: () => query({ $and: { price: 1 } }),
    status: 400,
    code: 'WDE0057',
    says: '$and',
  },
  {
    name: 'a $not of a string',
    send: () => query({ $not: 'x' }),
    status: 400,
    code: 'WDE0056',
    says: 'object',
  },
  {
    name: 'a filter that is not an object',
    send: () => query('price = 1'),
    status: 400,
    code: 'WDE0900',
    says: 'query.filter',
  },
  {
    name: 'nesting deeper than the limit',
    send: () => query(nested(30)),
    status: 400,
    code: 'WDE0902',
    says: 'deeper',
  },
  {
    name: 'a huge $in list',
    send: () => query({ price: { $in: Array.from({ length: 1001 }, (_, index) => index) } }),
    status: 400,
    code: 'WDE0903',
    says: '1001 values',
  },
  {
    name: 'a field name with SQL',
    send: () => query({ [SQL_FIELD]: 1 }),
    status: 400,
    code: 'WDE0003',
    says: 'invalid field name',
  },
  {
    name: 'a field name with a quote',
    send: () => query({ 'ti"tle': 1 }),
    status: 400,
    code: 'WDE0003',
    says: 'invalid field name',
  },
  {
    name: 'a field name with a semicolon',
    send: () => query({ 'a;b': { $gt: 1 } }),
    status: 400,
    code: 'WDE0003',
    says: 'invalid field name',
  },
  {
    name: 'a sort field with SQL',
    send: () => query({}, { sort: [{ fieldName: `title) ; DELETE FROM data_items; --`, order: 'ASC' }] }),
    status: 400,
    code: 'WDE0003',
    says: 'query.sort.0.fieldName',
  },
  {
    name: 'a bad sort order',
    send: () => query({}, { sort: [{ fieldName: 'title', order: 'UP' }] }),
    status: 400,
    code: 'WDE0900',
    says: 'order',
  },
  {
    name: 'returned fields with SQL',
    send: () => query({}, { fields: ["x' OR 1=1"] }),
    status: 400,
    code: 'WDE0003',
    says: 'query.fields.0',
  },
  {
    name: 'a distinct field with SQL',
    send: () =>
      kit.post('/items/query-distinct-values', { dataCollectionId: 'Things', fieldName: SQL_FIELD }),
    status: 400,
    code: 'WDE0003',
    says: 'fieldName',
  },
  {
    name: 'a grouping field with SQL',
    send: () =>
      kit.post('/items/aggregate', {
        dataCollectionId: 'Things',
        aggregation: { groupingFields: [SQL_FIELD], operations: [{ resultFieldName: 'n', itemCount: {} }] },
      }),
    status: 400,
    code: 'WDE0003',
    says: 'groupingFields',
  },
  {
    name: 'an index path with SQL',
    send: () =>
      kit.post('/indexes', {
        dataCollectionId: 'Things',
        index: { name: 'x', fields: [{ path: SQL_FIELD }] },
      }),
    status: 400,
    code: 'WDE0003',
    says: 'index.fields.0.path',
  },
  {
    name: 'a page over the maximum',
    send: () => query({}, { paging: { limit: 5000 } }),
    status: 400,
    code: 'WDE0904',
    says: '1000',
  },
  {
    name: 'a negative offset',
    send: () => query({}, { paging: { offset: -1 } }),
    status: 400,
    code: 'WDE0904',
    says: 'offset',
  },
  {
    name: 'a forged cursor',
    send: () => query({}, { cursorPaging: { cursor: 'not-a-cursor' } }),
    status: 400,
    code: 'WDE0904',
    says: 'cursor',
  },
  {
    name: 'a cursor carrying a malformed query',
    send: () =>
      query(
        {},
        {
          cursorPaging: {
            cursor: Buffer.from(
              JSON.stringify({ k: 'query', c: 'Things', o: 0, l: 5, q: { query: 'x' } }),
            ).toString('base64url'),
          },
        },
      ),
    status: 400,
    code: 'WDE0900',
    says: '"query"',
  },
  {
    name: 'paging and cursor paging together',
    send: () => query({}, { paging: { offset: 5 }, cursorPaging: { limit: 5 } }),
    status: 400,
    code: 'WDE0080',
    says: 'Skip',
  },
  {
    name: 'an empty item id',
    send: () => kit.post('/items/remove', { dataCollectionId: 'Things', dataItemId: '' }),
    status: 400,
    code: 'WDE0002',
    says: 'dataItemId',
  },
  {
    name: 'an overlong item id',
    send: () =>
      kit.post('/items', { dataCollectionId: 'Things', dataItem: { data: { _id: 'x'.repeat(300) } } }),
    status: 400,
    code: 'WDE0002',
    says: '255',
  },
  {
    name: 'a numeric item id',
    send: () => kit.post('/items/remove', { dataCollectionId: 'Things', dataItemId: 42 }),
    status: 400,
    code: 'WDE0900',
    says: 'dataItemId',
  },
  {
    name: 'a collection id with SQL',
    send: () => kit.post('/items/count', { dataCollectionId: "Things'; --" }),
    status: 400,
    code: 'WDE0001',
    says: 'dataCollectionId',
  },
  {
    name: 'an unknown collection',
    send: () => kit.post('/items/count', { dataCollectionId: 'Nothing' }),
    status: 404,
    code: 'WDE0025',
    says: 'Nothing',
  },
  {
    name: 'an item that is not an object',
    send: () => kit.post('/items', { dataCollectionId: 'Things', dataItem: { data: ['a'] } }),
    status: 400,
    code: 'WDE0900',
    says: 'dataItem.data',
  },
  {
    name: 'a reserved $ key in an item',
    send: () =>
      kit.post('/items', {
        dataCollectionId: 'Things',
        dataItem: { data: { title: 'x', meta: { $where: 1 } } },
      }),
    status: 400,
    code: 'WDE0900',
    says: 'meta.$where',
  },
  {
    name: 'an item nested 100 000 levels deep',
    send: async () => {
      const nested = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
      const response = await fetch(`${kit.identity.platform.url}${DATA}/items`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: kit.apiKey },
        body: `{"dataCollectionId":"Things","dataItem":{"data":{"title":"deep","nested":${nested}}}}`,
      });
      return { status: response.status, body: await response.json(), headers: response.headers };
    },
    status: 400,
    code: 'WDE0900',
    // Refused at the door (http/input-guard.ts), before the data service's own 32-level limit.
    says: 'nested deeper than 64 levels',
  },
  {
    name: 'a NUL character in an item',
    send: () => kit.post('/items', { dataCollectionId: 'Things', dataItem: { data: { title: 'a\u0000b' } } }),
    status: 400,
    code: 'WDE0900',
    says: 'U+0000',
  },
  {
    name: 'an unpaired surrogate in an item',
    send: () => kit.post('/items', { dataCollectionId: 'Things', dataItem: { data: { note: 'x\ud800' } } }),
    status: 400,
    code: 'WDE0900',
    says: 'unpaired surrogate',
  },
  {
    name: 'a NUL character in a filter',
    send: () => query({ title: { $startsWith: '\u0000' } }),
    status: 400,
    // Refused at the door: the data service's own WDE0059 check is never reached.
    code: 'WDE0900',
    says: 'U+0000',
  },
  {
    name: 'a 1001-item bulk insert',
    send: () =>
      kit.post('/bulk/items/insert', {
        dataCollectionId: 'Things',
        dataItems: Array.from({ length: 1001 }, (_, index) => ({ data: { title: `x${index}` } })),
      }),
    status: 400,
    code: 'WDE0006',
    says: '1000',
  },
  {
    name: 'a 1001-id bulk remove',
    send: () =>
      kit.post('/bulk/items/remove', {
        dataCollectionId: 'Things',
        dataItemIds: Array.from({ length: 1001 }, (_, index) => `t${index}`),
      }),
    status: 400,
    code: 'WDE0069',
    says: '1000',
  },
  {
    name: 'a 10 MB body',
    send: () =>
      kit.post('/items', {
        dataCollectionId: 'Things',
        dataItem: { data: { title: 'x'.repeat(10 * 1024 * 1024) } },
      }),
    status: 413,
    code: 'WDE0109',
    says: 'Payload is too large',
  },
  {
    name: 'an item over the item size limit',
    send: () =>
      kit.post('/items', {
        dataCollectionId: 'Things',
        dataItem: { data: { title: 'x'.repeat(600 * 1024) } },
      }),
    status: 413,
    code: 'WDE0009',
    says: 'Document is too large',
  },
  {
    name: 'a patch of a system field',
    send: () => patchThing({ action: 'SET_FIELD', fieldPath: '_owner', setFieldOptions: { value: 'me' } }),
    status: 400,
    code: 'WDE0912',
    says: 'system field',
  },
  {
    name: 'incrementing a text field',
    send: () =>
      patchThing({ action: 'INCREMENT_FIELD', fieldPath: 'title', incrementFieldOptions: { value: 1 } }),
    status: 400,
    code: 'WDE0912',
    says: 'only numbers',
  },
];

describe('bad input', () => {
  it.each(cases)('$name → $status $code', async ({ send, status, code, says }) => {
    const answer = await send();
    expect({ status: answer.status, code: codeOf(answer) }).toEqual({ status, code });
    expect(answer.body.message).toContain(says);
  });

  it('leaves the data as it was', async () => {
    const count = await kit.post('/items/count', { dataCollectionId: 'Things' });
    expect(count.body.totalCount).toBe(3);
  });

  it('answers malformed JSON, a wrong content type and a bad .r parameter with WDE-coded 4xx', async () => {
    const raw = await fetch(`${kit.identity.platform.url}${DATA}/items/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: kit.apiKey },
      body: '{"dataCollectionId": "Things", ',
    });
    expect(raw.status).toBe(400);
    expect(
      ((await raw.json()) as { details: { applicationError: { code: string } } }).details.applicationError
        .code,
    ).toBe('WDE0900');
    const text = await fetch(`${kit.identity.platform.url}${DATA}/items/query`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', authorization: kit.apiKey },
      body: 'hello',
    });
    expect(text.status).toBe(415);
    const badR = await kit.call('GET', `${DATA}/items/query?.r=%%%`, undefined, kit.apiKey);
    expect([badR.status, codeOf(badR)]).toEqual([400, 'WDE0900']);
  });

  it('inserts of one id racing each other: exactly one wins, the others are told it exists (no lookup, no lock)', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        kit.post('/items', {
          dataCollectionId: 'Things',
          dataItem: { data: { _id: 'raced', title: `try ${index}` } },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((answer) => answer.status === 409))
      expect(codeOf(answer)).toBe('WDE0074');
    const winner = answers.find((answer) => answer.status === 200)!;
    const stored = await kit.post('/items/query', {
      dataCollectionId: 'Things',
      query: { filter: { _id: 'raced' } },
    });
    expect(stored.body.dataItems.map((item: { data: { title: string } }) => item.data.title)).toEqual([
      winner.body.dataItem.data.title,
    ]);
    expect(
      (await kit.post('/items/remove', { dataCollectionId: 'Things', dataItemId: 'raced' })).status,
    ).toBe(200);
  });

  it('writes nothing of a bulk item it reports as failed, and everything else', async () => {
    const answer = await kit.post('/bulk/items/insert', {
      dataCollectionId: 'Things',
      dataItems: [
        { data: { _id: 'ok1', title: 'fine', price: 1 } },
        { data: { _id: 'bad-type', title: 'wrong', price: 'ten' } },
        { data: { _id: 't1', title: 'exists already' } },
        { data: { _id: 'ok1', title: 'duplicate in the request' } },
        { data: { _id: 'bad-date', title: 'x', when: { $date: 'soon' } } },
        { data: { _id: 'ok2', title: 'fine too', price: 2 } },
      ],
    });
    expect(answer.status).toBe(200);
    expect(
      answer.body.results.map(
        (result: { itemMetadata: { success: boolean; error?: { code: string } } }) =>
          result.itemMetadata.error?.code ?? 'ok',
      ),
    ).toEqual(['ok', 'WDE0905', 'WDE0074', 'WDE0074', 'WDE0900', 'ok']);
    expect(answer.body.bulkActionMetadata).toEqual({
      totalSuccesses: 2,
      totalFailures: 4,
      undetailedFailures: 0,
    });
    for (const id of ['bad-type', 'bad-date']) {
      expect((await kit.call('GET', `${DATA}/items/${id}?dataCollectionId=Things`)).status).toBe(404);
    }
    const t1 = await kit.call('GET', `${DATA}/items/t1?dataCollectionId=Things`);
    expect(t1.body.dataItem.data.title).toBe('thing 1');
    const ok1 = await kit.call('GET', `${DATA}/items/ok1?dataCollectionId=Things`);
    expect(ok1.body.dataItem.data.title).toBe('fine');
    expect((await kit.post('/items/count', { dataCollectionId: 'Things' })).body.totalCount).toBe(5);
  });
});
