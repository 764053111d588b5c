import { storageKeys } from '@vaultscope/core';
import { readStorage, removeStorage, writeStorage } from '@/lib/browser-storage';

/**
 * localStorage `passwordVerified` (spec section 3): 'true' once the wallet password was entered
 * here, so that the Wallet button goes straight in. The server's unlock still decides: a 403 later
 * removes the flag.
 */
export const passwordVerified = {
  read: (): string | null => readStorage('local', storageKeys.passwordVerified),
  set: () => writeStorage('local', storageKeys.passwordVerified, 'true'),
  clear: () => removeStorage('local', storageKeys.passwordVerified),
};
