import { describe, expect, it } from 'vitest';
import { type AnyDataClient, runBoth } from '../../../../testing/data-peer.js';
import { filterOf } from './filter.js';

/**
 * The builders' filters (docs/wire.md §3, §9.4): every operator, and how conditions, `and`, `or` and
 * `not` combine, compared with what the reference sends for the same chain.
 */

const when = new Date('2024-05-01T10:00:00.000Z');
const DATE = { $date: '2024-05-01T10:00:00.000Z' };

type Chain = (items: AnyDataClient) => AnyDataClient;

/** Each chain with the filter it must produce (and that the reference produces too). */
const CASES: [string, Chain, unknown][] = [
  ['eq', (i) => i.query('C').eq('a', 1), { a: 1 }],
  ['eq undefined is null', (i) => i.query('C').eq('a', undefined), { a: null }],
  ['ne', (i) => i.query('C').ne('a', 1), { a: { $ne: 1 } }],
  [
    'ge gt le lt, with a date',
    (i) => i.query('C').ge('a', 1).gt('b', 2).le('c', 3).lt('d', when),
    { a: { $gte: 1 }, b: { $gt: 2 }, c: { $lte: 3 }, d: { $lt: DATE } },
  ],
  ['gte lte', (i) => i.query('C').gte('a', 1).lte('b', 'x'), { a: { $gte: 1 }, b: { $lte: 'x' } }],
  ['isEmpty isNotEmpty', (i) => i.query('C').isEmpty('a').isNotEmpty('b'), { a: null, b: { $ne: null } }],
  [
    'startsWith endsWith contains',
    (i) => i.query('C').startsWith('a', 'x').endsWith('b', 'y').contains('c', 'z'),
    { a: { $startsWith: 'x' }, b: { $endsWith: 'y' }, c: { $contains: 'z' } },
  ],
  ['hasSome (spread)', (i) => i.query('C').hasSome('a', 1, 2), { a: { $hasSome: [1, 2] } }],
  ['hasSome (array, dates)', (i) => i.query('C').hasSome('a', [when]), { a: { $hasSome: [DATE] } }],
  [
    'hasAll',
    (i) => i.query('C').hasAll('a', ['x']).hasAll('b', 'y', 'z'),
    { a: { $hasAll: ['x'] }, b: { $hasAll: ['y', 'z'] } },
  ],
  ['in', (i) => i.query('C').in('a', [1, 2]).in('b', 3, 4), { a: { $in: [1, 2] }, b: { $in: [3, 4] } }],
  [
    'exists',
    (i) => i.query('C').exists('a', true).exists('b', false),
    { a: { $exists: true }, b: { $exists: false } },
  ],
  ['between', (i) => i.query('C').between('a', 1, 5), { $and: [{ a: { $gte: 1 } }, { a: { $lt: 5 } }] }],
  ['nested path and object value', (i) => i.query('C').eq('a.b', { c: when }), { 'a.b': { c: DATE } }],
  [
    'a repeated field gives $and',
    (i) => i.query('C').eq('a', 1).gt('a', 0),
    { $and: [{ a: 1 }, { a: { $gt: 0 } }] },
  ],
  [
    'after a repeat, each condition is its own operand',
    (i) => i.query('C').eq('c', 1).eq('b', 0).eq('c', 0),
    { $and: [{ c: 1 }, { b: 0 }, { c: 0 }] },
  ],
  ['or', (i) => i.query('C').eq('a', 1).or(i.query('C').eq('b', 2)), { $or: [{ a: 1 }, { b: 2 }] }],
  ['or on an empty query keeps {}', (i) => i.query('C').or(i.query('C').eq('b', 2)), { $or: [{}, { b: 2 }] }],
  [
    'or flattens',
    (i) => i.query('C').eq('a', 1).or(i.query('C').eq('b', 2)).or(i.query('C').eq('c', 3)),
    { $or: [{ a: 1 }, { b: 2 }, { c: 3 }] },
  ],
  [
    'or with a filter',
    (i) => i.query('C').eq('a', 1).or(i.filter().eq('b', 2).eq('c', 3)),
    { $or: [{ a: 1 }, { b: 2, c: 3 }] },
  ],
  ['and merges', (i) => i.query('C').eq('a', 1).and(i.query('C').eq('b', 2)), { a: 1, b: 2 }],
  [
    'and with a repeat',
    (i) => i.query('C').eq('a', 1).and(i.query('C').eq('a', 2)),
    { $and: [{ a: 1 }, { a: 2 }] },
  ],
  [
    'and of an or',
    (i) =>
      i
        .query('C')
        .eq('a', 1)
        .and(i.query('C').eq('b', 1).or(i.query('C').eq('c', 1))),
    { $and: [{ a: 1 }, { $or: [{ b: 1 }, { c: 1 }] }] },
  ],
  [
    'not',
    (i) => i.query('C').eq('a', 1).not(i.query('C').eq('b', 2)),
    { $and: [{ a: 1 }, { $not: [{ b: 2 }] }] },
  ],
  [
    'not alone',
    (i) => i.query('C').not(i.query('C').eq('b', 2).eq('c', 3)),
    { $and: [{}, { $not: [{ b: 2, c: 3 }] }] },
  ],
  [
    'not then conditions',
    (i) => i.query('C').not(i.query('C').eq('a', 1)).eq('b', 2).eq('c', 3),
    { $and: [{ b: 2, c: 3 }, { $not: [{ a: 1 }] }] },
  ],
  [
    'condition after or',
    (i) => i.query('C').or(i.query('C').eq('b', 2)).eq('a', 1),
    { $and: [{ $or: [{}, { b: 2 }] }, { a: 1 }] },
  ],
  [
    "a filter's or and not start from nothing",
    (i) => i.query('C').and(i.filter().not(i.filter().eq('a', 1))),
    { $and: [{}, { $not: [{ a: 1 }] }] },
  ],
  [
    'aliases of or in a filter',
    (i) => i.query('C').and(i.filter().eq('b', 1).or(i.filter().eq('a', 1))),
    { $and: [{}, { $or: [{ b: 1 }, { a: 1 }] }] },
  ],
];

