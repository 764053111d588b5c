import {
  createDefaultRpcTransport,
  createSolanaRpcFromTransport,
  isJsonRpcPayload,
  type Rpc,
  type RpcTransport,
  type SolanaRpcApi,
} from '@solana/kit';
import {
  type Chain,
  CHAINS,
  explorerTransactionUrl,
  findChain,
  localTransactionPath,
} from '@vaultscope/core';
import type { Devnet, DevnetClient } from '@vaultscope/devnet';
import type { FastifyBaseLogger } from 'fastify';
import {
  createPublicClient,
  defineChain,
  http,
  type HttpTransport,
  type HttpTransportConfig,
  type Chain as ViemChain,
  type PublicClient,
} from 'viem';
import { type Config, rpcUrlOf } from '../lib/config';
import {
  callKindOf,
  ChainPolicy,
  type ChainPolicyOptions,
  DEFAULT_CHAIN_POLICY,
} from './chain-policy';

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
  /** Time-outs, retries and the circuit breaker every call to this chain goes through. */
  policy: ChainPolicy;
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

/**
 * viem's HTTP transport with every request under the chain's policy. viem's own retries are
 * off (the policy decides), and its own time-out is only a backstop a little after the
 * policy's. The policy's signal is not handed to viem: viem batches only calls that share a
 * signal, and the batch's HTTP request is cut by viem's time-out anyway.
 */
export function policyHttp(
  url: string,
  policy: ChainPolicy,
  options: Pick<HttpTransportConfig, 'batch'> = {},
): HttpTransport {
  const inner = http(url, { ...options, retryCount: 0, timeout: policy.options.timeoutMs + 1_000 });
  return ((params) => {
    const base = inner({ ...params, retryCount: 0 });
    const request: typeof base.request = (args, requestOptions) =>
      policy.call(callKindOf(args.method), () =>
        base.request(args, { ...requestOptions, retryCount: 0 }),
      );
    return { ...base, request };
  }) as HttpTransport;
}

/**
 * A Solana RPC whose every call goes through the chain's policy: @solana/kit's default
 * transport has no time-out of its own, so a hung node used to hold a send (and the account's
 * send lock) forever. The policy's signal aborts the HTTP request when its time is up.
 */
export function policySolanaRpc(url: string, policy: ChainPolicy): Rpc<SolanaRpcApi> {
  const inner = createDefaultRpcTransport({ url });
  const transport: RpcTransport = (config) =>
    policy.call(
      callKindOf(isJsonRpcPayload(config.payload) ? config.payload.method : ''),
      (signal) =>
        inner({
          ...config,
          signal: config.signal ? AbortSignal.any([config.signal, signal]) : signal,
        }),
    );
  return createSolanaRpcFromTransport(transport);
}

function accessFor(
  chain: Chain,
  rpcUrl: string,
  local: boolean,
  tokens: readonly KnownToken[],
  policy: ChainPolicy,
) {
  if (chain.family === 'solana') {
    const access: SolanaChainAccess = {
      family: 'solana',
      chain,
      rpcUrl,
      local,
      tokens,
      policy,
      rpc: policySolanaRpc(rpcUrl, policy),
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
    policy,
    viemChain,
    client: createPublicClient({
      chain: viemChain,
      transport: policyHttp(rpcUrl, policy),
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
    const policyOptions: ChainPolicyOptions = {
      ...DEFAULT_CHAIN_POLICY,
      timeoutMs: config.RPC_TIMEOUT_MS,
    };
    const policyOf = (chain: Chain) => new ChainPolicy(chain, policyOptions, log);
    const unconfigured = CHAINS.filter((chain) => !rpcUrlOf(config, chain.id));
    let ownDevnet: Devnet | undefined;
    let client = devnet;
    if (!client && config.DEVNET && unconfigured.length > 0) {
      // Loaded only here, so a server without local chains (production) never loads Anvil's
      // launcher or LiteSVM (lib/import-graph.test.ts walks the imports to hold this).
      const { isDevnetChainId, startDevnet } = await import('@vaultscope/devnet');
      const localIds = unconfigured.map((chain) => chain.id).filter(isDevnetChainId);
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
        byId.set(chain.id, accessFor(chain, configured, false, [], policyOf(chain)));
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
      byId.set(chain.id, accessFor(chain, localUrl, true, tokens, policyOf(chain)));
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
