import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearContext } from '../client/context.js';
import { createClient } from '../client/create-client.js';
import { createMedia, type MediaHelpers, media } from './index.js';

const URI = 'wix:image://v1/abc123_def.jpg/pic%20one.jpg#originWidth=800&originHeight=600';

// No ATRIUM_PLATFORM_URL unless a test sets one, and no context client left behind.
beforeEach(() => {
  vi.stubEnv('ATRIUM_PLATFORM_URL', '');
});
afterEach(() => {
  vi.unstubAllEnvs();
  clearContext();
});

describe('media URLs on the hosted media host', () => {
  it('give the original image with its id, size and name', () => {
    expect(media.getImageUrl(URI)).toEqual({
      id: 'abc123_def.jpg',
      url: 'https://static.wixstatic.com/media/abc123_def.jpg',
      height: 600,
      width: 800,
      altText: 'pic one.jpg',
      filename: 'pic one.jpg',
    });
    expect(media.getImageUrl('https://example.com/x.jpg')).toEqual({
      id: '',
      url: 'https://example.com/x.jpg',
      height: 0,
      width: 0,
    });
  });

  it('build fill, fit and crop URLs in the host form', () => {
    expect(media.getScaledToFillImageUrl(URI, 300, 200)).toBe(
      'https://static.wixstatic.com/media/abc123_def.jpg/v1/fill/w_300,h_200,al_c,q_80,enc_auto/abc123_def.jpg',
    );
    expect(
      media.getScaledToFillImageUrl(URI, 300, 200, {
        focalPoint: { x: 30, y: 40 },
        quality: 70,
        name: 'a b.jpg',
      }),
    ).toBe(
      'https://static.wixstatic.com/media/abc123_def.jpg/v1/fill/w_300,h_200,fp_0.30_0.40,q_70,enc_auto/a%20b.jpg',
    );
    expect(
      media.getScaledToFillImageUrl(URI, 300, 200, { unsharpMask: { amount: 1, radius: 2, threshold: 0.5 } }),
    ).toContain(',usm_2.00_1.00_0.50,');
    expect(media.getScaledToFitImageUrl(URI, 400, 100)).toBe(
      'https://static.wixstatic.com/media/abc123_def.jpg/v1/fit/w_400,h_100,q_80,enc_auto/abc123_def.jpg',
    );
    expect(media.getCroppedImageUrl(URI, 10, 20, 100, 100, 50, 50)).toBe(
      'https://static.wixstatic.com/media/abc123_def.jpg/v1/crop/x_10,y_20,w_100,h_100/fill/w_50,h_50,al_c,q_80,enc_auto/abc123_def.jpg',
    );
  });

  it('keep sizes within what the media server renders', () => {
    expect(media.getScaledToFillImageUrl(URI, 99_999, 0.4)).toContain('/fill/w_4000,h_1,');
  });

  it('refuse what is not an image URI', () => {
    expect(() => media.getScaledToFillImageUrl('abc123_def.jpg', 10, 10)).toThrow(TypeError);
    expect(() => media.getScaledToFitImageUrl('wix:video://v1/v.mp4', 10, 10)).toThrow('not a wix:image');
  });

  it('give video URLs and their poster', () => {
    expect(
      media.getVideoUrl('wix:video://v1/vid_1.mp4/clip.mp4#posterUri=p.jpg&posterWidth=640&posterHeight=360'),
    ).toEqual({
      id: 'vid_1.mp4',
      url: 'https://video.wixstatic.com/video/vid_1.mp4/file',
      thumbnail: 'wix:image://v1/p.jpg#originWidth=640&originHeight=360',
      filename: 'clip.mp4',
    });
    expect(media.getVideoUrl('wix:video://v1/vid_1.mp4', '720p').url).toBe(
      'https://video.wixstatic.com/video/vid_1.mp4/720p/mp4/file.mp4',
    );
  });
});

describe('media URLs on a local platform', () => {
  const local = createMedia({ platformUrl: 'http://127.0.0.1:7070/' });

  it('use the platform’s /media/ for images and videos', () => {
    expect(local.getImageUrl(URI).url).toBe('http://127.0.0.1:7070/media/abc123_def.jpg');
    expect(local.getScaledToFillImageUrl(URI, 30, 20)).toBe(
      'http://127.0.0.1:7070/media/abc123_def.jpg/v1/fill/w_30,h_20,al_c,q_80,enc_auto/abc123_def.jpg',
    );
    expect(local.getVideoUrl('wix:video://v1/v.mp4/c.mp4').url).toBe('http://127.0.0.1:7070/media/v.mp4');
  });

  it('take any base URL', () => {
    expect(createMedia({ baseUrl: 'https://cdn.example/m' }).getImageUrl(URI).url).toBe(
      'https://cdn.example/m/abc123_def.jpg',
    );
  });

  it('parse media URIs', () => {
    expect(local.parseMediaUri(URI)).toMatchObject({
      kind: 'image',
      id: 'abc123_def.jpg',
      filename: 'pic one.jpg',
    });
  });
});

const AUDIO = 'wix:audio://v1/5e_abc.mp3/song%20one.mp3#duration=123';
const DOCUMENT = 'wix:document://v1/ugd/doc_1.pdf/my%20doc.pdf';
const VIDEO = 'wix:video://v1/vid_1.mp4/clip.mp4';

