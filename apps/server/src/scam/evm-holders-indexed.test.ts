import { explainEvidence } from '@vaultscope/core';
import {
  DEVNET_EVM_OWNER,
  type DevnetMarket,
  devnetTokenAbi,
  devnetTokenBytecode,
  devnetViemChain,
} from '@vaultscope/devnet';
import {
  type Address,
  formatUnits,
  createPublicClient,
  createWalletClient,
  getAddress,
  type Hex,
  http,
  parseAbi,
  parseAbiItem,
  parseUnits,
  type PublicClient,
  zeroAddress,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenHolderFigures } from '../indexer/indexer-read';
import { indexerDatabase, newIndexer } from '../indexer/indexer-test-kit';
import type { ChainIndexer } from '../indexer/chain-indexer';
import { startTestDevnet } from '../test/wallet-test-kit';
import { INDEX_LAG_BLOCKS, type IndexedHolders, scanHolders } from './evm-holders';

/**
 * Where the analyzer's holder figures come from, on a real Anvil chain with the local Uniswap V2
 * and the market-data indexer following it: the indexer's balances for a token it follows and
 * has read up to the scan's block, the bounded log scan for a token it does not know or when it
 * lags. Either way the figures are the chain's.
 */
const CHAIN = 137;
const SUPPLY = parseUnits('1000000', 18);
const HOLDERS: readonly Address[] = ['0xa11ce1', '0xa11ce2', '0xa11ce3'].map((id) =>
  getAddress(`0x${id.slice(2).padStart(40, '0')}`),
);
const DEADLINE = 2n ** 40n;
const routerAbi = parseAbi([
  'function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256, uint256, uint256)',
]);
const erc20 = parseAbi([
  'function approve(address spender, uint256 value) returns (bool)',
  'function transfer(address to, uint256 value) returns (bool)',
  'function balanceOf(address) view returns (uint256)',
]);
const factoryAbi = parseAbi([
  'function getPair(address tokenA, address tokenB) view returns (address)',
]);
const transferEvent = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);

let devnet: Awaited<ReturnType<typeof startTestDevnet>>;
let market: DevnetMarket;
let client: PublicClient;
let database: Awaited<ReturnType<typeof indexerDatabase>>;
let indexer: ChainIndexer;
/** A token with a pool: the indexer follows its Transfers from its deployment. */
let listed: Address;
let pair: Address;
/** A token with no pool: the indexer never hears of it. */
let unlisted: Address;
/** Tokens the analyzer asked the indexer about. */
const asked: Address[] = [];
let indexedHolders: IndexedHolders;

function owner() {
  const rpcUrl = devnet.rpcUrl(CHAIN);
  return createWalletClient({
    account: DEVNET_EVM_OWNER,
    chain: devnetViemChain(CHAIN, rpcUrl),
    transport: http(rpcUrl),
  });
}

async function send(hash: Promise<Hex>): Promise<void> {
  const receipt = await client.waitForTransactionReceipt({ hash: await hash });
  if (receipt.status !== 'success') throw new Error('transaction reverted');
}

async function deployToken(symbol: string): Promise<Address> {
  const hash = await owner().deployContract({
    abi: devnetTokenAbi,
    bytecode: devnetTokenBytecode as Hex,
    args: [symbol, symbol, 18],
  });
  const { contractAddress } = await client.waitForTransactionReceipt({ hash });
  await send(
    owner().writeContract({
      address: contractAddress!,
      abi: devnetTokenAbi,
      functionName: 'mint',
      args: [DEVNET_EVM_OWNER, SUPPLY],
    }),
  );
  return contractAddress!;
}

const transfer = (token: Address, to: Address, amount: bigint) =>
  send(
    owner().writeContract({
      address: token,
      abi: erc20,
      functionName: 'transfer',
      args: [to, amount],
    }),
  );

/** The chain's holders of a token: every Transfer log since block 0, summed (no indexer). */
async function chainHolders(token: Address, blockNumber: bigint): Promise<Map<Address, bigint>> {
  const logs = await client.getLogs({
    address: token,
    event: transferEvent,
    fromBlock: 0n,
    toBlock: blockNumber,
  });
  const balances = new Map<Address, bigint>();
  for (const { args } of logs) {
    const [from, to] = [getAddress(args.from!), getAddress(args.to!)];
    if (from !== zeroAddress) balances.set(from, (balances.get(from) ?? 0n) - args.value!);
    if (to !== zeroAddress) balances.set(to, (balances.get(to) ?? 0n) + args.value!);
  }
  return new Map([...balances].filter(([, balance]) => balance > 0n));
}

const scan = (token: Address, blockNumber: bigint, withPair?: Address) =>
  scanHolders(client, {
    token,
    blockNumber,
    totalSupply: SUPPLY,
    decimals: 18,
    pair: withPair,
    dexName: 'Devnet Swap',
    chainId: CHAIN,
    indexed: indexedHolders,
  });

