import './heart-button.css';
import { Spinner } from './spinner';
import { HeartIcon } from '../icons';

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