/** Every URL helper's answer for the same inputs: what "building on a platform" is checked against. */
function everyUrl(helpers: MediaHelpers) {
  return {
    image: helpers.getImageUrl(URI).url,
    fill: helpers.getScaledToFillImageUrl(URI, 30, 20),
    fit: helpers.getScaledToFitImageUrl(URI, 30, 20),
    crop: helpers.getCroppedImageUrl(URI, 1, 2, 3, 4, 5, 6),
    video: helpers.getVideoUrl(VIDEO, '720p').url,
    audio: helpers.getAudioUrl(AUDIO).url,
    document: helpers.getDocumentUrl(DOCUMENT).url,
  };
}

const onPlatform = (origin: string) => ({
  image: `${origin}/media/abc123_def.jpg`,
  fill: `${origin}/media/abc123_def.jpg/v1/fill/w_30,h_20,al_c,q_80,enc_auto/abc123_def.jpg`,
  fit: `${origin}/media/abc123_def.jpg/v1/fit/w_30,h_20,q_80,enc_auto/abc123_def.jpg`,
  crop: `${origin}/media/abc123_def.jpg/v1/crop/x_1,y_2,w_3,h_4/fill/w_5,h_6,al_c,q_80,enc_auto/abc123_def.jpg`,
  video: `${origin}/media/vid_1.mp4`,
  audio: `${origin}/media/5e_abc.mp3`,
  document: `${origin}/media/doc_1.pdf`,
});

const HOSTED_URLS = {
  image: 'https://static.wixstatic.com/media/abc123_def.jpg',
  fill: 'https://static.wixstatic.com/media/abc123_def.jpg/v1/fill/w_30,h_20,al_c,q_80,enc_auto/abc123_def.jpg',
  fit: 'https://static.wixstatic.com/media/abc123_def.jpg/v1/fit/w_30,h_20,q_80,enc_auto/abc123_def.jpg',
  crop: 'https://static.wixstatic.com/media/abc123_def.jpg/v1/crop/x_1,y_2,w_3,h_4/fill/w_5,h_6,al_c,q_80,enc_auto/abc123_def.jpg',
  video: 'https://video.wixstatic.com/video/vid_1.mp4/720p/mp4/file.mp4',
  audio: 'https://static.wixstatic.com/mp3/5e_abc.mp3',
  document: 'https://d945e594-8657-47e2-9cd9-e9033c3d8da0.usrfiles.com/ugd/doc_1.pdf',
};

describe('media follows the client', () => {
  const PLATFORM = 'http://127.0.0.1:7070';

  it('with no client and no ATRIUM_PLATFORM_URL, every helper builds the hosted URLs (the reference’s)', () => {
    expect(everyUrl(media)).toEqual(HOSTED_URLS);
  });

  it('bound to a client with a baseUrl (client.use, createClient modules), every helper builds on that platform', () => {
    const client = createClient({ baseUrl: `${PLATFORM}/`, modules: { media } });
    expect(everyUrl(client.media)).toEqual(onPlatform(PLATFORM));
    expect(everyUrl(createClient({ baseUrl: 'http://other.test' }).use(media))).toEqual(
      onPlatform('http://other.test'),
    );
    // The module object itself is unchanged.
    expect(everyUrl(media)).toEqual(HOSTED_URLS);
  });

  it('bound to a client without a baseUrl, builds the hosted URLs', () => {
    expect(everyUrl(createClient().use(media))).toEqual(HOSTED_URLS);
  });

  it('called directly with a context client, builds on its platform', () => {
    createClient({ baseUrl: PLATFORM }).enableContext('module');
    expect(everyUrl(media)).toEqual(onPlatform(PLATFORM));
    clearContext();
    createClient({ baseUrl: 'http://global.test' }).enableContext('global');
    expect(everyUrl(media)).toEqual(onPlatform('http://global.test'));
  });

  it('with ATRIUM_PLATFORM_URL set and no client, builds on that platform; a client’s baseUrl wins', () => {
    vi.stubEnv('ATRIUM_PLATFORM_URL', 'http://env.test:7070/');
    expect(everyUrl(media)).toEqual(onPlatform('http://env.test:7070'));
    expect(everyUrl(createMedia())).toEqual(onPlatform('http://env.test:7070'));
    expect(everyUrl(createClient({ baseUrl: PLATFORM }).use(media))).toEqual(onPlatform(PLATFORM));
  });

  it('createMedia with a platformUrl or baseUrl keeps its own base whatever the client or environment', () => {
    vi.stubEnv('ATRIUM_PLATFORM_URL', 'http://env.test');
    createClient({ baseUrl: PLATFORM }).enableContext('module');
    expect(everyUrl(createMedia({ platformUrl: 'http://fixed.test' }))).toEqual(
      onPlatform('http://fixed.test'),
    );
  });

  it('audio and document helpers read the name and duration, as the reference does', () => {
    expect(media.getAudioUrl(AUDIO)).toEqual({
      id: '5e_abc.mp3',
      url: HOSTED_URLS.audio,
      duration: 123,
      filename: 'song one.mp3',
    });
    expect(media.getDocumentUrl(DOCUMENT)).toEqual({
      id: 'doc_1.pdf',
      url: HOSTED_URLS.document,
      filename: 'my doc.pdf',
    });
    expect(media.getDocumentUrl('wix:document://v1/doc_1.pdf').url).toBe(HOSTED_URLS.document);
    expect(media.getAudioUrl('https://example.com/a.mp3')).toEqual({
      id: '',
      url: 'https://example.com/a.mp3',
      duration: 0,
    });
  });
});

describe('the package root', () => {
  it('exports the same media helpers as @atrium/sdk/media, as @wix/sdk exports `media`', async () => {
    const root = await import('../index.js');
    expect(root.media).toBe(media);
    expect(root.createMedia).toBe(createMedia);
  });
});
