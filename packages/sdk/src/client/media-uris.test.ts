import { describe, expect, it } from 'vitest';
import { dateFromWire, floatFromWire, floatToWire, transformPaths, under } from './field-transforms.js';
import { imageFromWire, imageToWire, parseMediaUri, videoFromWire, videoToWire } from './media-uris.js';

/** The media URI rules of docs/wire.md §1.7.5, case by case as the reference applies them. */
describe('images', () => {
  it('send a media URI as the image object, names decoded', () => {
    const uri = 'wix:image://v1/abc_123.jpg/pic%20x.jpg#originWidth=800&originHeight=600';
    expect(imageToWire(uri)).toEqual({
      id: 'abc_123.jpg',
      height: 600,
      width: 800,
      altText: 'pic x.jpg',
      filename: 'pic x.jpg',
      url: uri,
    });
    expect(
      imageToWire('wix:image://v1/a.jpg/x%2Fy%20z.jpg#originWidth=5&originHeight=6&watermark=abc'),
    ).toMatchObject({
      filename: 'x/y z.jpg',
      width: 5,
      height: 6,
    });
  });

  it('send sizes missing from the URI as 0, and no names without a name segment', () => {
    expect(imageToWire('wix:image://v1/a.jpg/x.jpg')).toMatchObject({
      id: 'a.jpg',
      width: 0,
      height: 0,
      filename: 'x.jpg',
    });
    expect(imageToWire('wix:image://v1/nofile.jpg#originWidth=1&originHeight=2')).toEqual({
      id: 'nofile.jpg',
      height: 2,
      width: 1,
      url: 'wix:image://v1/nofile.jpg#originWidth=1&originHeight=2',
    });
  });

  it('read a legacy image:// URI as a wix: one, keeping the string as sent', () => {
    expect(imageToWire('image://v1/legacy.jpg/l.jpg#originWidth=1&originHeight=2')).toMatchObject({
      id: 'legacy.jpg',
      filename: 'l.jpg',
      url: 'image://v1/legacy.jpg/l.jpg#originWidth=1&originHeight=2',
    });
  });

  it('send other strings as a URL, drop empty ones and leave objects alone', () => {
    expect(imageToWire('https://ext.example/a.jpg')).toEqual({ url: 'https://ext.example/a.jpg' });
    expect(imageToWire('')).toBeUndefined();
    const object = { id: 'x' };
    expect(imageToWire(object)).toBe(object);
  });

  it('answer the wire object as a URI: the file name first, else the alt text; the URL without an id', () => {
    expect(imageFromWire({ _id: 'x.jpg', width: 3, height: 4, filename: 'a b.jpg', altText: 'alt' })).toBe(
      'wix:image://v1/x.jpg/a%20b.jpg#originWidth=3&originHeight=4',
    );
    expect(imageFromWire({ id: 'x.jpg', width: 3, height: 4, altText: 'a b' })).toBe(
      'wix:image://v1/x.jpg/a%20b#originWidth=3&originHeight=4',
    );
    expect(imageFromWire({ _id: 'x.jpg', width: 3, height: 4 })).toBe(
      'wix:image://v1/x.jpg#originWidth=3&originHeight=4',
    );
    expect(imageFromWire({ url: 'https://e/x.jpg', width: 3 })).toBe('https://e/x.jpg');
  });

  it('round-trip a URI through the wire', () => {
    const uri = 'wix:image://v1/abc_123.jpg/pic%20x.jpg#originWidth=800&originHeight=600';
    expect(imageFromWire(imageToWire(uri))).toBe(uri);
  });
});

