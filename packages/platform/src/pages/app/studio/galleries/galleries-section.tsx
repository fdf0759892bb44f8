import type { Gallery, GalleryState, ListGalleriesResponse } from '@atrium/contract/types';
import { type FormEvent, useCallback, useEffect, useMemo, useState } from 'react';
import { ConsoleLink, navigate, useConsoleLocation } from '../../console-router.js';
import {
  ConfirmButton,
  ErrorMessage,
  Field,
  FilePicker,
  Pager,
  Progress,
  StatusMessage,
  TableScroll,
  useActions,
} from '../../kit/index.js';
import { GALLERIES_PAGE_SIZE, GALLERY_ITEMS_PAGE_SIZE, type GalleryApi, galleryApi } from './gallery-api.js';
import { ItemEditor, ItemSummary, itemName } from './gallery-item.js';
import { reorder } from './order.js';

/**
 * The console's galleries: `/galleries` the list (pages of 10), `/galleries/<id>` a gallery's items
 * (pages of 50, by sort order): upload, reorder (drag and drop, or Move up / Move down), edit, delete.
 */
export function GalleriesSection({ path }: { path: string }) {
  const api = useMemo(() => galleryApi(), []);
  const match = /^\/galleries\/([^/]+)$/.exec(path);
  if (match) {
    const id = decodeURIComponent(match[1]!);
    return <GalleryPage key={id} api={api} id={id} />;
  }
  return <GalleriesList api={api} />;
}

const STATE_WORDS: Record<string, string> = {
  PUBLISHED: 'Published',
  SAVED: 'Draft',
  UNDEFINED: 'Published',
};

