import { describe, expect, it } from 'vitest';
import { ApiKeyStrategy } from '../../auth/api-key-strategy.js';
import { OAuthStrategy } from '../../auth/oauth-strategy.js';
import { SDKError } from '../../client/errors.js';
import { json, testTokens } from '../../testing/fake-fetch.js';
import { serviceClient } from '../../testing/service-client.js';
import { ImageType, LinkRel, proGallery, State, Type, VideoType } from './index.js';

/** Every proGallery call against the rows of docs/wire.md §7: method, host, path, query, body, result. */
const galleryClient = (answer: unknown = {}, strategy: 'apiKey' | 'visitor' = 'apiKey') =>
  serviceClient(
    { proGallery },
    () => answer,
    strategy === 'apiKey'
      ? ApiKeyStrategy({ apiKey: 'key' })
      : OAuthStrategy({ clientId: 'cid', tokens: testTokens() }),
  );

type Client = ReturnType<typeof galleryClient>['client'];
const P = '/progallery/v2/galleries';
const IMAGE = 'wix:image://v1/abc_123.jpg/pic%20x.jpg#originWidth=800&originHeight=600';
const IMAGE_WIRE = {
  id: 'abc_123.jpg',
  height: 600,
  width: 800,
  altText: 'pic x.jpg',
  filename: 'pic x.jpg',
  url: IMAGE,
};

describe('proGallery requests (docs/wire.md §7)', () => {
  it.each<[string, (c: Client) => Promise<unknown>, string, string, unknown]>([
    [
      'listGalleries',
      (c) => c.proGallery.listGalleries({ limit: 10, offset: 0, itemLimit: 5 }),
      'GET',
      `${P}?itemLimit=5&offset=0&limit=10`,
      undefined,
    ],
    ['listGalleries without options', (c) => c.proGallery.listGalleries(), 'GET', P, undefined],
    [
      'getGallery',
      (c) => c.proGallery.getGallery('g1', { itemLimit: 2, itemOffset: 1 }),
      'GET',
      `${P}/g1?galleryId=g1&itemOffset=1&itemLimit=2`,
      undefined,
    ],
    [
      'listGalleryItems',
      (c) => c.proGallery.listGalleryItems('g1', { itemLimit: 3, itemOffset: 4 }),
      'GET',
      `${P}/g1/items?galleryId=g1&itemOffset=4&itemLimit=3`,
      undefined,
    ],
    [
      'getGalleryItem',
      (c) => c.proGallery.getGalleryItem({ itemId: 'i1', galleryId: 'g1' }),
      'GET',
      `${P}/g1/items/i1?galleryId=g1&itemId=i1`,
      undefined,
    ],
    [
      'createGallery',
      (c) =>
        c.proGallery.createGallery({
          cloneFromGalleryId: 'g0',
          gallery: {
            name: 'x',
            sortOrder: Number.POSITIVE_INFINITY,
            _createdDate: new Date(0),
            items: [
              { title: 't', image: { imageInfo: IMAGE, focalPoint: { x: 0.1, y: Number.NaN } } },
              { image: { imageInfo: 'https://ext.example/a.jpg' } },
              {
                video: {
                  videoInfo:
                    'wix:video://v1/vid_1.mp4/clip.mp4#posterUri=post_1.jpg&posterWidth=640&posterHeight=360',
                },
              },
              { video: { videoInfo: 'https://youtu.be/abc' } },
              {
                text: { html: '<p>x</p>' },
                secondaryMedia: {
                  image: { imageInfo: 'wix:image://v1/s.jpg/s.jpg#originWidth=3&originHeight=4' },
                },
              },
            ],
          },
        }),
      'POST',
      P,
      {
        gallery: {
          name: 'x',
          sortOrder: 'Infinity',
          createdDate: '1970-01-01T00:00:00.000Z',
          items: [
            { title: 't', image: { imageInfo: IMAGE_WIRE, focalPoint: { x: 0.1, y: 'NaN' } } },
            { image: { imageInfo: { url: 'https://ext.example/a.jpg' } } },
            {
              video: {
                videoInfo: {
                  id: 'vid_1.mp4',
                  filename: 'clip.mp4',
                  posters: [{ id: 'post_1.jpg', height: 360, width: 640 }],
                },
              },
            },
            { video: { videoInfo: { url: 'https://youtu.be/abc' } } },
            {
              text: { html: '<p>x</p>' },
              secondaryMedia: {
                image: {
                  imageInfo: {
                    id: 's.jpg',
                    height: 4,
                    width: 3,
                    altText: 's.jpg',
                    filename: 's.jpg',
                    url: 'wix:image://v1/s.jpg/s.jpg#originWidth=3&originHeight=4',
                  },
                },
              },
            },
          ],
        },
        cloneFromGalleryId: 'g0',
      },
    ],
    [
      'updateGallery',
      (c) => c.proGallery.updateGallery('g1', { name: 'y', sortOrder: 2 }),
      'PATCH',
      `${P}/g1`,
      { gallery: { name: 'y', sortOrder: 2, id: 'g1' } },
    ],
    ['deleteGallery', (c) => c.proGallery.deleteGallery('g1'), 'DELETE', `${P}/g1?galleryId=g1`, undefined],
    [
      'deleteGalleryItems',
      (c) => c.proGallery.deleteGalleryItems('g1', { itemsIds: ['a', 'b'] }),
      'DELETE',
      `${P}/g1/items?galleryId=g1&itemsIds=a&itemsIds=b`,
      undefined,
    ],
    [
      'bulkDeleteGalleryItems',
      (c) => c.proGallery.bulkDeleteGalleryItems('g1', ['a', 'b']),
      'POST',
      `${P}/g1/items/delete`,
      { galleryId: 'g1', itemIds: ['a', 'b'] },
    ],
    [
      'createGalleryItem',
      (c) => c.proGallery.createGalleryItem('g1', { title: 'u', _id: 'zz', image: { imageInfo: IMAGE } }),
      'POST',
      `${P}/g1/items`,
      { galleryId: 'g1', item: { title: 'u', id: 'zz', image: { imageInfo: IMAGE_WIRE } } },
    ],
    [
      'updateGalleryItem',
      (c) => c.proGallery.updateGalleryItem({ galleryId: 'g1', itemId: 'i1' }, { title: 'u', _id: 'i2' }),
      'PATCH',
      `${P}/g1/items/i1`,
      { galleryId: 'g1', item: { title: 'u', _id: 'i2', id: 'i1' } },
    ],
    [
      'deleteGalleryItem',
      (c) => c.proGallery.deleteGalleryItem({ galleryId: 'g1', itemId: 'i1' }),
      'DELETE',
      `${P}/g1/items/i1?galleryId=g1&itemId=i1`,
      undefined,
    ],
  ])('%s', async (_name, call, method, pathAndQuery, body) => {
    const { client, last } = galleryClient();
    await call(client);
    const request = last();
    expect(request.method).toBe(method);
    expect(request.url.origin).toBe('https://www.wixapis.com');
    expect(request.url.pathname + request.url.search).toBe(pathAndQuery);
    expect(request.body).toEqual(body);
    expect(request.headers.get('x-wix-bi-gateway')).toMatch(
      /package-name=@atrium\/sdk\/pro-gallery,method-fqn=com\.wixpress\.exposure\.progallery\.ProGallery\./,
    );
    if (body === undefined) expect(request.headers.get('content-type')).toBeNull();
  });

  it('goes to the edge host with a visitor client', async () => {
    const { client, last } = galleryClient({ galleries: [] }, 'visitor');
    await client.proGallery.listGalleries();
    expect(last().url.origin).toBe('https://edge.wixapis.com');
  });
});

