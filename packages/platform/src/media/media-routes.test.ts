import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { MEDIA_LIMITS, MEDIA_ROUTES } from '@atrium/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../testing/index.js';
import { testImageBytes, testMp4Bytes } from '../testing/media-files.js';
import type { MediaFile } from './types.js';

let platform: TestPlatform;
let photo: MediaFile;
beforeAll(async () => {
  platform = await startTestPlatform();
  photo = await platform.media.put({
    bytes: await testImageBytes('jpeg', 800, 600),
    contentType: 'image/jpeg',
    filename: 'photo one.jpg',
    owner: 'test',
  });
}, 30_000);
afterAll(() => platform.close());

const upload = (
  body: Uint8Array<ArrayBuffer> | string,
  contentType: string,
  authorization?: string,
  filename = 'up.bin',
) =>
  fetch(`${platform.url}${MEDIA_ROUTES.upload}?filename=${encodeURIComponent(filename)}`, {
    method: 'POST',
    headers: { 'content-type': contentType, ...(authorization === undefined ? {} : { authorization }) },
    body,
  });

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${platform.url}${path}`, { headers });

async function visitorToken(): Promise<string> {
  const response = await fetch(`${platform.url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grantType: 'anonymous', clientId: platform.clientId }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

describe('uploads', () => {
  it('store a file for an API key and answer it with its media URI', async () => {
    const bytes = await testImageBytes('png', 321, 123);
    const response = await upload(bytes, 'image/png', platform.apiKey, 'my pic.png');
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.file).toMatchObject({
      filename: 'my pic.png',
      contentType: 'image/png',
      kind: 'image',
      width: 321,
      height: 123,
    });
    expect(body.file.url).toBe(`${platform.url}/media/${body.file.id}`);
    expect(body.uri).toBe(`wix:image://v1/${body.file.id}/my%20pic.png#originWidth=321&originHeight=123`);
    const video = await (await upload(testMp4Bytes(64, 48), 'video/mp4', platform.apiKey, 'c.mp4')).json();
    expect(video.uri).toBe(`wix:video://v1/${video.file.id}/c.mp4`);
  });

  it('are refused to visitors and anonymous callers', async () => {
    const bytes = await testImageBytes('png', 5, 5);
    expect((await upload(bytes, 'image/png')).status).toBe(403);
    const visitor = await upload(bytes, 'image/png', await visitorToken());
    expect(visitor.status).toBe(403);
    expect((await visitor.json()).details.applicationError.code).toBe('PERMISSION_DENIED');
    expect((await upload(bytes, 'image/png', 'not-a-key')).status).toBe(401);
  });

  it('refuse oversize bodies, disallowed types and JSON with a 4xx', async () => {
    const tooBig = new Uint8Array(MEDIA_LIMITS.maxUploadBytes + 10);
    const big = await upload(tooBig, 'image/png', platform.apiKey);
    expect(big.status).toBe(413);
    const svg = await upload('<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/svg+xml', platform.apiKey);
    expect(svg.status).toBe(415);
    expect((await svg.json()).details.applicationError.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect((await upload('{"a":1}', 'application/json', platform.apiKey)).status).toBe(415);
    expect((await upload('MZ\u0090\u0000', 'application/x-msdownload', platform.apiKey)).status).toBe(415);
    const lying = await upload(await testImageBytes('png', 5, 5), 'video/mp4', platform.apiKey);
    expect(lying.status).toBe(400);
    expect((await lying.json()).details.applicationError.code).toBe('MEDIA_TYPE_MISMATCH');
  });
});

