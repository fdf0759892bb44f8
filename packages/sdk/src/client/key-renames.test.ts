import { describe, expect, it } from 'vitest';
import { fromWireKeys, toWireKeys } from './key-renames.js';

describe('system key renames (docs/wire.md §1.7 step 1)', () => {
  it('renames response keys recursively, through arrays and free-form maps', () => {
    const wire = {
      gallery: { id: 'g', createdDate: 'c', updatedDate: 'u', items: [{ id: 'i1' }, { id: 'i2' }] },
      submissions: { id: 'form field named id' },
    };
    expect(fromWireKeys(wire)).toEqual({
      gallery: { _id: 'g', _createdDate: 'c', _updatedDate: 'u', items: [{ _id: 'i1' }, { _id: 'i2' }] },
      submissions: { _id: 'form field named id' },
    });
  });

  it('renames request keys the other way', () => {
    expect(toWireKeys({ item: { _id: 'i', _createdDate: 'c', _updatedDate: 'u', title: 't' } })).toEqual({
      item: { id: 'i', createdDate: 'c', updatedDate: 'u', title: 't' },
    });
  });

  it('does not rename onto a key that already exists', () => {
    expect(fromWireKeys({ id: 'wire', _id: 'sdk' })).toEqual({ id: 'wire', _id: 'sdk' });
    expect(toWireKeys({ _id: 'sdk', id: 'wire' })).toEqual({ _id: 'sdk', id: 'wire' });
  });

  it('leaves Dates and other class instances alone, and does not mutate its input', () => {
    const date = new Date(0);
    const input = { id: 'x', when: date };
    const output = fromWireKeys(input) as { when: Date };
    expect(output.when).toBe(date);
    expect(input).toEqual({ id: 'x', when: date });
  });
});
