import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MEDIA_LIMITS } from '@atrium/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../errors.js';
import { startPlatform } from '../platform.js';
import { dawnChorusWav } from '../seed/demo-assets.js';
import { inTransaction } from '../storage/transaction.js';
import { startTestPlatform, type TestPlatform } from '../testing/index.js';
import { testImageBytes, testMp4Bytes, testWebmBytes } from '../testing/media-files.js';
import { detectFamily } from './file-types.js';
import { videoSize } from './video-size.js';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
}, 30_000);
afterAll(() => platform.close());

const put = (bytes: Uint8Array, contentType: string, filename = 'file.bin') =>
  platform.media.put({ bytes, contentType, filename, owner: 'test' });

/** The status and code of a rejected put. */
async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  const apiError = error as ApiError;
  return { status: apiError.status, code: apiError.body.details.applicationError?.code };
}

describe('the media store', () => {
  it.each([
    ['jpeg', 'image/jpeg', 'jpg'],
    ['png', 'image/png', 'png'],
    ['webp', 'image/webp', 'webp'],
    ['gif', 'image/gif', 'gif'],
    ['avif', 'image/avif', 'avif'],
  ] as const)('stores a %s image with its real size', async (format, contentType, ext) => {
    const bytes = await testImageBytes(format, 123, 45);
    const file = await put(bytes, contentType, `photo.${ext}`);
    expect(file).toMatchObject({
      contentType,
      kind: 'image',
      width: 123,
      height: 45,
      sizeBytes: bytes.length,
    });
    expect(file.id).toMatch(new RegExp(`^[0-9a-f]{6}_[0-9a-f]{32}\\.${ext}$`));
    expect(await platform.media.get(file.id)).toEqual(file);
    expect(await platform.media.read(file.id)).toEqual(bytes);
  });

  it('reports the displayed size of an EXIF-rotated photo', async () => {
    const file = await put(
      await testImageBytes('jpeg', 200, 100, { orientation: 6 }),
      'image/jpeg',
      'phone.jpg',
    );
    expect([file.width, file.height]).toEqual([100, 200]);
  });

  it('reads the size of MP4 and WebM videos from their containers', async () => {
    const mp4 = await put(testMp4Bytes(640, 360), 'video/mp4', 'clip.mp4');
    expect(mp4).toMatchObject({ kind: 'video', contentType: 'video/mp4', width: 640, height: 360 });
    const webm = await put(testWebmBytes(320, 240), 'video/webm', 'clip.webm');
    expect(webm).toMatchObject({ kind: 'video', contentType: 'video/webm', width: 320, height: 240 });
  });

  it('takes the declared type from the bytes when the client sends none', async () => {
    const file = await put(await testImageBytes('png', 10, 20), 'application/octet-stream', 'x');
    expect(file).toMatchObject({ contentType: 'image/png', kind: 'image', width: 10, height: 20 });
  });

  it('stores documents and text as files, without a size', async () => {
    const pdf = await put(new TextEncoder().encode('%PDF-1.4\n%…\n'), 'application/pdf', 'cv.pdf');
    expect(pdf).toMatchObject({ kind: 'file', contentType: 'application/pdf' });
    expect(pdf.width).toBeUndefined();
    const text = await put(new TextEncoder().encode('a,b\n1,2\n'), 'text/csv; charset=utf-8', 'data.csv');
    expect(text).toMatchObject({ kind: 'file', contentType: 'text/csv' });
  });

  it('stores audio (MP3, WAV, Ogg) as files, recognised by their bytes', async () => {
    const wav = await put(dawnChorusWav(1), 'audio/wav', 'chorus.wav');
    expect(wav).toMatchObject({ kind: 'file', contentType: 'audio/wav' });
    const id3 = new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0, 0xff, 0xfb, 0x90, 0x64]);
    expect(await put(id3, 'audio/mp3', 'a.mp3')).toMatchObject({ contentType: 'audio/mpeg' });
    const ogg = new TextEncoder().encode('OggS\0\x02 vorbis');
    expect(await put(ogg, 'application/octet-stream', 'a.ogg')).toMatchObject({ contentType: 'audio/ogg' });
    expect(await refusal(put(dawnChorusWav(1), 'audio/mpeg'))).toEqual({
      status: 400,
      code: 'MEDIA_TYPE_MISMATCH',
    });
  });

  it('refuses what it cannot vouch for, with a 4xx naming the problem', async () => {
    const png = await testImageBytes('png', 10, 10);
    expect(await refusal(put(new Uint8Array(), 'image/png'))).toEqual({ status: 400, code: 'EMPTY_FILE' });
    expect(await refusal(put(png, 'image/jpeg'))).toEqual({ status: 400, code: 'MEDIA_TYPE_MISMATCH' });
    expect(await refusal(put(png, 'image/svg+xml'))).toEqual({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(await refusal(put(png, 'application/x-msdownload'))).toEqual({
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    expect(await refusal(put(png, 'text/plain'))).toEqual({ status: 400, code: 'MEDIA_TYPE_MISMATCH' });
    expect(await refusal(put(new TextEncoder().encode('hello'), 'application/octet-stream'))).toEqual({
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    const truncated = png.subarray(0, 40);
    expect(await refusal(put(truncated, 'image/png'))).toEqual({ status: 400, code: 'UNREADABLE_MEDIA' });
    const noVideo = testMp4Bytes(0, 0);
    expect(await refusal(put(noVideo, 'video/mp4'))).toEqual({ status: 400, code: 'UNREADABLE_MEDIA' });
    const tooBig = new Uint8Array(MEDIA_LIMITS.maxUploadBytes + 1);
    tooBig.set(png);
    expect(await refusal(put(tooBig, 'image/png'))).toEqual({ status: 413, code: 'FILE_TOO_LARGE' });
    expect(await refusal(put(png, 'image/png', 'x'.repeat(300)))).toEqual({
      status: 400,
      code: 'INVALID_FILENAME',
    });
    // Nothing of the refused files was kept.
    const rows = await platform.db.selectFrom('media_files').select('filename').execute();
    expect(rows.map((row) => row.filename)).not.toContain('x'.repeat(300));
  });

  it('never turns an id or a file name into a path outside its directory', async () => {
    const file = await put(await testImageBytes('png', 4, 4), 'image/png', '../../etc/evil.png');
    expect(file.filename).toBe('evil.png');
    expect(existsSync(join(platform.media.dir, file.id))).toBe(true);
    for (const id of ['../x', '..', '/etc/passwd', `../${file.id}`, `${file.id}/../../x`, '']) {
      expect(await platform.media.get(id)).toBeUndefined();
      expect(await platform.media.read(id)).toBeUndefined();
      expect(await platform.media.remove(id)).toBe(false);
    }
    expect(platform.media.pathOf('../x')).toBeUndefined();
  });

  it('removes metadata and bytes, once', async () => {
    const file = await put(await testImageBytes('png', 4, 4), 'image/png', 'gone.png');
    expect(await platform.media.remove(file.id)).toBe(true);
    expect(await platform.media.get(file.id)).toBeUndefined();
    expect(await platform.media.read(file.id)).toBeUndefined();
    expect(await platform.media.remove(file.id)).toBe(false);
    expect(await readdir(platform.media.dir)).not.toContain(file.id);
  });

  it('writes metadata in a transaction: rolled back, the file is unknown', async () => {
    const bytes = await testImageBytes('png', 5, 5);
    let id = '';
    await expect(
      inTransaction(platform.db, async (trx) => {
        id = (
          await platform.media
            .within(trx)
            .put({ bytes, contentType: 'image/png', filename: 'a.png', owner: 't' })
        ).id;
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(id).not.toBe('');
    expect(await platform.media.get(id)).toBeUndefined();
  });

  it('answers several files in one lookup, leaving out unknown ids', async () => {
    const a = await put(await testImageBytes('png', 2, 2), 'image/png', 'a.png');
    const files = await platform.media.getMany([a.id, 'abcdef_00000000000000000000000000000000.png', '../x']);
    expect([...files.keys()]).toEqual([a.id]);
  });

  it('names the URL it serves a file at', () => {
    expect(platform.media.fileUrl('http://h:1/', { id: 'abcdef_00.png', filename: 'x' })).toBe(
      'http://h:1/media/abcdef_00.png',
    );
  });
});

describe('video sizes', () => {
  it('reads version 1 track headers and rotation matrices', () => {
    expect(videoSize(testMp4Bytes(1920, 1080, { version: 1 }), 'mp4')).toEqual({ width: 1920, height: 1080 });
    expect(videoSize(testMp4Bytes(1920, 1080, { rotate90: true }), 'mp4')).toEqual({
      width: 1080,
      height: 1920,
    });
  });

  it('gives up on malformed containers without throwing', () => {
    const mp4 = testMp4Bytes(640, 360);
    for (let length = 0; length < mp4.length; length += 7) {
      const size = videoSize(mp4.subarray(0, length), 'mp4');
      if (size) expect(size).toEqual({ width: 640, height: 360 });
    }
    const webm = testWebmBytes(320, 240);
    for (let length = 0; length < webm.length; length += 3)
      expect(() => videoSize(webm.subarray(0, length), 'webm')).not.toThrow();
    const corrupt = new Uint8Array(mp4);
    corrupt.set([0xff, 0xff, 0xff, 0xff], 24);
    expect(() => videoSize(corrupt, 'mp4')).not.toThrow();
  });

  it('tells the families apart by signature', async () => {
    expect(detectFamily(testMp4Bytes(1, 1))).toBe('mp4');
    expect(detectFamily(testWebmBytes(1, 1))).toBe('webm');
    expect(detectFamily(await testImageBytes('avif', 4, 4))).toBe('avif');
    expect(detectFamily(new Uint8Array([1, 2, 3]))).toBeUndefined();
  });
});

describe('the media directory', () => {
  it('is <data>/media for a PGlite directory, kept across restarts; a temporary one is removed on close', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'atrium-media-test-'));
    try {
      const options = { port: 0, logLevel: 'silent', database: { kind: 'pglite', dataDir } } as const;
      const first = await startPlatform(options);
      const file = await first.media.put({
        bytes: await testImageBytes('png', 3, 2),
        contentType: 'image/png',
        filename: 'kept.png',
        owner: 't',
      });
      expect(first.media.dir).toBe(join(dataDir, 'media'));
      await first.close();
      const second = await startPlatform(options);
      try {
        expect(await second.media.get(file.id)).toEqual(file);
        expect((await second.media.read(file.id))?.length).toBe(file.sizeBytes);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
    const temporary = await startTestPlatform();
    const dir = temporary.media.dir;
    expect(existsSync(dir)).toBe(true);
    await temporary.close();
    expect(existsSync(dir)).toBe(false);
  }, 120_000);
});
