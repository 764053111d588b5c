import { useToastStore } from './toast-store';
import styles from './toaster.module.css';

/** Renders the toasts in one polite aria-live region (each lasts 2000 ms, spec section 9). */
export function Toaster() {
  const toasts = useToastStore((state) => state.toasts);
  const dismiss = useToastStore((state) => state.dismiss);
  return (
    <div
      className={styles.region}
      data-testid="toaster"
      role="status"
      aria-live="polite"
      aria-relevant="additions text"
    >
      {toasts.map((item) => (
        <div
          key={item.id}
          className={[styles.toast, styles[item.kind]].filter(Boolean).join(' ')}
          data-kind={item.kind}
        >
          <span className={styles.icon} aria-hidden="true">
            {item.kind === 'success' ? '✓' : item.kind === 'error' ? '!' : 'i'}
          </span>
          <span className={styles.message}>{item.message}</span>
          <button
            type="button"
            className={styles.close}
            aria-label="Dismiss notification"
            onClick={() => dismiss(item.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
