import { Spinner } from './spinner';
import { HeartIcon } from '../icons';
import styles from './heart-button.module.css';

export type HeartVariant = 'compact' | 'framed';

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
  variant,
}: {
  on: boolean;
  busy?: boolean;
  /** What pressing does, e.g. 'Add Bitcoin to favourites'. */
  label: string;
  onPress: () => void;
  size?: number;
  /** `compact` in table rows, `framed` (bordered) in page headers. */
  variant?: HeartVariant;
}) {
  return (
    <button
      type="button"
      className={[styles.heart, on && styles.on, variant && styles[variant]]
        .filter(Boolean)
        .join(' ')}
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
