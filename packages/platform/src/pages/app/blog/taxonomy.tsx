import { type FormEvent, type ReactNode, useState } from 'react';
import { ActionMessages, ConfirmButton } from '../kit/index.js';
import { type BlogActions, blog, useBlogActions, useCategories, useTags } from './blog-queries.js';

/** Categories and tags: added, renamed (categories only) and deleted in place. */
export function Taxonomy() {
  const categories = useCategories();
  const tags = useTags();
  const actions = useBlogActions();
  return (
    <>
      <ActionMessages actions={actions} failure={categories.failure ?? tags.failure} />
      <div className="taxonomy">
        <Terms
          kind="category"
          heading="Categories"
          terms={categories.data}
          actions={actions}
          calls={{ add: blog.createCategory, rename: blog.renameCategory, remove: blog.deleteCategory }}
        />
        <Terms
          kind="tag"
          heading="Tags"
          terms={tags.data}
          actions={actions}
          calls={{ add: blog.createTag, remove: blog.deleteTag }}
        >
          <p className="hint">
            Tags cannot be renamed: the blog’s tags API has no update. Add the new one and delete the old.
          </p>
        </Terms>
      </div>
    </>
  );
}

interface Term {
  id: string;
  label?: string;
  postCount?: number;
}

/** One kind of term: the form that adds one, then each with its actions. */
function Terms({
  kind,
  heading,
  terms,
  actions,
  calls: { add, rename, remove },
  children,
}: {
  kind: 'category' | 'tag';
  heading: string;
  terms: readonly Term[] | undefined;
  actions: BlogActions;
  calls: {
    add: (label: string) => Promise<unknown>;
    rename?: (id: string, label: string) => Promise<unknown>;
    remove: (id: string) => Promise<unknown>;
  };
  children?: ReactNode;
}) {
  const busy = actions.busyNow;
  return (
    <section aria-labelledby={`${kind}-terms-heading`}>
      <h2 id={`${kind}-terms-heading`}>{heading}</h2>
      <AddForm
        label={`New ${kind}`}
        button={`Add ${kind}`}
        busy={busy}
        onAdd={(label) =>
          actions.act(`Adding the ${kind}…`, async () => {
            await add(label);
            return `The ${kind} “${label}” is added.`;
          })
        }
      />
      {terms === undefined ? (
        <p aria-busy="true">Loading…</p>
      ) : terms.length === 0 ? (
        <p className="empty">No {kind} yet.</p>
      ) : (
        <ul className="term-list">
          {terms.map((term) => (
            <TermRow
              key={term.id}
              kind={kind}
              label={term.label ?? ''}
              count={term.postCount}
              busy={busy}
              onRename={
                rename &&
                ((label) =>
                  actions.act('Renaming…', async () => {
                    await rename(term.id, label);
                    return `The ${kind} is renamed “${label}”.`;
                  }))
              }
              onDelete={() =>
                void actions.act(`Deleting the ${kind}…`, async () => {
                  await remove(term.id);
                  return `The ${kind} “${term.label}” is deleted.`;
                })
              }
            />
          ))}
        </ul>
      )}
      {children}
    </section>
  );
}

function AddForm({
  label,
  button,
  busy,
  onAdd,
}: {
  label: string;
  button: string;
  busy: boolean;
  onAdd: (label: string) => Promise<boolean>;
}) {
  const [value, setValue] = useState('');
  const id = `add-${label.replace(/\W+/g, '-').toLowerCase()}`;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (value.trim() === '') return;
    if (await onAdd(value.trim())) setValue('');
  };
  return (
    <form className="inline-form" onSubmit={(event) => void submit(event)}>
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input id={id} value={value} required onChange={(event) => setValue(event.target.value)} />
      </div>
      <button type="submit" disabled={busy}>
        {button}
      </button>
    </form>
  );
}

function TermRow({
  kind,
  label,
  count,
  busy,
  onRename,
  onDelete,
}: {
  kind: 'category' | 'tag';
  label: string;
  count: number | undefined;
  busy: boolean;
  onRename?: (label: string) => Promise<boolean>;
  onDelete: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(label);
  const inputId = `rename-${kind}-${label.replace(/\W+/g, '-')}`;
  if (editing && onRename) {
    return (
      <li className="term">
        <form
          className="inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (value.trim() === '' || value.trim() === label) {
              setEditing(false);
              return;
            }
            void onRename(value.trim()).then((done) => done && setEditing(false));
          }}
        >
          <div className="field">
            <label htmlFor={inputId}>New name of “{label}”</label>
            <input
              id={inputId}
              value={value}
              // biome-ignore lint/a11y/noAutofocus: renaming starts in the field
              autoFocus
              required
              onChange={(event) => setValue(event.target.value)}
            />
          </div>
          <button type="submit" disabled={busy}>
            Save name
          </button>
          <button type="button" className="secondary" onClick={() => setEditing(false)}>
            Cancel
          </button>
        </form>
      </li>
    );
  }
  return (
    <li className="term">
      <span className="term-label">{label}</span>
      {count !== undefined && (
        <span className="meta">
          {count} {count === 1 ? 'post' : 'posts'}
        </span>
      )}
      <span className="actions">
        {onRename && (
          <button
            type="button"
            className="secondary"
            disabled={busy}
            aria-label={`Rename the ${kind} “${label}”`}
            onClick={() => {
              setValue(label);
              setEditing(true);
            }}
          >
            Rename
          </button>
        )}
        <ConfirmButton
          label="Delete"
          accessibleLabel={`Delete the ${kind} “${label}”`}
          question={`Delete the ${kind} “${label}”? Posts keep their text but lose this ${kind}.`}
          confirmLabel={`Delete ${kind}`}
          disabled={busy}
          onConfirm={onDelete}
        />
      </span>
    </li>
  );
}
