import { join } from 'node:path';
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  getAddress,
  http,
  type Address,
  type Chain as ViemChain,
  type PublicClient,
} from 'viem';
import { z } from 'zod';
import { devnetChain, type DevnetEvmChainId } from '../chains';
import { DevnetError } from '../lib/errors';
import { readJsonIfExists, writeFileAtomicSync } from '../lib/files';
import { DEVNET_TOKEN_SPECS, type DevnetErc20, type DevnetTokenSpec } from '../tokens';
import { startAnvil, type AnvilNode } from './anvil';
import { devnetTokenAbi, devnetTokenBytecode } from './artifacts/devnet-token';

/**
 * The devnet owner: Anvil's first dev account of its default mnemonic, unlocked on every node,
 * so the devnet sends with `eth_sendTransaction` and Anvil assigns nonces (safe from several
 * processes at once). Its key is public knowledge: it exists only on these local chains.
 */
export const DEVNET_EVM_OWNER: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

/** How often viem polls the local nodes (Anvil mines a block per transaction at once). */
export const LOCAL_POLLING_INTERVAL_MS = 50;

/** A viem chain for a devnet EVM chain at its local RPC URL. */
export function devnetViemChain(chainId: DevnetEvmChainId, rpcUrl: string): ViemChain {
  const chain = devnetChain(chainId);
  return defineChain({
    id: chainId,
    name: `${chain.name} (devnet)`,
    nativeCurrency: { name: chain.nativeSymbol, symbol: chain.nativeSymbol, decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: chain.testnet,
  });
}

export function devnetPublicClient(chainId: DevnetEvmChainId, rpcUrl: string): PublicClient {
  return createPublicClient({
    chain: devnetViemChain(chainId, rpcUrl),
    transport: http(rpcUrl, { retryCount: 1 }),
    pollingInterval: LOCAL_POLLING_INTERVAL_MS,
  });
}

export function devnetOwnerClients(chainId: DevnetEvmChainId, rpcUrl: string) {
  const chain = devnetViemChain(chainId, rpcUrl);
  const transport = http(rpcUrl, { retryCount: 1 });
  return {
    public: devnetPublicClient(chainId, rpcUrl),
    wallet: createWalletClient({
      account: DEVNET_EVM_OWNER,
      chain,
      transport,
      pollingInterval: LOCAL_POLLING_INTERVAL_MS,
    }),
    test: createTestClient({ mode: 'anvil', chain, transport }),
  };
}

export interface EvmChainOptions {
  chainId: DevnetEvmChainId;
  port: number;
  dataDir: string;
  stateIntervalSeconds: number;
  blockTimeSeconds?: number;
  onWarning?: (message: string) => void;
}

export interface EvmChain {
  chainId: DevnetEvmChainId;
  rpcUrl: string;
  port: number;
  tokens: readonly DevnetErc20[];
  stop(): Promise<void>;
}

export function evmStateFile(dataDir: string, chainId: number): string {
  return join(dataDir, `evm-${chainId}.json`);
}

export function evmTokensFile(dataDir: string, chainId: number): string {
  return join(dataDir, `evm-${chainId}.tokens.json`);
}

const tokenRegistrySchema = z.object({
  chainId: z.number().int(),
  tokens: z.array(
    z.object({
      symbol: z.string(),
      name: z.string(),
      decimals: z.number().int(),
      address: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
    }),
  ),
});

/**
 * Starts the Anvil node of one chain and makes sure its tokens exist: the addresses recorded in
 * the data dir are checked on chain (code present, symbol and decimals as expected) and any token
 * missing (first start, or state lost) is deployed and recorded.
 */
export async function startEvmChain(options: EvmChainOptions): Promise<EvmChain> {
  const { chainId, dataDir } = options;
  const node = await startAnvil({
    chainId,
    port: options.port,
    stateFile: evmStateFile(dataDir, chainId),
    logFile: join(dataDir, `evm-${chainId}.log`),
    stateIntervalSeconds: options.stateIntervalSeconds,
    ...(options.blockTimeSeconds === undefined
      ? {}
      : { blockTimeSeconds: options.blockTimeSeconds }),
    ...(options.onWarning ? { onWarning: options.onWarning } : {}),
  });
  try {
    const tokens = await ensureTokens(node, dataDir);
    return { chainId, rpcUrl: node.rpcUrl, port: node.port, tokens, stop: () => node.stop() };
  } catch (error) {
    await node.stop();
    throw new DevnetError('Could not set up the local tokens', { chainId, cause: error });
  }
}

async function ensureTokens(node: AnvilNode, dataDir: string): Promise<DevnetErc20[]> {
  const chainId = node.chainId as DevnetEvmChainId;
  const registryFile = evmTokensFile(dataDir, chainId);
  const parsed = tokenRegistrySchema.safeParse(await readJsonIfExists(registryFile));
  const recorded = parsed.success && parsed.data.chainId === chainId ? parsed.data.tokens : [];
  const clients = devnetOwnerClients(chainId, node.rpcUrl);

  const live = await Promise.all(
    DEVNET_TOKEN_SPECS.map(async (spec) => {
      const entry = recorded.find((candidate) => candidate.symbol === spec.symbol);
      const address = entry?.address as Address | undefined;
      return address && (await isLiveToken(clients.public, address, spec)) ? address : undefined;
    }),
  );
  // Deployed one after another, in a fixed order, so a fresh chain always gets the same addresses.
  const tokens: DevnetErc20[] = [];
  let deployed = false;
  for (const [index, spec] of DEVNET_TOKEN_SPECS.entries()) {
    const address = live[index] ?? (await deployToken(clients, spec));
    deployed ||= live[index] === undefined;
    tokens.push(erc20(spec, address));
  }
  if (deployed || !parsed.success) {
    const registry = { chainId, tokens };
    writeFileAtomicSync(registryFile, `${JSON.stringify(registry, null, 2)}\n`);
  }
  return tokens;
}

function erc20(spec: DevnetTokenSpec, address: Address): DevnetErc20 {
  return {
    standard: 'erc20',
    symbol: spec.symbol as DevnetErc20['symbol'],
    name: spec.name,
    decimals: spec.evmDecimals,
    address,
  };
}

async function isLiveToken(
  client: PublicClient,
  address: Address,
  spec: DevnetTokenSpec,
): Promise<boolean> {
  const code = await client.getCode({ address });
  if (!code || code === '0x') return false;
  try {
    const [symbol, decimals] = await Promise.all([
      client.readContract({ address, abi: devnetTokenAbi, functionName: 'symbol' }),
      client.readContract({ address, abi: devnetTokenAbi, functionName: 'decimals' }),
    ]);
    return symbol === spec.symbol && decimals === spec.evmDecimals;
  } catch {
    return false;
  }
}

async function deployToken(
  clients: ReturnType<typeof devnetOwnerClients>,
  spec: DevnetTokenSpec,
): Promise<Address> {
  const hash = await clients.wallet.deployContract({
    abi: devnetTokenAbi,
    bytecode: devnetTokenBytecode,
    args: [spec.name, spec.symbol, spec.evmDecimals],
  });
  const receipt = await clients.public.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success' || !receipt.contractAddress) {
    throw new DevnetError(`Deploying ${spec.symbol} failed (${hash})`);
  }
  return getAddress(receipt.contractAddress);
}
