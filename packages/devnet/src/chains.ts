import { CHAINS, type Chain } from '@vaultscope/core';

/**
 * The chains the devnet runs, in a fixed order that also fixes their ports: the chain at index
 * `i` listens on `basePort + i`, whichever subset is started, so a URL never moves.
 */
export const DEVNET_EVM_CHAIN_IDS = [1, 11155111, 137, 80002, 56, 97, 43114, 43113] as const;
export const DEVNET_SOLANA_CLUSTER_IDS = [101, 103] as const;
export const DEVNET_CHAIN_IDS = [...DEVNET_EVM_CHAIN_IDS, ...DEVNET_SOLANA_CLUSTER_IDS] as const;

export type DevnetEvmChainId = (typeof DEVNET_EVM_CHAIN_IDS)[number];
export type DevnetSolanaClusterId = (typeof DEVNET_SOLANA_CLUSTER_IDS)[number];
export type DevnetChainId = DevnetEvmChainId | DevnetSolanaClusterId;

/** Default first port: the usual Anvil port, so chain 1 is at the familiar http://127.0.0.1:8545. */
export const DEFAULT_BASE_PORT = 8545;
/** Every devnet endpoint listens on loopback only. */
export const DEVNET_HOST = '127.0.0.1';

export function isDevnetEvmChainId(id: number): id is DevnetEvmChainId {
  return (DEVNET_EVM_CHAIN_IDS as readonly number[]).includes(id);
}

export function isDevnetSolanaClusterId(id: number): id is DevnetSolanaClusterId {
  return (DEVNET_SOLANA_CLUSTER_IDS as readonly number[]).includes(id);
}

export function isDevnetChainId(id: number): id is DevnetChainId {
  return isDevnetEvmChainId(id) || isDevnetSolanaClusterId(id);
}

/** The port of a chain for a base port (see the order above). */
export function devnetPort(basePort: number, chainId: DevnetChainId): number {
  return basePort + (DEVNET_CHAIN_IDS as readonly number[]).indexOf(chainId);
}

/** The product's description of a devnet chain (name, native symbol and decimals). */
export function devnetChain(chainId: DevnetChainId): Chain {
  const chain = CHAINS.find((candidate) => candidate.id === chainId);
  if (!chain) throw new Error(`Chain ${chainId} is missing from @vaultscope/core CHAINS`);
  return chain;
}
