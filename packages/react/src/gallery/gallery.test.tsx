import { createMedia } from '@atrium/sdk/media';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { galleryMediaUrls } from './default-media.js';
import { Gallery } from './gallery.js';
import { GALLERY_LAYOUTS, galleryLayoutPlan, LAYOUT_PLANS } from './layout.js';
import { type ImageRequest, objectPosition, parseImage, parseVideo, responsiveImage } from './media.js';
import type { GalleryItemData } from './types.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** A resolver that writes the request into the URL, so tests can read what was asked for. */
const imageUrl = (source: string, request: ImageRequest) => {
  const parsed = parseImage(source);
  if (!parsed?.id) return source;
  const fp = request.focalPoint ? `&fp=${request.focalPoint.x},${request.focalPoint.y}` : '';
  return `https://media.test/${parsed.id}?mode=${request.mode}&w=${request.width}&h=${request.height}${fp}`;
};
const videoUrl = (source: string) => `https://media.test/video/${parseVideo(source)?.id}`;

const image = (n: number, width = 1200, height = 800): GalleryItemData => ({
  _id: `item-${n}`,
  type: 'IMAGE',
  sortOrder: n,
  title: `Photo ${n}`,
  description: `Description of photo ${n}`,
  image: {
    imageInfo: `wix:image://v1/img-${n}.jpg/photo-${n}.jpg#originWidth=${width}&originHeight=${height}`,
    focalPoint: { x: 0.25, y: 0.75 },
  },
});
const images = (count: number) =>
  Array.from({ length: count }, (_, index) => image(index + 1, 1200, 600 + (index % 4) * 200));

const tiles = (container: HTMLElement) => container.querySelectorAll('[data-gallery-index]');
const tileIndexes = (container: HTMLElement) =>
  Array.from(tiles(container), (tile) => Number(tile.getAttribute('data-gallery-index')));
const openButton = (name: string | RegExp) => screen.getByRole('button', { name });
const dialog = () => screen.getByRole('dialog');
const key = (target: Element, key: string, init: KeyboardEventInit = {}) =>
  fireEvent.keyDown(target, { key, ...init });

describe('layouts', () => {
  it('maps every spec layout to a view: the four main ones as such, the rest to the nearest', () => {
    expect(GALLERY_LAYOUTS).toHaveLength(10);
    const views = Object.fromEntries(
      GALLERY_LAYOUTS.map((layout) => [layout, galleryLayoutPlan(layout).view]),
    );
    expect(views).toEqual({
      GRID: 'grid',
      MASONRY: 'masonry',
      SLIDER: 'slider',
      SLIDESHOW: 'slideshow',
      THUMBNAIL: 'slideshow',
      COLLAGE: 'masonry',
      MAGIC: 'masonry',
      PANORAMA: 'column',
      FULLSIZE: 'column',
      COLUMN: 'column',
    });
    expect(LAYOUT_PLANS.THUMBNAIL.thumbnails).toBe(true);
    expect(galleryLayoutPlan('NO_SUCH_LAYOUT')).toBe(LAYOUT_PLANS.GRID);
    expect(galleryLayoutPlan(undefined)).toBe(LAYOUT_PLANS.GRID);
  });

  it.each([
    ['GRID', '.atrium-gallery-grid'],
    ['MASONRY', '.atrium-gallery-masonry'],
    ['COLLAGE', '.atrium-gallery-masonry'],
    ['SLIDER', '.atrium-gallery-slider'],
    ['SLIDESHOW', '.atrium-gallery-slideshow'],
    ['PANORAMA', '.atrium-gallery-column'],
  ])('%s draws with %s', (layout, selector) => {
    const { container } = render(<Gallery items={images(6)} layout={layout} imageUrl={imageUrl} />);
    expect(container.querySelector(selector)).not.toBeNull();
    expect(screen.getByRole('region', { name: 'Gallery' }).getAttribute('data-layout')).toBe(layout);
  });

  it('THUMBNAIL is a slideshow with a thumbnail strip that selects slides', () => {
    const { container } = render(<Gallery items={images(5)} layout="THUMBNAIL" imageUrl={imageUrl} />);
    expect(container.querySelectorAll('.atrium-gallery-thumbnail')).toHaveLength(5);
    fireEvent.click(screen.getByRole('button', { name: 'Slide 3: Photo 3' }));
    expect(tileIndexes(container)).toEqual([2]);
    expect(screen.getByRole('button', { name: 'Slide 3: Photo 3' }).getAttribute('aria-current')).toBe(
      'true',
    );
  });

  it('MASONRY sizes each tile from the aspect ratio in its URI, in the shortest column', () => {
    const items = [image(1, 1000, 500), image(2, 1000, 1500), image(3, 1000, 1000), image(4, 1000, 500)];
    const { container } = render(
      <Gallery items={items} layout="MASONRY" imageUrl={imageUrl} itemSize={300} gap={10} />,
    );
    // 960 px wide (no layout in the test DOM): three columns of 313.33 px.
    const boxes = Array.from(tiles(container), (tile) => {
      const { left, top, width, height } = (tile as HTMLElement).style;
      return [left, top, width, height].map((value) => Math.round(Number.parseFloat(value)));
    });
    expect(boxes).toEqual([
      [0, 0, 313, 157],
      [323, 0, 313, 470],
      [647, 0, 313, 313],
      // The fourth goes under the first, the shortest column.
      [0, 167, 313, 157],
    ]);
    const img = tiles(container)[1]!.querySelector('img')!;
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['313', '470']);
  });
});

