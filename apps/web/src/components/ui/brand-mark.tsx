/** The Vaultscope mark: a V for vault over a dark tile, drawn inline (no image requests). */
export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect x="0.5" y="0.5" width="31" height="31" rx="8" fill="#131820" stroke="#2e3845" />
      <path
        d="M8 10l8 13.5L24 10"
        fill="none"
        stroke="#3ddc97"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="16" cy="10" r="2.2" fill="#f5b942" />
    </svg>
  );
}
