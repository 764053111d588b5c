import { tokenMessages } from '@vaultscope/core';
import { toast } from '@/components/toast/toast-store';
import { CopyIcon } from '@/components/icons';
import styles from './copy-button.module.css';

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
      className={`icon-btn ${styles.copy}`}
      aria-label={label}
      title={label}
      onClick={() => void copy()}
    >
      <CopyIcon />
    </button>
  );
}