describe('images', () => {
  it('reads the size and id from a wix:image URI, and external URLs as such', () => {
    expect(parseImage('wix:image://v1/abc_123.jpg/my%20pic.jpg#originWidth=800&originHeight=600')).toEqual({
      id: 'abc_123.jpg',
      filename: 'my pic.jpg',
      width: 800,
      height: 600,
    });
    expect(parseImage('image://v1/abc.png#originWidth=10&originHeight=20')).toMatchObject({
      id: 'abc.png',
      width: 10,
    });
    expect(parseImage('https://example.com/a.jpg')).toEqual({
      url: 'https://example.com/a.jpg',
      width: 0,
      height: 0,
    });
    expect(parseImage('javascript:alert(1)')).toBeNull();
    expect(
      parseVideo('wix:video://v1/vid.mp4/clip.mp4#posterUri=poster.jpg&posterWidth=640&posterHeight=360'),
    ).toEqual({
      kind: 'WIX_MEDIA',
      id: 'vid.mp4',
      filename: 'clip.mp4',
      poster: 'wix:image://v1/poster.jpg#originWidth=640&originHeight=360',
      posterWidth: 640,
      posterHeight: 360,
    });
    expect(parseVideo('https://youtu.be/abc')?.kind).toBe('YOUTUBE');
    expect(parseVideo('https://player.vimeo.com/video/1')?.kind).toBe('VIMEO');
  });

  it('builds URLs with @atrium/sdk/media: focal-point fills and fits on the platform, external URLs as they are', () => {
    const urls = galleryMediaUrls(createMedia({ platformUrl: 'http://platform.test' }));
    const source = 'wix:image://v1/abc.jpg/my%20pic.jpg#originWidth=800&originHeight=600';
    expect(
      urls.imageUrl(source, { width: 300, height: 200, mode: 'fill', focalPoint: { x: 0.25, y: 0.8 } }),
    ).toBe('http://platform.test/media/abc.jpg/v1/fill/w_300,h_200,fp_0.25_0.80,q_80,enc_auto/my%20pic.jpg');
    expect(urls.imageUrl(source, { width: 300, height: 225, mode: 'fit' })).toBe(
      'http://platform.test/media/abc.jpg/v1/fit/w_300,h_225,q_80,enc_auto/my%20pic.jpg',
    );
    expect(urls.imageUrl('https://example.com/a.jpg', { width: 300, height: 200, mode: 'fill' })).toBe(
      'https://example.com/a.jpg',
    );
    expect(urls.videoUrl('wix:video://v1/v.mp4/clip.mp4')).toBe('http://platform.test/media/v.mp4');
    // Without resolvers, a gallery uses the hosted media host.
    const { container } = render(<Gallery items={[image(1)]} />);
    expect(container.querySelector('img')?.getAttribute('src')).toMatch(
      /^https:\/\/static\.wixstatic\.com\/media\/img-1\.jpg\/v1\/fill\/.*fp_0\.25_0\.75/,
    );
  });

  it('turns the focal point into object-position, the centre by default', () => {
    expect(objectPosition({ x: 0.25, y: 0.75 })).toBe('25% 75%');
    expect(objectPosition(undefined)).toBe('50% 50%');
    expect(objectPosition({ x: 2, y: -1 })).toBe('100% 0%');
  });

  it('asks for focal-point crops at a few widths, never above the original', () => {
    const source = 'wix:image://v1/a.jpg/a.jpg#originWidth=1000&originHeight=800';
    const result = responsiveImage(source, imageUrl, {
      displayWidth: 300,
      boxAspect: 1,
      focalPoint: { x: 0.2, y: 0.9 },
    })!;
    expect(result.width).toBe(300);
    expect(result.height).toBe(300);
    expect(result.sizes).toBe('300px');
    expect(result.objectPosition).toBe('20% 90%');
    expect(result.src).toBe('https://media.test/a.jpg?mode=fill&w=320&h=320&fp=0.2,0.9');
    expect(result.srcSet).toBe(
      [160, 240, 320, 480, 600]
        .map((w) => `https://media.test/a.jpg?mode=fill&w=${w}&h=${w}&fp=0.2,0.9 ${w}w`)
        .join(', '),
    );
    // A small original is never upscaled.
    const small = responsiveImage('wix:image://v1/s.jpg/s.jpg#originWidth=200&originHeight=100', imageUrl, {
      displayWidth: 600,
    })!;
    expect(small.srcSet).toBeUndefined();
    expect(small.src).toBe('https://media.test/s.jpg?mode=fit&w=200&h=100');
    expect([small.width, small.height]).toEqual([600, 300]);
  });

  it('renders tiles as lazy, async-decoded images with srcset, sizes, a box and the focal point', () => {
    const { container } = render(<Gallery items={images(2)} imageUrl={imageUrl} itemSize={300} />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('decoding')).toBe('async');
    expect(img.getAttribute('src')).toContain('mode=fill');
    expect(img.getAttribute('src')).toContain('fp=0.25,0.75');
    expect(img.getAttribute('srcset')?.split(', ').length).toBeGreaterThan(1);
    expect(img.getAttribute('sizes')).toMatch(/^\d+px$/);
    expect(Number(img.getAttribute('width'))).toBeGreaterThan(0);
    expect(img.getAttribute('width')).toBe(img.getAttribute('height'));
    expect(img.style.objectPosition).toBe('25% 75%');
  });
});

