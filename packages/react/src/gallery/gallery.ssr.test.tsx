// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Gallery } from './gallery.js';
import { GALLERY_LAYOUTS } from './layout.js';
import type { GalleryItemData } from './types.js';

const items: GalleryItemData[] = Array.from({ length: 30 }, (_, index) => ({
  _id: `item-${index}`,
  type: 'IMAGE',
  title: `Photo ${index + 1}`,
  image: { imageInfo: `wix:image://v1/img-${index}.jpg/p.jpg#originWidth=800&originHeight=600` },
}));

describe('server rendering', () => {
  it.each(GALLERY_LAYOUTS)(
    'renders %s without a window: the first tiles, sized, with their images',
    (layout) => {
      expect(typeof window).toBe('undefined');
      const html = renderToString(<Gallery items={items} layout={layout} />);
      expect(html).toContain('data-gallery-index="0"');
      expect(html).toMatch(/<img [^>]*srcSet="[^"]*img-0\.jpg/);
      // Windowed: not every item is rendered.
      if (layout !== 'SLIDESHOW' && layout !== 'THUMBNAIL')
        expect(html).not.toContain('data-gallery-index="29"');
    },
  );
});
