import { describe, expect, it } from 'vitest';
import { type NotesEvent, notesStatus } from './notes-status';

const after = (events: NotesEvent[]) => events.reduce(notesStatus, null as string | null);

describe('the notes page status', () => {
  it('tells what the last action came to', () => {
    expect(after([{ type: 'started' }, { type: 'added', title: 'Groceries' }])).toBe('Added “Groceries”.');
    expect(after([{ type: 'started' }, { type: 'saved', title: 'Groceries' }])).toBe('Saved “Groceries”.');
    expect(after([{ type: 'started' }, { type: 'deleted', title: 'Draft' }])).toBe('Deleted “Draft”.');
  });

  it('no longer says "Added" once a later action starts, succeeds or fails', () => {
    const added: NotesEvent[] = [{ type: 'started' }, { type: 'added', title: 'Groceries' }];
    expect(after([...added, { type: 'started' }])).toBeNull();
    expect(after([...added, { type: 'started' }, { type: 'saved', title: 'Groceries (edited)' }])).toBe(
      'Saved “Groceries (edited)”.',
    );
    expect(after([...added, { type: 'started' }, { type: 'failed' }])).toBeNull();
    expect(after([...added, { type: 'started' }, { type: 'deleted', title: 'Draft' }])).toBe(
      'Deleted “Draft”.',
    );
  });

  it('has nothing to say before any action', () => {
    expect(after([])).toBeNull();
  });
});
