import { MEDIA_ROUTES } from '@atrium/contract/routes/media';
import { startTestPlatform, type TestPlatform, testImageBytes, testMp4Bytes } from '@atrium/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SDKError } from '../../client/errors.js';
import { createMedia } from '../../media/index.js';
import { platformClients } from '../../testing/platform-clients.js';
import { proGallery } from './index.js';

/** `@atrium/sdk/pro-gallery` and `@atrium/sdk/media` against the real local platform over HTTP. */

let platform: TestPlatform;
let photo: string;
let poster: string;
let clip: string;
beforeAll(async () => {
  platform = await startTestPlatform();
  photo = await upload(await testImageBytes('png', 640, 480), 'image/png', 'sea view.png');
  poster = await upload(await testImageBytes('jpeg', 320, 180), 'image/jpeg', 'poster.jpg');
  clip = await upload(testMp4Bytes(1280, 720), 'video/mp4', 'clip.mp4');
}, 30_000);
afterAll(() => platform.close(), 30_000);

/** Uploads a file as the site owner; answers its media URI. */
async function upload(
  bytes: Uint8Array<ArrayBuffer>,
  contentType: string,
  filename: string,
): Promise<string> {
  const response = await fetch(
    `${platform.url}${MEDIA_ROUTES.upload}?filename=${encodeURIComponent(filename)}`,
    {
      method: 'POST',
      headers: { authorization: platform.apiKey, 'content-type': contentType },
      body: bytes,
    },
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { uri: string }).uri;
}

const { admin, visitor } = platformClients(() => platform, { proGallery });

describe('proGallery on the platform', () => {
  it('creates a gallery from media URIs and reads it back as a visitor, URIs round-tripped', async () => {
    const posterId = poster.split('/')[3]!;
    const created = await admin().proGallery.createGallery({
      gallery: {
        name: 'Holiday',
        items: [
          { title: 'Sea', image: { imageInfo: photo, focalPoint: { x: 0.3, y: 0.6 } } },
          { title: 'External', image: { imageInfo: 'https://images.example/x.jpg' } },
          {
            title: 'Clip',
            video: { videoInfo: `${clip}#posterUri=${posterId}&posterWidth=320&posterHeight=180` },
          },
          { title: 'Words', text: { html: '<p>Hello</p>' } },
        ],
      },
    });
    expect(created._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created._createdDate).toBeInstanceOf(Date);
    expect(created.items!.map((item) => item.title)).toEqual(['Sea', 'External', 'Clip', 'Words']);
    const [sea, external, video, words] = created.items!;
    expect(sea!.image).toEqual({ type: 'WIX_MEDIA', imageInfo: photo, focalPoint: { x: 0.3, y: 0.6 } });
    expect(external!.image!.imageInfo).toBe('https://images.example/x.jpg');
    expect(video!.video).toEqual({
      type: 'WIX_MEDIA',
      videoInfo: `${clip}#posterUri=${posterId}&posterWidth=320&posterHeight=180`,
    });
    expect(words).toMatchObject({ type: 'TEXT', text: { html: '<p>Hello</p>' } });
    expect(sea!._updatedDate).toBeInstanceOf(Date);

    const read = await visitor().proGallery.getGallery(created._id!, { itemLimit: 2 });
    expect(read.items).toEqual(created.items!.slice(0, 2));
    const listed = await visitor().proGallery.listGalleries({ itemLimit: 1 });
    expect(listed.galleries!.find((gallery) => gallery._id === created._id)!.items).toEqual([sea]);
  });

  it('updates and deletes items and galleries', async () => {
    const client = admin();
    const gallery = await client.proGallery.createGallery({ gallery: { name: 'Edit me' } });
    const item = await client.proGallery.createGalleryItem(gallery._id!, {
      title: 'a',
      image: { imageInfo: photo },
    });
    const updated = await client.proGallery.updateGalleryItem(
      { galleryId: gallery._id!, itemId: item._id },
      { title: 'b' },
    );
    expect(updated).toMatchObject({ _id: item._id, title: 'b', image: item.image });
    expect(await client.proGallery.getGalleryItem({ galleryId: gallery._id!, itemId: item._id! })).toEqual(
      updated,
    );
    const renamed = await client.proGallery.updateGallery(gallery._id!, { name: 'Edited' });
    expect(renamed).toMatchObject({ name: 'Edited', totalItems: 1 });
    expect(await client.proGallery.bulkDeleteGalleryItems(gallery._id!, [item._id!])).toEqual({
      itemIds: [item._id],
    });
    expect(await client.proGallery.listGalleryItems(gallery._id!)).toEqual({ items: [] });
    expect(await client.proGallery.deleteGallery(gallery._id!)).toEqual({ galleryId: gallery._id });
  });

  it('keeps drafts and writes from visitors, with clear errors', async () => {
    const draft = await admin().proGallery.createGallery({ gallery: { name: 'Draft', state: 'SAVED' } });
    const hidden = await visitor()
      .proGallery.getGallery(draft._id!)
      .catch((error: unknown) => error);
    expect(hidden).toBeInstanceOf(SDKError);
    expect((hidden as SDKError).status).toBe(404);
    expect((hidden as SDKError).details).toMatchObject({ applicationError: { code: 'GALLERY_NOT_FOUND' } });
    const refused = await visitor()
      .proGallery.createGallery({ gallery: { name: 'x' } })
      .catch((error: unknown) => error);
    expect((refused as SDKError).status).toBe(403);
  });
});

describe('media URLs on the platform', () => {
  /** Width and height from a PNG's IHDR chunk. */
  const pngSize = (bytes: Uint8Array) => {
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    return [view.getUint32(16), view.getUint32(20)];
  };

  it('serve the original and resized images the helper names', async () => {
    const media = createMedia({ platformUrl: platform.url });
    const original = media.getImageUrl(photo);
    expect(original).toMatchObject({ width: 640, height: 480, filename: 'sea view.png' });
    const answer = await fetch(original.url);
    expect(answer.headers.get('content-type')).toBe('image/png');
    expect(pngSize(new Uint8Array(await answer.arrayBuffer()))).toEqual([640, 480]);
    const filled = await fetch(
      media.getScaledToFillImageUrl(photo, 200, 100, { focalPoint: { x: 20, y: 80 } }),
    );
    expect(filled.status).toBe(200);
    expect(pngSize(new Uint8Array(await filled.arrayBuffer()))).toEqual([200, 100]);
    const fitted = await fetch(
      media.getScaledToFitImageUrl(photo, 200, 100, { unsharpMask: { amount: 1, radius: 1, threshold: 0 } }),
    );
    expect(pngSize(new Uint8Array(await fitted.arrayBuffer()))).toEqual([133, 100]);
    const cropped = await fetch(media.getCroppedImageUrl(photo, 0, 0, 320, 240, 64, 48));
    expect(pngSize(new Uint8Array(await cropped.arrayBuffer()))).toEqual([64, 48]);
    const video = await fetch(media.getVideoUrl(clip).url);
    expect(video.headers.get('content-type')).toBe('video/mp4');
    expect((await video.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });
});
