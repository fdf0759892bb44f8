import { GALLERY_LIMITS } from '@atrium/contract';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { perFile } from '../../../test/support/per-file.js';
import type { MediaFile } from '../../media/types.js';
import { type Answer, type Body, GALLERIES, startGalleryKit } from './test-kit.js';

const kit = perFile(() => startGalleryKit(), 30_000);
let gallery: Body;
let photo: MediaFile;
let clip: MediaFile;
beforeAll(async () => {
  photo = await kit.image(40, 30);
  clip = await kit.video(64, 48);
  gallery = await kit.createGallery({ name: 'Target', items: [{ title: 'only', text: { html: 'x' } }] });
}, 30_000);

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** A refusal: 4xx (never 5xx) with an error body naming a code or the fields. */
function expectRefused(answer: Answer, status: number, code?: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(typeof answer.body.message).toBe('string');
  if (code) expect(answer.body.details.applicationError?.code).toBe(code);
}

const snapshot = async () => ({
  galleries: await kit.platform.db.selectFrom('galleries').selectAll().orderBy('id').execute(),
  items: await kit.platform.db.selectFrom('gallery_items').selectAll().orderBy('id').execute(),
});

describe('unknown ids', () => {
  it('answer 404 GALLERY_NOT_FOUND on every call naming a gallery', async () => {
    const item = gallery.items[0].id;
    for (const id of [UNKNOWN, 'not-a-uuid', 'a%20b', '..']) {
      const calls: [string, string, unknown?][] = [
        ['GET', `${GALLERIES}/${id}`],
        ['GET', `${GALLERIES}/${id}/items`],
        ['GET', `${GALLERIES}/${id}/items/${item}`],
        ['PATCH', `${GALLERIES}/${id}`, { gallery: { name: 'x' } }],
        ['DELETE', `${GALLERIES}/${id}`],
        ['POST', `${GALLERIES}/${id}/items`, { item: { text: { html: 'x' } } }],
        ['DELETE', `${GALLERIES}/${id}/items?itemsIds=${item}`],
        ['POST', `${GALLERIES}/${id}/items/delete`, { itemIds: [item] }],
        ['PATCH', `${GALLERIES}/${id}/items/${item}`, { item: { title: 'x' } }],
        ['DELETE', `${GALLERIES}/${id}/items/${item}`],
      ];
      for (const [method, path, body] of calls) {
        const answer = await kit.call(method, path, body);
        expect(answer.status, `${method} ${path}`).toBe(404);
        expect(answer.body.details.applicationError).toMatchObject({
          code: expect.stringMatching(/NOT_FOUND$/),
        });
      }
    }
    expectRefused(
      await kit.call('POST', GALLERIES, { cloneFromGalleryId: UNKNOWN }),
      404,
      'GALLERY_NOT_FOUND',
    );
  });

  it('answer 404 ITEM_NOT_FOUND for items, deleting nothing when one id of many is unknown', async () => {
    const before = await snapshot();
    const item = gallery.items[0].id;
    expectRefused(
      await kit.call('GET', `${GALLERIES}/${gallery.id}/items/${UNKNOWN}`),
      404,
      'ITEM_NOT_FOUND',
    );
    expectRefused(
      await kit.call('PATCH', `${GALLERIES}/${gallery.id}/items/${UNKNOWN}`, { item: { title: 'x' } }),
      404,
      'ITEM_NOT_FOUND',
    );
    expectRefused(
      await kit.call('DELETE', `${GALLERIES}/${gallery.id}/items/${UNKNOWN}`),
      404,
      'ITEM_NOT_FOUND',
    );
    expectRefused(
      await kit.call('DELETE', `${GALLERIES}/${gallery.id}/items?itemsIds=${item}&itemsIds=${UNKNOWN}`),
      404,
      'ITEM_NOT_FOUND',
    );
    expectRefused(
      await kit.call('POST', `${GALLERIES}/${gallery.id}/items/delete`, { itemIds: [item, UNKNOWN] }),
      404,
      'ITEM_NOT_FOUND',
    );
    expectRefused(
      await kit.call('PATCH', `${GALLERIES}/${gallery.id}`, {
        gallery: { name: 'changed', items: [{ id: UNKNOWN, title: 'x' }] },
      }),
      404,
      'ITEM_NOT_FOUND',
    );
    expect(await snapshot()).toEqual(before);
  });
});

