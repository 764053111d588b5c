import './heart-button.css';
import { Spinner } from './spinner';

/**
 * A favourite heart: red and filled when on (spec section 4), a spinner while busy. It stays
 * focusable while busy (`aria-disabled`, not `disabled`) so the keyboard does not lose its place.
 */
export function HeartButton({
  on,
  busy = false,
  label,
  onPress,
  size = 22,
  className,
}: {
  on: boolean;
  busy?: boolean;
  /** What pressing does, e.g. 'Add Bitcoin to favourites'. */
  label: string;
  onPress: () => void;
  size?: number;
  className?: string;
}) {
  return (
    <button
      type="button"
      className={`fav-heart${on ? ' fav-heart--on' : ''}${className ? ` ${className}` : ''}`}
      aria-pressed={on}
      aria-label={label}
      title={label}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={() => {
        if (!busy) onPress();
      }}
    >
      {busy ? <Spinner /> : <HeartIcon filled={on} size={size} />}
    </button>
  );
}

export function HeartIcon({ filled, size = 22 }: { filled: boolean; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path
        d="M12 20.5s-7.5-4.6-9.3-9.4C1.5 7.8 3.7 4.5 7.1 4.5c2 0 3.6 1.1 4.9 2.9 1.3-1.8 2.9-2.9 4.9-2.9 3.4 0 5.6 3.3 4.4 6.6-1.8 4.8-9.3 9.4-9.3 9.4Z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}