describe('serving originals', () => {
  it('answers the bytes with their type, length and forever-caching headers', async () => {
    const response = await get(`/media/${photo.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(Number(response.headers.get('content-length'))).toBe(photo.sizeBytes);
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const etag = response.headers.get('etag')!;
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(await platform.media.read(photo.id));
    expect((await get(`/media/${photo.id}`, { 'if-none-match': etag })).status).toBe(304);
    const named = await get(`/media/${photo.id}/photo%20one.jpg`);
    expect(named.status).toBe(200);
    expect((await named.arrayBuffer()).byteLength).toBe(photo.sizeBytes);
    const head = await fetch(`${platform.url}/media/${photo.id}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBe(photo.sizeBytes);
  });

  it('answers byte ranges, as video players ask', async () => {
    const partial = await get(`/media/${photo.id}`, { range: 'bytes=2-9' });
    expect(partial.status).toBe(206);
    expect(partial.headers.get('content-range')).toBe(`bytes 2-9/${photo.sizeBytes}`);
    const all = (await platform.media.read(photo.id))!;
    expect(new Uint8Array(await partial.arrayBuffer())).toEqual(all.subarray(2, 10));
    const tail = await get(`/media/${photo.id}`, { range: 'bytes=-4' });
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(all.subarray(all.length - 4));
    const unsatisfiable = await get(`/media/${photo.id}`, { range: `bytes=${photo.sizeBytes}-` });
    expect(unsatisfiable.status).toBe(416);
    // In the platform's error shape, with a request id, like every other refusal.
    expect(unsatisfiable.headers.get('content-range')).toBe(`bytes */${photo.sizeBytes}`);
    expect(unsatisfiable.headers.get('x-wix-request-id')).toBeTruthy();
    expect((await unsatisfiable.json()).details.applicationError.code).toBe('RANGE_NOT_SATISFIABLE');
  });

  it('answers 404 for unknown ids and any attempt at a path', async () => {
    for (const path of [
      '/media/abcdef_00000000000000000000000000000000.jpg',
      '/media/..%2F..%2Fetc%2Fpasswd',
      '/media/%2e%2e',
      `/media/..%2F${photo.id}`,
      '/media/variants',
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
    }
  });
});

describe('resized images', () => {
  const dimensions = async (response: Response) => {
    const metadata = await sharp(new Uint8Array(await response.arrayBuffer())).metadata();
    return [metadata.format, metadata.width, metadata.height];
  };

  it('fill exactly w×h, fit inside it, crop first: in the original format', async () => {
    const fill = await get(
      `/media/${photo.id}/v1/fill/w_300,h_200,al_c,q_80,usm_0.66_1.00_0.01,enc_auto/photo.jpg`,
    );
    expect(fill.status).toBe(200);
    expect(fill.headers.get('content-type')).toBe('image/jpeg');
    expect(fill.headers.get('cache-control')).toContain('immutable');
    expect(await dimensions(fill)).toEqual(['jpeg', 300, 200]);
    const focal = await get(`/media/${photo.id}/v1/fill/w_100,h_300,fp_0.10_0.90,q_60/p.jpg`);
    expect(await dimensions(focal)).toEqual(['jpeg', 100, 300]);
    const fit = await get(`/media/${photo.id}/v1/fit/w_300,h_200/photo.jpg`);
    expect(await dimensions(fit)).toEqual(['jpeg', 267, 200]);
    const crop = await get(`/media/${photo.id}/v1/crop/x_10,y_20,w_100,h_100/fill/w_50,h_50,al_c/photo.jpg`);
    expect(await dimensions(crop)).toEqual(['jpeg', 50, 50]);
    const webp = await get(`/media/${photo.id}/v1/fit/w_40,h_40,enc_webp/p.webp`);
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect(await dimensions(webp)).toEqual(['webp', 40, 30]);
  });

  it('are computed once and cached on disk', async () => {
    const path = `/media/${photo.id}/v1/fill/w_64,h_64/p.jpg`;
    const first = await get(path);
    const etag = first.headers.get('etag')!;
    const cached = await readdir(join(platform.media.dir, 'variants', photo.id));
    expect(cached.length).toBeGreaterThan(0);
    const second = await get(path);
    expect(second.headers.get('etag')).toBe(etag);
    expect(new Uint8Array(await second.arrayBuffer())).toEqual(new Uint8Array(await first.arrayBuffer()));
    expect((await get(path, { 'if-none-match': etag })).status).toBe(304);
  });

  it('refuse bad parameters with 400, and videos', async () => {
    const video = await platform.media.put({
      bytes: testMp4Bytes(64, 48),
      contentType: 'video/mp4',
      filename: 'v.mp4',
      owner: 't',
    });
    for (const path of [
      `/media/${photo.id}/v1/fill/w_0,h_10/p.jpg`,
      `/media/${photo.id}/v1/fill/w_${MEDIA_LIMITS.maxDimension + 1},h_10/p.jpg`,
      `/media/${photo.id}/v1/fill/w_10/p.jpg`,
      `/media/${photo.id}/v1/fill/w_10,h_10,zz_1/p.jpg`,
      `/media/${photo.id}/v1/fill/w_10,h_10,w_20/p.jpg`,
      `/media/${photo.id}/v1/fill/w_10,h_abc/p.jpg`,
      `/media/${photo.id}/v1/fill/w_10,h_10,fp_2_0/p.jpg`,
      `/media/${photo.id}/v1/fill/w_10,h_10,al_x/p.jpg`,
      `/media/${photo.id}/v1/fit/w_10,h_10,fp_0.5_0.5/p.jpg`,
      `/media/${photo.id}/v1/stretch/w_10,h_10/p.jpg`,
      `/media/${photo.id}/v1/fill/w_10,h_10`,
      `/media/${photo.id}/v1/crop/x_700,y_0,w_200,h_10/p.jpg`,
      `/media/${video.id}/v1/fill/w_10,h_10/v.jpg`,
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(400);
      expect((await response.json()).details.applicationError.code, path).toBe('INVALID_TRANSFORM');
    }
  });
});

describe('closing the platform', () => {
  it('does not wait for keep-alive connections that just streamed files (their timeout is 72 s)', async () => {
    const own = await startTestPlatform();
    const files = await Promise.all(
      [1, 2, 3].map(async (n) =>
        own.media.put({
          bytes: await testImageBytes('png', 64 * n, 48 * n),
          contentType: 'image/png',
          filename: `p${n}.png`,
          owner: 'test',
        }),
      ),
    );
    for (const file of files) {
      const response = await fetch(own.media.fileUrl(own.url, file));
      expect(response.status).toBe(200);
      expect((await response.arrayBuffer()).byteLength).toBe(file.sizeBytes);
    }
    // Fails by the test's timeout when close waits for the connections to time out.
    await own.close();
  });
});
