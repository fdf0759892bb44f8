import { describe, expect, it } from 'vitest';
import { bulkResult } from './bulk.js';

/** Bulk answers become counts, ids and errors (docs/wire.md §9.5). */

const ok = (action: 'INSERT' | 'UPDATE' | 'DELETE' | 'PATCH', originalIndex: number, id: string) => ({
  action,
  itemMetadata: { id, originalIndex, success: true },
});
const failed = (originalIndex: number, code: string, fieldViolations?: unknown[]) => ({
  action: 'INSERT' as const,
  itemMetadata: {
    id: `f${originalIndex}`,
    originalIndex,
    success: false,
    error: { code, description: `failed ${code}`, data: fieldViolations ? { fieldViolations } : {} },
  },
});

describe('bulkResult', () => {
  it('counts inserted, updated (update and patch) and removed items with their ids', () => {
    const answer = {
      results: [ok('INSERT', 0, 'a'), ok('UPDATE', 1, 'b'), ok('PATCH', 2, 'c'), ok('DELETE', 3, 'd')],
    };
    expect(bulkResult(answer, [{}, {}, {}, {}], [])).toEqual({
      inserted: 1,
      updated: 2,
      removed: 1,
      skipped: 0,
      errors: [],
      insertedItemIds: ['a'],
      updatedItemIds: ['b', 'c'],
      removedItemIds: ['d'],
    });
  });

  it('reports failures as errors carrying the item asked for, unless the call ignores their code', () => {
    const requested = [{ _id: 'x' }, { title: 'bad' }, { _id: 'dup' }];
    const violations = [{ field: 'title', description: 'too long' }];
    const result = bulkResult(
      { results: [ok('INSERT', 0, 'x'), failed(1, 'WDE0905', violations), failed(2, 'WDE0074')] },
      requested,
      ['WDE0074'],
    );
    expect(result.skipped).toBe(1);
    expect(result.errors).toHaveLength(1);
    const [error] = result.errors;
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'BulkError',
      message: 'failed WDE0905',
      code: 'WDE0905',
      item: { title: 'bad' },
      originalIndex: 1,
      violations,
    });
  });

  it('counts items the answer does not mention as skipped', () => {
    expect(bulkResult({ results: [ok('DELETE', 0, 'a')] }, ['a', 'b', 'c'], []).skipped).toBe(2);
    expect(bulkResult({}, ['a'], []).skipped).toBe(1);
  });
});
