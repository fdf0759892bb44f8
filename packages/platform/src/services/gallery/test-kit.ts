import { expect } from 'vitest';
import { type Answer, type Body, requestJson } from '../../../test/support/http.js';
import type { MediaFile } from '../../media/types.js';
import {
  startTestPlatform,
  type TestPlatform,
  type TestPlatformOptions,
  testImageBytes,
  testMp4Bytes,
} from '../../testing/index.js';

/**
 * Helpers for the gallery tests: a platform, wire-path requests as an API key, a visitor or nobody,
 * and media-store files to put in items. Everything goes over HTTP, as a client would.
 */
export const GALLERIES = '/progallery/v2/galleries';

export type { Answer, Body } from '../../../test/support/http.js';

/** Who calls: the API key (default), a visitor token, nobody, or a literal Authorization value. */
export type As = 'key' | 'visitor' | 'anonymous' | { authorization: string };

export interface GalleryKit {
  readonly platform: TestPlatform;
  call<T = Body>(method: string, path: string, body?: unknown, as?: As): Promise<Answer<T>>;
  /** POST GALLERIES with `{ gallery }` as the API key; expects 200 and answers the gallery. */
  createGallery(gallery: object): Promise<Body>;
  image(width: number, height: number, filename?: string): Promise<MediaFile>;
  video(width: number, height: number): Promise<MediaFile>;
  close(): Promise<void>;
}

export async function startGalleryKit(options: TestPlatformOptions = {}): Promise<GalleryKit> {
  const platform = await startTestPlatform(options);
  let visitor: string | undefined;
  const visitorToken = async () => {
    if (visitor) return visitor;
    const response = await fetch(`${platform.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grantType: 'anonymous', clientId: platform.clientId }),
    });
    visitor = ((await response.json()) as { access_token: string }).access_token;
    return visitor;
  };
  const authorization = async (as: As): Promise<string | undefined> =>
    as === 'key'
      ? platform.apiKey
      : as === 'visitor'
        ? visitorToken()
        : as === 'anonymous'
          ? undefined
          : as.authorization;
  const call = async (method: string, path: string, body?: unknown, as: As = 'key') =>
    requestJson(`${platform.url}${path}`, { method, body, authorization: await authorization(as) });
  let sequence = 0;
  return {
    platform,
    call,
    createGallery: async (gallery) => {
      const answer = await call('POST', GALLERIES, { gallery });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.gallery;
    },
    image: async (width, height, filename = `image-${++sequence}.png`) =>
      platform.media.put({
        bytes: await testImageBytes('png', width, height),
        contentType: 'image/png',
        filename,
        owner: 'test',
      }),
    video: async (width, height) =>
      platform.media.put({
        bytes: testMp4Bytes(width, height),
        contentType: 'video/mp4',
        filename: `clip-${++sequence}.mp4`,
        owner: 'test',
      }),
    close: () => platform.close(),
  };
}
