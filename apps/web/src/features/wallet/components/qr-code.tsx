import QRCode from 'qrcode';
import { useMemo } from 'react';

/**
 * A QR code drawn as one SVG path from the `qrcode` package's module matrix: computed on the spot,
 * no canvas, no image request and nothing for the CSP to refuse.
 */
export function QrCode({
  value,
  label,
  size = 184,
  className,
}: {
  value: string;
  label: string;
  size?: number;
  className?: string | undefined;
}) {
  const { path, count } = useMemo(() => {
    const { modules } = QRCode.create(value, { errorCorrectionLevel: 'M' });
    const quiet = 2;
    let d = '';
    for (let row = 0; row < modules.size; row += 1) {
      for (let column = 0; column < modules.size; column += 1) {
        if (modules.get(row, column)) d += `M${column + quiet} ${row + quiet}h1v1h-1z`;
      }
    }
    return { path: d, count: modules.size + quiet * 2 };
  }, [value]);

  return (
    <svg
      className={className}
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${count} ${count}`}
      shapeRendering="crispEdges"
    >
      <rect width={count} height={count} fill="#ffffff" />
      <path d={path} fill="#0b0e13" />
    </svg>
  );
}
