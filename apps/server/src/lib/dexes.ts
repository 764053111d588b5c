import type { DexConfigFile } from '@vaultscope/core';
import type { DevnetClient } from '@vaultscope/devnet';
import { type Config, rpcUrlOf } from './config';

/**
 * The V2-style DEXes per chain id that the indexer, the analyzer and the trade paths use. A chain
 * reached through `RPC_URL_<id>` takes the configured list (`DEX_CONFIG_FILE` over the mainnet
 * defaults): the real Uniswap V2 on a real Ethereum node. A chain the local devnet serves takes
 * the devnet's own market instead, since the real DEX's contracts do not exist there; a local
 * chain without a market (a testnet) has none. Other chains keep the configured list for when a
 * node is given.
 */
export function resolveDexes(config: Config, devnet: DevnetClient | undefined): DexConfigFile {
  const resolved: Record<number, DexConfigFile[number]> = { ...config.DEXES };
  for (const key of Object.keys(devnet?.rpcUrls ?? {})) {
    const chainId = Number(key);
    if (rpcUrlOf(config, chainId)) continue;
    resolved[chainId] = devnet?.dexConfig[chainId] ?? [];
  }
  return resolved;
}
