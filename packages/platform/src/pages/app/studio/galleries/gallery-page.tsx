import type { GalleryState } from '@atrium/contract/types';
import { ConsoleLink, navigate } from '../../console-router.js';
import {
  ActionMessages,
  type ActionState,
  ConfirmButton,
  useChanges,
  useConsoleQuery,
  useInvalidate,
  usePaging,
} from '../../kit/index.js';
import { MediaUpload } from '../media/media-upload.js';
import { galleryApi as api, GALLERIES_KEY, GALLERY_ITEMS_PAGE_SIZE } from './gallery-api.js';
import { GalleryForm, STATE_WORDS } from './gallery-form.js';
import { GalleryItems } from './gallery-items.js';

/** `/galleries/<id>`: a gallery's settings, uploads into it, and its items. */
export function GalleryPage({ id }: { id: string }) {
  const paging = usePaging(GALLERY_ITEMS_PAGE_SIZE);
  const { data: gallery, failure } = useConsoleQuery([GALLERIES_KEY, id, paging.offset], () =>
    api.getGallery(id, paging.offset),
  );
  const actions = useChanges();

  const saveGallery = ({ name, state }: { name: string; state: GalleryState }) =>
    void actions.change(
      'Saving the gallery…',
      () => api.updateGallery(id, { name, state }),
      [GALLERIES_KEY],
      `Saved the gallery (${STATE_WORDS[state]}).`,
    );

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
              void actions.change(
                'Deleting the gallery…',
                () => api.deleteGallery(id),
                [GALLERIES_KEY],
                () => {
                  navigate('/galleries');
                  return 'Deleted the gallery.';
                },
              )
            }
          />
        )}
      </div>
      <ActionMessages actions={actions} failure={failure} />
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
