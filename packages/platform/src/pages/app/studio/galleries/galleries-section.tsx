import type { Gallery, GalleryItem, GalleryState, ListGalleriesResponse } from '@atrium/contract/types';
import { type FormEvent, useState } from 'react';
import { ConsoleLink, navigate } from '../../console-router.js';
import {
  type ActionState,
  type Column,
  ConfirmButton,
  ErrorMessage,
  Field,
  PagedTable,
  rowsOf,
  StatusMessage,
  useActions,
  useConsoleQuery,
  useInvalidate,
  usePaging,
} from '../../kit/index.js';
import { MediaUpload } from '../media/media-upload.js';
import {
  galleryApi as api,
  GALLERIES_KEY,
  GALLERIES_PAGE_SIZE,
  GALLERY_ITEMS_PAGE_SIZE,
} from './gallery-api.js';
import { ItemEditor, ItemSummary, itemName } from './gallery-item.js';
import { reorder } from './order.js';
import './galleries.css';

/**
 * The console's galleries: `/galleries` the list (pages of 10), `/galleries/<id>` a gallery's items
 * (pages of 50, by sort order): upload, reorder (drag and drop, or Move up / Move down), edit, delete.
 */
export function GalleriesSection({ path }: { path: string }) {
  const match = /^\/galleries\/([^/]+)$/.exec(path);
  if (!match) return <GalleriesList />;
  const id = decodeURIComponent(match[1]!);
  return <GalleryPage key={id} id={id} />;
}

const STATE_WORDS: Record<string, string> = {
  PUBLISHED: 'Published',
  SAVED: 'Draft',
  UNDEFINED: 'Published',
};

type ListedGallery = ListGalleriesResponse['galleries'][number];

const GALLERY_COLUMNS: Column<ListedGallery>[] = [
  {
    header: 'Gallery',
    cell: (gallery) => (
      <ConsoleLink to={`/galleries/${encodeURIComponent(gallery.id)}`}>
        {gallery.name || 'Untitled gallery'}
      </ConsoleLink>
    ),
  },
  {
    header: 'State',
    cell: (gallery) => <span className="badge">{STATE_WORDS[gallery.state] ?? gallery.state}</span>,
  },
  { header: 'Items', cell: (gallery) => gallery.totalItems },
];

function GalleriesList() {
  const paging = usePaging(GALLERIES_PAGE_SIZE);
  const list = useConsoleQuery([GALLERIES_KEY, 'list', paging.offset], () =>
    api.listGalleries(paging.offset),
  );
  const invalidate = useInvalidate();
  const actions = useActions();

  const create = ({ name, state }: { name: string; state: GalleryState }) =>
    void actions.run('Creating the gallery…', async () => {
      const gallery = await api.createGallery(name, state);
      await invalidate(GALLERIES_KEY);
      navigate(`/galleries/${encodeURIComponent(gallery.id)}`);
      return `Created the gallery ${gallery.name ?? ''}.`;
    });

  return (
    <>
      <div className="section-head">
        <h1>Galleries</h1>
      </div>
      <StatusMessage message={actions.status} />
      <ErrorMessage message={actions.error} />
      <PagedTable
        label="Galleries"
        columns={GALLERY_COLUMNS}
        {...rowsOf(list, (answer) => answer.galleries)}
        empty="No galleries yet."
        paging={{ ...paging, total: list.data?.totalGalleries, onOffset: paging.setOffset }}
      />
      <GalleryForm
        id="new-gallery-heading"
        heading="New gallery"
        submit="Create the gallery"
        initial={{ name: '', state: 'SAVED' }}
        actions={actions}
        onSave={create}
      />
    </>
  );
}

/** A gallery's name and state: the new gallery's form and a gallery's settings. */
function GalleryForm({
  id,
  heading,
  submit,
  initial,
  actions,
  onSave,
}: {
  /** The heading's id; the new gallery's form needs a name, a gallery's settings keep theirs when emptied. */
  id: 'new-gallery-heading' | 'gallery-settings-heading';
  heading: string;
  submit: string;
  initial: { name: string; state: GalleryState };
  actions: ActionState;
  onSave: (gallery: { name: string; state: GalleryState }) => void;
}) {
  const [name, setName] = useState(initial.name);
  const [state, setState] = useState<GalleryState>(initial.state === 'SAVED' ? 'SAVED' : 'PUBLISHED');
  const save = (event: FormEvent) => {
    event.preventDefault();
    onSave({ name: name.trim(), state });
  };
  return (
    <form className="panel" onSubmit={save} aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      <Field
        label="Gallery name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        required={id === 'new-gallery-heading'}
      />
      <fieldset className="choices">
        <legend>State</legend>
        {(
          [
            ['SAVED', 'Draft (only the API key reads it)'],
            ['PUBLISHED', 'Published (on the site)'],
          ] as const
        ).map(([value, words]) => (
          <label key={value}>
            <input
              type="radio"
              name="gallery-state"
              value={value}
              checked={state === value}
              onChange={() => setState(value)}
            />{' '}
            {words}
          </label>
        ))}
      </fieldset>
      <button type="submit" disabled={actions.busy !== undefined}>
        {submit}
      </button>
    </form>
  );
}

