import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { KeyPairSigner } from '@solana/kit';
import type { DexConfigFile } from '@vaultscope/core';
import { z } from 'zod';
import {
  DEFAULT_BASE_PORT,
  DEVNET_CHAIN_IDS,
  DEVNET_HOST,
  devnetPort,
  isDevnetEvmChainId,
  isDevnetSolanaClusterId,
  type DevnetChainId,
  type DevnetEvmChainId,
  type DevnetSolanaClusterId,
} from './chains';
import { fundEvm, type EvmFundRequest } from './evm/evm-faucet';
import { startEvmChain, type EvmChain } from './evm/evm-chain';
import type { FundResult } from './faucet';
import { DevnetError } from './lib/errors';
import { findFreePort, writeFileAtomicSync } from './lib/files';
import { devnetMarketSchema, ensureMarket, type DevnetMarket } from './markets/deploy-markets';
import { isMarketChainId } from './markets/market-specs';
import {
  startTradeSimulator,
  type TradeSimulator,
  type TradeSimulatorSettings,
} from './markets/trade-simulator';
import { loadTradeConfig } from './config';
import { DEVNET_PRICES } from './prices';
import { SolanaCluster } from './solana/cluster';
import { startSolanaRpcServer, type SolanaRpcServer } from './solana/rpc-server';
import { fundSolana, loadSolanaAuthority, type SolanaFundRequest } from './solana/solana-faucet';
import type { DevnetErc20, DevnetSplMint, DevnetToken } from './tokens';

export interface StartDevnetOptions {
  /** Where chain state, token registries and logs live (created if missing). */
  dataDir: string;
  /** First port (chain i of DEVNET_CHAIN_IDS listens on basePort + i); 0 picks free ports. */
  basePort?: number;
  /** Chains to run; all ten when omitted. */
  chains?: readonly DevnetChainId[];
  /** Seconds between Anvil's periodic state dumps (default 5). */
  stateIntervalSeconds?: number;
  /** Anvil block time; omitted = a block per transaction. */
  blockTimeSeconds?: number;
  /**
   * Local Uniswap V2 markets (WrappedNative, factory, router, listed tokens, pools) on the
   * mainnet-id EVM chains; default on. Off saves the first start's deployments where a test
   * needs none.
   */
  markets?: boolean;
  /**
   * The trade simulator on the markets: settings, or false for none. Omitted: from the
   * environment (`loadTradeConfig`: on by default except in production and tests).
   */
  trades?: TradeSimulatorSettings | false;
  onWarning?: (message: string) => void;
}

export interface DevnetChainInfo {
  chainId: DevnetChainId;
  family: 'evm' | 'solana';
  rpcUrl: string;
  tokens: readonly DevnetToken[];
  /** The chain's local market, on the mainnet-id EVM chains when markets are on. */
  market?: DevnetMarket;
}

/** What a running devnet offers, in this process or (via connectDevnet) another. */
export interface DevnetClient {
  dataDir: string;
  chains: readonly DevnetChainInfo[];
  /** RPC URL by chain id, for the chains running. */
  rpcUrls: Readonly<Partial<Record<DevnetChainId, string>>>;
  /** Local tokens (ERC-20 addresses, SPL mints) by chain id. */
  tokens: Readonly<Partial<Record<DevnetChainId, readonly DevnetToken[]>>>;
  /** The local markets (Uniswap V2, listed tokens, pools) by chain id. */
  markets: Readonly<Partial<Record<DevnetEvmChainId, DevnetMarket>>>;
  /** The local chains' DEXes in core's `DEX_CONFIG_FILE` shape: one per chain with a market. */
  dexConfig: DexConfigFile;
  /** USD prices of the native coins and local tokens. */
  prices: typeof DEVNET_PRICES;
  rpcUrl(chainId: DevnetChainId): string;
  fundEvm(
    chainId: DevnetEvmChainId,
    address: string,
    request?: EvmFundRequest,
  ): Promise<FundResult>;
  fundSolana(
    clusterId: DevnetSolanaClusterId,
    address: string,
    request?: SolanaFundRequest,
  ): Promise<FundResult>;
}

export interface Devnet extends DevnetClient {
  /** The trade simulator, when it runs (see `StartDevnetOptions.trades`). */
  trades: TradeSimulator | undefined;
  /** Stops every chain: Anvil writes its state, Solana state is already on disk. Idempotent. */
  stop(): Promise<void>;
}

const MANIFEST_FILE = 'devnet.json';
const running = new Set<string>();

