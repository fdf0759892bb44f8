import { describe, expect, it } from 'vitest';
import { createMedia, media } from './index.js';

const URI = 'wix:image://v1/abc123_def.jpg/pic%20one.jpg#originWidth=800&originHeight=600';

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

describe('the package root', () => {
  it('exports the same media helpers as @atrium/sdk/media, as @wix/sdk exports `media`', async () => {
    const root = await import('../index.js');
    expect(root.media).toBe(media);
    expect(root.createMedia).toBe(createMedia);
  });
});