function GalleryPage({ id }: { id: string }) {
  const paging = usePaging(GALLERY_ITEMS_PAGE_SIZE);
  const { data: gallery, failure } = useConsoleQuery([GALLERIES_KEY, id, paging.offset], () =>
    api.getGallery(id, paging.offset),
  );
  const invalidate = useInvalidate();
  const reload = () => invalidate(GALLERIES_KEY);
  const actions = useActions();
  const { run } = actions;

  const saveGallery = ({ name, state }: { name: string; state: GalleryState }) =>
    void run('Saving the gallery…', async () => {
      await api.updateGallery(id, { name, state });
      await reload();
      return `Saved the gallery (${STATE_WORDS[state]}).`;
    });

  return (
    <>
      <p className="back">
        <ConsoleLink to="/galleries">← All galleries</ConsoleLink>
      </p>
      <div className="section-head">
        <h1>{gallery?.name || 'Gallery'}</h1>
        {gallery && (
          <ConfirmButton
            label="Delete the gallery"
            question={`Delete the gallery "${gallery.name ?? ''}" and its ${gallery.totalItems} items? The site stops showing it. This cannot be undone.`}
            confirmLabel="Delete the gallery"
            onConfirm={() =>
              void run('Deleting the gallery…', async () => {
                await api.deleteGallery(id);
                await invalidate(GALLERIES_KEY);
                navigate('/galleries');
                return 'Deleted the gallery.';
              })
            }
          />
        )}
      </div>
      <StatusMessage message={actions.status} />
      <ErrorMessage message={actions.error ?? failure} />
      {!gallery && !failure && <p aria-busy="true">Loading the gallery…</p>}
      {gallery && (
        <>
          <GalleryForm
            id="gallery-settings-heading"
            heading="Settings"
            submit="Save the gallery"
            initial={{ name: gallery.name ?? '', state: gallery.state }}
            actions={actions}
            onSave={saveGallery}
          />
          <UploadPanel id={id} actions={actions} onUploaded={() => paging.setOffset(0)} />
          <section aria-labelledby="items-heading">
            <h2 id="items-heading">Items ({gallery.totalItems})</h2>
            <p className="hint" id="reorder-hint">
              Drag an item to reorder, or use Move up and Move down. The first item shows first on the site.
            </p>
            <GalleryItems
              gallery={gallery}
              actions={actions}
              paging={{ ...paging, total: gallery.totalItems, onOffset: paging.setOffset }}
            />
          </section>
        </>
      )}
    </>
  );
}

/** Images and videos uploaded into the media store, each then added to the gallery (new items come first). */
function UploadPanel({
  id,
  actions,
  onUploaded,
}: {
  id: string;
  actions: ActionState;
  onUploaded: () => void;
}) {
  const invalidate = useInvalidate();
  const addItem = async (stored: { id: string; kind: string }, file: File) => {
    const title = file.name.replace(/\.[^.]+$/, '');
    if (stored.kind === 'video') {
      await api.createItem(id, {
        type: 'VIDEO',
        title,
        video: { type: 'WIX_MEDIA', videoInfo: { id: stored.id } },
      });
    } else if (stored.kind === 'image') {
      await api.createItem(id, {
        type: 'IMAGE',
        title,
        image: { type: 'WIX_MEDIA', imageInfo: { id: stored.id } },
      });
    } else {
      throw new Error(`${file.name} is neither an image nor a video; it was kept in the media library only.`);
    }
  };
  return (
    <section className="panel" aria-labelledby="upload-heading">
      <h2 id="upload-heading">Add images and videos</h2>
      <MediaUpload
        label="Upload images or videos"
        accept="image/jpeg,image/png,image/gif,image/webp,image/avif,video/mp4,video/webm"
        actions={actions}
        onStored={addItem}
        onDone={async (files) => {
          onUploaded();
          await invalidate(GALLERIES_KEY);
          return `Uploaded ${files.length} file${files.length === 1 ? '' : 's'}; new items come first.`;
        }}
      />
    </section>
  );
}

