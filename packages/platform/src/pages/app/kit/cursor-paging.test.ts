import { describe, expect, it } from 'vitest';
import { cursorsAfterMove, cursorTotal, type KeptCursors } from './cursor-paging.js';

describe('cursor paging on the offset pager', () => {
  it('keeps the cursor of each page reached forward and goes back without a new one', () => {
    let kept: KeptCursors = {};
    kept = cursorsAfterMove(kept, 0, 20, 'c20') ?? {};
    kept = cursorsAfterMove(kept, 20, 40, 'c40') ?? {};
    expect(kept).toEqual({ 20: 'c20', 40: 'c40' });
    // Back to page 2: its cursor is the one kept when it was reached.
    const back = cursorsAfterMove(kept, 40, 20, undefined);
    expect(back).toBe(kept);
    expect(back?.[20]).toBe('c20');
  });

  it('does not move forward from a page that names no next one', () => {
    expect(cursorsAfterMove({ 20: 'c20' }, 20, 40, null)).toBeUndefined();
    expect(cursorsAfterMove({}, 0, 20, '')).toBeUndefined();
  });

  it('replaces a cursor kept for an earlier list when the page is reached again', () => {
    // After a new filter the list restarts at 0; reaching 20 again keeps the new list's cursor.
    expect(cursorsAfterMove({ 20: 'old', 40: 'old40' }, 0, 20, 'new')).toEqual({ 20: 'new', 40: 'old40' });
  });

  it('knows the total only once a page names no next one', () => {
    expect(cursorTotal(40, { count: 7, next: null })).toBe(47);
    expect(cursorTotal(0, { count: 0, next: undefined })).toBe(0);
    expect(cursorTotal(20, { count: 20, next: 'c40' })).toBeUndefined();
    expect(cursorTotal(20, undefined)).toBeUndefined();
  });
});
