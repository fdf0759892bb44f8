import { describe, expect, it } from 'vitest';
import { OAuthStrategy } from '../../../../auth/oauth-strategy.js';
import { createClient } from '../../../../client/create-client.js';
import { encodeRequest } from '../../../../query/encoded.js';
import {
  type AnyDataClient,
  recordingFetch,
  runBoth,
  type WireRequest,
} from '../../../../testing/data-peer.js';
import { items } from '../../index.js';
import { fromWire, toWire } from './wire.js';

/** The data transport (docs/wire.md §9.1, §9.3, §2.3): `.r`, the 2048 rule, `$date`, errors, null items. */

const DATE = '2024-05-01T10:00:00.000Z';

function client(respond: (request: WireRequest) => unknown = () => ({})) {
  const recorder = recordingFetch(respond);
  return {
    items: createClient({
      auth: OAuthStrategy({ clientId: 'cid' }),
      modules: { items },
      fetch: recorder.fetch,
    }).items as AnyDataClient,
    log: recorder.log,
  };
}

describe('dates travel as { "$date": ISO } (docs/wire.md §9.1)', () => {
  it('converts Dates at any depth on the way out, and $date objects back to Dates', () => {
    const when = new Date(DATE);
    expect(toWire({ a: when, b: [{ c: when }], d: 'x', e: null })).toEqual({
      a: { $date: DATE },
      b: [{ c: { $date: DATE } }],
      d: 'x',
      e: null,
    });
    const back = fromWire({
      a: { $date: DATE },
      b: [{ c: { $date: DATE } }],
      s: DATE,
      o: { $date: DATE, x: 1 },
    }) as {
      a: Date;
      b: [{ c: Date }];
      s: string;
      o: unknown;
    };
    expect(back.a).toBeInstanceOf(Date);
    expect(back.a.toISOString()).toBe(DATE);
    expect(back.b[0].c).toBeInstanceOf(Date);
    expect(back.s).toBe(DATE);
    expect(back.o).toEqual({ $date: DATE, x: 1 });
  });

  it('returns items with Dates, and sends filters with $date', async () => {
    const { items, log } = client(() => ({
      dataItems: [{ id: 'a', dataCollectionId: 'C', data: { _id: 'a', at: { $date: DATE }, plain: DATE } }],
      pagingMetadata: { count: 1 },
    }));
    const result = await items.query('C').lt('at', new Date(DATE)).find();
    expect(result.items[0].at).toBeInstanceOf(Date);
    expect(result.items[0].plain).toBe(DATE);
    expect((log[0]!.r as { query: { filter: unknown } }).query.filter).toEqual({
      at: { $lt: { $date: DATE } },
    });
  });

  it('encodes .r as base64url of the UTF-8 JSON, without padding', () => {
    const encoded = encodeRequest({ title: 'Ünïcødé ✓?', n: 1 });
    expect(encoded).not.toMatch(/[+/=]/);
    expect(JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'))).toEqual({
      title: 'Ünïcødé ✓?',
      n: 1,
    });
  });
});

