import { afterAll, describe, expect, it, vi } from 'vitest';
import { expectSameStep } from './support/data-compare';
import { AUTHOR_ITEMS, AUTHORS, BOOK_ITEMS, BOOKS, COLLECTIONS, year } from './support/data-fixtures';
import {
  type AnyItems,
  type DataRequest,
  type DataRun,
  isError,
  pageOf,
  runData,
  type Step,
} from './support/data-peers';

// The reference client's `items` (@wix/data) and the Atrium SDK's (`@atrium/sdk/data`) run the same
// scenario, with an API key, each against a fresh local platform holding the same collections: every
// write, read, query operator, sort, paging call, projection, include, distinct, aggregation,
// search, reference call and bulk write. Each step must return the same result (up to the times the
// platform sets) and send the same requests.
afterAll(() => {
  vi.unstubAllGlobals();
});

const ids = (page: AnyItems) => page.items.map((item: { _id: string }) => item._id);

/** The query builder's filter operators (docs/wire.md §9.4), each on its own query. */
const OPERATORS: [string, (query: AnyItems, items: AnyItems) => AnyItems][] = [
  ['eq', (q) => q.eq('genre', 'sf')],
  ['eq on an array field', (q) => q.eq('tags', 'classic')],
  ['ne', (q) => q.ne('genre', 'sf')],
  ['ge', (q) => q.ge('pages', 412)],
  ['gt (a date)', (q) => q.gt('published', year(1984))],
  ['le', (q) => q.le('pages', 380)],
  ['lt (a nested field)', (q) => q.lt('meta.rank', 3)],
  ['isEmpty', (q) => q.isEmpty('tags')],
  ['isNotEmpty', (q) => q.isNotEmpty('author')],
  ['startsWith', (q) => q.startsWith('title', 'Neuro')],
  ['endsWith', (q) => q.endsWith('title', 'Girl')],
  ['contains', (q) => q.contains('title', 'yperi')],
  ['hasSome (arguments)', (q) => q.hasSome('tags', 'cyber', 'desert')],
  ['hasAll (an array)', (q) => q.hasAll('tags', ['desert', 'classic'])],
  ['between (dates)', (q) => q.between('published', year(1980), year(1990))],
  ['in', (q) => q.in('genre', ['gothic', 'crime'])],
  ['exists', (q) => q.exists('draft', true)],
  ['exists false', (q) => q.exists('draft', false)],
  ['or', (q, items) => q.eq('genre', 'gothic').or(items.filter().lt('pages', 100))],
  ['and', (q, items) => q.eq('genre', 'sf').and(items.filter().gt('pages', 400))],
  ['not', (q, items) => q.eq('genre', 'sf').not(items.filter().startsWith('title', 'D'))],
  ['chained on one field', (q) => q.ge('pages', 100).le('pages', 420).ne('genre', 'crime')],
  [
    'nested or, and, not',
    (q, items) =>
      q.or(
        items
          .filter()
          .eq('genre', 'crime')
          .and(items.filter().not(items.filter().exists('draft', true))),
      ),
  ],
];

/** What each operator query must find (by `_id`, ascending), so agreement is not agreement on nothing. */
const OPERATOR_IDS: Record<string, string[]> = {
  eq: ['dune', 'hyperion', 'neuromancer'],
  'eq on an array field': ['dune', 'hyperion', 'rebecca'],
  ne: ['gone', 'notes', 'rebecca'],
  ge: ['dune', 'gone', 'hyperion'],
  'gt (a date)': ['gone', 'hyperion', 'notes'],
  le: ['neuromancer', 'notes', 'rebecca'],
  'lt (a nested field)': ['hyperion', 'neuromancer'],
  isEmpty: ['notes'],
  isNotEmpty: ['dune', 'hyperion', 'neuromancer'],
  startsWith: ['neuromancer'],
  endsWith: ['gone'],
  contains: ['hyperion'],
  'hasSome (arguments)': ['dune', 'neuromancer'],
  'hasAll (an array)': ['dune'],
  'between (dates)': ['hyperion', 'neuromancer'],
  in: ['gone', 'notes', 'rebecca'],
  exists: ['notes'],
  'exists false': ['dune', 'gone', 'hyperion', 'neuromancer', 'rebecca'],
  or: ['notes', 'rebecca'],
  and: ['dune', 'hyperion'],
  not: ['hyperion', 'neuromancer'],
  'chained on one field': ['dune', 'neuromancer', 'rebecca'],
  'nested or, and, not': expect.arrayContaining(['gone']) as never,
};