/** Chains the reference rejects, and why. */
const MISUSES: [string, Chain][] = [
  ['exists with one argument', (i) => i.query('C').exists('a')],
  ['limit 0', (i) => i.query('C').limit(0)],
  ['limit of a string', (i) => i.query('C').limit('x')],
  ['limit 1.5', (i) => i.query('C').limit(1.5)],
  ['skip -1 and limit -1', (i) => i.query('C').limit(-1).skip(-1)],
  ['field not a string', (i) => i.query('C').eq(1, 2)],
  ['gt of an object', (i) => i.query('C').gt('a', {})],
  ['lte of an object', (i) => i.query('C').lte('a', {})],
  ['startsWith a number', (i) => i.query('C').startsWith('a', 1)],
  ['hasSome of objects', (i) => i.query('C').hasSome('a', [{}])],
  ['in with one argument', (i) => i.query('C').in('a')],
  ['between of two types', (i) => i.query('C').between('a', 1, 'b')],
  ['between with two arguments', (i) => i.query('C').between('a', 1)],
  ['or of a plain object', (i) => i.query('C').or({ a: 1 })],
  ["a filter's or of a query", (i) => i.query('C').and(i.filter().or(i.query('C').eq('a', 1)))],
  ['isEmpty without a field', (i) => i.query('C').isEmpty()],
  ['ascending a number', (i) => i.query('C').ascending('a', 2)],
  ['ascending nothing', (i) => i.query('C').ascending()],
  ['collection name not a string', (i) => i.query(5)],
];

describe('query filters (docs/wire.md §9.4)', () => {
  it.each(CASES)('%s', async (_, chain, expected) => {
    const { reference, atrium } = await runBoth(
      (client) => chain(client.items).find(),
      () => ({
        dataItems: [],
        pagingMetadata: {},
      }),
    );
    expect(atrium.requests).toEqual(reference.requests);
    const sent = atrium.requests[0]?.r as { query: { filter: unknown } };
    expect(sent.query.filter).toEqual(expected);
  });

  it.each(MISUSES)('rejects like the reference, before any request: %s', async (_, chain) => {
    const { reference, atrium } = await runBoth((client) => chain(client.items).find());
    expect(atrium.requests).toEqual([]);
    expect(reference.requests).toEqual([]);
    expect(atrium.result).toEqual(reference.result);
    expect(atrium.result).toMatchObject({ details: { applicationError: { code: 'WDE0020' } } });
  });

  it('find and count reject options that are not an object of booleans (WDE0018)', async () => {
    const { reference, atrium } = await runBoth(async (client) => [
      await client.items
        .query('C')
        .find('x')
        .catch((error: Error) => error.message),
      await client.items
        .query('C')
        .count({ consistentRead: 'yes' })
        .catch((error: Error) => error.message),
    ]);
    expect(atrium.result).toEqual(reference.result);
    expect(atrium.requests).toEqual([]);
  });
});

describe('filterOf', () => {
  it('is {} for no parts and unwraps a single operand', () => {
    expect(filterOf([])).toEqual({});
    expect(filterOf([{ a: 1 }])).toEqual({ a: 1 });
    expect(filterOf([{}, { a: 1 }])).toEqual({ a: 1 });
  });

  it('puts the merged conditions first, then the operators, when no field repeats', () => {
    expect(filterOf([{ $or: [{ x: 1 }] }, { a: 1 }, { b: 2 }])).toEqual({
      $and: [{ a: 1, b: 2 }, { $or: [{ x: 1 }] }],
    });
    expect(filterOf([{ a: 1 }, { $not: [{ x: 1 }] }, { a: 2 }])).toEqual({
      $and: [{ a: 1 }, { $not: [{ x: 1 }] }, { a: 2 }],
    });
  });
});
