import { describe, expect, it } from 'vitest';
import { ratingCell, tagsCell } from './book-cells';

describe('the books table cells', () => {
  it('show a rating with one decimal, and a dash when the item has none or another type', () => {
    expect(ratingCell(4.25)).toBe('4.3');
    expect(ratingCell(undefined)).toBe('—');
    expect(ratingCell('4')).toBe('—');
    expect(ratingCell(Number.NaN)).toBe('—');
  });

  it('list the tags, and nothing when the field is missing or not a list', () => {
    expect(tagsCell(['fiction', 'classic'])).toBe('fiction, classic');
    expect(tagsCell(undefined)).toBe('');
    expect(tagsCell('fiction')).toBe('');
    expect(tagsCell(['fiction', 3])).toBe('fiction');
  });
});
