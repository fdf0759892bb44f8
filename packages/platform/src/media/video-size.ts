/**
 * The pixel size of a video, read from its container without decoding it: MP4 (ISO base media,
 * `moov/trak/tkhd` of the video track) and WebM (Matroska `Segment/Tracks/TrackEntry/Video`).
 * Every read is bounds-checked: a malformed file yields undefined, never an exception or a loop.
 */
export interface PixelSize {
  readonly width: number;
  readonly height: number;
}

/** Nesting a well-formed file never exceeds; deeper is treated as malformed. */
const MAX_DEPTH = 8;

export function videoSize(bytes: Uint8Array, family: 'mp4' | 'webm'): PixelSize | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return family === 'mp4' ? mp4Size(view) : webmSize(view);
}

const valid = (size: PixelSize | undefined): PixelSize | undefined =>
  size && size.width > 0 && size.height > 0 && size.width <= 100_000 && size.height <= 100_000
    ? size
    : undefined;

// ── MP4 ─────────────────────────────────────────────────────────────────────────────────────────

interface Box {
  readonly type: string;
  /** Where the box's payload starts and ends (exclusive). */
  readonly start: number;
  readonly end: number;
}

const fourCC = (view: DataView, offset: number): string =>
  String.fromCharCode(
    view.getUint8(offset),
    view.getUint8(offset + 1),
    view.getUint8(offset + 2),
    view.getUint8(offset + 3),
  );

/** The boxes directly inside [start, end). */
function* boxes(view: DataView, start: number, end: number): Generator<Box> {
  let offset = start;
  while (offset + 8 <= end) {
    let size = view.getUint32(offset);
    const type = fourCC(view, offset + 4);
    let header = 8;
    if (size === 1) {
      if (offset + 16 > end) return;
      const large = view.getBigUint64(offset + 8);
      if (large > BigInt(end - offset)) return;
      size = Number(large);
      header = 16;
    } else if (size === 0) {
      size = end - offset;
    }
    if (size < header || offset + size > end) return;
    yield { type, start: offset + header, end: offset + size };
    offset += size;
  }
}

const child = (view: DataView, box: Box, type: string): Box | undefined => {
  for (const inner of boxes(view, box.start, box.end)) if (inner.type === type) return inner;
  return undefined;
};

function mp4Size(view: DataView): PixelSize | undefined {
  const moov = [...boxes(view, 0, view.byteLength)].find((box) => box.type === 'moov');
  if (!moov) return undefined;
  let fallback: PixelSize | undefined;
  for (const trak of boxes(view, moov.start, moov.end)) {
    if (trak.type !== 'trak') continue;
    const tkhd = child(view, trak, 'tkhd');
    const size = tkhd ? valid(trackHeaderSize(view, tkhd)) : undefined;
    if (!size) continue;
    const mdia = child(view, trak, 'mdia');
    const hdlr = mdia && child(view, mdia, 'hdlr');
    // hdlr: version and flags (4), pre_defined (4), handler_type (4).
    if (hdlr && hdlr.start + 12 <= hdlr.end && fourCC(view, hdlr.start + 8) === 'vide') return size;
    fallback ??= size;
  }
  return fallback;
}

/**
 * tkhd: version and flags, then times and ids (20 bytes in version 0, 32 in version 1), reserved
 * (8), layer, alternate group, volume, reserved (2 each), the 3×3 matrix (36), then width and
 * height as 16.16 fixed point. A matrix that rotates by 90° swaps the displayed sides.
 */
function trackHeaderSize(view: DataView, tkhd: Box): PixelSize | undefined {
  const version = view.getUint8(tkhd.start);
  const matrix = tkhd.start + 4 + (version === 1 ? 32 : 20) + 16;
  const sizeAt = matrix + 36;
  if (sizeAt + 8 > tkhd.end) return undefined;
  const width = Math.round(view.getUint32(sizeAt) / 65_536);
  const height = Math.round(view.getUint32(sizeAt + 4) / 65_536);
  const a = view.getInt32(matrix);
  const b = view.getInt32(matrix + 4);
  const rotated = a === 0 && Math.abs(b) === 65_536;
  return rotated ? { width: height, height: width } : { width, height };
}

// ── WebM (Matroska EBML) ────────────────────────────────────────────────────────────────────────

const EBML_IDS = {
  ebml: 0x1a45dfa3,
  docType: 0x4282,
  segment: 0x18538067,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  video: 0xe0,
  pixelWidth: 0xb0,
  pixelHeight: 0xba,
  cluster: 0x1f43b675,
} as const;

interface Element {
  readonly id: number;
  readonly start: number;
  readonly end: number;
}

/** An EBML variable-length integer at `offset`: its value and length; the id form keeps the marker bit. */
function vint(
  view: DataView,
  offset: number,
  keepMarker: boolean,
): { value: number; length: number } | undefined {
  if (offset >= view.byteLength) return undefined;
  const first = view.getUint8(offset);
  const length = Math.clz32(first) - 23;
  if (length < 1 || length > 8 || offset + length > view.byteLength) return undefined;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i += 1) {
    const byte = view.getUint8(offset + i);
    allOnes &&= byte === 0xff;
    value = value * 256 + byte;
  }
  // A size of all ones is "unknown" (live streams): the element runs to its parent's end.
  return { value: !keepMarker && allOnes ? -1 : value, length };
}

function* elements(view: DataView, start: number, end: number): Generator<Element> {
  let offset = start;
  while (offset < end) {
    const id = vint(view, offset, true);
    const size = id && vint(view, offset + id.length, false);
    if (!id || !size) return;
    const dataStart = offset + id.length + size.length;
    const dataEnd = size.value < 0 ? end : dataStart + size.value;
    if (dataEnd > end) return;
    yield { id: id.value, start: dataStart, end: dataEnd };
    offset = dataEnd;
  }
}

const uint = (view: DataView, element: Element): number => {
  let value = 0;
  for (let i = element.start; i < element.end && i < element.start + 6; i += 1) {
    value = value * 256 + view.getUint8(i);
  }
  return value;
};

function webmSize(view: DataView): PixelSize | undefined {
  const top = [...elements(view, 0, view.byteLength)];
  const header = top.find((element) => element.id === EBML_IDS.ebml);
  const docType =
    header && [...elements(view, header.start, header.end)].find((e) => e.id === EBML_IDS.docType);
  if (!docType) return undefined;
  const name = String.fromCharCode(
    ...new Uint8Array(view.buffer, view.byteOffset + docType.start, docType.end - docType.start),
  );
  if (name !== 'webm' && name !== 'matroska') return undefined;
  const segment = top.find((element) => element.id === EBML_IDS.segment);
  return segment ? findVideoSize(view, segment, 0) : undefined;
}

function findVideoSize(view: DataView, parent: Element, depth: number): PixelSize | undefined {
  if (depth > MAX_DEPTH) return undefined;
  for (const element of elements(view, parent.start, parent.end)) {
    // Tracks come before the media data; a cluster means there were none.
    if (element.id === EBML_IDS.cluster) return undefined;
    if (element.id === EBML_IDS.tracks || element.id === EBML_IDS.trackEntry) {
      const size = findVideoSize(view, element, depth + 1);
      if (size) return size;
    } else if (element.id === EBML_IDS.video) {
      let width = 0;
      let height = 0;
      for (const field of elements(view, element.start, element.end)) {
        if (field.id === EBML_IDS.pixelWidth) width = uint(view, field);
        if (field.id === EBML_IDS.pixelHeight) height = uint(view, field);
      }
      return valid({ width, height });
    }
  }
  return undefined;
}