/** A page of a gallery's items, by sort order: each row can be dragged onto another, moved, edited, deleted. */
function GalleryItems({
  gallery,
  actions,
  paging,
}: {
  gallery: Gallery;
  actions: ActionState;
  paging: { offset: number; pageSize: number; total: number; onOffset: (offset: number) => void };
}) {
  const [editing, setEditing] = useState<string>();
  const [dragged, setDragged] = useState<number>();
  const invalidate = useInvalidate();
  const { run } = actions;
  const busy = actions.busy !== undefined;
  const items = gallery.items ?? [];
  const indexOf = (item: GalleryItem) => items.findIndex((entry) => entry.id === item.id);
  const change = (progress: string, work: () => Promise<unknown>, done: string) =>
    void run(progress, async () => {
      await work();
      await invalidate(GALLERIES_KEY);
      return done;
    });

  const move = (from: number, to: number) => {
    const changes = reorder(items, from, to);
    if (changes.length === 0) return;
    const moved = `Moved ${items[from]!.title || 'the item'} to position ${paging.offset + to + 1}.`;
    change('Saving the new order…', () => api.updateGallery(gallery.id, { items: changes }), moved);
  };

  const columns: Column<GalleryItem>[] = [
    {
      header: 'Item',
      cell: (item) => (
        <>
          <ItemSummary item={item} position={paging.offset + indexOf(item) + 1} />
          {editing === item.id && (
            <ItemEditor
              item={item}
              busy={busy}
              onSave={(changes) =>
                void run('Saving the item…', async () => {
                  await api.updateItem(gallery.id, { id: item.id, ...changes });
                  await invalidate(GALLERIES_KEY);
                  setEditing(undefined);
                  return `Saved ${changes.title || itemName(item)}.`;
                })
              }
            />
          )}
        </>
      ),
    },
    {
      header: 'Actions',
      hideHeader: true,
      cell: (item) => (
        <div className="gallery-actions">
          <button
            type="button"
            className="secondary"
            aria-label={`Move ${itemName(item)} up`}
            disabled={indexOf(item) === 0 || busy}
            onClick={() => move(indexOf(item), indexOf(item) - 1)}
          >
            Move up
          </button>
          <button
            type="button"
            className="secondary"
            aria-label={`Move ${itemName(item)} down`}
            disabled={indexOf(item) === items.length - 1 || busy}
            onClick={() => move(indexOf(item), indexOf(item) + 1)}
          >
            Move down
          </button>
          <button
            type="button"
            className="secondary"
            aria-expanded={editing === item.id}
            aria-label={`Edit ${itemName(item)}`}
            onClick={() => setEditing(editing === item.id ? undefined : item.id)}
          >
            Edit
          </button>
          <ConfirmButton
            label="Delete"
            accessibleLabel={`Delete ${itemName(item)}`}
            question={`Delete "${itemName(item)}" from the gallery? Its file stays in the media library.`}
            confirmLabel="Delete the item"
            onConfirm={() =>
              change(
                'Deleting the item…',
                () => api.deleteItem(gallery.id, item.id),
                `Deleted ${itemName(item)}.`,
              )
            }
          />
        </div>
      ),
    },
  ];

  return (
    <PagedTable
      label="Items"
      columns={columns}
      rows={items}
      rowKey={(item) => item.id}
      empty="No items yet: upload some."
      paging={paging}
      rowProps={(item) => ({
        className: dragged === indexOf(item) ? 'gallery-row dragging' : 'gallery-row',
        draggable: true,
        'data-testid': 'gallery-item',
        'aria-describedby': 'reorder-hint',
        onDragStart: (event) => {
          setDragged(indexOf(item));
          event.dataTransfer.effectAllowed = 'move';
          event.dataTransfer.setData('text/plain', item.id);
        },
        onDragOver: (event) => {
          if (dragged !== undefined) event.preventDefault();
        },
        onDrop: (event) => {
          event.preventDefault();
          if (dragged !== undefined) move(dragged, indexOf(item));
          setDragged(undefined);
        },
        onDragEnd: () => setDragged(undefined),
      })}
    />
  );
}