describe('queries are GET ?.r= up to 2048 characters of relative URL, POST above (docs/wire.md §9.3)', () => {
  // With these lengths the relative URL is 2048 and 2050 characters long.
  it.each([
    [1418, 'GET'],
    [1419, 'POST'],
  ])('a title of %i characters: %s, as the reference', async (length, method) => {
    const run = (c: AnyDataClient) => c.items.query('C').eq('a', 'x'.repeat(length)).find();
    const { reference, atrium } = await runBoth(run, () => ({ dataItems: [], pagingMetadata: {} }));
    expect(atrium.requests).toEqual(reference.requests);
    expect(atrium.requests[0]?.method).toBe(method);
    const request = {
      dataCollectionId: 'C',
      query: { fields: [], filter: { a: 'x'.repeat(length) }, sort: [] },
      includeReferences: [],
    };
    const relativeUrl = `/wix-data/v2/items/query?.r=${encodeRequest(request)}`;
    expect(relativeUrl.length).toBe(length === 1418 ? 2048 : 2050);
    if (method === 'POST') expect(atrium.requests[0]?.body).toEqual(request);
  });

  it("decodes to the request of docs/wire.md §9.3's example", async () => {
    const { items, log } = client(() => ({ dataItems: [], pagingMetadata: {} }));
    await items
      .query('Coll')
      .eq('title', 'x')
      .gt('n', 1)
      .ascending('title')
      .descending('_createdDate')
      .skip(5)
      .limit(5)
      .include('refs')
      .fields('title')
      .find();
    expect(log[0]?.method).toBe('GET');
    expect(log[0]?.r).toEqual({
      dataCollectionId: 'Coll',
      query: {
        fields: ['title'],
        paging: { limit: 5, offset: 5 },
        filter: { title: 'x', n: { $gt: 1 } },
        sort: [
          { fieldName: 'title', order: 'ASC' },
          { fieldName: '_createdDate', order: 'DESC' },
        ],
      },
      includeReferences: [{ field: 'refs' }],
    });
  });

  it('an API key client sends to the API host', async () => {
    const { reference, atrium } = await runBoth(
      (c) => c.items.query('Coll').find(),
      () => ({ dataItems: [], pagingMetadata: {} }),
      'apiKey',
    );
    expect(atrium.requests).toEqual(reference.requests);
    expect(atrium.requests[0]?.host).toBe('api');
  });
});

const notFound = {
  status: 404,
  body: {
    message: 'not found',
    details: {
      applicationError: { code: 'WDE0073', description: 'Item i1 not found in C', data: { itemId: 'i1' } },
    },
  },
};

describe('answers that are not 200 (docs/wire.md §2.3)', () => {
  it('a missing item (WDE0073) is null for get and remove, an error for update', async () => {
    const { reference, atrium } = await runBoth(
      async ({ items }) => [
        await items.get('C', 'i1'),
        await items.remove('C', 'i1'),
        await items
          .update('C', { _id: 'i1' })
          .catch((error: Error & { details: unknown }) => [error.message, error.details]),
      ],
      () => notFound,
    );
    expect(atrium.result).toEqual(reference.result);
    expect(atrium.result).toEqual([
      null,
      null,
      [
        'Item i1 not found in C',
        {
          applicationError: {
            code: 'WDE0073',
            description: 'Item i1 not found in C',
            data: { itemId: 'i1' },
          },
        },
      ],
    ]);
  });

  it.each([
    [
      'an application error',
      {
        status: 403,
        body: {
          message: 'denied',
          details: {
            applicationError: { code: 'WDE0027', description: 'Permission denied', data: { a: 1 } },
          },
        },
      },
    ],
    [
      'a validation error',
      {
        status: 400,
        body: {
          message: 'invalid',
          details: {
            validationError: {
              fieldViolations: [
                { field: 'dataItem.data', description: 'too big', violatedRule: 'MAX' },
                { field: 'a', description: 'bad' },
              ],
            },
          },
        },
      },
    ],
    [
      'an application error with a validation error (the application error wins)',
      {
        status: 400,
        body: {
          message: 'invalid',
          details: {
            applicationError: { code: 'WDE0900', description: 'WDE0900: bad request', data: {} },
            validationError: { fieldViolations: [{ field: 'a', description: 'bad' }] },
          },
        },
      },
    ],
    ['a status without an error body', { status: 500, body: { message: 'boom' } }],
    ['a status without a body', { status: 502, body: null }],
    [
      'a hook error (WDE0078)',
      {
        status: 400,
        body: {
          message: 'hook',
          details: {
            applicationError: {
              code: 'WDE0078',
              description: 'hook failed',
              data: { jsErrorValue: { name: 'HookError', message: 'mine', code: 'X1' } },
            },
          },
        },
      },
    ],
  ])('%s becomes the error the reference gives', async (_, answer) => {
    const { reference, atrium } = await runBoth(
      ({ items }) =>
        items.insert('C', { a: 1 }).catch((error: Error & Record<string, unknown>) => ({
          message: error.message,
          name: error.name === 'WixDataError' ? 'Error' : error.name,
          details: error.details,
          violations: error.violations,
        })),
      () => answer,
    );
    expect(atrium.result).toEqual(reference.result);
  });

  it('413 is WDE0109: Payload is too large.', async () => {
    const { reference, atrium } = await runBoth(
      ({ items }) =>
        items
          .insert('C', { a: 1 })
          .catch((error: Error & Record<string, unknown>) => [
            error.message,
            error.code,
            error.errorGroup,
            error.details,
          ]),
      () => ({ status: 413, body: { message: 'Request Entity Too Large' } }),
    );
    expect(atrium.result).toEqual(reference.result);
    expect(atrium.result).toEqual(['WDE0109: Payload is too large.', 'WDE0109', 'User', null]);
  });

  it('an error carries the HTTP status and the request id', async () => {
    const { items } = client(() => ({
      status: 403,
      body: { details: { applicationError: { code: 'WDE0027', description: 'no' } } },
    }));
    await expect(items.get('C', 'i')).rejects.toMatchObject({
      status: 403,
      requestId: 'req-1',
      code: 'WDE0027',
      message: 'no',
    });
  });
});

