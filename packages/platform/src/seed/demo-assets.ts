import sharp from 'sharp';

/**
 * Media of the showcase post that used to point at other hosts (P11: the demo works offline):
 * made here, stored in the media store by the blog seeder.
 */

/**
 * "Dawn chorus": a WAV file (PCM, 8 kHz, 8-bit mono) of `seconds` of short rising chirps, about
 * 8 KB a second. Deterministic, so seeds compare equal.
 */
export function dawnChorusWav(seconds = 3): Uint8Array {
  const rate = 8000;
  const samples = Math.round(rate * seconds);
  const bytes = new Uint8Array(44 + samples);
  const view = new DataView(bytes.buffer);
  const text = (offset: number, value: string) => {
    for (let i = 0; i < value.length; i++) bytes[offset + i] = value.charCodeAt(i);
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true); // the format chunk's size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, rate, true);
  view.setUint32(28, rate, true); // bytes a second
  view.setUint16(32, 1, true); // block align
  view.setUint16(34, 8, true); // bits a sample
  text(36, 'data');
  view.setUint32(40, samples, true);
  let phase = 0;
  for (let i = 0; i < samples; i++) {
    const t = i / rate;
    // A chirp of 0.12 s every 0.4 s, from 2.2 to 3.4 kHz, faded in and out.
    const within = t % 0.4;
    const chirp = within < 0.12 ? Math.sin((Math.PI * within) / 0.12) : 0;
    phase += (2 * Math.PI * (2200 + (within / 0.12) * 1200)) / rate;
    bytes[44 + i] = Math.round(128 + 90 * chirp * Math.sin(phase));
  }
  return bytes;
}

/** A leaf (the SHAPE node's), a transparent PNG rendered from an SVG path by sharp. */
export function leafShapePng(size = 240): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 120 120">
<path d="M60 8 C96 28 108 70 60 112 C12 70 24 28 60 8 Z" fill="#65a30d"/>
<path d="M60 20 L60 108" stroke="#ecfccb" stroke-width="4" fill="none" stroke-linecap="round"/>
<path d="M60 52 L80 36 M60 72 L84 56 M60 62 L38 46 M60 84 L36 68" stroke="#ecfccb" stroke-width="3" fill="none" stroke-linecap="round"/>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