describe('malformed items', () => {
  const bad: [string, unknown, string][] = [
    ['a title that is a number', { title: 5, text: { html: 'x' } }, 'item.title'],
    ['an unknown type', { type: 'FOO', text: { html: 'x' } }, 'item.type'],
    ['a type that disagrees', { type: 'VIDEO', image: { imageInfo: { id: 'x' } } }, 'item.type'],
    [
      'a focal point above 1',
      { image: { imageInfo: { url: 'https://e.x/a.jpg' }, focalPoint: { x: 1.5, y: 0 } } },
      'item.image.focalPoint.x',
    ],
    [
      'a focal point below 0',
      { image: { imageInfo: { url: 'https://e.x/a.jpg' }, focalPoint: { x: 0, y: -0.1 } } },
      'item.image.focalPoint.y',
    ],
    [
      'a quality out of range',
      { image: { imageInfo: { url: 'https://e.x/a.jpg' }, quality: 10 } },
      'item.image.quality',
    ],
    [
      'an unsharp amount out of range',
      { image: { imageInfo: { url: 'https://e.x/a.jpg' }, unsharpMasking: { amount: 9 } } },
      'item.image.unsharpMasking.amount',
    ],
    [
      'a huge title',
      { title: 'x'.repeat(GALLERY_LIMITS.maxTitleLength + 1), text: { html: 'x' } },
      'item.title',
    ],
    ['huge html', { text: { html: 'x'.repeat(GALLERY_LIMITS.maxHtmlLength + 1) } }, 'item.text.html'],
    [
      'too many tags',
      { text: { html: 'x' }, tags: { values: Array(GALLERY_LIMITS.maxTags + 1).fill('t') } },
      'item.tags.values',
    ],
    [
      'a huge exif object',
      { image: { imageInfo: { url: 'https://e.x/a.jpg' }, exif: { blob: 'x'.repeat(20_000) } } },
      'item.image.exif',
    ],
    [
      'image and text at once',
      { image: { imageInfo: { url: 'https://e.x/a.jpg' } }, text: { html: 'x' } },
      'item',
    ],
    ['no media at all', { title: 'empty' }, 'item'],
    ['an image without imageInfo', { image: { focalPoint: { x: 0.5, y: 0.5 } } }, 'item.image.imageInfo'],
    [
      'an unknown media id',
      { image: { imageInfo: { id: 'abcdef_00000000000000000000000000000000.png' } } },
      'item.image.imageInfo.id',
    ],
    ['a path as media id', { image: { imageInfo: { id: '../../etc/passwd' } } }, 'item.image.imageInfo.id'],
    ['a text without html', { text: { css: {} } }, 'item.text.html'],
    [
      'a non-web image URL',
      { image: { imageInfo: { url: 'file:///etc/passwd' } } },
      'item.image.imageInfo.url',
    ],
    [
      'an unsupported video URL',
      { video: { videoInfo: { url: 'https://videos.example/a.mp4' } } },
      'item.video.videoInfo.url',
    ],
    ['a script link', { text: { html: 'x' }, link: { url: 'javascript:alert(1)' } }, 'item.link.url'],
    [
      'an unknown link rel',
      { text: { html: 'x' }, link: { url: 'https://e.x', rel: ['bogus'] } },
      'item.link.rel.0',
    ],
    [
      'a link type that disagrees',
      { text: { html: 'x' }, link: { type: 'INTERNAL', url: 'https://e.x' } },
      'item.link.type',
    ],
    ['a sort order that is not a number', { sortOrder: 'NaN', text: { html: 'x' } }, 'item.sortOrder'],
    ['tags that are not strings', { text: { html: 'x' }, tags: { values: [1] } }, 'item.tags.values.0'],
  ];

  it.each(bad)('refuses %s with 400 naming the field, writing nothing', async (_label, item, field) => {
    const before = await snapshot();
    const answer = await kit.call('POST', `${GALLERIES}/${gallery.id}/items`, {
      galleryId: gallery.id,
      item,
    });
    expectRefused(answer, 400);
    const fields = answer.body.details.validationError.fieldViolations.map((v: { field: string }) => v.field);
    expect(fields).toContain(field);
    expect(answer.body.message).toMatch(/^INVALID_ARGUMENT: /);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses media of the wrong kind where an image or a video is expected', async () => {
    const videoAsImage = await kit.call('POST', `${GALLERIES}/${gallery.id}/items`, {
      item: { image: { imageInfo: { id: clip.id } } },
    });
    expectRefused(videoAsImage, 400);
    const imageAsVideo = await kit.call('POST', `${GALLERIES}/${gallery.id}/items`, {
      item: { video: { videoInfo: { id: photo.id } } },
    });
    expectRefused(imageAsVideo, 400);
    const videoAsPoster = await kit.call('POST', `${GALLERIES}/${gallery.id}/items`, {
      item: { video: { videoInfo: { id: clip.id, posters: [{ id: clip.id }] } } },
    });
    expect(videoAsPoster.body.details.validationError.fieldViolations[0].field).toBe(
      'item.video.videoInfo.posters.0.id',
    );
  });

  it('writes nothing of a gallery whose last item is bad, nor of an update with a bad item', async () => {
    const before = await snapshot();
    const create = await kit.call('POST', GALLERIES, {
      gallery: {
        name: 'Half',
        items: [{ text: { html: 'a' } }, { text: { html: 'b' } }, { image: { imageInfo: { id: 'nope' } } }],
      },
    });
    expectRefused(create, 400);
    expect(create.body.details.validationError.fieldViolations[0].field).toBe(
      'gallery.items.2.image.imageInfo.id',
    );
    const update = await kit.call('PATCH', `${GALLERIES}/${gallery.id}`, {
      gallery: { name: 'Renamed', items: [{ text: { html: 'new' } }, { title: 5 }] },
    });
    expectRefused(update, 400);
    expect(await snapshot()).toEqual(before);
  });
});