/**
 * Starts the local chains: an Anvil node per EVM chain id and a LiteSVM cluster with a JSON-RPC
 * endpoint per Solana cluster id, all on loopback, in parallel. State lives in `dataDir` and
 * survives restarts. One devnet per data dir: a second start (any process) is refused while the
 * first runs.
 */
export async function startDevnet(options: StartDevnetOptions): Promise<Devnet> {
  const dataDir = resolve(options.dataDir);
  const chainIds = [...new Set(options.chains ?? DEVNET_CHAIN_IDS)];
  const basePort = options.basePort ?? DEFAULT_BASE_PORT;
  mkdirSync(dataDir, { recursive: true });
  claimDataDir(dataDir);

  const evmChains: EvmChain[] = [];
  const markets = new Map<number, DevnetMarket>();
  const clusters: { cluster: SolanaCluster; server: SolanaRpcServer }[] = [];
  const stopAll = async () => {
    await Promise.allSettled([
      ...evmChains.map((chain) => chain.stop()),
      ...clusters.map(async ({ cluster, server }) => {
        await server.close();
        cluster.close();
      }),
    ]);
  };

  try {
    const results = await Promise.allSettled(
      chainIds.map(async (chainId) => {
        if (isDevnetEvmChainId(chainId)) {
          const chain = await withPortRetries(basePort, async () => {
            const port =
              basePort === 0 ? await findFreePort(DEVNET_HOST) : devnetPort(basePort, chainId);
            return startEvmChain({
              chainId,
              port,
              dataDir,
              stateIntervalSeconds: options.stateIntervalSeconds ?? 5,
              ...(options.blockTimeSeconds === undefined
                ? {}
                : { blockTimeSeconds: options.blockTimeSeconds }),
              ...(options.onWarning ? { onWarning: options.onWarning } : {}),
            });
          });
          evmChains.push(chain);
          if ((options.markets ?? true) && isMarketChainId(chainId)) {
            const market = await ensureMarket({
              chainId,
              rpcUrl: chain.rpcUrl,
              dataDir,
              baseTokens: chain.tokens,
            });
            markets.set(chainId, market);
          }
        } else if (isDevnetSolanaClusterId(chainId)) {
          const cluster = await SolanaCluster.open({
            clusterId: chainId,
            dataDir,
            ...(options.onWarning ? { onWarning: options.onWarning } : {}),
          });
          // Port 0 lets the system choose at bind time: no race with other processes.
          const port = basePort === 0 ? 0 : devnetPort(basePort, chainId);
          try {
            clusters.push({ cluster, server: await startSolanaRpcServer(cluster, port) });
          } catch (error) {
            cluster.close();
            throw new DevnetError(`Cannot serve JSON-RPC on port ${port}`, {
              chainId,
              cause: error,
            });
          }
        } else {
          throw new DevnetError(`Unknown devnet chain id ${String(chainId)}`);
        }
      }),
    );
    const failure = results.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
  } catch (error) {
    await stopAll();
    releaseDataDir(dataDir);
    throw error;
  }

  const chains: DevnetChainInfo[] = chainIds.map((chainId) => {
    const evm = evmChains.find((chain) => chain.chainId === chainId);
    const market = markets.get(chainId);
    if (evm)
      return {
        chainId,
        family: 'evm',
        rpcUrl: evm.rpcUrl,
        tokens: evm.tokens,
        ...(market ? { market } : {}),
      };
    const solana = clusters.find((entry) => entry.cluster.clusterId === chainId);
    if (!solana) throw new DevnetError('Chain missing after start', { chainId });
    return { chainId, family: 'solana', rpcUrl: solana.server.url, tokens: solana.cluster.mints };
  });
  const authorities = new Map<number, KeyPairSigner>(
    clusters.map(({ cluster }) => [cluster.clusterId, cluster.authority]),
  );
  writeFileAtomicSync(
    join(dataDir, MANIFEST_FILE),
    `${JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString(), chains }, null, 2)}\n`,
  );

  const tradeSettings = options.trades ?? loadTradeConfig();
  const trades =
    tradeSettings && markets.size > 0
      ? startTradeSimulator(
          chains.flatMap((chain) =>
            chain.market && isDevnetEvmChainId(chain.chainId)
              ? [{ chainId: chain.chainId, rpcUrl: chain.rpcUrl, market: chain.market }]
              : [],
          ),
          tradeSettings,
          options.onWarning,
        )
      : undefined;

  let stopped: Promise<void> | undefined;
  return {
    ...createClient(dataDir, chains, async (clusterId) => authorities.get(clusterId)),
    trades,
    stop() {
      stopped ??= (async () => {
        // Trades first: a trade in flight finishes before its chain goes down.
        await trades?.stop();
        await stopAll();
        releaseDataDir(dataDir);
      })();
      return stopped;
    },
  };
}

