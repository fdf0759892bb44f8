import { Gallery, type GalleryLayout, galleryMediaUrls, useGallery, useGalleryList } from '@atrium/react';
import { createMedia } from '@atrium/sdk/media';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { readSiteConfig } from '../config';
import { PageSection } from '../head';
import './gallery.css';

/** The layouts a visitor can pick; the component maps the spec's other six onto these. */
const LAYOUTS: readonly { value: GalleryLayout; label: string }[] = [
  { value: 'GRID', label: 'Grid' },
  { value: 'MASONRY', label: 'Masonry' },
  { value: 'SLIDER', label: 'Slider' },
  { value: 'SLIDESHOW', label: 'Slideshow' },
];
const DEMO = 'Demo gallery';

/**
 * /gallery: the seeded galleries. `?gallery=<id>` picks one (the demo gallery by default),
 * `?layout=` the layout; both are in the URL so a view can be shared or reloaded.
 */
export function GalleryPage() {
  const [params, setParams] = useSearchParams();
  const list = useGalleryList({ limit: 10 });
  const chosenId = params.get('gallery');
  const demo = list.galleries.find((gallery) => gallery.name === DEMO);
  const galleryId = chosenId ?? demo?._id ?? list.galleries[0]?._id;
  const urlLayout = LAYOUTS.find((option) => option.value === params.get('layout'))?.value ?? 'GRID';
  // The radio shows the choice at once; the URL follows (a navigation, rendered in a transition)
  // and leads again on back/forward.
  const [layout, setLayoutNow] = useState(urlLayout);
  useEffect(() => setLayoutNow(urlLayout), [urlLayout]);
  // Media URLs on the platform the site talks to (its media store serves the resized images).
  const media = useMemo(
    () => galleryMediaUrls(createMedia({ platformUrl: readSiteConfig().platformUrl })),
    [],
  );

  const setLayout = (value: GalleryLayout) => {
    setLayoutNow(value);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('layout', value);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <PageSection
      id="gallery-heading"
      className="gallery-page"
      title="Gallery"
      description="Pictures and videos from the Atrium demo gallery, in a grid, masonry, a slider or a slideshow."
    >
      <p className="lede">
        Pictures drawn by the platform’s demo seed, a text and two videos: choose a layout, then open any item
        to see it large.
      </p>
      {list.error && <p role="alert">Could not load the galleries: {list.error.message}</p>}
      {list.isLoading && <p role="status">Loading galleries…</p>}
      {list.galleries.length > 0 && (
        <nav aria-label="Galleries" className="gallery-picker">
          {list.galleries.map((gallery) => (
            <Link
              key={gallery._id}
              to={`?gallery=${encodeURIComponent(gallery._id ?? '')}&layout=${layout}`}
              aria-current={gallery._id === galleryId ? 'page' : undefined}
            >
              {gallery.name} ({gallery.totalItems ?? 0} items)
            </Link>
          ))}
        </nav>
      )}
      <fieldset className="gallery-layouts">
        <legend>Layout</legend>
        {LAYOUTS.map((option) => (
          <label key={option.value}>
            <input
              type="radio"
              name="layout"
              value={option.value}
              checked={layout === option.value}
              onChange={() => setLayout(option.value)}
            />
            {option.label}
          </label>
        ))}
      </fieldset>
      {galleryId && <GallerySection galleryId={galleryId} layout={layout} media={media} />}
      {!list.isLoading && !list.error && !galleryId && <p>There are no galleries yet.</p>}
    </PageSection>
  );
}

function GallerySection({
  galleryId,
  layout,
  media,
}: {
  galleryId: string;
  layout: GalleryLayout;
  media: ReturnType<typeof galleryMediaUrls>;
}) {
  // The big gallery loads 100 items per request (the platform's cap), the first with the gallery.
  const state = useGallery(galleryId, { itemLimit: 100 });
  if (state.error) return <p role="alert">Could not load the gallery: {state.error.message}</p>;
  if (state.isLoading || !state.gallery) return <p role="status">Loading the gallery…</p>;
  const name = state.gallery.name || 'Gallery';
  return (
    <div className="gallery-section" data-testid="gallery">
      <h2>{name}</h2>
      <Gallery
        items={state.items}
        layout={layout}
        label={name}
        imageUrl={media.imageUrl}
        videoUrl={media.videoUrl}
        totalItems={state.totalItems}
        hasMore={state.hasMore}
        onLoadMore={state.loadMore}
        loadingMore={state.isLoadingMore}
      />
    </div>
  );
}
