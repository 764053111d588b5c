import { useToastStore } from './toast-store';
import './toast.css';

/** Renders the toasts in one polite aria-live region (each lasts 2000 ms, spec section 9). */
export function Toaster() {
  const toasts = useToastStore((state) => state.toasts);
  const dismiss = useToastStore((state) => state.dismiss);
  return (
    <div className="toaster" role="status" aria-live="polite" aria-relevant="additions text">
      {toasts.map((item) => (
        <div key={item.id} className={`toast toast--${item.kind}`} data-kind={item.kind}>
          <span className="toast__icon" aria-hidden="true">
            {item.kind === 'success' ? '✓' : item.kind === 'error' ? '!' : 'i'}
          </span>
          <span className="toast__message">{item.message}</span>
          <button
            type="button"
            className="toast__close"
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
