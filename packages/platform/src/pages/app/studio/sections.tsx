import { lazy, Suspense } from 'react';
import './studio.css';

/**
 * The studio's console sections (data collections, galleries, media library): their paths for the
 * shell's SECTIONS, and each one's code loaded only when opened.
 */
export const STUDIO_SECTIONS = [
  { path: '/collections', label: 'Data', section: 'cms' },
  { path: '/galleries', label: 'Galleries', section: 'galleries' },
  { path: '/media', label: 'Media', section: 'media' },
] as const;

type StudioPath = (typeof STUDIO_SECTIONS)[number]['path'];

const DataSection = lazy(() =>
  import('./data/data-section.js').then((module) => ({ default: module.DataSection })),
);
const GalleriesSection = lazy(() =>
  import('./galleries/galleries-section.js').then((module) => ({ default: module.GalleriesSection })),
);
const MediaSection = lazy(() =>
  import('./media/media-section.js').then((module) => ({ default: module.MediaSection })),
);

export const isStudioSection = (path: string): path is StudioPath =>
  STUDIO_SECTIONS.some((section) => section.path === path);

export function StudioSection({ section, path }: { section: StudioPath; path: string }) {
  const label = STUDIO_SECTIONS.find((entry) => entry.path === section)?.label ?? '';
  return (
    <Suspense fallback={<p aria-busy="true">Loading {label.toLowerCase()}…</p>}>
      {section === '/collections' && <DataSection path={path} />}
      {section === '/galleries' && <GalleriesSection path={path} />}
      {section === '/media' && <MediaSection />}
    </Suspense>
  );
}
