import { createSolanaRpc, type Rpc, type SolanaRpcApi } from '@solana/kit';
import {
  type Chain,
  CHAINS,
  explorerTransactionUrl,
  findChain,
  localTransactionPath,
} from '@vaultscope/core';
import {
  type Devnet,
  type DevnetChainId,
  type DevnetClient,
  isDevnetChainId,
  startDevnet,
} from '@vaultscope/devnet';
import type { FastifyBaseLogger } from 'fastify';
import {
  createPublicClient,
  defineChain,
  http,
  type Chain as ViemChain,
  type PublicClient,
} from 'viem';
import { type Config, rpcUrlOf } from '../lib/config';

/** A token the wallet lists on a chain: an ERC-20 contract or an SPL mint. */
export interface KnownToken {
  address: string;
  symbol: string;
  name: string;
  /** As the devnet listed it; the portfolio and history read (and cache) the chain's own. */
  decimals: number;
}

interface ChainAccessBase {
  chain: Chain;
  rpcUrl: string;
  /** A local devnet chain (own transaction page, faucet) rather than a configured RPC URL. */
  local: boolean;
  tokens: readonly KnownToken[];
}

export interface EvmChainAccess extends ChainAccessBase {
  family: 'evm';
  viemChain: ViemChain;
  client: PublicClient;
}

export interface SolanaChainAccess extends ChainAccessBase {
  family: 'solana';
  rpc: Rpc<SolanaRpcApi>;
}

export type ChainAccess = EvmChainAccess | SolanaChainAccess;

/** How often viem polls for receipts: quick on local chains, which mine at once. */
const POLLING_MS = { local: 50, remote: 2_000 };

function viemChainFor(chain: Chain, rpcUrl: string): ViemChain {
  return defineChain({
    id: chain.id,
    name: chain.name,
    nativeCurrency: {
      name: chain.nativeSymbol,
      symbol: chain.nativeSymbol,
      decimals: chain.nativeDecimals,
    },
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: chain.testnet,
  });
}

function accessFor(chain: Chain, rpcUrl: string, local: boolean, tokens: readonly KnownToken[]) {
  if (chain.family === 'solana') {
    const access: SolanaChainAccess = {
      family: 'solana',
      chain,
      rpcUrl,
      local,
      tokens,
      rpc: createSolanaRpc(rpcUrl),
    };
    return access;
  }
  const viemChain = viemChainFor(chain, rpcUrl);
  const access: EvmChainAccess = {
    family: 'evm',
    chain,
    rpcUrl,
    local,
    tokens,
    viemChain,
    client: createPublicClient({
      chain: viemChain,
      transport: http(rpcUrl, { retryCount: local ? 1 : 3, timeout: 20_000 }),
      pollingInterval: local ? POLLING_MS.local : POLLING_MS.remote,
    }),
  };
  return access;
}

/**
 * The chains the wallet talks to. Each chain's RPC URL comes from `RPC_URL_<id>`; a chain without
 * one runs locally on the devnet (when `DEVNET` is on) so that the same code serves both.
 */
export class WalletChains {
  private constructor(
    private readonly byId: Map<number, ChainAccess>,
    /** The local chains' faucet and prices; undefined when no chain is local. */
    readonly devnet: DevnetClient | undefined,
    private readonly stopOwnDevnet: (() => Promise<void>) | undefined,
  ) {}

  /**
   * Resolves every chain: configured URL, else the given devnet, else a devnet started here.
   * Chains with neither are left out (the wallet answers 'Unsupported network selected.').
   */
  static async open(
    config: Config,
    log: FastifyBaseLogger,
    devnet?: DevnetClient,
  ): Promise<WalletChains> {
    const localIds = CHAINS.filter((chain) => !rpcUrlOf(config, chain.id))
      .map((chain) => chain.id)
      .filter((id): id is DevnetChainId => isDevnetChainId(id));
    let ownDevnet: Devnet | undefined;
    let client = devnet;
    if (!client && config.DEVNET && localIds.length > 0) {
      const started = Date.now();
      ownDevnet = await startDevnet({
        dataDir: config.DEVNET_DATA_DIR,
        basePort: config.DEVNET_BASE_PORT,
        chains: localIds,
        onWarning: (message) => log.warn({ devnet: true }, message),
      });
      client = ownDevnet;
      log.info({ chains: localIds, ms: Date.now() - started }, 'local chains started');
    }
    const byId = new Map<number, ChainAccess>();
    for (const chain of CHAINS) {
      const configured = rpcUrlOf(config, chain.id);
      if (configured) {
        byId.set(chain.id, accessFor(chain, configured, false, []));
        continue;
      }
      const localUrl = client?.rpcUrls[chain.id];
      if (!localUrl) continue;
      const tokens = (client?.tokens[chain.id] ?? []).map(
        ({ address, symbol, name, decimals }) => ({
          address,
          symbol,
          name,
          decimals,
        }),
      );
      byId.set(chain.id, accessFor(chain, localUrl, true, tokens));
    }
    return new WalletChains(byId, client, ownDevnet ? () => ownDevnet.stop() : undefined);
  }

  get(chainId: number): ChainAccess | undefined {
    return this.byId.get(chainId);
  }

  evm(chainId: number): EvmChainAccess | undefined {
    const access = this.byId.get(chainId);
    return access?.family === 'evm' ? access : undefined;
  }

  solana(chainId: number): SolanaChainAccess | undefined {
    const access = this.byId.get(chainId);
    return access?.family === 'solana' ? access : undefined;
  }

  all(): ChainAccess[] {
    return [...this.byId.values()];
  }

  /** An explorer link on a real chain; the app's own transaction page on a local one. */
  transactionUrl(chainId: number, hash: string): string {
    return this.byId.get(chainId)?.local
      ? localTransactionPath(chainId, hash)
      : explorerTransactionUrl(chainId, hash);
  }

  chainName(chainId: number): string {
    return findChain(chainId)?.name ?? String(chainId);
  }

  async close(): Promise<void> {
    await this.stopOwnDevnet?.();
  }
}
