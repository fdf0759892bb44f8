import { describe, expect, it } from 'vitest';
import { blogKitPerFile, CATEGORIES } from '../test-kit.js';

// Every date the blog sets follows its clock (`blogScheduler.now`), so runs that drive the clock
// (tests, conformance/blog.test.ts) see the same dates.
let clock = new Date('2024-01-10T09:00:00.000Z');
const kit = blogKitPerFile({ blogScheduler: { now: () => clock, intervalMs: 3_600_000 } });

describe('the blog clock', () => {
  it('dates a category’s update (it used the system clock)', async () => {
    const created = (await kit.ok('POST', CATEGORIES, { category: { label: 'Travel' } })).category;
    expect(created.updatedDate).toBe('2024-01-10T09:00:00.000Z');
    clock = new Date('2024-02-01T12:30:00.000Z');
    const updated = (
      await kit.ok('PATCH', `${CATEGORIES}/${created.id}`, {
        category: { id: created.id, description: 'Trips' },
      })
    ).category;
    expect(updated.updatedDate).toBe('2024-02-01T12:30:00.000Z');
    expect((await kit.ok('GET', `${CATEGORIES}/${created.id}`)).category.updatedDate).toBe(
      '2024-02-01T12:30:00.000Z',
    );
  });
});
