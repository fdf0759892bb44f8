import type { Gallery, GalleryItem } from '@atrium/contract/types';
import { useState } from 'react';
import { type ChangeActions, type Column, ConfirmButton, PagedTable } from '../../kit/index.js';
import { galleryApi as api, GALLERIES_KEY } from './gallery-api.js';
import { ItemEditor, ItemSummary, itemName } from './gallery-item.js';
import { reorder } from './order.js';

/** A page of a gallery's items, by sort order: each row can be dragged onto another, moved, edited, deleted. */
export function GalleryItems({
  gallery,
  actions,
  paging,
}: {
  gallery: Gallery;
  actions: ChangeActions;
  paging: { offset: number; pageSize: number; total: number; onOffset: (offset: number) => void };
}) {
  const [editing, setEditing] = useState<string>();
  const [dragged, setDragged] = useState<number>();
  const busy = actions.busy !== undefined;
  const items = gallery.items ?? [];
  const indexOf = (item: GalleryItem) => items.findIndex((entry) => entry.id === item.id);
  const change = (progress: string, work: () => Promise<unknown>, done: string | (() => string)) =>
    void actions.change(progress, work, [GALLERIES_KEY], done);

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
                change(
                  'Saving the item…',
                  () => api.updateItem(gallery.id, { id: item.id, ...changes }),
                  () => {
                    setEditing(undefined);
                    return `Saved ${changes.title || itemName(item)}.`;
                  },
                )
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