async function writes(items: AnyItems, step: Step) {
  const extra = { _id: 'extra', title: 'Extra', pages: 10, published: year(2020), meta: { at: year(2021) } };
  await step('insert', () => items.insert(BOOKS, extra));
  await step('insert of an existing id', () => items.insert(BOOKS, { _id: 'extra', title: 'Again' }));
  await step('get', () => items.get(BOOKS, 'extra'));
  await step('get with fields', () => items.get(BOOKS, 'dune', { fields: ['title', 'pages'] }));
  await step('get of a missing item', () => items.get(BOOKS, 'missing'));
  await step('update', () => items.update(BOOKS, { ...extra, title: 'Extra!', pages: 11 }));
  await step('update with a condition met', () =>
    items.update(BOOKS, { ...extra, pages: 12 }, { condition: items.filter().eq('pages', 11) }),
  );
  await step('update with a condition not met', () =>
    items.update(BOOKS, { ...extra, pages: 13 }, { condition: { pages: 11 } }),
  );
  await step('update of a missing item', () => items.update(BOOKS, { _id: 'missing', title: 'x' }));
  await step('update with a value of the wrong type', () =>
    items.update(BOOKS, { _id: 'extra', pages: 'many' }),
  );
  await step('save that inserts', () => items.save(BOOKS, { _id: 'saved', title: 'Saved', pages: 5 }));
  await step('save that updates', () =>
    items.save(BOOKS, { _id: 'saved', title: 'Saved again', pages: 6, tags: ['old'] }),
  );
  await step('patch builder', () =>
    items
      .patch(BOOKS, 'saved')
      .setField('genre', 'misc')
      .incrementField('pages', 3)
      .appendToArray('tags', 'new')
      .removeField('title')
      .run(),
  );
  await step('patch, direct form', () =>
    items.patch(BOOKS, 'saved', [
      { action: 'REMOVE_FROM_ARRAY', fieldPath: 'tags', value: 'old' },
      { action: 'SET_FIELD', fieldPath: 'meta.at', value: year(2022) },
    ]),
  );
  await step('patch with a condition not met', () =>
    items
      .patch(BOOKS, 'saved')
      .setField('genre', 'x')
      .run({ condition: { genre: 'other' } }),
  );
  await step('patch of a missing item', () => items.patch(BOOKS, 'missing').setField('genre', 'x').run());
  await step('remove', () => items.remove(BOOKS, 'saved'));
  await step('remove of a missing item', () => items.remove(BOOKS, 'saved'));
  await step('get of a removed item', () => items.get(BOOKS, 'saved'));
  await step('remove with a condition not met', () =>
    items.remove(BOOKS, 'extra', { condition: { pages: 1 } }),
  );
  await step('remove with a condition met', () => items.remove(BOOKS, 'extra', { condition: { pages: 12 } }));
  await step('insert of an item too large', () =>
    items.insert(BOOKS, { _id: 'large', title: 'x'.repeat(600 * 1024) }),
  );
}

/** Arguments both clients reject before sending anything (docs/wire.md §9.6). */
async function clientChecks(items: AnyItems, step: Step) {
  await step('get with a collection id that is no string', () => items.get(42, 'dune'));
  await step('insert of an item that is no object', () => items.insert(BOOKS, 'dune'));
  await step('update without a string _id', () => items.update(BOOKS, { _id: 7, title: 'x' }));
  await step('bulkRemove of ids that are no strings', () => items.bulkRemove(BOOKS, ['dune', 3]));
  await step('bulkInsert of more than 1000 items', () =>
    items.bulkInsert(
      BOOKS,
      Array.from({ length: 1001 }, (_, i) => ({ _id: `many-${i}` })),
    ),
  );
  await step('query with a negative limit', () => items.query(BOOKS).limit(-1).find());
  await step('query with a non-numeric operand', () => items.query(BOOKS).gt('pages', { a: 1 }).find());
  await step('insertReference without a referenced item', () =>
    items.insertReference(BOOKS, 'authors', 'dune', ''),
  );
}

