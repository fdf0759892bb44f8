import {
  DataList,
  StatusMessage,
  TextField,
  useAuth,
  useInsertItem,
  useRemoveItem,
  useUpdateItem,
} from '@atrium/react';
import { type FormEvent, useId, useReducer, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { PageSection } from '../head';
import { type NotesEvent, notesStatus } from './notes-status';

/**
 * Members' private notes: the demo seed's MemberNotes collection is SITE_MEMBER_AUTHOR for every
 * action, so the platform shows each member only their own notes and refuses changes to anyone
 * else's. Visitors are asked to sign in.
 */
const NOTES = 'MemberNotes';

interface Note {
  _id: string;
  _owner?: string;
  title: string;
  body?: string;
}

type NoteFields = Pick<Note, 'title' | 'body'>;
/** Tells the page's status what an action came to (notes-status.ts). */
type Report = (event: NotesEvent) => void;

const messageOf = (error: Error | null) => (error ? error.message : null);

/** Title and body, for a new note or an edit. */
function NoteForm({
  initial,
  submitLabel,
  busy,
  error,
  onSubmit,
  onCancel,
}: {
  initial: NoteFields;
  submitLabel: string;
  busy: boolean;
  /** The platform's refusal or failure, shown as an alert. */
  error: string | null;
  /** Resolves true when saved (the form then empties itself). */
  onSubmit: (fields: NoteFields) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const [title, setTitle] = useState(initial.title);
  const [body, setBody] = useState(initial.body ?? '');
  const [missingTitle, setMissingTitle] = useState(false);
  const bodyId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (title.trim() === '') {
      setMissingTitle(true);
      return;
    }
    setMissingTitle(false);
    if (await onSubmit({ title: title.trim(), body })) {
      setTitle('');
      setBody('');
    }
  }

  return (
    <form className="atrium-form note-form" noValidate onSubmit={submit} aria-busy={busy}>
      {error && (
        <p className="atrium-form-error" role="alert">
          {error}
        </p>
      )}
      <TextField
        label="Title"
        name="title"
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        error={missingTitle ? 'Enter a title.' : null}
      />
      <div className="atrium-field">
        <label htmlFor={bodyId}>Text</label>
        <textarea
          id={bodyId}
          name="body"
          rows={3}
          value={body}
          onChange={(event) => setBody(event.target.value)}
        />
      </div>
      <div className="atrium-actions">
        <button type="submit" disabled={busy}>
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

function AddNote({ report }: { report: Report }) {
  const insert = useInsertItem<Note>(NOTES);
  return (
    <section aria-labelledby="add-note-title" className="card">
      <h2 id="add-note-title">Add a note</h2>
      <NoteForm
        initial={{ title: '' }}
        submitLabel="Add note"
        busy={insert.isPending}
        error={messageOf(insert.error)}
        onSubmit={async (fields) => {
          report({ type: 'started' });
          try {
            await insert.mutateAsync(fields);
            report({ type: 'added', title: fields.title });
            return true;
          } catch {
            report({ type: 'failed' });
            return false;
          }
        }}
      />
    </section>
  );
}

/** One note: its text, and Edit and Delete when it is the member's own. */
function NoteEntry({ note, editable, report }: { note: Note; editable: boolean; report: Report }) {
  const update = useUpdateItem<Note>(NOTES);
  const remove = useRemoveItem<Note>(NOTES);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const titleId = useId();

  if (editing) {
    return (
      <article aria-labelledby={titleId} className="note editing">
        <h3 id={titleId}>Edit “{note.title}”</h3>
        <NoteForm
          initial={note}
          submitLabel="Save"
          busy={update.isPending}
          error={messageOf(update.error)}
          onCancel={() => {
            update.reset();
            setEditing(false);
          }}
          onSubmit={async (fields) => {
            report({ type: 'started' });
            try {
              await update.mutateAsync({ ...note, ...fields });
              setEditing(false);
              report({ type: 'saved', title: fields.title });
              return true;
            } catch {
              report({ type: 'failed' });
              return false;
            }
          }}
        />
      </article>
    );
  }
  return (
    <article aria-labelledby={titleId} className="note">
      <h3 id={titleId}>{note.title}</h3>
      {note.body && <p>{note.body}</p>}
      {editable ? (
        <div className="atrium-actions">
          <button
            type="button"
            onClick={() => {
              report({ type: 'started' });
              setEditing(true);
            }}
          >
            Edit
          </button>
          <button
            type="button"
            onClick={() => setConfirming(true)}
            disabled={remove.isPending}
            aria-label={`Delete “${note.title}”`}
          >
            {remove.isPending ? 'Deleting…' : 'Delete'}
          </button>
          <ConfirmDialog
            open={confirming}
            title="Delete this note?"
            confirmLabel="Delete note"
            busy={remove.isPending}
            onCancel={() => setConfirming(false)}
            onConfirm={() => {
              report({ type: 'started' });
              remove.mutate(note._id, {
                onSuccess: () => report({ type: 'deleted', title: note.title }),
                onError: () => report({ type: 'failed' }),
                onSettled: () => setConfirming(false),
              });
            }}
          >
            <p>“{note.title}” will be deleted for good. This cannot be undone.</p>
          </ConfirmDialog>
        </div>
      ) : (
        <p className="read-only">Another member’s note: read only.</p>
      )}
      {remove.error && (
        <p className="atrium-form-error" role="alert">
          Could not delete the note: {remove.error.message}
        </p>
      )}
    </article>
  );
}

export function NotesPage() {
  const { loggedIn, member } = useAuth();
  const [status, report] = useReducer(notesStatus, null);
  if (!loggedIn) {
    return (
      <PageSection
        id="notes-title"
        className="data-page"
        title="Notes"
        description="Private notes for the site's members: only you can read yours."
      >
        <p className="atrium-notice">
          Notes are private to each member. <Link to="/sign-in">Sign in</Link> or{' '}
          <Link to="/sign-up">create an account</Link> to keep yours.
        </p>
      </PageSection>
    );
  }
  return (
    <PageSection
      id="notes-title"
      className="data-page"
      title="Your notes"
      description="Private notes for the site's members: only you can read yours."
    >
      <p>Only you can see, change and delete your notes.</p>
      <StatusMessage>{status}</StatusMessage>
      <AddNote report={report} />
      <DataList<Note>
        collectionId={NOTES}
        label="Your notes"
        pageSize={10}
        initialSort={{ field: '_createdDate', direction: 'desc' }}
        textFilter={{ field: 'title', label: 'Search your notes' }}
        emptyMessage="You have no notes yet."
      >
        {(note) => <NoteEntry note={note} editable={note._owner === member?.id} report={report} />}
      </DataList>
    </PageSection>
  );
}
