// A QR code drawn as one SVG path (uqr encodes it on the client: the text never leaves the page).
import { useMemo } from 'react';
import { encode } from 'uqr';

interface QrCodeProps {
  text: string;
  /** What the code holds, for a screen reader. */
  label: string;
  /** Drawn size in CSS pixels. */
  size?: number;
}

export function QrCode({ text, label, size = 192 }: QrCodeProps) {
  const { path, modules } = useMemo(() => {
    const qr = encode(text, { ecc: 'M', border: 2 });
    let d = '';
    qr.data.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      }),
    );
    return { path: d, modules: qr.size };
  }, [text]);
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
