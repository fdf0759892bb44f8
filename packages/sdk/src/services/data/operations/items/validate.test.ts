import { describe, expect, it } from 'vitest';
import { type AnyDataClient, runBoth } from '../../../../testing/data-peer.js';

/**
 * Client-side validation (docs/wire.md §9.6, docs/spec.md §5): rejected before any request, with the reference's
 * message and WDE code in `details.applicationError`.
 */

const many = (count: number, make: (index: number) => unknown) =>
  Array.from({ length: count }, (_, i) => make(i));

/** Calls the reference rejects, each with the message the SDK must give too. */
const SAME_AS_REFERENCE: [string, (items: AnyDataClient) => Promise<unknown>, string][] = [
  ['get: collection name', (i) => i.get(1, 'i'), 'WDE0001: Collection name must be a string.'],
  ['get: item id', (i) => i.get('C', 1), 'WDE0002: ItemId must be a string.'],
  ['get: missing item id', (i) => i.get('C'), 'WDE0002: ItemId must be a string.'],
  ['get: options not an object', (i) => i.get('C', 'i', 'x'), 'WDE0018: Options must be'],
  ['get: a boolean option that is not one', (i) => i.get('C', 'i', { consistentRead: 'yes' }), 'WDE0018'],
  ['insert: collection name', (i) => i.insert(1, {}), 'WDE0001'],
  [
    'insert: item not an object',
    (i) => i.insert('C', 'x'),
    'WDE0004: Failed to save [x] into [C].\nItems must be JavaScript objects.',
  ],
  ['insert: null item', (i) => i.insert('C', null), 'WDE0004: Failed to save [null] into [C].'],
  ['insert: array item', (i) => i.insert('C', [1]), 'WDE0004'],
  ['insert: options', (i) => i.insert('C', {}, { suppressHooks: 1 }), 'WDE0018'],
  [
    'insert: numeric _id',
    (i) => i.insert('C', { _id: 1 }),
    'WDE0007: Invalid update. Updated object must have a string _id property.',
  ],
  ['update: numeric _id', (i) => i.update('C', { _id: 1 }), 'WDE0007'],
  ['save: numeric _id', (i) => i.save('C', { _id: 1 }), 'WDE0007'],
  ['remove: item id', (i) => i.remove('C', 5), 'WDE0002'],
  ['truncate: collection name', (i) => i.truncate(5), 'WDE0001'],
  ['count: collection name', (i) => i.count(5), 'WDE0001'],
  ['distinct: field name', (i) => i.distinct('C', 1), 'WDE0003: FieldName must be a string.'],
  [
    'query(…).distinct: field name',
    (i) => i.query('C').distinct(1),
    'Failed to perform query on [C].\nWDE0003',
  ],
  ['bulkInsert: not an array', (i) => i.bulkInsert('C', 'x'), 'WDE0005: Failed to bulk save items into [C].'],
  ['bulkInsert: an item not an object', (i) => i.bulkInsert('C', ['x']), 'WDE0005'],
  ['bulkInsert: a numeric _id', (i) => i.bulkInsert('C', [{ _id: 1 }]), 'WDE0005'],
  [
    'bulkInsert: 1001 items',
    (i) =>
      i.bulkInsert(
        'C',
        many(1001, () => ({})),
      ),
    'WDE0006: Failed to bulk save items into [C].\nCannot insert more than 1000 items in one request',
  ],
  [
    'bulkSave: 1001 items',
    (i) =>
      i.bulkSave(
        'C',
        many(1001, () => ({})),
      ),
    'WDE0006',
  ],
  [
    'bulkUpdate: 1001 items',
    (i) =>
      i.bulkUpdate(
        'C',
        many(1001, (n) => ({ _id: `x${n}` })),
      ),
    'WDE0006',
  ],
  [
    'bulkRemove: not an array',
    (i) => i.bulkRemove('C', 'x'),
    'WDE0068: Item ids must be an array of strings',
  ],
  ['bulkRemove: numeric ids', (i) => i.bulkRemove('C', [1]), 'WDE0068'],
  [
    'bulkRemove: 1001 ids',
    (i) =>
      i.bulkRemove(
        'C',
        many(1001, (n) => `x${n}`),
      ),
    'WDE0069: Failed to remove items from [C].\nCannot remove more than 1000 items in one request',
  ],
  [
    'aggregate: collection name',
    (i) => i.aggregate(5).count().run(),
    'Failed to perform aggregation on [5].\nWDE0001',
  ],
  ['aggregate: limit', (i) => i.aggregate('C').limit(-1).run(), 'WDE0033'],
  ['aggregate: count takes nothing', (i) => i.aggregate('C').count('n').run(), 'WDE0038'],
  ['aggregate: having a query', (i) => i.aggregate('C').having(i.query('C')).run(), 'WDE0011'],
  ['aggregate: avg of a number', (i) => i.aggregate('C').avg(1).run(), 'WDE0044'],
  ['aggregate: sum of nothing', (i) => i.aggregate('C').sum().run(), 'WDE0043'],
  ['search: collection name', (i) => i.search(5).run(), 'Failed to perform query on [5].\nWDE0001'],
  ['search: limit', (i) => i.search('C').limit(-1).run(), 'WDE0033'],
  ['isReferenced: an item without _id', (i) => i.isReferenced('C', 'f', {}, 'y'), 'WDE0019'],
  ['replaceReferences: a numeric id', (i) => i.replaceReferences('C', 'f', 'x', [5]), 'WDE0019'],
  ['removeReference: null', (i) => i.removeReference('C', 'f', null, 'y'), 'WDE0019'],
  ['queryReferenced: a numeric item', (i) => i.queryReferenced('C', 5, 'f'), 'WDE0019'],
  ['queryReferenced: field name', (i) => i.queryReferenced('C', 'x', 5), 'WDE0094'],
  ['insertReference: an empty id', (i) => i.insertReference('C', 'f', 'x', ''), 'WDE0021'],
];