describe('lightbox', () => {
  it('opens on an item as a labelled modal dialog and moves with the keyboard', () => {
    render(<Gallery items={images(5)} imageUrl={imageUrl} />);
    fireEvent.click(openButton('Photo 2'));
    const box = dialog();
    expect(box.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(box.getAttribute('aria-labelledby')!)?.textContent).toBe('Photo 2');
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Description of photo 2',
    );
    expect(document.activeElement).toBe(box);
    expect(within(box).getByText('2 of 5')).toBeTruthy();
    // The whole image, fitted (no crop), described by the item.
    const img = within(box).getByRole('img');
    expect(img.getAttribute('src')).toContain('mode=fit');
    expect(img.getAttribute('alt')).toBe('Description of photo 2');

    key(box, 'ArrowRight');
    expect(within(dialog()).getByRole('heading').textContent).toBe('Photo 3');
    expect(within(dialog()).getByText('3 of 5')).toBeTruthy();
    key(dialog(), 'ArrowLeft');
    key(dialog(), 'ArrowLeft');
    expect(within(dialog()).getByText('1 of 5')).toBeTruthy();
    key(dialog(), 'ArrowLeft');
    expect(within(dialog()).getByText('1 of 5')).toBeTruthy();
    key(dialog(), 'End');
    expect(within(dialog()).getByRole('heading').textContent).toBe('Photo 5');
    key(dialog(), 'ArrowRight');
    expect(within(dialog()).getByText('5 of 5')).toBeTruthy();
    key(dialog(), 'Home');
    expect(within(dialog()).getByText('1 of 5')).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Next item' }));
    expect(within(dialog()).getByText('2 of 5')).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Previous item' }));
    expect(within(dialog()).getByText('1 of 5')).toBeTruthy();
    expect(
      within(dialog()).getByRole('button', { name: 'Previous item' }).getAttribute('aria-disabled'),
    ).toBe('true');
  });

  it('Escape closes and returns focus to the tile of the item shown last', async () => {
    const { container } = render(<Gallery items={images(5)} imageUrl={imageUrl} />);
    openButton('Photo 1').focus();
    fireEvent.click(openButton('Photo 1'));
    key(dialog(), 'ArrowRight');
    key(dialog(), 'ArrowRight');
    await act(async () => key(dialog(), 'Escape'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(container.querySelector('[data-gallery-index="2"] button'));

    fireEvent.click(openButton('Photo 4'));
    await act(async () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Close' })));
    expect(document.activeElement).toBe(openButton('Photo 4'));
  });

  it('traps focus: Tab and Shift+Tab cycle through its controls; the page behind is inert', () => {
    const items = [{ ...image(1), link: { url: 'https://example.com/', text: 'More' } }, image(2)];
    render(
      <>
        <button type="button">Outside</button>
        <Gallery items={items} imageUrl={imageUrl} />
      </>,
    );
    fireEvent.click(openButton('Photo 1'));
    const box = dialog();
    const controls = Array.from(box.querySelectorAll<HTMLElement>('a[href], button'));
    expect(controls.map((control) => control.getAttribute('aria-label') ?? control.textContent)).toEqual([
      'Close',
      'Previous item',
      'Next item',
      'More',
    ]);
    controls.at(-1)!.focus();
    key(document.activeElement!, 'Tab');
    expect(document.activeElement).toBe(controls[0]);
    key(document.activeElement!, 'Tab', { shiftKey: true });
    expect(document.activeElement).toBe(controls.at(-1));
    box.focus();
    key(box, 'Tab', { shiftKey: true });
    expect(document.activeElement).toBe(controls.at(-1));

    const outside = screen.getByText('Outside', { selector: 'button' });
    const root = outside.parentElement!;
    expect(root.inert).toBe(true);
    expect(root.getAttribute('aria-hidden')).toBe('true');
    key(dialog(), 'Escape');
    expect(root.inert).toBe(false);
    expect(root.hasAttribute('aria-hidden')).toBe(false);
  });

  it('preloads the neighbours of the item shown', () => {
    const created: string[] = [];
    const RealImage = window.Image;
    vi.stubGlobal(
      'Image',
      class extends RealImage {
        override set src(value: string) {
          created.push(value);
        }
      },
    );
    render(<Gallery items={images(5)} imageUrl={imageUrl} />);
    fireEvent.click(openButton('Photo 3'));
    expect(created.some((url) => url.includes('img-4.jpg') && url.includes('mode=fit'))).toBe(true);
    expect(created.some((url) => url.includes('img-2.jpg') && url.includes('mode=fit'))).toBe(true);
    vi.unstubAllGlobals();
  });

  it('moving past the last loaded item loads more, then moves', () => {
    const onLoadMore = vi.fn();
    const { rerender } = render(
      <Gallery items={images(3)} totalItems={6} hasMore onLoadMore={onLoadMore} imageUrl={imageUrl} />,
    );
    fireEvent.click(openButton('Photo 3'));
    expect(within(dialog()).getByText('3 of 6')).toBeTruthy();
    key(dialog(), 'ArrowRight');
    expect(onLoadMore).toHaveBeenCalled();
    rerender(
      <Gallery
        items={images(6)}
        totalItems={6}
        hasMore={false}
        onLoadMore={onLoadMore}
        imageUrl={imageUrl}
      />,
    );
    expect(within(dialog()).getByText('4 of 6')).toBeTruthy();
  });
});

describe('video, text and links', () => {
  const video: GalleryItemData = {
    _id: 'v',
    type: 'VIDEO',
    title: 'Clip',
    video: {
      type: 'WIX_MEDIA',
      videoInfo: 'wix:video://v1/vid.mp4/clip.mp4#posterUri=p.jpg&posterWidth=640&posterHeight=360',
    },
  };
  const youtube: GalleryItemData = {
    _id: 'y',
    type: 'VIDEO',
    title: 'Talk',
    video: { type: 'YOUTUBE', videoInfo: 'https://www.youtube.com/watch?v=abc' },
  };
  const text: GalleryItemData = {
    _id: 't',
    type: 'TEXT',
    title: 'Note',
    text: {
      html: '<p>Hello <b>there</b><img src=x onerror="alert(1)"><script>alert(2)</script> <a href="javascript:alert(3)">x</a></p>',
    },
  };

  it('a media-store video plays in the lightbox with controls, no preload and its poster; the tile shows the poster', () => {
    const { container } = render(<Gallery items={[video]} imageUrl={imageUrl} videoUrl={videoUrl} />);
    const poster = container.querySelector('.atrium-gallery-item img')!;
    expect(poster.getAttribute('src')).toContain('https://media.test/p.jpg?mode=fill');
    fireEvent.click(openButton('Clip (video)'));
    const element = dialog().querySelector('video')!;
    expect(element.hasAttribute('controls')).toBe(true);
    expect(element.getAttribute('preload')).toBe('none');
    expect(element.getAttribute('src')).toBe('https://media.test/video/vid.mp4');
    expect(element.getAttribute('poster')).toContain('https://media.test/p.jpg?mode=fit');
    // Sized to the stage (the window less the controls) with the video's 16:9, not the poster's pixels.
    const width = Number(element.getAttribute('width'));
    const height = Number(element.getAttribute('height'));
    expect(width).toBe(Math.min(window.innerWidth - 32, Math.round((window.innerHeight - 200) * (16 / 9))));
    expect(Math.abs(width / height - 16 / 9)).toBeLessThan(0.01);
  });

  it('a YouTube video is a link to watch it there (no third-party frame)', () => {
    render(<Gallery items={[youtube]} imageUrl={imageUrl} />);
    fireEvent.click(openButton('Talk (video)'));
    expect(dialog().querySelector('iframe')).toBeNull();
    const link = within(dialog()).getByRole('link', { name: 'Watch “Talk” on YouTube' });
    expect(link.getAttribute('href')).toBe('https://www.youtube.com/watch?v=abc');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('text items show sanitised HTML: no script, no event handlers, no javascript: links', () => {
    const { container } = render(<Gallery items={[text]} imageUrl={imageUrl} />);
    const tile = container.querySelector('.atrium-gallery-text')!;
    expect(tile.innerHTML).toBe('<p>Hello <b>there</b> <span>x</span></p>');
    fireEvent.click(openButton('Note'));
    const shown = dialog().querySelector('.atrium-gallery-text')!;
    expect(shown.innerHTML).toBe('<p>Hello <b>there</b> <a>x</a></p>');
    expect(document.querySelector('script, img[onerror]')).toBeNull();
  });

  it('links keep their rel values and target; unsafe URLs are not links', () => {
    const items: GalleryItemData[] = [
      {
        ...image(1),
        link: {
          url: 'https://example.com/a',
          text: 'Shop',
          rel: ['nofollow', 'sponsored'],
          target: '_blank',
        },
      },
      { ...image(2), link: { url: '/about', text: 'About' } },
      { ...image(3), link: { url: 'javascript:alert(1)', text: 'Bad' } },
    ];
    render(<Gallery items={items} imageUrl={imageUrl} />);
    const shop = screen.getByRole('link', { name: 'Shop' });
    expect(shop.getAttribute('rel')).toBe('nofollow sponsored noopener noreferrer');
    expect(shop.getAttribute('target')).toBe('_blank');
    const about = screen.getByRole('link', { name: 'About' });
    expect(about.getAttribute('href')).toBe('/about');
    expect(about.hasAttribute('rel')).toBe(false);
    expect(screen.queryByRole('link', { name: 'Bad' })).toBeNull();
  });
});

describe('slideshow', () => {
  it('shows one item at a time with prev/next, dots, the counter and arrow keys; no autoplay by default', () => {
    vi.useFakeTimers();
    const { container } = render(<Gallery items={images(4)} layout="SLIDESHOW" imageUrl={imageUrl} />);
    expect(tileIndexes(container)).toEqual([0]);
    expect(screen.getByText('1 of 4')).toBeTruthy();
    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByText('1 of 4')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(tileIndexes(container)).toEqual([1]);
    fireEvent.click(screen.getByRole('button', { name: 'Slide 4: Photo 4' }));
    expect(screen.getByText('4 of 4')).toBeTruthy();
    const region = container.querySelector('.atrium-gallery-slideshow')!;
    key(region, 'ArrowLeft');
    expect(screen.getByText('3 of 4')).toBeTruthy();
    key(region, 'Home');
    expect(screen.getByText('1 of 4')).toBeTruthy();
    expect(screen.getByRole('group', { name: '1 of 4' })).toBeTruthy();
    // The current slide's image loads at once and is not cropped.
    const img = container.querySelector('.atrium-gallery-item img') as HTMLImageElement;
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.style.objectFit).toBe('contain');
  });

  it('autoplays only when asked, with a pause button', () => {
    vi.useFakeTimers();
    render(<Gallery items={images(3)} layout="SLIDESHOW" autoplay={1000} imageUrl={imageUrl} />);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('2 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.getByText('2 of 3')).toBeTruthy();
  });
});

describe('a thousand items', () => {
  it.each(['GRID', 'MASONRY', 'SLIDER', 'COLUMN'])(
    '%s keeps the DOM bounded and scrolling reveals later items',
    (layout) => {
      const items = images(1000);
      const onLoadMore = vi.fn();
      const { container } = render(
        <Gallery
          items={items}
          layout={layout}
          hasMore
          totalItems={2000}
          onLoadMore={onLoadMore}
          imageUrl={imageUrl}
        />,
      );
      expect(tiles(container).length).toBeGreaterThan(1);
      expect(tiles(container).length).toBeLessThan(150);
      expect(tileIndexes(container)[0]).toBe(0);
      expect(onLoadMore).not.toHaveBeenCalled();

      // Scroll far down (or along the slider's strip).
      const scroller =
        layout === 'SLIDER'
          ? (container.querySelector('.atrium-gallery-strip') as HTMLElement)
          : (container.querySelector('[role="list"]') as HTMLElement);
      if (layout === 'SLIDER') {
        scroller.scrollLeft = 400 * 300;
        act(() => {
          fireEvent.scroll(scroller);
        });
      } else {
        vi.spyOn(scroller, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, -60_000, 960, 120_000));
        act(() => {
          fireEvent.scroll(window);
        });
      }
      return vi.waitFor(() => {
        const shown = tileIndexes(container);
        expect(shown[0]).toBeGreaterThan(50);
        expect(shown.length).toBeLessThan(150);
      });
    },
  );

  it('asks for more items when the window nears the end of those loaded', async () => {
    const onLoadMore = vi.fn();
    const { container } = render(
      <Gallery items={images(40)} totalItems={1000} hasMore onLoadMore={onLoadMore} imageUrl={imageUrl} />,
    );
    const list = container.querySelector('[role="list"]') as HTMLElement;
    expect(onLoadMore).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('Showing 40 of 1000');
    vi.spyOn(list, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, -3000, 960, 4000));
    fireEvent.scroll(window);
    await vi.waitFor(() => expect(onLoadMore).toHaveBeenCalled());
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(onLoadMore.mock.calls.length).toBeGreaterThan(1);
  });

  it('tiles are list items with their position in the whole gallery', () => {
    const { container } = render(<Gallery items={images(10)} totalItems={1000} imageUrl={imageUrl} />);
    const first = tiles(container)[0]!;
    expect(first.getAttribute('role')).toBe('listitem');
    expect(first.getAttribute('aria-posinset')).toBe('1');
    expect(first.getAttribute('aria-setsize')).toBe('1000');
  });
});
