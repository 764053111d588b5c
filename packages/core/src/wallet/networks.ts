import { CHAINS, type Chain, findChain } from '../chains/chains';

/** Chains a send may use (spec section 7). */
export const SEND_CHAIN_IDS = [11155111, 80002, 137, 1, 43113, 43114, 56, 97, 101, 103] as const;

/** Networks of the Receive dialog, in the spec's order (43113 is absent there on purpose). */
export const RECEIVE_CHAIN_IDS = [1, 11155111, 137, 80002, 56, 97, 43114, 103, 101] as const;

export function isSendChainId(id: number): boolean {
  return (SEND_CHAIN_IDS as readonly number[]).includes(id);
}

export interface NetworkMode {
  showMainnet: boolean;
  showTestnet: boolean;
}

/**
 * The network list of the wallet for a mode: mainnets then testnets when both are on, one group
 * when one is on, none when neither (spec section 4). Fuji is a testnet of the list too.
 */
export function networksForMode(mode: NetworkMode): Chain[] {
  const mainnets = CHAINS.filter((chain) => !chain.testnet);
  const testnets = CHAINS.filter((chain) => chain.testnet);
  return [...(mode.showMainnet ? mainnets : []), ...(mode.showTestnet ? testnets : [])];
}

/** Block explorers of the real chains; a local chain links to the app's own transaction page. */
const EXPLORERS: Record<number, string> = {
  1: 'https://etherscan.io/tx/',
  11155111: 'https://sepolia.etherscan.io/tx/',
  137: 'https://polygonscan.com/tx/',
  80002: 'https://amoy.polygonscan.com/tx/',
  56: 'https://bscscan.com/tx/',
  97: 'https://testnet.bscscan.com/tx/',
  43114: 'https://snowtrace.io/tx/',
  43113: 'https://testnet.snowtrace.io/tx/',
  101: 'https://explorer.solana.com/tx/',
  103: 'https://explorer.solana.com/tx/',
};

/** Web path of the app's own transaction page for a local chain. */
export function localTransactionPath(chainId: number, hash: string): string {
  return `/tx/${chainId}/${encodeURIComponent(hash)}`;
}

export function explorerTransactionUrl(chainId: number, hash: string): string {
  const base = EXPLORERS[chainId];
  if (!base) return localTransactionPath(chainId, hash);
  return `${base}${hash}${chainId === 103 ? '?cluster=devnet' : ''}`;
}

/** The spec's title of a send result: 'Sent ETH' and so on, 'Sent ERC20' / 'Sent SPL' for tokens. */
export function sentTitle(chainId: number, type: 'native' | 'token'): string {
  const chain = findChain(chainId);
  if (type === 'token') return chain?.family === 'solana' ? 'Sent SPL' : 'Sent ERC20';
  return `Sent ${chain?.nativeSymbol ?? ''}`.trim();
}
