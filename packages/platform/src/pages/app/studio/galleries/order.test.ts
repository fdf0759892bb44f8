import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { focalPointAt, reorder } from './order.js';

const page = (orders: number[]) => orders.map((sortOrder, index) => ({ id: `i${index}`, sortOrder }));

describe('reorder', () => {
  it('moves an item down the page by handing the sort orders out again', () => {
    expect(reorder(page([30, 20, 10]), 0, 2)).toEqual([
      { id: 'i1', sortOrder: 30 },
      { id: 'i2', sortOrder: 20 },
      { id: 'i0', sortOrder: 10 },
    ]);
  });
  it('swaps neighbours with two changes and ignores a move out of range', () => {
    expect(reorder(page([9, 5, 1]), 2, 1)).toEqual([
      { id: 'i2', sortOrder: 5 },
      { id: 'i1', sortOrder: 1 },
    ]);
    expect(reorder(page([9, 5]), 0, 2)).toEqual([]);
  });
  it('always yields the moved order, with the same set of sort orders', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer(), { minLength: 1, maxLength: 12 }),
        fc.nat(),
        fc.nat(),
        (orders, a, b) => {
          const items = page([...orders].sort((x, y) => y - x));
          const from = a % items.length;
          const to = b % items.length;
          const changes = new Map(reorder(items, from, to).map((change) => [change.id, change.sortOrder]));
          const after = items
            .map((item) => ({ id: item.id, sortOrder: changes.get(item.id) ?? item.sortOrder }))
            .sort((x, y) => y.sortOrder - x.sortOrder)
            .map((item) => item.id);
          const expected = items.map((item) => item.id);
          const [moved] = expected.splice(from, 1);
          expected.splice(to, 0, moved!);
          expect(after).toEqual(expected);
        },
      ),
    );
  });
});

describe('focalPointAt', () => {
  it('is the click position as a fraction of the image, clamped', () => {
    expect(focalPointAt(50, 25, 200, 100)).toEqual({ x: 0.25, y: 0.25 });
    expect(focalPointAt(-5, 300, 200, 100)).toEqual({ x: 0, y: 1 });
  });
});