/**
 * With `basePort: 0` a free port is found before Anvil binds it, and another process may take it
 * in between; then the chain is started again on another free port.
 */
async function withPortRetries<T>(basePort: number, start: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await start();
    } catch (error) {
      if (basePort !== 0 || attempt >= 3) throw error;
    }
  }
}

const manifestSchema = z.object({
  pid: z.number().int(),
  chains: z.array(
    z.object({
      chainId: z.number().int(),
      family: z.enum(['evm', 'solana']),
      rpcUrl: z.string(),
      tokens: z.array(
        z.object({
          standard: z.enum(['erc20', 'spl']),
          symbol: z.string(),
          name: z.string(),
          decimals: z.number().int(),
          address: z.string(),
        }),
      ),
      market: devnetMarketSchema.optional(),
    }),
  ),
});

/**
 * Connects to a devnet that another process started on `dataDir` (as `npm run devnet` does):
 * its URLs, tokens and a faucet that works over RPC. Throws when none is running there.
 */
export async function connectDevnet(dataDir: string): Promise<DevnetClient> {
  const directory = resolve(dataDir);
  const manifest = readManifest(directory);
  if (!manifest || !isAlive(manifest.pid)) {
    throw new DevnetError(`No devnet is running on ${directory}`);
  }
  const chains = manifest.chains as DevnetChainInfo[];
  return createClient(directory, chains, async (clusterId) =>
    loadSolanaAuthority(directory, clusterId),
  );
}

function createClient(
  dataDir: string,
  chains: readonly DevnetChainInfo[],
  authorityOf: (clusterId: DevnetSolanaClusterId) => Promise<KeyPairSigner | undefined>,
): DevnetClient {
  const find = (chainId: number) => {
    const chain = chains.find((candidate) => candidate.chainId === chainId);
    if (!chain) throw new DevnetError('This chain is not running in the devnet', { chainId });
    return chain;
  };
  return {
    dataDir,
    chains,
    rpcUrls: Object.fromEntries(chains.map((chain) => [chain.chainId, chain.rpcUrl])),
    tokens: Object.fromEntries(chains.map((chain) => [chain.chainId, chain.tokens])),
    markets: Object.fromEntries(
      chains.flatMap((chain) => (chain.market ? [[chain.chainId, chain.market]] : [])),
    ),
    dexConfig: Object.fromEntries(
      chains.flatMap((chain) => (chain.market ? [[chain.chainId, [chain.market.dex]]] : [])),
    ),
    prices: DEVNET_PRICES,
    rpcUrl: (chainId) => find(chainId).rpcUrl,
    fundEvm: (chainId, address, request) => {
      const chain = find(chainId);
      return fundEvm(
        { chainId, rpcUrl: chain.rpcUrl, tokens: chain.tokens as DevnetErc20[] },
        address,
        request,
      );
    },
    fundSolana: async (clusterId, address, request) => {
      const chain = find(clusterId);
      const authority = await authorityOf(clusterId);
      if (!authority)
        throw new DevnetError('No authority for this cluster', { chainId: clusterId });
      return fundSolana(
        { clusterId, rpcUrl: chain.rpcUrl, mints: chain.tokens as DevnetSplMint[], authority },
        address,
        request,
      );
    },
  };
}

function readManifest(dataDir: string): z.infer<typeof manifestSchema> | undefined {
  try {
    return manifestSchema.parse(JSON.parse(readFileSync(join(dataDir, MANIFEST_FILE), 'utf8')));
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the data dir: the manifest doubles as a lock, created exclusively with our pid; one left
 * by a process that is gone is stale and taken over.
 */
function claimDataDir(dataDir: string): void {
  const path = join(dataDir, MANIFEST_FILE);
  const refuse = (pid: number) =>
    new DevnetError(
      `A devnet is already running on ${dataDir} (pid ${pid}); use connectDevnet or another data dir`,
    );
  if (running.has(dataDir)) throw refuse(process.pid);
  const lock = `${JSON.stringify({ pid: process.pid, chains: [] })}\n`;
  try {
    writeFileSync(path, lock, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const manifest = readManifest(dataDir);
    if (manifest && manifest.pid !== process.pid && isAlive(manifest.pid))
      throw refuse(manifest.pid);
    writeFileAtomicSync(path, lock);
  }
  running.add(dataDir);
}

function releaseDataDir(dataDir: string): void {
  running.delete(dataDir);
  const manifest = readManifest(dataDir);
  if (manifest?.pid === process.pid) rmSync(join(dataDir, MANIFEST_FILE), { force: true });
}