describe('proGallery results', () => {
  const wireItem = {
    id: 'i1',
    type: 'IMAGE',
    sortOrder: 5,
    createdDate: '2024-01-01T00:00:00.000Z',
    updatedDate: '2024-01-02T00:00:00.000Z',
    image: {
      type: 'WIX_MEDIA',
      imageInfo: {
        id: 'abc.jpg',
        width: 10,
        height: 20,
        filename: 'a b.jpg',
        altText: 'alt',
        url: 'http://x',
      },
      focalPoint: { x: 0.5, y: 0.25 },
    },
    secondaryMedia: { image: { imageInfo: { url: 'https://ext/x.png' } } },
  };
  const sdkItem = {
    _id: 'i1',
    type: 'IMAGE',
    sortOrder: 5,
    _createdDate: new Date('2024-01-01T00:00:00.000Z'),
    _updatedDate: new Date('2024-01-02T00:00:00.000Z'),
    image: {
      type: 'WIX_MEDIA',
      imageInfo: 'wix:image://v1/abc.jpg/a%20b.jpg#originWidth=10&originHeight=20',
      focalPoint: { x: 0.5, y: 0.25 },
    },
    secondaryMedia: { image: { imageInfo: 'https://ext/x.png' } },
  };
  const video = {
    id: 'i2',
    type: 'VIDEO',
    video: {
      type: 'WIX_MEDIA',
      videoInfo: { id: 'v.mp4', filename: 'clip.mp4', posters: [{ id: 'p.jpg', width: 64, height: 36 }] },
    },
  };
  const wireGallery = {
    id: 'g1',
    sortOrder: 'NaN',
    createdDate: '2024-01-01T00:00:00.000Z',
    items: [wireItem, video],
    state: 'PUBLISHED',
  };
  const sdkGallery = {
    _id: 'g1',
    sortOrder: Number.NaN,
    _createdDate: new Date('2024-01-01T00:00:00.000Z'),
    items: [
      sdkItem,
      {
        _id: 'i2',
        type: 'VIDEO',
        video: {
          type: 'WIX_MEDIA',
          videoInfo: 'wix:video://v1/v.mp4/clip.mp4#posterUri=p.jpg&posterWidth=64&posterHeight=36',
        },
      },
    ],
    state: 'PUBLISHED',
  };

  it('turn dates, floats and media into the caller’s forms, unwrapping where the reference does', async () => {
    expect(await galleryClient({ gallery: wireGallery }).client.proGallery.getGallery('g1')).toEqual(
      sdkGallery,
    );
    expect(
      await galleryClient({ galleries: [wireGallery], totalGalleries: 1 }).client.proGallery.listGalleries(),
    ).toEqual({
      galleries: [sdkGallery],
      totalGalleries: 1,
    });
    expect(await galleryClient({ items: [wireItem] }).client.proGallery.listGalleryItems('g1')).toEqual({
      items: [sdkItem],
    });
    expect(
      await galleryClient({ item: wireItem }).client.proGallery.getGalleryItem({
        galleryId: 'g1',
        itemId: 'i1',
      }),
    ).toEqual(sdkItem);
    expect(await galleryClient({ gallery: wireGallery }).client.proGallery.deleteGalleryItems('g1')).toEqual({
      gallery: sdkGallery,
    });
    expect(await galleryClient({ gallery: wireGallery }).client.proGallery.createGallery()).toEqual(
      sdkGallery,
    );
    expect(
      await galleryClient({ item: wireItem }).client.proGallery.updateGalleryItem(
        { galleryId: 'g', itemId: 'i1' },
        {},
      ),
    ).toEqual(sdkItem);
    expect(await galleryClient({ galleryId: 'g1' }).client.proGallery.deleteGallery('g1')).toEqual({
      galleryId: 'g1',
    });
    expect(
      await galleryClient({ itemIds: ['a'] }).client.proGallery.bulkDeleteGalleryItems('g1', ['a']),
    ).toEqual({ itemIds: ['a'] });
    expect(
      await galleryClient({ itemId: 'i' }).client.proGallery.deleteGalleryItem({
        galleryId: 'g',
        itemId: 'i',
      }),
    ).toEqual({ itemId: 'i' });
  });

  it('reject errors as SDKErrors with the application error', async () => {
    const { client } = serviceClient({ proGallery }, () =>
      json(
        {
          message: 'No gallery with id g',
          details: {
            applicationError: { code: 'GALLERY_NOT_FOUND', description: 'No gallery with id g', data: {} },
          },
        },
        { status: 404 },
      ),
    );
    const error = await client.proGallery.getGallery('g').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SDKError);
    expect((error as SDKError).details).toMatchObject({ applicationError: { code: 'GALLERY_NOT_FOUND' } });
  });
});

