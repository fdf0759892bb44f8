import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { perFile } from '../../test/support/per-file.js';
import { type Body, GALLERIES, startGalleryKit } from '../services/gallery/test-kit.js';
import {
  BIG_GALLERY_SIZE,
  DEMO_GALLERY_NAMES,
  DEMO_IMAGE_COUNT,
  demoPicture,
  externalVideoPoster,
} from './demo-gallery.js';

// The demo seed draws its pictures and writes 1000 items: slower than other starts when files run in parallel.
const kit = perFile(() => startGalleryKit({ seed: 'demo' }), 60_000);

describe('the demo galleries', () => {
  it('show visitors the demo gallery and the big one, not the draft', async () => {
    const { body } = await kit.call('GET', `${GALLERIES}?itemLimit=1`, undefined, 'visitor');
    expect(body.galleries.map((g: Body) => [g.name, g.totalItems])).toEqual([
      [DEMO_GALLERY_NAMES.demo, DEMO_IMAGE_COUNT + 3],
      [DEMO_GALLERY_NAMES.big, BIG_GALLERY_SIZE],
    ]);
    const owner = await kit.call('GET', GALLERIES);
    const draft = owner.body.galleries.find((g: Body) => g.name === DEMO_GALLERY_NAMES.draft);
    expect(draft).toMatchObject({ state: 'SAVED', totalItems: 3 });
    expect((await kit.call('GET', `${GALLERIES}/${draft.id}`, undefined, 'visitor')).status).toBe(404);
  });

  it('hold generated images of varied shapes with focal points, links, a text and a video item', async () => {
    const { body } = await kit.call('GET', GALLERIES, undefined, 'visitor');
    const demo = body.galleries.find((g: Body) => g.name === DEMO_GALLERY_NAMES.demo);
    const { items } = (await kit.call('GET', `${GALLERIES}/${demo.id}?itemLimit=100`, undefined, 'visitor'))
      .body.gallery;
    const images = items.filter((item: Body) => item.type === 'IMAGE');
    expect(images).toHaveLength(DEMO_IMAGE_COUNT);
    const shapes = new Set(
      images.map((item: Body) => (item.image.imageInfo.width / item.image.imageInfo.height).toFixed(2)),
    );
    expect(shapes.size).toBeGreaterThanOrEqual(6);
    expect(new Set(images.map((item: Body) => item.image.imageInfo.id)).size).toBe(DEMO_IMAGE_COUNT);
    for (const item of images) {
      expect(item.image.type).toBe('WIX_MEDIA');
      expect(item.image.focalPoint.x).toBeGreaterThan(0);
    }
    const rels = images.flatMap((item: Body) => item.link?.rel ?? []);
    expect(new Set(rels)).toEqual(new Set(['nofollow', 'noopener', 'noreferrer', 'sponsored']));
    expect(images.some((item: Body) => item.link?.type === 'INTERNAL')).toBe(true);
    expect(items.filter((item: Body) => item.type === 'TEXT')).toHaveLength(1);
    const videos = items.filter((item: Body) => item.type === 'VIDEO');
    expect(videos.map((item: Body) => item.video.type).sort()).toEqual(['WIX_MEDIA', 'YOUTUBE']);
    // The stored video is a real MP4 of the size it says, served as video/mp4, with a drawn poster.
    const stored = videos.find((item: Body) => item.video.type === 'WIX_MEDIA').video.videoInfo;
    expect([stored.width, stored.height]).toEqual([320, 180]);
    expect(stored.posters[0]).toMatchObject({ width: 320, height: 180 });
    const movie = await fetch(stored.url);
    expect([movie.status, movie.headers.get('content-type')]).toEqual([200, 'video/mp4']);
    expect(
      Buffer.from(await movie.arrayBuffer())
        .subarray(4, 8)
        .toString('latin1'),
    ).toBe('ftyp');
    // Captions are words for people: no sizes, formats or focal points.
    for (const item of images) expect(item.description).toMatch(/^[A-Z][^×]+\.$/);
    expect(images.some((item: Body) => /subject at|JPEG|PNG|WEBP/.test(item.description))).toBe(false);
    // The external video has a 16:9 poster of its own, not one of the pictures.
    const external = videos.find((item: Body) => item.video.type === 'YOUTUBE');
    const poster = external.secondaryMedia.image.imageInfo;
    expect([poster.width, poster.height]).toEqual([1280, 720]);
    expect(images.some((item: Body) => item.image.imageInfo.id === poster.id)).toBe(false);
    // The files are real images of the size the items say.
    const first = images[0].image.imageInfo;
    const served = await fetch(first.url);
    const metadata = await sharp(new Uint8Array(await served.arrayBuffer())).metadata();
    expect([metadata.width, metadata.height]).toEqual([first.width, first.height]);
  });

  it('draw pictures without text (the captions name them)', () => {
    const image = {
      title: 'Harbor at dusk',
      width: 960,
      height: 640,
      subject: { x: 0.2, y: 0.3 },
      format: 'jpeg',
    } as const;
    expect(demoPicture(image, 0)).not.toMatch(/<text|Harbor/);
    expect(externalVideoPoster()).not.toMatch(/<text/);
  });

  it('page the big gallery 100 items at a time', async () => {
    const { body } = await kit.call('GET', GALLERIES, undefined, 'visitor');
    const big = body.galleries.find((g: Body) => g.name === DEMO_GALLERY_NAMES.big);
    const last = await kit.call(
      'GET',
      `${GALLERIES}/${big.id}/items?itemOffset=${BIG_GALLERY_SIZE - 100}&itemLimit=100`,
    );
    expect(last.body.items).toHaveLength(100);
    expect(last.body.items.at(-1).title).toBe(`Item ${BIG_GALLERY_SIZE}`);
  });
});
