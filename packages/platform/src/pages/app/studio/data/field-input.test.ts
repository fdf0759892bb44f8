import type { DataCollectionField } from '@atrium/contract/types';
import { describe, expect, it } from 'vitest';
import { fromEditable, toEditable } from './field-input.js';
import { buildFilter } from './items-table.js';

const field = (key: string, type: DataCollectionField['type']): DataCollectionField => ({
  key,
  type,
  displayName: key,
});

describe('type-aware editing', () => {
  it('shows and reads back numbers, yes/no, lists and objects', () => {
    expect(toEditable(12.5, 'NUMBER')).toBe('12.5');
    expect(fromEditable('12.5', field('n', 'NUMBER'))).toBe(12.5);
    expect(fromEditable('', field('n', 'NUMBER'))).toBeUndefined();
    expect(toEditable(['a', 'b'], 'ARRAY_STRING')).toBe('a; b');
    expect(fromEditable('a; b', field('l', 'ARRAY_STRING'))).toEqual(['a', 'b']);
    expect(fromEditable('true', field('b', 'BOOLEAN'))).toBe(true);
    expect(toEditable({ x: 1 }, 'OBJECT')).toBe('{"x":1}');
    expect(fromEditable('{"x":1}', field('o', 'OBJECT'))).toEqual({ x: 1 });
  });
  it('reads a local date and time as a wire date', () => {
    const local = toEditable({ $date: '2024-03-04T05:06:00.000Z' }, 'DATETIME');
    expect(local).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d$/);
    expect(fromEditable(local, field('d', 'DATETIME'))).toEqual({ $date: '2024-03-04T05:06:00.000Z' });
  });
  it('names the field when a value cannot be read', () => {
    expect(() => fromEditable('ten', field('year', 'NUMBER'))).toThrow('year: "ten" is not a number');
    expect(() => fromEditable('{', field('meta', 'OBJECT'))).toThrow(/meta: .* is not JSON/);
  });
});

describe('buildFilter', () => {
  it('builds the server filter of one condition, typed by the field', () => {
    expect(buildFilter(field('title', 'TEXT'), '$contains', ' garden ')).toEqual({
      title: { $contains: 'garden' },
    });
    expect(buildFilter(field('year', 'NUMBER'), '$gte', '1990')).toEqual({ year: { $gte: 1990 } });
    expect(buildFilter(field('tags', 'ARRAY_STRING'), '$eq', 'poetry')).toEqual({
      tags: { $hasSome: ['poetry'] },
    });
    expect(buildFilter(field('year', 'NUMBER'), '$exists', '')).toEqual({ year: { $exists: true } });
    expect(buildFilter(field('year', 'NUMBER'), '$eq', '')).toBeUndefined();
    expect(() => buildFilter(field('year', 'NUMBER'), '$lt', 'soon')).toThrow(/not a number/);
  });
});