describe('proGallery validation errors', () => {
  const failing = (fields: string[]) =>
    serviceClient({ proGallery }, () =>
      json(
        {
          message: 'bad',
          details: {
            validationError: {
              fieldViolations: fields.map((field) => ({ field, description: 'is wrong' })),
            },
          },
        },
        { status: 400 },
      ),
    ).client.proGallery;
  const fieldsOf = async (promise: Promise<unknown>) => {
    const error = (await promise.catch((e: unknown) => e)) as SDKError;
    expect(error).toBeInstanceOf(SDKError);
    expect(error.status).toBe(400);
    return {
      fields: error.details.validationError!.fieldViolations.map((v) => v.field),
      message: error.message,
    };
  };

  it('name the caller’s arguments, sorted, as the reference reports them', async () => {
    expect(await fieldsOf(failing(['limit', 'itemLimit', 'other', 'limit.x']).listGalleries({}))).toEqual({
      fields: ['options.itemLimit', 'options.limit', 'options.limit.x', 'other'],
      message:
        'INVALID_ARGUMENT: "options.itemLimit" is wrong, "options.limit" is wrong, "options.limit.x" is wrong, "other" is wrong',
    });
    expect(
      (
        await fieldsOf(
          failing(['galleryId', 'item.id', 'item.title']).updateGalleryItem(
            { galleryId: 'g', itemId: 'i' },
            {},
          ),
        )
      ).fields,
    ).toEqual(['identifiers.galleryId', 'identifiers.itemId', 'item.title']);
    expect((await fieldsOf(failing(['gallery.items.0.title']).createGallery({}))).fields).toEqual([
      'options.gallery.items.0.title',
    ]);
    expect((await fieldsOf(failing(['gallery.id', 'gallery.name']).updateGallery('g', {}))).fields).toEqual([
      '_id',
      'gallery.name',
    ]);
    expect(
      (await fieldsOf(failing(['galleryId', 'itemIds']).bulkDeleteGalleryItems('g', []))).fields,
    ).toEqual(['galleryId', 'itemIds']);
  });
});

describe('the proGallery module', () => {
  it('carries the reference’s enumerations', () => {
    expect(proGallery.Type.IMAGE).toBe('IMAGE');
    expect([Type.TEXT, ImageType.EXTERNAL, VideoType.VIMEO, LinkRel.sponsored, State.SAVED]).toEqual([
      'TEXT',
      'EXTERNAL',
      'VIMEO',
      'sponsored',
      'SAVED',
    ]);
  });
});