async function queries(items: AnyItems, step: Step) {
  const q = () => items.query(BOOKS);
  await step('count', () => items.count(BOOKS));
  await step('count with a filter', () => items.count(BOOKS, { filter: { genre: 'sf' } }));
  await step('count through the builder', () => q().eq('genre', 'crime').count());
  for (const [name, build] of OPERATORS) {
    await step(`query ${name}`, () => build(q(), items).ascending('_id').find(), pageOf);
  }
  await step('query, no conditions, default order', () => q().find(), pageOf);
  await step('sort on a nested field', () => q().ascending('meta.rank').find(), ids);
  await step('sort descending on a date', () => q().descending('published').find(), ids);
  await step('sort on two fields', () => q().ascending('genre').descending('pages').find(), ids);

  const first = await step(
    'page 1 of 3, with the total',
    () => q().ascending('_id').limit(2).find({ returnTotalCount: true }),
    pageOf,
  );
  const second = await step('page 2 (next)', () => first.next(), pageOf);
  const third = await step('page 3 (next)', () => second.next(), pageOf);
  await step('past the last page', () => third.next(), pageOf);
  await step('page 2 again (prev)', () => third.prev(), pageOf);
  await step('before the first page', () => first.prev(), pageOf);
  const skipped = await step('skip and limit', () => q().ascending('_id').skip(2).limit(3).find(), pageOf);
  await step('skip and limit, next', () => skipped.next(), pageOf);
  await step('skip alone', () => q().ascending('_id').skip(4).find(), pageOf);

  await step('fields projection', () => q().eq('_id', 'dune').fields('title', 'meta.shelf').find(), pageOf);
  await step('direct query', () =>
    items.query(
      BOOKS,
      { filter: { genre: 'sf' }, sort: [{ fieldName: 'pages', order: 'ASC' }], paging: { limit: 2 } },
      { returnTotalCount: true },
    ),
  );
  // 300 ids make a `.r` far longer than the 2048-character URL cap: the query goes as POST.
  const manyIds = [...Array.from({ length: 300 }, (_, i) => `missing-${i}`), 'dune'];
  await step('query too long for a URL', () => q().in('_id', manyIds).find(), pageOf);

  await step('distinct through the builder', () => q().distinct('genre'), pageOf);
  const distinct = await step(
    'distinct with a filter, a limit and the total',
    () => q().ne('genre', 'gothic').limit(1).distinct('genre', { returnTotalCount: true }),
    pageOf,
  );
  await step('distinct, next', () => distinct.next(), pageOf);
  await step('distinct, direct form', () =>
    items.distinct(BOOKS, 'meta.shelf', { filter: { pages: { $gt: 100 } }, order: 'DESC' }),
  );
}

async function aggregations(items: AnyItems, step: Step) {
  const first = await step(
    'aggregate: filter, group, every operation, having, sort, paging',
    () =>
      items
        .aggregate(BOOKS)
        .filter(items.filter().gt('pages', 100))
        .group('genre')
        .count()
        .sum('pages')
        .avg('pages')
        .min('pages')
        .max('pages', 'longest')
        .min('published', 'oldest')
        .having(items.filter().ge('count', 1))
        .descending('count')
        .ascending('genre')
        .limit(2)
        .run({ returnTotalCount: true }),
    pageOf,
  );
  const second = await step('aggregate, next', () => first.next(), pageOf);
  await step('aggregate, prev', () => second.prev(), pageOf);
  await step(
    'aggregate over two group fields, skip',
    () => items.aggregate(BOOKS).group('genre', 'meta.shelf').count().ascending('genre').skip(1).run(),
    pageOf,
  );
  await step(
    'aggregate without a group',
    () => items.aggregate(BOOKS).sum('pages', 'total').avg('pages').max('published').run(),
    pageOf,
  );
}

async function searches(items: AnyItems, step: Step) {
  const s = () => items.search(BOOKS);
  await step('search one word', () => s().expression('neuromancer').run(), pageOf);
  await step(
    'search fuzzy, OR mode, sorted',
    () => s().expression('dun hyp').fuzzy().orMode().ascending('_id').run(),
    pageOf,
  );
  await step('search AND mode', () => s().expression('gone girl').andMode().run(), pageOf);
  const first = await step(
    'search with a filter, fields and paging',
    () => s().expression('sf').ne('_id', 'dune').fields('title').ascending('title').limit(1).run(),
    pageOf,
  );
  await step('search, next', () => first.next(), pageOf);
  await step('search, direct form', () =>
    items.search(BOOKS, {
      search: { expression: 'classic sf', mode: 'OR' },
      filter: { pages: { $lt: 450 } },
    }),
  );
}

