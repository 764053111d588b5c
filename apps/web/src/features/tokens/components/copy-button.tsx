import { tokenMessages } from '@vaultscope/core';
import { toast } from '@/components/toast/toast-store';

/** Spec section 8's copy failure text. */
export const COPY_FAILED = 'Failed to copy!';

/** Copies `value` and says so: 'Copied to clipboard!' or 'Failed to copy!'. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(value);
      toast.success(tokenMessages.copied);
    } catch {
      toast.error(COPY_FAILED);
    }
  }
  return (
    <button
      type="button"
      className="icon-btn copy-btn"
      aria-label={label}
      title={label}
      onClick={() => void copy()}
    >
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
        <rect
          x="8"
          y="8"
          width="12"
          height="12"
          rx="2"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
        />
        <path
          d="M16 8V5.5A1.5 1.5 0 0 0 14.5 4h-9A1.5 1.5 0 0 0 4 5.5v9A1.5 1.5 0 0 0 5.5 16H8"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
        />
      </svg>
    </button>
  );
}
