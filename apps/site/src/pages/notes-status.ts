/**
 * The notes page's one status message: it tells what the member's last action came to, and only
 * that. Starting anything (adding, opening an edit, saving, deleting) clears the previous message;
 * a failure shows its error where it happened (the form, the note) and leaves no message here.
 */
export type NotesEvent =
  | { readonly type: 'started' }
  | { readonly type: 'failed' }
  | { readonly type: 'added' | 'saved' | 'deleted'; readonly title: string };

export function notesStatus(_previous: string | null, event: NotesEvent): string | null {
  switch (event.type) {
    case 'added':
      return `Added “${event.title}”.`;
    case 'saved':
      return `Saved “${event.title}”.`;
    case 'deleted':
      return `Deleted “${event.title}”.`;
    case 'started':
    case 'failed':
      return null;
  }
}