async function references(items: AnyItems, step: Step) {
  await step('insertReference, several', () =>
    items.insertReference(BOOKS, 'authors', 'dune', ['herbert', { _id: 'gibson' }]),
  );
  await step('insertReference, one', () =>
    items.insertReference(BOOKS, 'authors', { _id: 'hyperion' }, 'simmons'),
  );
  await step('isReferenced, yes', () => items.isReferenced(BOOKS, 'authors', { _id: 'dune' }, 'herbert'));
  await step('isReferenced, no', () => items.isReferenced(BOOKS, 'authors', 'dune', 'simmons'));
  const first = await step(
    'queryReferenced, one per page',
    () => items.queryReferenced(BOOKS, 'dune', 'authors', { limit: 1, returnTotalCount: true }),
    pageOf,
  );
  await step('queryReferenced, next', () => first.next(), pageOf);
  await step(
    'queryReferenced, descending',
    () => items.queryReferenced(BOOKS, { _id: 'dune' }, 'authors', { order: 'desc' }),
    pageOf,
  );
  await step('queryReferencedItems', () =>
    items.queryReferencedItems(BOOKS, ['dune', { _id: 'hyperion' }], 'authors', { returnTotalCount: true }),
  );
  await step(
    'include a multi-reference and a reference',
    () =>
      items.query(BOOKS).in('_id', ['dune', 'rebecca']).include('authors', 'author').ascending('_id').find(),
    pageOf,
  );
  await step(
    'include with a limit',
    () => items.query(BOOKS).eq('_id', 'dune').include('authors', 1).find(),
    pageOf,
  );
  await step('get including references', () =>
    items.get(BOOKS, 'dune', { includeReferences: [{ field: 'authors' }] }),
  );
  await step('replaceReferences', () => items.replaceReferences(BOOKS, 'authors', 'dune', 'simmons'));
  await step('after replaceReferences', () => items.queryReferenced(BOOKS, 'dune', 'authors'), pageOf);
  await step('removeReference', () => items.removeReference(BOOKS, 'authors', 'dune', ['simmons']));
  await step('after removeReference', () => items.isReferenced(BOOKS, 'authors', 'dune', 'simmons'));
  await step('insertReference on a field that is no reference', () =>
    items.insertReference(BOOKS, 'title', 'dune', 'herbert'),
  );
}

async function bulkWrites(items: AnyItems, step: Step) {
  await step('bulkInsert with an existing item (skipped)', () =>
    items.bulkInsert(BOOKS, [
      { _id: 'b1', title: 'One', pages: 1 },
      { _id: 'b2', title: 'Two', pages: 2 },
      { _id: 'dune', title: 'Exists' },
    ]),
  );
  await step('bulkInsert overriding existing items', () =>
    items.bulkInsert(
      BOOKS,
      [
        { _id: 'b1', title: 'One!', pages: 10 },
        { _id: 'b3', title: 'Three' },
      ],
      {
        overrideExisting: true,
      },
    ),
  );
  await step('bulkSave with a failing item', () =>
    items.bulkSave(BOOKS, [
      { _id: 'b1', title: 'One!!', pages: 11 },
      { _id: 'b4', title: 'Four', published: year(2004) },
      { _id: 'b5', pages: 'many' },
    ]),
  );
  await step('bulkUpdate with a missing item (skipped) and a failing one', () =>
    items.bulkUpdate(BOOKS, [
      { _id: 'b2', title: 'Two!', pages: 20 },
      { _id: 'nope', title: 'x' },
      { _id: 'b3', pages: 'many' },
    ]),
  );
  await step('bulkPatch builder with a missing item', () =>
    items.bulkPatch(BOOKS, ['b1', 'b2', 'nope']).setField('genre', 'bulk').incrementField('pages', 1).run(),
  );
  await step('bulkPatch, direct form, with a failing modification', () =>
    items.bulkPatch(BOOKS, ['b3', 'b4'], [{ action: 'INCREMENT_FIELD', fieldPath: 'title', value: 1 }]),
  );
  await step(
    'after the bulk writes',
    () => items.query(BOOKS).eq('genre', 'bulk').ascending('_id').find(),
    pageOf,
  );
  await step('bulkRemove with a missing item', () =>
    items.bulkRemove(BOOKS, ['b1', 'b2', 'b3', 'b4', 'nope']),
  );
  await step('truncate', () => items.truncate(AUTHORS));
  await step('count after truncate', () => items.count(AUTHORS));
}

async function scenario(items: AnyItems, step: Step) {
  await step('bulkInsert authors', () => items.bulkInsert(AUTHORS, AUTHOR_ITEMS));
  await step('bulkInsert books', () => items.bulkInsert(BOOKS, BOOK_ITEMS));
  await writes(items, step);
  await clientChecks(items, step);
  await queries(items, step);
  await aggregations(items, step);
  await searches(items, step);
  await references(items, step);
  await bulkWrites(items, step);
}