describe('malformed requests', () => {
  it('refuse bad paging with 400', async () => {
    for (const query of [
      'itemLimit=0',
      'itemLimit=101',
      'itemLimit=abc',
      'itemOffset=-1',
      'itemOffset=1.5',
      'itemLimit=1&itemLimit=2',
    ]) {
      expectRefused(await kit.call('GET', `${GALLERIES}/${gallery.id}?${query}`), 400);
      expectRefused(await kit.call('GET', `${GALLERIES}/${gallery.id}/items?${query}`), 400);
    }
    for (const query of ['limit=11', 'limit=0', 'offset=-1', 'itemLimit=101', 'offset=x']) {
      const answer = await kit.call('GET', `${GALLERIES}?${query}`);
      expectRefused(answer, 400);
      expect(answer.body.details.validationError.fieldViolations[0].field).toBe(query.split('=')[0]);
    }
  });

  it('refuse bodies that are not the request, too many items or ids, and oversize bodies', async () => {
    expectRefused(await kit.call('POST', GALLERIES, '{not json'), 400);
    expectRefused(await kit.call('POST', GALLERIES, { gallery: 'x' }), 400);
    expectRefused(await kit.call('POST', `${GALLERIES}/${gallery.id}/items`, { item: [] }), 400);
    expectRefused(await kit.call('PATCH', `${GALLERIES}/${gallery.id}`, {}), 400);
    expectRefused(await kit.call('POST', `${GALLERIES}/${gallery.id}/items/delete`, { itemIds: [] }), 400);
    expectRefused(
      await kit.call('POST', `${GALLERIES}/${gallery.id}/items/delete`, {
        itemIds: Array(GALLERY_LIMITS.maxItemsPerRequest + 1).fill('x'),
      }),
      400,
    );
    const tooMany = Array(GALLERY_LIMITS.maxItemsPerRequest + 1).fill({ text: { html: 'x' } });
    expectRefused(await kit.call('POST', GALLERIES, { gallery: { items: tooMany } }), 400);
    const huge = {
      gallery: {
        name: 'x',
        items: [{ text: { html: 'x', css: { pad: 'x'.repeat(GALLERY_LIMITS.maxBodyBytes) } } }],
      },
    };
    expectRefused(await kit.call('POST', GALLERIES, huge), 413);
    const text = await fetch(`${kit.platform.url}${GALLERIES}`, {
      method: 'POST',
      headers: { authorization: kit.platform.apiKey, 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(text.status).toBe(415);
  });
});

describe('arbitrary input', () => {
  /** Values near what the schema expects: the right keys with values of any JSON kind. */
  const value = fc.oneof(
    fc.string({ maxLength: 20 }),
    fc.double(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.constantFrom(
      'IMAGE',
      'VIDEO',
      'TEXT',
      'EXTERNAL',
      'https://e.x/a.jpg',
      'https://youtu.be/x',
      '/path',
      'javascript:x',
    ),
  );
  const media = fc.record(
    {
      id: fc.oneof(value, fc.constant('abcdef_00000000000000000000000000000000.png')),
      url: value,
      width: value,
      height: value,
      filename: value,
    },
    { requiredKeys: [] },
  );
  const item = fc.record(
    {
      title: value,
      sortOrder: value,
      type: value,
      image: fc.oneof(
        value,
        fc.record(
          {
            imageInfo: fc.oneof(value, media),
            focalPoint: fc.record({ x: value, y: value }),
            quality: value,
          },
          { requiredKeys: [] },
        ),
      ),
      video: fc.oneof(
        value,
        fc.record({ videoInfo: fc.oneof(value, media), type: value }, { requiredKeys: [] }),
      ),
      text: fc.oneof(
        value,
        fc.record(
          { html: value, css: fc.oneof(value, fc.dictionary(fc.string(), value)) },
          { requiredKeys: [] },
        ),
      ),
      link: fc.oneof(
        value,
        fc.record({ url: value, type: value, rel: fc.array(value, { maxLength: 3 }) }, { requiredKeys: [] }),
      ),
      tags: fc.oneof(value, fc.record({ values: fc.array(value, { maxLength: 3 }) })),
    },
    { requiredKeys: [] },
  );

  it('never answers a 5xx, whatever an item holds', async () => {
    await fc.assert(
      fc.asyncProperty(item, async (candidate) => {
        const answer = await kit.call('POST', `${GALLERIES}/${gallery.id}/items`, { item: candidate });
        expect(
          answer.status === 200 || (answer.status >= 400 && answer.status < 500),
          JSON.stringify(answer.body),
        ).toBe(true);
        const update = await kit.call('PATCH', `${GALLERIES}/${gallery.id}/items/${gallery.items[0].id}`, {
          item: candidate,
        });
        expect(update.status < 500, JSON.stringify(update.body)).toBe(true);
      }),
      { numRuns: 60, seed: 20240601 },
    );
  });
});
