import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { qrMatrix } from './qr-matrix';

/** Rasterises the matrix (4-module quiet zone, `scale` pixels a module) and reads it back with a decoder. */
function decode(text: string, scale = 4): string | undefined {
  const { size, isDark } = qrMatrix(text);
  const side = (size + 8) * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const row = Math.floor(y / scale) - 4;
      const col = Math.floor(x / scale) - 4;
      if (row >= 0 && col >= 0 && row < size && col < size && isDark(row, col)) {
        pixels.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
      }
    }
  }
  return jsQR(pixels, side, side)?.data;
}

describe('the QR code of the authenticator setup', () => {
  it('reads back as the exact otpauth URI (issuer, account, secret)', () => {
    const uri =
      'otpauth://totp/Atrium:ada%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Atrium&algorithm=SHA1&digits=6&period=30';
    expect(decode(uri)).toBe(uri);
  });

  it('draws one square per dark module and grows with the text', () => {
    const small = qrMatrix('otpauth://totp/x?secret=AB');
    const large = qrMatrix(`otpauth://totp/x?secret=${'A'.repeat(200)}`);
    expect(large.size).toBeGreaterThan(small.size);
    let dark = 0;
    for (let row = 0; row < small.size; row++)
      for (let col = 0; col < small.size; col++) dark += small.isDark(row, col) ? 1 : 0;
    expect(small.path.match(/M/g)).toHaveLength(dark);
  });
});
