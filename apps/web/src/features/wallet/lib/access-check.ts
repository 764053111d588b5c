import { walletMessages } from '@vaultscope/core';
import { getChainAssets, getOwnAddress } from '../api/chain-account';
import { getWalletStatus } from '../api/wallet-session';
import { type AccessDecision, type AccessState, decideWalletAccess } from './access';

/** The chain the access check reads (spec section 7: getAssetsByChain?chainId=1). */
const PROBE_CHAIN_ID = 1;

/**
 * The Wallet button's check against the server, with its messages: fetched when the button is
 * pressed (see use-open-wallet.tsx), so that every page's shell does not carry it.
 */
export function checkWalletAccess(state: AccessState): Promise<AccessDecision> {
  return decideWalletAccess(state, {
    probe: () => [getChainAssets(PROBE_CHAIN_ID), getOwnAddress(PROBE_CHAIN_ID)],
    walletStatus: async (userId) => (await getWalletStatus(userId)).data.WalletStatus,
  });
}

export function accessFailedMessage(source: 'menu' | 'home'): string {
  return source === 'menu' ? walletMessages.accessFailedMenu : walletMessages.accessFailedHome;
}