function GalleriesList({ api }: { api: GalleryApi }) {
  const { search } = useConsoleLocation();
  const offset = Math.max(0, Number.parseInt(search.get('offset') ?? '0', 10) || 0);
  const [list, setList] = useState<ListGalleriesResponse>();
  const [name, setName] = useState('');
  const [state, setState] = useState<GalleryState>('SAVED');
  const actions = useActions();
  const { run } = actions;
  useEffect(() => {
    void run('Loading the galleries…', async () => {
      const answer = await api.listGalleries(offset);
      setList(answer);
      return `${answer.totalGalleries} galleries.`;
    });
  }, [api, offset, run]);

  const create = (event: FormEvent) => {
    event.preventDefault();
    void run('Creating the gallery…', async () => {
      const gallery = await api.createGallery(name.trim(), state);
      navigate(`/galleries/${encodeURIComponent(gallery.id)}`);
      return `Created the gallery ${gallery.name ?? ''}.`;
    });
  };

  return (
    <>
      <div className="section-head">
        <h1>Galleries</h1>
      </div>
      <StatusMessage message={actions.status} />
      <ErrorMessage message={actions.error} />
      {list && list.galleries.length === 0 && <p className="empty">No galleries yet.</p>}
      {list && list.galleries.length > 0 && (
        <TableScroll label="Galleries table">
          <table className="posts">
            <caption className="visually-hidden">Galleries</caption>
            <thead>
              <tr>
                <th scope="col">Gallery</th>
                <th scope="col">State</th>
                <th scope="col">Items</th>
              </tr>
            </thead>
            <tbody>
              {list.galleries.map((gallery) => (
                <tr key={gallery.id}>
                  <td>
                    <ConsoleLink to={`/galleries/${encodeURIComponent(gallery.id)}`}>
                      {gallery.name || 'Untitled gallery'}
                    </ConsoleLink>
                  </td>
                  <td>
                    <span className="badge">{STATE_WORDS[gallery.state] ?? gallery.state}</span>
                  </td>
                  <td>{gallery.totalItems}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {list && (
        <Pager
          label="Galleries"
          offset={offset}
          count={list.galleries.length}
          total={list.totalGalleries}
          pageSize={GALLERIES_PAGE_SIZE}
          onOffset={(next) => navigate(next > 0 ? `/galleries?offset=${next}` : '/galleries')}
        />
      )}
      <form className="panel" onSubmit={create} aria-labelledby="new-gallery-heading">
        <h2 id="new-gallery-heading">New gallery</h2>
        <Field label="Gallery name" value={name} onChange={(event) => setName(event.target.value)} required />
        <StateChoice value={state} onChange={setState} />
        <button type="submit" disabled={actions.busy !== undefined}>
          Create the gallery
        </button>
      </form>
    </>
  );
}

function StateChoice({ value, onChange }: { value: GalleryState; onChange: (state: GalleryState) => void }) {
  return (
    <fieldset className="choices">
      <legend>State</legend>
      {(
        [
          ['SAVED', 'Draft (only the API key reads it)'],
          ['PUBLISHED', 'Published (on the site)'],
        ] as const
      ).map(([state, words]) => (
        <label key={state}>
          <input
            type="radio"
            name="gallery-state"
            value={state}
            checked={value === state || (state === 'PUBLISHED' && value === 'UNDEFINED')}
            onChange={() => onChange(state)}
          />{' '}
          {words}
        </label>
      ))}
    </fieldset>
  );
}

interface Upload {
  name: string;
  progress: number;
}

function GalleryPage({ api, id }: { api: GalleryApi; id: string }) {
  const [gallery, setGallery] = useState<Gallery>();
  const [itemOffset, setItemOffset] = useState(0);
  const [name, setName] = useState('');
  const [state, setState] = useState<GalleryState>('PUBLISHED');
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [editing, setEditing] = useState<string>();
  const [dragged, setDragged] = useState<number>();
  const actions = useActions();
  const { run } = actions;

  const reload = useCallback(async () => {
    const next = await api.getGallery(id, itemOffset);
    setGallery(next);
    return next;
  }, [api, id, itemOffset]);

  useEffect(() => {
    void run('Loading the gallery…', async () => {
      const loaded = await reload();
      setName(loaded.name ?? '');
      setState(loaded.state === 'SAVED' ? 'SAVED' : 'PUBLISHED');
      return undefined;
    });
  }, [reload, run]);

  const items = gallery?.items ?? [];

  const saveGallery = (event: FormEvent) => {
    event.preventDefault();
    void run('Saving the gallery…', async () => {
      await api.updateGallery(id, { name: name.trim(), state });
      await reload();
      return `Saved the gallery (${STATE_WORDS[state]}).`;
    });
  };

  const move = (from: number, to: number) => {
    const changes = reorder(items, from, to);
    if (changes.length === 0) return;
    const item = items[from]!;
    void run('Saving the new order…', async () => {
      await api.updateGallery(id, { items: changes });
      await reload();
      return `Moved ${item.title || 'the item'} to position ${itemOffset + to + 1}.`;
    });
  };

  const upload = (files: File[]) =>
    void run(`Uploading ${files.length} file${files.length === 1 ? '' : 's'}…`, async () => {
      setUploads(files.map((file) => ({ name: file.name, progress: 0 })));
      let done = 0;
      for (const [index, file] of files.entries()) {
        const stored = await api.upload(file, (progress) =>
          setUploads((current) =>
            current.map((entry, at) => (at === index ? { ...entry, progress } : entry)),
          ),
        );
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
          throw new Error(
            `${file.name} is neither an image nor a video; it was kept in the media library only.`,
          );
        }
        done++;
      }
      setItemOffset(0);
      await reload();
      return `Uploaded ${done} file${done === 1 ? '' : 's'}; new items come first.`;
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
                navigate('/galleries');
                return 'Deleted the gallery.';
              })
            }
          />
        )}
      </div>
      <StatusMessage message={actions.status} />
      <ErrorMessage message={actions.error} />
      {gallery && (
        <>
          <form className="panel" onSubmit={saveGallery} aria-labelledby="gallery-settings-heading">
            <h2 id="gallery-settings-heading">Settings</h2>
            <Field label="Gallery name" value={name} onChange={(event) => setName(event.target.value)} />
            <StateChoice value={state} onChange={setState} />
            <button type="submit" disabled={actions.busy !== undefined}>
              Save the gallery
            </button>
          </form>
          <section className="panel" aria-labelledby="upload-heading">
            <h2 id="upload-heading">Add images and videos</h2>
            <FilePicker
              label="Upload images or videos"
              accept="image/jpeg,image/png,image/gif,image/webp,image/avif,video/mp4,video/webm"
              multiple
              disabled={actions.busy !== undefined}
              onFiles={upload}
            />
            {uploads.map((entry) => (
              <Progress key={entry.name} label={`Uploading ${entry.name}`} value={entry.progress} />
            ))}
          </section>
          <section aria-labelledby="items-heading">
            <h2 id="items-heading">Items ({gallery.totalItems})</h2>
            <p className="hint" id="reorder-hint">
              Drag an item to reorder, or use Move up and Move down. The first item shows first on the site.
            </p>
            <ol className="gallery-items" aria-describedby="reorder-hint">
              {items.map((item, index) => (
                <li
                  key={item.id}
                  className={dragged === index ? 'gallery-item dragging' : 'gallery-item'}
                  draggable
                  data-testid="gallery-item"
                  onDragStart={(event) => {
                    setDragged(index);
                    event.dataTransfer.effectAllowed = 'move';
                    event.dataTransfer.setData('text/plain', item.id);
                  }}
                  onDragOver={(event) => {
                    if (dragged !== undefined) event.preventDefault();
                  }}
                  onDrop={(event) => {
                    event.preventDefault();
                    if (dragged !== undefined) move(dragged, index);
                    setDragged(undefined);
                  }}
                  onDragEnd={() => setDragged(undefined)}
                >
                  <ItemSummary item={item} position={itemOffset + index + 1} />
                  <div className="actions">
                    <button
                      type="button"
                      className="secondary"
                      aria-label={`Move ${itemName(item)} up`}
                      disabled={index === 0 || actions.busy !== undefined}
                      onClick={() => move(index, index - 1)}
                    >
                      Move up
                    </button>
                    <button
                      type="button"
                      className="secondary"
                      aria-label={`Move ${itemName(item)} down`}
                      disabled={index === items.length - 1 || actions.busy !== undefined}
                      onClick={() => move(index, index + 1)}
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
                        void run('Deleting the item…', async () => {
                          await api.deleteItem(id, item.id);
                          await reload();
                          return `Deleted ${itemName(item)}.`;
                        })
                      }
                    />
                  </div>
                  {editing === item.id && (
                    <ItemEditor
                      item={item}
                      busy={actions.busy !== undefined}
                      onSave={(changes) =>
                        void run('Saving the item…', async () => {
                          await api.updateItem(id, { id: item.id, ...changes });
                          await reload();
                          setEditing(undefined);
                          return `Saved ${changes.title || itemName(item)}.`;
                        })
                      }
                    />
                  )}
                </li>
              ))}
            </ol>
            {items.length === 0 && <p className="empty">No items yet: upload some.</p>}
            <Pager
              label="Items"
              offset={itemOffset}
              count={items.length}
              total={gallery.totalItems}
              pageSize={GALLERY_ITEMS_PAGE_SIZE}
              onOffset={setItemOffset}
            />
          </section>
        </>
      )}
    </>
  );
}
