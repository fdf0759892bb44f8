import { describe, expect, it } from 'vitest';
import { fillPathParams, toQueryString } from './query-string.js';

describe('toQueryString (docs/wire.md §1.4)', () => {
  it('flattens nested objects with dots', () => {
    expect(toQueryString({ paging: { limit: 10, offset: 0 }, a: { b: { c: 'x' } } })).toBe(
      'paging.limit=10&paging.offset=0&a.b.c=x',
    );
  });

  it('repeats the key for arrays, never key[]', () => {
    expect(toQueryString({ fieldsets: ['URL', 'CONTENT_TEXT'] })).toBe(
      'fieldsets=URL&fieldsets=CONTENT_TEXT',
    );
  });

  it('drops null, undefined and object array elements', () => {
    expect(
      toQueryString({ a: null, b: undefined, c: ['x', { id: 1 }, null, ['nested'], 'y'], d: { e: null } }),
    ).toBe('c=x&c=y');
  });

  it('stringifies booleans and numbers', () => {
    expect(toQueryString({ featured: true, months: 3, draft: false, zero: 0 })).toBe(
      'featured=true&months=3&draft=false&zero=0',
    );
  });

  it('encodes like URLSearchParams: ":" as %3A and space as +', () => {
    expect(toQueryString({ q: 'a b:c', s: 'x&y=z' })).toBe('q=a+b%3Ac&s=x%26y%3Dz');
  });

  it('sends Dates as ISO strings', () => {
    expect(toQueryString({ rangeStart: new Date('2024-01-01T00:00:00.000Z') })).toBe(
      'rangeStart=2024-01-01T00%3A00%3A00.000Z',
    );
  });

  it('is empty for an empty payload', () => {
    expect(toQueryString({})).toBe('');
  });
});

describe('fillPathParams (docs/wire.md §1.3)', () => {
  it('replaces {name} and dotted {a.b} from the payload', () => {
    expect(fillPathParams('/v2/galleries/{galleryId}', { galleryId: 'g1' })).toBe('/v2/galleries/g1');
    expect(
      fillPathParams('/v2/galleries/{galleryId}/items/{item.id}', { galleryId: 'g', item: { id: 'i' } }),
    ).toBe('/v2/galleries/g/items/i');
  });

  it('percent-encodes values, so an id with "/" or "?" stays one segment', () => {
    expect(fillPathParams('/v2/galleries/{galleryId}', { galleryId: 'a b/c?d#e' })).toBe(
      '/v2/galleries/a%20b%2Fc%3Fd%23e',
    );
  });

  it('rejects a missing path parameter instead of sending "undefined"', () => {
    expect(() => fillPathParams('/v2/galleries/{galleryId}', {})).toThrow(
      'Missing path parameter "galleryId" for /v2/galleries/{galleryId}',
    );
  });
});