describe('result pages (docs/wire.md §9.4)', () => {
  it('next() and prev() reject without a page there', async () => {
    const { items } = client(() => ({
      dataItems: [{ id: 'a', data: { _id: 'a' } }],
      pagingMetadata: { count: 1, offset: 0, total: 1, hasNext: false },
    }));
    const page = await items.query('Coll').limit(2).find();
    expect([page.hasNext(), page.hasPrev(), page.totalPages, page.currentPage, page.pageSize]).toEqual([
      false,
      false,
      1,
      0,
      2,
    ]);
    await expect(page.next()).rejects.toThrow('WDE0165: Invalid query on [Coll].\nThere is no next page.');
    await expect(page.prev()).rejects.toThrow('WDE0159: Invalid query on [Coll].\nThere is no prev page.');
  });

  it('next() follows the cursor when the answer has one: the query then holds only fields and cursorPaging', async () => {
    const { reference, atrium } = await runBoth(
      async ({ items }) => {
        const first = await items.query('C').eq('a', 1).ascending('a').fields('a').limit(2).find();
        const second = await first.next();
        const back = await second.prev();
        return [first, second, back].map((page) => [
          page.currentPage,
          page.hasNext(),
          page.hasPrev(),
          page.items,
        ]);
      },
      (request) =>
        (request.r as { query: { cursorPaging?: unknown } }).query.cursorPaging
          ? {
              dataItems: [],
              pagingMetadata: { count: 0, hasNext: false, cursors: { next: null, prev: 'P1' } },
            }
          : {
              dataItems: [{ id: 'a', data: { _id: 'a' } }],
              pagingMetadata: { count: 1, hasNext: true, cursors: { next: 'N1', prev: null } },
            },
    );
    expect(atrium.requests).toEqual(reference.requests);
    expect(atrium.result).toEqual(reference.result);
    expect(atrium.requests.map((r) => (r.r as { query: unknown }).query)).toEqual([
      {
        fields: ['a'],
        paging: { limit: 2, offset: 0 },
        filter: { a: 1 },
        sort: [{ fieldName: 'a', order: 'ASC' }],
      },
      { fields: ['a'], cursorPaging: { limit: 2, cursor: 'N1' } },
      { fields: ['a'], cursorPaging: { limit: 2, cursor: 'P1' } },
    ]);
  });

  it("without a limit the page size is the first page's length, and skip alone sends only the offset", async () => {
    const { reference, atrium } = await runBoth(
      async ({ items }) => {
        const first = await items.query('C').skip(6).find();
        const second = await first.next();
        return [first, second, await second.prev()].map((page) => [
          page.pageSize,
          page.currentPage,
          page.totalPages,
        ]);
      },
      () => ({
        dataItems: [
          { id: 'a', data: {} },
          { id: 'b', data: {} },
        ],
        pagingMetadata: { count: 2, total: 10, hasNext: true },
      }),
    );
    expect(atrium.requests).toEqual(reference.requests);
    expect(atrium.result).toEqual(reference.result);
    expect(atrium.requests.map((r) => (r.r as { query: { paging: unknown } }).query.paging)).toEqual([
      { offset: 6 },
      { offset: 8 },
      { offset: 6 },
    ]);
  });

  /** Pages as the reference reads them, and where next() and prev() go from the first. */
  const walk = async (first: AnyDataClient) => {
    const read = (page: AnyDataClient) => ({
      length: page.length,
      pageSize: page.pageSize,
      currentPage: page.currentPage,
      totalPages: page.totalPages,
      hasNext: page.hasNext(),
      hasPrev: page.hasPrev(),
    });
    const seen: unknown[] = [read(first)];
    if (first.hasPrev()) seen.push(read(await first.prev()));
    if (first.hasNext()) {
      const second = await first.next();
      seen.push(read(second));
      if (second.hasPrev()) seen.push(read(await second.prev()));
    }
    return seen;
  };

  /** Each case: the query, and the paging metadata answered for the offset asked. */
  it.each<[string, (query: AnyDataClient) => AnyDataClient, (offset: number) => Record<string, unknown>]>([
    ['a lone page without a limit has no page size', (q) => q, () => ({ hasNext: false })],
    ['a total gives the first page its length as page size', (q) => q, () => ({ total: 3 })],
    ['so does a next page', (q) => q, (offset) => ({ hasNext: offset === 0 })],
    [
      'a shorter last page keeps the first page size',
      (q) => q.skip(2),
      (offset) => (offset === 2 ? { hasNext: true } : { hasNext: false, count: 1 }),
    ],
    [
      'an offset inside a page counts as the next page',
      (q) => q.limit(3).skip(4),
      () => ({ total: 20, hasNext: true }),
    ],
    ['an empty answer', (q) => q, () => ({ count: 0, total: 0, hasNext: false })],
  ])('%s', async (_, build, answer) => {
    const { reference, atrium } = await runBoth(
      async ({ items }) => walk(await build(items.query('C')).find()),
      (request) => {
        const paging = (request.r as { query: { paging?: { offset?: number } } }).query.paging;
        const { count = 3, ...metadata } = answer(paging?.offset ?? 0);
        return {
          dataItems: Array.from({ length: Number(count) }, (_, i) => ({
            id: `i${i}`,
            data: { _id: `i${i}` },
          })),
          pagingMetadata: { count, ...metadata },
        };
      },
    );
    expect(atrium.requests).toEqual(reference.requests);
    expect(atrium.result).toEqual(reference.result);
  });

  it("the pager's errors carry the reference's code and group", async () => {
    const { reference, atrium } = await runBoth(
      async ({ items }) => {
        const page = await items.query('C').find();
        return Promise.all(
          [page.next(), page.prev()].map((call) =>
            call.catch((error: Error & Record<string, unknown>) => [
              error.message,
              error.code,
              error.errorGroup,
            ]),
          ),
        );
      },
      () => ({ dataItems: [], pagingMetadata: { count: 0, hasNext: false } }),
    );
    expect(atrium.result).toEqual(reference.result);
    expect(atrium.result).toEqual([
      ['WDE0165: Invalid query on [C].\nThere is no next page.', 'WD_VALIDATION_ERROR', 'User'],
      ['WDE0159: Invalid query on [C].\nThere is no prev page.', 'WD_VALIDATION_ERROR', 'User'],
    ]);
  });
});