describe('videos', () => {
  it('send a media URI as the video object, with its poster', () => {
    expect(
      videoToWire('wix:video://v1/vid_1.mp4/clip.mp4#posterUri=post_1.jpg&posterWidth=640&posterHeight=360'),
    ).toEqual({
      id: 'vid_1.mp4',
      filename: 'clip.mp4',
      posters: [{ id: 'post_1.jpg', height: 360, width: 640 }],
    });
    expect(videoToWire('wix:video://v1/v.mp4/c.mp4#posterUri=p.jpg')).toEqual({
      id: 'v.mp4',
      filename: 'c.mp4',
      posters: [{ id: 'p.jpg', height: 0, width: 0 }],
    });
    expect(videoToWire('wix:video://v1/v.mp4')).toEqual({ id: 'v.mp4' });
    expect(videoToWire('https://youtu.be/abc')).toEqual({ url: 'https://youtu.be/abc' });
  });

  it('answer the wire object as a URI with the second poster if any, a poster named by its URL if need be', () => {
    const posters = [
      { _id: 'p0.jpg', width: 1, height: 2 },
      { _id: 'p1.jpg', width: 64, height: 36 },
    ];
    expect(videoFromWire({ _id: 'v.mp4', filename: 'clip.mp4', posters })).toBe(
      'wix:video://v1/v.mp4/clip.mp4#posterUri=p1.jpg&posterWidth=64&posterHeight=36',
    );
    expect(
      videoFromWire({ id: 'v2.mp4', posters: [{ url: 'http://x/media/p9.jpg', width: 3, height: 4 }] }),
    ).toBe('wix:video://v1/v2.mp4#posterUri=p9.jpg&posterWidth=3&posterHeight=4');
    expect(videoFromWire({ _id: 'v.mp4', filename: 'a b.mp4', posters: [] })).toBe(
      'wix:video://v1/v.mp4/a%20b.mp4',
    );
    expect(videoFromWire({ url: 'https://v' })).toBe('https://v');
  });
});

describe('parseMediaUri', () => {
  it('splits a URI into kind, id, name and fragment parameters', () => {
    expect(parseMediaUri('wix:image://v1/abc.jpg/a%20b.jpg#originWidth=8&originHeight=6')).toEqual({
      kind: 'image',
      id: 'abc.jpg',
      filename: 'a b.jpg',
      params: { originWidth: '8', originHeight: '6' },
    });
    expect(parseMediaUri('wix:document://v1/d.pdf/cv.pdf')).toMatchObject({
      kind: 'document',
      id: 'd.pdf',
      filename: 'cv.pdf',
    });
    expect(parseMediaUri('https://example.com/x.jpg')).toBeUndefined();
    expect(parseMediaUri('wix:image://v1/')).toBeUndefined();
  });
});

describe('field transforms at paths', () => {
  it('apply at dotted paths through arrays, leaving the input untouched', () => {
    const body = {
      gallery: {
        sortOrder: 'NaN',
        _createdDate: '2024-01-01T00:00:00.000Z',
        items: [{ sortOrder: 'Infinity', focal: '0.5' }, { other: 1 }],
      },
    };
    const copy = structuredClone(body);
    const result = transformPaths(body, [
      ...under('gallery', [
        ['sortOrder', floatFromWire],
        ['_createdDate', dateFromWire],
      ]),
      ['gallery.items.sortOrder', floatFromWire],
    ]) as typeof body & {
      gallery: { sortOrder: number; _createdDate: Date; items: { sortOrder?: number }[] };
    };
    expect(result.gallery.sortOrder).toBeNaN();
    expect(result.gallery._createdDate).toEqual(new Date('2024-01-01T00:00:00.000Z'));
    expect(result.gallery.items[0]).toEqual({ sortOrder: Number.POSITIVE_INFINITY, focal: '0.5' });
    expect(result.gallery.items[1]).toEqual({ other: 1 });
    expect(body).toEqual(copy);
  });

  it('send non-finite numbers as strings, other values as they are', () => {
    expect([Number.NaN, Number.NEGATIVE_INFINITY, 2.5, '3'].map(floatToWire)).toEqual([
      'NaN',
      '-Infinity',
      2.5,
      '3',
    ]);
    expect(floatFromWire('0.5')).toBe('0.5');
  });
});
