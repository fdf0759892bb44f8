import type { GalleryState, ListGalleriesResponse } from '@atrium/contract/types';
import { ConsoleLink, navigate } from '../../console-router.js';
import {
  ActionMessages,
  type Column,
  PagedTable,
  rowsOf,
  useChanges,
  useConsoleQuery,
  usePaging,
} from '../../kit/index.js';
import { galleryApi as api, GALLERIES_KEY, GALLERIES_PAGE_SIZE } from './gallery-api.js';
import { GalleryForm, STATE_WORDS } from './gallery-form.js';
import { GalleryPage } from './gallery-page.js';
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
  const actions = useChanges();

  const create = ({ name, state }: { name: string; state: GalleryState }) =>
    void actions.change(
      'Creating the gallery…',
      () => api.createGallery(name, state),
      [GALLERIES_KEY],
      (gallery) => {
        navigate(`/galleries/${encodeURIComponent(gallery.id)}`);
        return `Created the gallery ${gallery.name ?? ''}.`;
      },
    );

  return (
    <>
      <div className="section-head">
        <h1>Galleries</h1>
      </div>
      <ActionMessages actions={actions} />
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
