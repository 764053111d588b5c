export function Spinner({ label, size = 16 }: { label?: string; size?: number }) {
  return (
    <span
      className="spinner"
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      data-size={size}
    />
  );
}

/** Full-area loading indicator for whole screens. */
export function ScreenLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="screen-loader">
      <Spinner label={label} size={28} />
    </div>
  );
}
