import sharp from 'sharp';

/**
 * Real media files for tests, made in memory: images encoded by sharp, and the smallest MP4 and
 * WebM containers that declare a video track of a given size (no frames: the store reads sizes from
 * the container, it never decodes video).
 */
export type TestImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

export async function testImageBytes(
  format: TestImageFormat,
  width: number,
  height: number,
  options: { orientation?: number } = {},
): Promise<Uint8Array<ArrayBuffer>> {
  let image = sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } });
  if (options.orientation !== undefined) image = image.withMetadata({ orientation: options.orientation });
  const encoded = await image.toFormat(format, format === 'avif' ? { effort: 0 } : {}).toBuffer();
  return new Uint8Array(encoded);
}

const u32 = (value: number) => [
  (value >>> 24) & 0xff,
  (value >>> 16) & 0xff,
  (value >>> 8) & 0xff,
  value & 0xff,
];
const u16 = (value: number) => [(value >>> 8) & 0xff, value & 0xff];
const chars = (text: string) => [...text].map((char) => char.charCodeAt(0));
const box = (type: string, ...payload: number[][]) => {
  const body = payload.flat();
  return [...u32(8 + body.length), ...chars(type), ...body];
};

/** `tkhd` version 0 (or 1): 16.16 sizes after the identity (or a 90° rotation) matrix. */
function trackHeader(width: number, height: number, version: 0 | 1, rotate90: boolean): number[] {
  const times =
    version === 1
      ? [...u32(0), ...u32(0), ...u32(0), ...u32(0), ...u32(1), ...u32(0), ...u32(0), ...u32(0)]
      : [...u32(0), ...u32(0), ...u32(1), ...u32(0), ...u32(0)];
  const one = 0x10000;
  const matrix = rotate90
    ? [0, one, 0, -one >>> 0, 0, 0, 0, 0, 0x40000000]
    : [one, 0, 0, 0, one, 0, 0, 0, 0x40000000];
  return box(
    'tkhd',
    [version, 0, 0, 3],
    times,
    u32(0),
    u32(0),
    [...u16(0), ...u16(0), ...u16(0), ...u16(0)],
    matrix.flatMap(u32),
    u32(width * 0x10000),
    u32(height * 0x10000),
  );
}

const handler = (type: string) => box('hdlr', u32(0), u32(0), chars(type), u32(0), u32(0), u32(0), [0]);

/** ftyp + moov with a sound track (no size) and a video track of width × height. */
export function testMp4Bytes(
  width: number,
  height: number,
  options: { version?: 0 | 1; rotate90?: boolean } = {},
): Uint8Array<ArrayBuffer> {
  const ftyp = box('ftyp', chars('isom'), u32(0x200), chars('isom'), chars('mp41'));
  const sound = box('trak', trackHeader(0, 0, 0, false), box('mdia', handler('soun')));
  const video = box(
    'trak',
    trackHeader(width, height, options.version ?? 0, options.rotate90 ?? false),
    box('mdia', handler('vide')),
  );
  const moov = box('moov', box('mvhd', u32(0), new Array(96).fill(0)), sound, video);
  return new Uint8Array([...ftyp, ...moov, ...box('mdat', [0, 0, 0, 0])]);
}

/** An EBML element: its id bytes, its size as a vint (8 bytes, or "unknown"), its data. */
const element = (id: number[], data: number[], unknownSize = false) => [
  ...id,
  ...(unknownSize ? [0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff] : [0x01, 0, 0, 0, ...u32(data.length)]),
  ...data,
];

/** EBML header (DocType webm) + a Segment of unknown size whose Tracks hold one video track. */
export function testWebmBytes(width: number, height: number): Uint8Array<ArrayBuffer> {
  const header = element([0x1a, 0x45, 0xdf, 0xa3], element([0x42, 0x82], chars('webm')));
  const videoSettings = element([0xe0], [...element([0xb0], u16(width)), ...element([0xba], u16(height))]);
  const trackEntry = element([0xae], [...element([0xd7], [1]), ...element([0x83], [1]), ...videoSettings]);
  const tracks = element([0x16, 0x54, 0xae, 0x6b], trackEntry);
  const info = element([0x15, 0x49, 0xa9, 0x66], element([0x2a, 0xd7, 0xb1], u32(1_000_000)));
  const segment = element([0x18, 0x53, 0x80, 0x67], [...info, ...tracks], true);
  return new Uint8Array([...header, ...segment]);
}