describe('arguments are checked before any request', () => {
  it.each(SAME_AS_REFERENCE)('%s', async (_, call, message) => {
    const { reference, atrium } = await runBoth((client) => call(client.items));
    expect(reference.requests).toEqual([]);
    expect(atrium.requests).toEqual([]);
    const { error, details } = atrium.result as {
      error: string;
      details: { applicationError: { code: string } };
    };
    expect(error).toContain(message);
    expect((reference.result as { error: string }).error).toContain(message);
    // The code: the message's WDE code, or WDE0020 for the builders' "Failed to perform …" messages.
    expect(details.applicationError.code).toBe(error.startsWith('WDE') ? error.slice(0, 7) : 'WDE0020');
    if (!message.startsWith('WDE0019') && !message.startsWith('WDE0021')) {
      expect(atrium.result).toEqual(reference.result);
    }
  });

  /** Groups of calls Atrium refuses with these messages before sending anything, run in order. */
  const REFUSED: [string, [(items: AnyDataClient) => Promise<unknown>, string][]][] = [
    [
      'reference calls name the argument that was wrong',
      [
        [
          (i) => i.isReferenced('C', 'f', 'x', { title: 'no id' }),
          'WDE0019: Reference operation takes a string ID or an object with an ID to be connected. referencedItem must be a non-empty string ID or an object with a string _id; received [Object].',
        ],
        [
          (i) => i.insertReference('C', 'f', 7, 'y'),
          'WDE0021: Invalid reference. referringItem must be a non-empty string ID or an object with a string _id; received [Number].',
        ],
        [
          (i) => i.queryReferencedItems('C', [''], 'f'),
          'WDE0019: Reference operation takes a string ID or an object with an ID to be connected. referringItem must be a non-empty string ID or an object with a string _id; received [String].',
        ],
        [
          (i) => i.insertReference('C', 5, 'x', 'y'),
          'WDE0094: Invalid propertyName parameter. propertyName parameter must be non-empty string.',
        ],
      ],
    ],
    [
      'patches check item ids and field names too (docs/spec.md §5), where the reference sends them',
      [
        [(i) => i.patch('C', 1).setField('a', 1).run(), 'WDE0002: ItemId must be a string.'],
        [(i) => i.patch('C', 'i').setField(1, 1).run(), 'WDE0003: FieldName must be a string.'],
        [
          (i) => i.bulkPatch('C', [1]).setField('a', 1).run(),
          'WDE0068: Item ids must be an array of strings',
        ],
        [
          (i) =>
            i
              .bulkPatch(
                'C',
                many(1001, (n) => `x${n}`),
              )
              .setField('a', 1)
              .run(),
          'WDE0069: Failed to patch items in [C].\nCannot patch more than 1000 items in one request',
        ],
      ],
    ],
  ];

  it.each(REFUSED)('%s', async (_, calls) => {
    const { atrium } = await runBoth(async (client) => {
      const messages: unknown[] = [];
      for (const [call] of calls) messages.push(await call(client.items).catch((e: Error) => e.message));
      return messages;
    });
    expect(atrium.result).toEqual(calls.map(([, message]) => message));
    expect(atrium.requests).toEqual([]);
  });
});