/** Steps that must reject in both runs: the platform refuses them, or the client does. */
const EXPECTED_ERRORS = [
  'insert of an existing id',
  'update with a condition not met',
  'update of a missing item',
  'update with a value of the wrong type',
  'patch with a condition not met',
  'patch of a missing item',
  'remove with a condition not met',
  'insert of an item too large',
  'get with a collection id that is no string',
  'insert of an item that is no object',
  'update without a string _id',
  'bulkRemove of ids that are no strings',
  'bulkInsert of more than 1000 items',
  'query with a negative limit',
  'query with a non-numeric operand',
  'insertReference without a referenced item',
  'past the last page',
  'before the first page',
  'insertReference on a field that is no reference',
];

/** Steps where the SDK's message explains the reference's (deliberate: it names the argument). */
const EXPLAINED = ['insertReference without a referenced item'];

describe('data items: the Atrium SDK returns and sends what the reference client does', () => {
  let reference: DataRun;
  let atrium: DataRun;

  it('runs the scenario through both clients', { timeout: 120_000 }, async () => {
    reference = await runData('reference', 'apiKey', COLLECTIONS, scenario);
    atrium = await runData('atrium', 'apiKey', COLLECTIONS, scenario);
    expect(atrium.steps.map((s) => s.step)).toEqual(reference.steps.map((s) => s.step));
    expect(reference.steps.length).toBeGreaterThan(100);
  });

  it("gets the same result at every step (errors: up to the SDK's documented extra fields)", () => {
    for (const [index, expected] of reference.steps.entries()) {
      expectSameStep(atrium.steps[index]!, expected, { explained: EXPLAINED.includes(expected.step) });
    }
  });

  it('sends the same requests at every step, and gets the same statuses', () => {
    expect(atrium.requests.length).toBe(reference.requests.length);
    for (const [index, expected] of reference.requests.entries()) {
      expect(atrium.requests[index], `${expected.step}: ${expected.method} ${expected.path}`).toEqual(
        expected,
      );
    }
  });

  it('rejects exactly the steps the platform or the client refuses', () => {
    expect(reference.steps.filter((s) => isError(s.result)).map((s) => s.step)).toEqual(EXPECTED_ERRORS);
  });

  it('finds what each operator should find', () => {
    const found = Object.fromEntries(
      reference.steps
        .filter((s) => s.step.startsWith('query ') && s.step.slice(6) in OPERATOR_IDS)
        .map((s) => [s.step.slice(6), ids(s.result)]),
    );
    expect(found).toEqual(OPERATOR_IDS);
  });

  it('covers every data items path of docs/wire.md §9.2 both clients offer, a query as GET and as POST', () => {
    const route = ({ method, path }: DataRequest) =>
      method === 'GET' && path !== '/wix-data/v2/items/query'
        ? 'GET /wix-data/v2/items/{dataItemId}'
        : `${method} ${path}`;
    const sent = new Set(reference.requests.map(route));
    // Only the query whose `.r` would make the URL longer than 2048 characters goes as POST.
    const posted = reference.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/items/query'));
    expect(posted.map((r) => r.step)).toEqual(['query too long for a URL']);
    expect(JSON.stringify(posted[0]!.body).length).toBeGreaterThan(2048);
    expect([...sent].sort()).toEqual(
      [
        'GET /wix-data/v2/items/{dataItemId}',
        'GET /wix-data/v2/items/query',
        'POST /wix-data/v2/items',
        'POST /wix-data/v2/items/update',
        'POST /wix-data/v2/items/save',
        'POST /wix-data/v2/items/patch',
        'POST /wix-data/v2/items/remove',
        'POST /wix-data/v2/items/truncate',
        'POST /wix-data/v2/items/count',
        'POST /wix-data/v2/items/query',
        'POST /wix-data/v2/items/query-distinct-values',
        'POST /wix-data/v2/items/aggregate',
        'POST /wix-data/v2/items/search',
        'POST /wix-data/v2/items/query-referenced',
        'POST /wix-data/v2/bulk/items/insert-references',
        'POST /wix-data/v2/items/replace-references',
        'POST /wix-data/v2/bulk/items/remove-references',
        'POST /wix-data/v2/items/is-referenced',
        'POST /wix-data/v2/bulk/items/insert',
        'POST /wix-data/v2/bulk/items/update',
        'POST /wix-data/v2/bulk/items/save',
        'POST /wix-data/v2/bulk/items/remove',
        'POST /wix-data/v2/bulk/items/patch',
      ].sort(),
    );
  });
});
