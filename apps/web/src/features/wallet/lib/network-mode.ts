import type { NetworkMode } from '@vaultscope/core';

/** The wallet page's mode dropdown (spec section 2: Testnet Mode and Mainnet Mode). */
export type ModeChoice = 'mainnet' | 'testnet' | 'both' | 'none';

export function modeChoiceOf(mode: NetworkMode): ModeChoice {
  if (mode.showMainnet && mode.showTestnet) return 'both';
  if (mode.showMainnet) return 'mainnet';
  if (mode.showTestnet) return 'testnet';
  return 'none';
}

/** Choosing one mode shows only its networks. */
export function modeOfChoice(choice: 'mainnet' | 'testnet'): NetworkMode {
  return { showMainnet: choice === 'mainnet', showTestnet: choice === 'testnet' };
}
