import { beforeAll, describe, expect, it } from 'vitest';
import { perFile } from '../../../test/support/per-file.js';
import type { MediaFile } from '../../media/types.js';
import { type Body, GALLERIES, startGalleryKit } from './test-kit.js';

const kit = perFile(() => startGalleryKit(), 30_000);
let landscape: MediaFile;
let portrait: MediaFile;
let clip: MediaFile;
beforeAll(async () => {
  landscape = await kit.image(300, 200, 'landscape.png');
  portrait = await kit.image(200, 300, 'portrait.png');
  clip = await kit.video(640, 360);
}, 30_000);

/** An image's display settings and an item's link: the platform answers them as they were sent. */
const IMAGE_SETTINGS = {
  focalPoint: { x: 0.25, y: 0.75 },
  unsharpMasking: { amount: 1.5, radius: 2, threshold: 0.1 },
  quality: 90,
  exif: { Model: 'Demo' },
};
const LINK = {
  text: 'More',
  url: 'https://example.com/x',
  target: '_blank',
  rel: ['noopener', 'noreferrer'],
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const titles = (items: { title?: string }[]) => items.map((item) => item.title);

describe('a gallery with every kind of item', () => {
  let gallery: Body;
  beforeAll(async () => {
    gallery = await kit.createGallery({
      name: 'Everything',
      items: [
        {
          title: 'wix media image',
          description: 'with the size the client believed',
          image: {
            // The reference client sends the size from the URI; the platform answers the real one.
            imageInfo: {
              id: landscape.id,
              width: 800,
              height: 600,
              filename: 'pic.png',
              altText: 'pic.png',
              url: 'wix:image://v1/…',
            },
            ...IMAGE_SETTINGS,
          },
          link: LINK,
          tags: { values: ['a', 'b'] },
        },
        {
          title: 'external image',
          image: { imageInfo: { url: 'https://images.example/x.jpg', width: 10, height: 20 } },
        },
        {
          title: 'wix media video',
          video: {
            videoInfo: {
              id: clip.id,
              filename: 'clip.mp4',
              posters: [{ id: portrait.id, width: 1, height: 1 }],
            },
          },
        },
        { title: 'youtube', video: { videoInfo: { url: 'https://www.youtube.com/watch?v=abc' } } },
        {
          title: 'vimeo',
          video: { type: 'VIMEO', videoInfo: { url: 'https://vimeo.com/123' }, durationInMillis: 5000 },
        },
        {
          title: 'text',
          text: { html: '<p>Hi</p>', css: { color: 'red' } },
          secondaryMedia: { image: { imageInfo: { id: portrait.id } } },
          link: { url: '/books' },
        },
      ],
    });
  });

  it('has ids, dates, a sort order and its items in the order given', () => {
    expect(gallery).toMatchObject({ name: 'Everything', totalItems: 6, state: 'PUBLISHED' });
    expect(gallery.id).toMatch(UUID);
    expect(new Date(gallery.createdDate).toISOString()).toBe(gallery.createdDate);
    expect(typeof gallery.sortOrder).toBe('number');
    expect(titles(gallery.items)).toEqual([
      'wix media image',
      'external image',
      'wix media video',
      'youtube',
      'vimeo',
      'text',
    ]);
    const orders = gallery.items.map((item: { sortOrder: number }) => item.sortOrder);
    expect([...orders].sort((a, b) => b - a)).toEqual(orders);
    for (const item of gallery.items) {
      expect(item.id).toMatch(UUID);
      expect(item.createdDate).toBe(item.updatedDate);
    }
  });

  it('answers media-store images with their real size and URL, external ones as given', () => {
    const [media, external] = gallery.items;
    expect(media.type).toBe('IMAGE');
    expect(media.image).toEqual({
      type: 'WIX_MEDIA',
      imageInfo: {
        id: landscape.id,
        url: `${kit.platform.url}/media/${landscape.id}`,
        width: 300,
        height: 200,
        filename: 'pic.png',
        altText: 'pic.png',
      },
      ...IMAGE_SETTINGS,
    });
    expect(media.link).toEqual({ type: 'EXTERNAL', ...LINK });
    expect(media.tags).toEqual({ values: ['a', 'b'] });
    expect(external.image).toEqual({
      type: 'EXTERNAL',
      imageInfo: { url: 'https://images.example/x.jpg', width: 10, height: 20 },
      focalPoint: { x: 0.5, y: 0.5 },
    });
    expect(external.tags).toEqual({ values: [] });
  });

  it('answers videos with their type, size, posters and playable rendition', () => {
    const [, , media, youtube, vimeo] = gallery.items;
    const url = `${kit.platform.url}/media/${clip.id}`;
    expect(media).toMatchObject({ type: 'VIDEO' });
    expect(media.video).toEqual({
      type: 'WIX_MEDIA',
      videoInfo: {
        id: clip.id,
        url,
        filename: 'clip.mp4',
        width: 640,
        height: 360,
        posters: [
          {
            id: portrait.id,
            url: `${kit.platform.url}/media/${portrait.id}`,
            width: 200,
            height: 300,
            filename: 'portrait.png',
          },
        ],
        resolutions: [{ url, width: 640, height: 360, format: 'mp4', filename: 'clip.mp4' }],
      },
    });
    expect(youtube.video).toEqual({
      type: 'YOUTUBE',
      videoInfo: { url: 'https://www.youtube.com/watch?v=abc' },
    });
    expect(vimeo.video).toEqual({
      type: 'VIMEO',
      videoInfo: { url: 'https://vimeo.com/123' },
      durationInMillis: 5000,
    });
  });

  it('answers text items with their secondary media and internal links', () => {
    const text = gallery.items[5];
    expect(text).toMatchObject({ type: 'TEXT', text: { html: '<p>Hi</p>', css: { color: 'red' } } });
    expect(text.secondaryMedia.image.imageInfo).toMatchObject({ id: portrait.id, width: 200, height: 300 });
    expect(text.link).toEqual({ type: 'INTERNAL', url: '/books' });
  });

  it('reads back the same through every read call, visitors included', async () => {
    const got = await kit.call(
      'GET',
      `${GALLERIES}/${gallery.id}?galleryId=${gallery.id}`,
      undefined,
      'visitor',
    );
    expect(got.status).toBe(200);
    expect(got.body.gallery).toEqual(gallery);
    const items = await kit.call('GET', `${GALLERIES}/${gallery.id}/items`, undefined, 'anonymous');
    expect(items.body.items).toEqual(gallery.items);
    const item = await kit.call(
      'GET',
      `${GALLERIES}/${gallery.id}/items/${gallery.items[2].id}?galleryId=x&itemId=y`,
    );
    expect(item.body.item).toEqual(gallery.items[2]);
    for (const prefix of ['/pro-gallery', '/_api/pro-gallery-server']) {
      const alias = await kit.call('GET', `${prefix}/v2/galleries/${gallery.id}`, undefined, 'visitor');
      expect(alias.body.gallery).toEqual(gallery);
    }
  });
});

describe('paging', () => {
  let gallery: Body;
  beforeAll(async () => {
    gallery = await kit.createGallery({
      name: 'Paged',
      items: Array.from({ length: 120 }, (_, index) => ({
        title: `item ${index}`,
        text: { html: `<p>${index}</p>` },
      })),
    });
  });

  it('gives getGallery 50 items by default, itemOffset and itemLimit up to 100', async () => {
    expect(gallery.items).toHaveLength(50);
    expect(gallery.totalItems).toBe(120);
    const page = await kit.call(
      'GET',
      `${GALLERIES}/${gallery.id}?itemOffset=110&itemLimit=100`,
      undefined,
      'visitor',
    );
    expect(titles(page.body.gallery.items)).toEqual(Array.from({ length: 10 }, (_, i) => `item ${110 + i}`));
    const list = await kit.call('GET', `${GALLERIES}/${gallery.id}/items?itemOffset=5&itemLimit=3`);
    expect(titles(list.body.items)).toEqual(['item 5', 'item 6', 'item 7']);
    const all = await kit.call('GET', `${GALLERIES}/${gallery.id}/items?itemLimit=100`);
    expect(all.body.items).toHaveLength(100);
  });

  it('lists galleries by sort order, 10 by default, each with 10 items by default', async () => {
    const extra = [];
    for (let index = 0; index < 11; index += 1)
      extra.push(await kit.createGallery({ name: `extra ${index}`, sortOrder: -100 + index }));
    const first = await kit.call('GET', GALLERIES, undefined, 'visitor');
    expect(first.status).toBe(200);
    expect(first.body.galleries).toHaveLength(10);
    expect(first.body.galleries.map((g: { name: string }) => g.name)).toEqual(
      extra.slice(0, 10).map((g) => g.name),
    );
    const later = await kit.call('GET', `${GALLERIES}?itemLimit=2&offset=10&limit=10`, undefined, 'visitor');
    expect(later.body.totalGalleries).toBe(first.body.totalGalleries);
    const names = later.body.galleries.map((g: { name: string }) => g.name);
    expect(names.slice(0, 1)).toEqual(['extra 10']);
    const paged = later.body.galleries.find((g: { name: string }) => g.name === 'Paged');
    expect(titles(paged.items)).toEqual(['item 0', 'item 1']);
    expect(paged.totalItems).toBe(120);
  });
});

describe('drafts and permissions', () => {
  it('hides SAVED galleries from everyone but the API key', async () => {
    const draft = await kit.createGallery({
      name: 'Draft',
      state: 'SAVED',
      items: [{ text: { html: 'x' } }],
    });
    expect(draft.state).toBe('SAVED');
    for (const as of ['visitor', 'anonymous'] as const) {
      const answer = await kit.call('GET', `${GALLERIES}/${draft.id}`, undefined, as);
      expect(answer.status).toBe(404);
      expect(answer.body.details.applicationError.code).toBe('GALLERY_NOT_FOUND');
      expect((await kit.call('GET', `${GALLERIES}/${draft.id}/items`, undefined, as)).status).toBe(404);
      expect(
        (await kit.call('GET', `${GALLERIES}/${draft.id}/items/${draft.items[0].id}`, undefined, as)).status,
      ).toBe(404);
    }
    expect((await kit.call('GET', `${GALLERIES}/${draft.id}`)).body.gallery).toEqual(draft);
    const visible = async (as: 'key' | 'visitor') => {
      const { body } = await kit.call('GET', `${GALLERIES}?limit=10&offset=0`, undefined, as);
      let all = body.galleries;
      for (let offset = 10; offset < body.totalGalleries; offset += 10) {
        all = all.concat(
          (await kit.call('GET', `${GALLERIES}?offset=${offset}`, undefined, as)).body.galleries,
        );
      }
      return { total: body.totalGalleries, ids: all.map((g: { id: string }) => g.id) };
    };
    const byKey = await visible('key');
    const byVisitor = await visible('visitor');
    expect(byKey.ids).toContain(draft.id);
    expect(byVisitor.ids).not.toContain(draft.id);
    expect(byKey.total).toBe(byVisitor.total + 1);
    // Publishing it makes it readable.
    const published = await kit.call('PATCH', `${GALLERIES}/${draft.id}`, {
      gallery: { state: 'PUBLISHED' },
    });
    expect(published.body.gallery.state).toBe('PUBLISHED');
    expect((await kit.call('GET', `${GALLERIES}/${draft.id}`, undefined, 'visitor')).status).toBe(200);
  });

  it('refuses every write to visitors, anonymous callers and unknown keys', async () => {
    const gallery = await kit.createGallery({ name: 'Guarded', items: [{ text: { html: 'x' } }] });
    const item = gallery.items[0].id;
    const writes: [string, string, unknown?][] = [
      ['POST', GALLERIES, { gallery: { name: 'x' } }],
      ['PATCH', `${GALLERIES}/${gallery.id}`, { gallery: { name: 'x' } }],
      ['DELETE', `${GALLERIES}/${gallery.id}`],
      ['DELETE', `${GALLERIES}/${gallery.id}/items?itemsIds=${item}`],
      ['POST', `${GALLERIES}/${gallery.id}/items/delete`, { itemIds: [item] }],
      ['POST', `${GALLERIES}/${gallery.id}/items`, { item: { text: { html: 'y' } } }],
      ['PATCH', `${GALLERIES}/${gallery.id}/items/${item}`, { item: { title: 'y' } }],
      ['DELETE', `${GALLERIES}/${gallery.id}/items/${item}`],
    ];
    for (const [method, path, body] of writes) {
      for (const as of ['visitor', 'anonymous'] as const) {
        const answer = await kit.call(method, path, body, as);
        expect(answer.status, `${method} ${path} as ${as}`).toBe(403);
        expect(answer.body.details.applicationError.code).toBe('PERMISSION_DENIED');
      }
      expect((await kit.call(method, path, body, { authorization: 'wrong-key' })).status).toBe(401);
    }
    expect((await kit.call('GET', `${GALLERIES}/${gallery.id}`)).body.gallery).toEqual(gallery);
  });
});

describe('writes', () => {
  it('clones a gallery: new ids, same content and order, the name unless given', async () => {
    const source = await kit.createGallery({
      name: 'Source',
      items: [
        { title: 'one', image: { imageInfo: { id: landscape.id }, focalPoint: { x: 0.1, y: 0.2 } } },
        { title: 'two', text: { html: '2' } },
      ],
    });
    const clone = await kit.call('POST', GALLERIES, { cloneFromGalleryId: source.id });
    expect(clone.status).toBe(200);
    const copy = clone.body.gallery;
    expect(copy.name).toBe('Source');
    expect(copy.id).not.toBe(source.id);
    expect(titles(copy.items)).toEqual(['one', 'two']);
    const strip = ({
      id: _i,
      sortOrder: _s,
      createdDate: _c,
      updatedDate: _u,
      ...rest
    }: Record<string, unknown>) => rest;
    expect(copy.items.map(strip)).toEqual(source.items.map(strip));
    expect(copy.items.map((i: { id: string }) => i.id)).not.toContain(source.items[0].id);
    const named = await kit.call('POST', GALLERIES, {
      gallery: { name: 'Renamed', items: [{ title: 'three', text: { html: '3' } }] },
      cloneFromGalleryId: source.id,
    });
    expect(named.body.gallery).toMatchObject({ name: 'Renamed', totalItems: 3 });
    expect(titles(named.body.gallery.items)).toEqual(['one', 'two', 'three']);
  });

  it('updates the fields given, updating named items and adding the others', async () => {
    const gallery = await kit.createGallery({
      name: 'Before',
      items: [
        { title: 'kept', text: { html: 'k' } },
        { title: 'old', text: { html: 'o' } },
      ],
    });
    const [kept, old] = gallery.items;
    const answer = await kit.call('PATCH', `${GALLERIES}/${gallery.id}`, {
      gallery: {
        id: 'ignored',
        name: 'After',
        sortOrder: 12345.5,
        items: [
          { id: old.id, title: 'renamed' },
          { title: 'new', text: { html: 'n' } },
        ],
      },
    });
    expect(answer.status).toBe(200);
    const updated = answer.body.gallery;
    expect(updated).toMatchObject({
      id: gallery.id,
      name: 'After',
      sortOrder: 12345.5,
      totalItems: 3,
      createdDate: gallery.createdDate,
    });
    expect(titles(updated.items)).toEqual(['new', 'kept', 'renamed']);
    const renamed = updated.items[2];
    expect(renamed).toMatchObject({
      id: old.id,
      text: { html: 'o' },
      createdDate: old.createdDate,
      sortOrder: old.sortOrder,
    });
    expect(renamed.updatedDate > old.updatedDate).toBe(true);
    expect(updated.items[1]).toEqual(kept);
  });

  it('updates an item field by field: merged media, cleared fields, a new kind', async () => {
    const gallery = await kit.createGallery({
      items: [
        {
          title: 't',
          description: 'd',
          image: { imageInfo: { id: landscape.id }, focalPoint: { x: 0.1, y: 0.1 }, quality: 80 },
        },
      ],
    });
    const item = gallery.items[0];
    const path = `${GALLERIES}/${gallery.id}/items/${item.id}`;
    const focal = await kit.call('PATCH', path, {
      galleryId: gallery.id,
      item: { id: item.id, image: { focalPoint: { y: 0.9 } } },
    });
    expect(focal.status).toBe(200);
    expect(focal.body.item.image).toEqual({ ...item.image, focalPoint: { x: 0.1, y: 0.9 } });
    expect(focal.body.item.title).toBe('t');
    const cleared = await kit.call('PATCH', path, { item: { description: null, image: { quality: null } } });
    expect(cleared.body.item.description).toBeUndefined();
    expect(cleared.body.item.image.quality).toBeUndefined();
    const swapped = await kit.call('PATCH', path, { item: { image: { imageInfo: { id: portrait.id } } } });
    expect(swapped.body.item.image.imageInfo).toMatchObject({
      id: portrait.id,
      width: 200,
      height: 300,
      filename: 'portrait.png',
    });
    const text = await kit.call('PATCH', path, { item: { text: { html: '<b>now text</b>' } } });
    expect(text.body.item).toMatchObject({ type: 'TEXT', text: { html: '<b>now text</b>' }, title: 't' });
    expect(text.body.item.image).toBeUndefined();
  });

  it('creates items first in the listing, or where their sort order puts them', async () => {
    const gallery = await kit.createGallery({ items: [{ title: 'a', text: { html: 'a' } }] });
    const created = await kit.call('POST', `${GALLERIES}/${gallery.id}/items`, {
      galleryId: gallery.id,
      item: { id: 'ignored', title: 'b', image: { imageInfo: { id: landscape.id } } },
    });
    expect(created.status).toBe(200);
    expect(created.body.item.id).toMatch(UUID);
    const low = await kit.call('POST', `${GALLERIES}/${gallery.id}/items`, {
      item: { title: 'c', sortOrder: -1, text: { html: 'c' } },
    });
    expect(low.body.item.sortOrder).toBe(-1);
    const listed = await kit.call('GET', `${GALLERIES}/${gallery.id}/items`);
    expect(titles(listed.body.items)).toEqual(['b', 'a', 'c']);
  });

  it('keeps sort orders unique, but lets one request swap two', async () => {
    const gallery = await kit.createGallery({
      items: [
        { title: 'x', sortOrder: 1, text: { html: 'x' } },
        { title: 'y', sortOrder: 2, text: { html: 'y' } },
      ],
    });
    const [y, x] = gallery.items;
    const clash = await kit.call('PATCH', `${GALLERIES}/${gallery.id}/items/${x.id}`, {
      item: { sortOrder: 2 },
    });
    expect(clash.status).toBe(409);
    expect(clash.body.details.applicationError.code).toBe('DUPLICATE_SORT_ORDER');
    const swap = await kit.call('PATCH', `${GALLERIES}/${gallery.id}`, {
      gallery: {
        items: [
          { id: x.id, sortOrder: 2 },
          { id: y.id, sortOrder: 1 },
        ],
      },
    });
    expect(swap.status).toBe(200);
    expect(titles(swap.body.gallery.items)).toEqual(['x', 'y']);
    const other = await kit.createGallery({ sortOrder: 777 });
    const galleryClash = await kit.call('POST', GALLERIES, { gallery: { sortOrder: other.sortOrder } });
    expect(galleryClash.status).toBe(409);
  });

  it('gives concurrent item creations distinct sort orders', async () => {
    const gallery = await kit.createGallery({ name: 'Concurrent' });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        kit.call('POST', `${GALLERIES}/${gallery.id}/items`, {
          item: { title: `c${index}`, text: { html: 'c' } },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((answer) => answer.body.item.sortOrder)).size).toBe(8);
  });

  it('deletes items by query, in bulk and one by one, then the gallery', async () => {
    const gallery = await kit.createGallery({
      items: ['a', 'b', 'c', 'd', 'e'].map((title) => ({ title, text: { html: title } })),
    });
    const [a, b, c, d, e] = gallery.items;
    const byQuery = await kit.call(
      'DELETE',
      `${GALLERIES}/${gallery.id}/items?galleryId=${gallery.id}&itemsIds=${a.id}&itemsIds=${b.id}`,
    );
    expect(byQuery.status).toBe(200);
    expect(titles(byQuery.body.gallery.items)).toEqual(['c', 'd', 'e']);
    const bulk = await kit.call('POST', `${GALLERIES}/${gallery.id}/items/delete`, {
      galleryId: gallery.id,
      itemIds: [c.id, d.id, c.id],
    });
    expect(bulk.body).toEqual({ itemIds: [c.id, d.id] });
    const one = await kit.call(
      'DELETE',
      `${GALLERIES}/${gallery.id}/items/${e.id}?galleryId=${gallery.id}&itemId=${e.id}`,
    );
    expect(one.body).toEqual({ itemId: e.id });
    expect((await kit.call('GET', `${GALLERIES}/${gallery.id}`)).body.gallery).toMatchObject({
      totalItems: 0,
      items: [],
    });
    const deleted = await kit.call('DELETE', `${GALLERIES}/${gallery.id}?galleryId=${gallery.id}`);
    expect(deleted.body).toEqual({ galleryId: gallery.id });
    expect((await kit.call('GET', `${GALLERIES}/${gallery.id}`)).status).toBe(404);
    const rows = await kit.platform.db
      .selectFrom('gallery_items')
      .select('id')
      .where('gallery_id', '=', gallery.id)
      .execute();
    expect(rows).toEqual([]);
  });
});
