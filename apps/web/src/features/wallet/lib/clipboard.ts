import { walletMessages } from '@vaultscope/core';
import { toast } from '@/components/toast/toast-store';

/** Copies `text` and says whether it worked, with the spec's texts for an address or anything else. */
export async function copyWithToast(
  text: string,
  kind: 'address' | 'other' = 'other',
): Promise<void> {
  try {
    if (!navigator.clipboard) throw new Error('Clipboard unavailable');
    await navigator.clipboard.writeText(text);
    toast.success(kind === 'address' ? walletMessages.addressCopied : walletMessages.copied);
  } catch {
    toast.error(kind === 'address' ? walletMessages.addressCopyFailed : walletMessages.copyFailed);
  }
}