beforeAll(async () => {
  devnet = await startTestDevnet([CHAIN], { markets: true });
  market = devnet.markets[CHAIN]!;
  client = createPublicClient({ transport: http(devnet.rpcUrl(CHAIN)) }) as PublicClient;
  database = await indexerDatabase();
  indexedHolders = {
    holdersOf: (chainId, token, top) => {
      asked.push(token);
      return tokenHolderFigures(database.handle.db, chainId, token, top);
    },
  };

  listed = await deployToken('HOLD');
  const quote = await deployToken('QUOT');
  for (const [index, holder] of HOLDERS.entries())
    await transfer(listed, holder, parseUnits(String(1_000 * (index + 1)), 18));
  for (const token of [listed, quote])
    await send(
      owner().writeContract({
        address: token,
        abi: erc20,
        functionName: 'approve',
        args: [market.dex.router, parseUnits('10000', 18)],
      }),
    );
  await send(
    owner().writeContract({
      address: market.dex.router,
      abi: routerAbi,
      functionName: 'addLiquidity',
      args: [
        listed,
        quote,
        parseUnits('10000', 18),
        parseUnits('10000', 18),
        0n,
        0n,
        DEVNET_EVM_OWNER,
        DEADLINE,
      ],
    }),
  );
  pair = await client.readContract({
    address: market.dex.factory,
    abi: factoryAbi,
    functionName: 'getPair',
    args: [listed, quote],
  });
  unlisted = await deployToken('LONE');
  await transfer(unlisted, HOLDERS[0]!, parseUnits('5', 18));
  await transfer(unlisted, HOLDERS[1]!, parseUnits('7', 18));

  // QUOT is a quote token of this DEX, so HOLD is the pool's listed (base) token.
  const dex = { ...market.dex, quoteTokens: [...market.dex.quoteTokens, quote] };
  indexer = newIndexer(database.handle, devnet.rpcUrl(CHAIN), CHAIN, [dex]);
  await indexer.syncToHead();
}, 240_000);

afterAll(async () => {
  await database?.drop();
  await devnet?.remove();
});

describe('analyzer holders from the market-data indexer', () => {
  it("takes a followed token's holder count, top holders and creator from the indexer, equal to the chain's", async () => {
    const head = await client.getBlockNumber({ cacheTime: 0 });
    expect(BigInt(await indexer.checkpoint())).toBe(head);
    const result = await scan(listed, head, pair);
    expect(asked).toContain(listed);

    const onChain = await chainHolders(listed, head);
    // The owner, three holders and the pair.
    expect(onChain.size).toBe(5);
    expect(result.fields.holder_count).toBe(onChain.size);
    const [counted] = result.evidence.holder_count;
    expect(counted).toMatchObject({
      kind: 'checked',
      detail: `5 addresses hold it by the market-data indexer's Transfer logs of it since its deployment, up to block ${head}`,
    });
    expect(explainEvidence(counted!, { decimals: 18 })).toContain(
      `by the market-data indexer's Transfer logs of it since its deployment, up to block ${head}`,
    );
    // Every holder (fewer than ten), each with its balance at the block.
    expect(result.fields.holders!.map((holder) => [holder.address, holder.balance]).sort()).toEqual(
      [...onChain].map(([address, balance]) => [address, formatUnits(balance, 18)]).sort(),
    );
    expect(result.fields.holders!.find((holder) => holder.address === pair)?.tag).toBe(
      'Devnet Swap pool',
    );
    expect(result.evidence.holders[0]?.kind).toBe('checked');
    // The creator is found by the mint query: the owner, with what it kept.
    expect(result.fields.creator_percent).toBeCloseTo(
      Number(onChain.get(DEVNET_EVM_OWNER)!) / Number(SUPPLY),
      6,
    );
    expect(result.evidence.creator_percent[0]).toMatchObject({
      kind: 'checked',
      detail: `the first mint in the mints (Transfer logs from the zero address) of blocks 0–${head} went to ${DEVNET_EVM_OWNER}, taken as the creator`,
    });
    // The indexer does not follow LP tokens: the pair's holders come from the log scan.
    expect(result.fields.lp_holders!.map((holder) => holder.address)).toContain(DEVNET_EVM_OWNER);
    expect(result.evidence.lp_holders[0]).toMatchObject({ kind: 'checked', address: pair });
  }, 60_000);

  it('falls back to the log scan for a token the indexer does not follow', async () => {
    const head = await client.getBlockNumber({ cacheTime: 0 });
    const result = await scan(unlisted, head);
    expect(asked).toContain(unlisted);
    expect(result.fields.holder_count).toBe((await chainHolders(unlisted, head)).size);
    expect(result.fields.holder_count).toBe(3);
    expect(result.evidence.holder_count[0]).toMatchObject({
      kind: 'checked',
      detail: `3 addresses hold it by every Transfer log since its deployment (blocks 0–${head})`,
    });
  }, 60_000);

  it(`falls back to the log scan when the indexer is more than ${INDEX_LAG_BLOCKS} blocks behind the scan`, async () => {
    // New holders in blocks the indexer has not read: its count would be stale.
    const newcomers = Array.from({ length: Number(INDEX_LAG_BLOCKS) + 1 }, (_, index) =>
      getAddress(`0x${(0xbeef00 + index).toString(16).padStart(40, '0')}`),
    );
    for (const newcomer of newcomers) await transfer(listed, newcomer, parseUnits('1', 18));
    const head = await client.getBlockNumber({ cacheTime: 0 });
    expect(head - BigInt(await indexer.checkpoint())).toBeGreaterThan(INDEX_LAG_BLOCKS);

    const result = await scan(listed, head);
    expect(result.fields.holder_count).toBe((await chainHolders(listed, head)).size);
    expect(result.fields.holder_count).toBe(5 + newcomers.length);
    expect(result.evidence.holder_count[0]).toMatchObject({
      kind: 'checked',
      detail: `${5 + newcomers.length} addresses hold it by every Transfer log since its deployment (blocks 0–${head})`,
    });
  }, 60_000);
});
