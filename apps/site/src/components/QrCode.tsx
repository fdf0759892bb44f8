import { useMemo } from 'react';
import { qrMatrix } from './qr-matrix';

/** A QR code to scan with a phone: black modules on white with the standard 4-module quiet zone. */
export function QrCode({ text, label, pixels = 200 }: { text: string; label: string; pixels?: number }) {
  const { size, path } = useMemo(() => qrMatrix(text), [text]);
  const box = size + 8;
  return (
    <svg
      role="img"
      aria-label={label}
      className="qr-code"
      width={pixels}
      height={pixels}
      viewBox={`-4 -4 ${box} ${box}`}
      shapeRendering="crispEdges"
    >
      <rect x={-4} y={-4} width={box} height={box} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
