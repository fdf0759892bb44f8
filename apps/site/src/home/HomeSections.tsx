import { galleryMediaUrls, useGallery, useGalleryList } from '@atrium/react';
import { createMedia } from '@atrium/sdk/media';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { blogQueries, useBlog, useTaxonomy } from '../blog/api';
import { PostGrid } from '../blog/PostCard';
import { readSiteConfig } from '../config';
import '../blog/blog.css';

// The home page's live sections, loaded after the page itself (they bring `@atrium/sdk/blog` and the
// gallery's data hooks, which the rest of the first load does not need).

/** The home page's latest posts (the server prefetches as many: src/ssr/loaders.ts). */
export const LATEST = 3;

const focalPointOf = (point: { x?: number | null; y?: number | null } | null | undefined) =>
  point && typeof point.x === 'number' && typeof point.y === 'number'
    ? { focalPoint: { x: point.x, y: point.y } }
    : {};
const STRIP = 6;

/** The newest posts of the blog, as cards with their covers. */
export function LatestPosts() {
  const blog = useBlog();
  const taxonomy = useTaxonomy();
  const latest = useQuery(blogQueries.latest(blog, LATEST));
  return (
    <section aria-labelledby="home-latest" className="home-section">
      <div className="home-section-head">
        <h2 id="home-latest">Latest from the blog</h2>
        <Link to="/blog">All posts →</Link>
      </div>
      {latest.error && <p role="alert">Could not load the posts: {latest.error.message}</p>}
      {latest.isLoading && <p role="status">Loading posts…</p>}
      <PostGrid posts={latest.data ?? []} categoriesById={taxonomy.categoriesById} className="home-posts" />
    </section>
  );
}

/** A strip of the demo gallery's first pictures, each opening the gallery. */
export function GalleryStrip() {
  const list = useGalleryList({ limit: 10 });
  const demo = list.galleries.find((gallery) => gallery.name === 'Demo gallery') ?? list.galleries[0];
  const gallery = useGallery(demo?._id ?? '', { itemLimit: 12, enabled: !!demo?._id });
  const media = useMemo(
    () => galleryMediaUrls(createMedia({ platformUrl: readSiteConfig().platformUrl })),
    [],
  );
  const pictures = gallery.items.filter((item) => item.image?.imageInfo).slice(0, STRIP);
  const error = list.error ?? gallery.error;
  return (
    <section aria-labelledby="home-gallery" className="home-section">
      <div className="home-section-head">
        <h2 id="home-gallery">From the gallery</h2>
        <Link to="/gallery">Open the gallery →</Link>
      </div>
      {error && <p role="alert">Could not load the gallery: {error.message}</p>}
      {(list.isLoading || gallery.isLoading) && <p role="status">Loading pictures…</p>}
      <ul className="home-strip">
        {pictures.map((item) => (
          <li key={item._id ?? item.title}>
            <Link to="/gallery" className="home-strip-item">
              <img
                src={media.imageUrl(item.image?.imageInfo ?? '', {
                  width: 320,
                  height: 240,
                  mode: 'fill',
                  ...focalPointOf(item.image?.focalPoint),
                })}
                alt=""
                width={320}
                height={240}
                loading="lazy"
              />
              <span>{item.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function HomeSections() {
  return (
    <>
      <LatestPosts />
      <GalleryStrip />
    </>
  );
}
