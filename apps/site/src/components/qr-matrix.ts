import qrcode from 'qrcode-generator';

/**
 * A QR code's modules for `text` (error correction M, the smallest version that holds it), as one
 * SVG path: a unit square per dark module, so the code is drawn as markup React builds, never as
 * HTML from a string.
 */
export function qrMatrix(text: string): {
  size: number;
  path: string;
  isDark: (row: number, col: number) => boolean;
} {
  const code = qrcode(0, 'M');
  code.addData(text, 'Byte');
  code.make();
  const size = code.getModuleCount();
  const parts: string[] = [];
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) if (code.isDark(row, col)) parts.push(`M${col} ${row}h1v1h-1z`);
  }
  return { size, path: parts.join(''), isDark: (row, col) => code.isDark(row, col) };
}
