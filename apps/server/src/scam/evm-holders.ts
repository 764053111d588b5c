import type { EvidenceItem, Holder, SecurityReport } from '@vaultscope/core';
import {
  formatUnits,
  getAddress,
  parseAbi,
  parseAbiItem,
  zeroAddress,
  type Address,
  type PublicClient,
} from 'viem';

/**
 * Holders and liquidity: the token's holders (count, top ten with their real `balanceOf` at the
 * scan's block), the creator's share, and the LP holders of the token's deepest pool with the
 * burned and time-locked shares.
 *
 * The token's holders come from the market-data indexer when it follows the token from its
 * deployment and has read the chain to within {@link INDEX_LAG_BLOCKS} of the scan's block; the
 * creator (the first mint's recipient, which the indexer does not keep) is then found by a log
 * query for mints alone. Otherwise, and always for the LP holders (the indexer follows the
 * listed tokens' Transfers, not the pairs' LP tokens), they come from a bounded log scan.
 *
 * The scan covers the last {@link HOLDER_SCAN_BLOCKS} blocks. It is only trusted when the
 * contract did not exist yet at its first block (no code there): then every Transfer since
 * deployment was seen and the balances add up; an older token's holder fields stay null and say
 * so, rather than a count of the recent ones.
 *
 * LP shares are locked when held by a burn address (0x…dEaD, the zero address) or by a contract
 * that says it holds them for a lock: one answering `lockedAmount(pair)` with a positive amount,
 * as the devnet markets' `LpTimeLock` does. A lock is recognised by that answer, not by its code
 * hash, so a redeployed or recompiled lock of the same interface counts too; other contracts are
 * listed as plain contracts, not locked.
 */

export const HOLDER_SCAN_BLOCKS = 50_000n;
/**
 * How far the indexer's last read block may be from the scan's block for its holders to be
 * used. At the head it is a poll (0.5 s) or a range behind, a block or two; a few blocks change a
 * holder count by a few transfers at most, and the evidence names the block the figures are
 * from. Further off (a backfill, a stalled node) they are another moment's: the log scan runs.
 */
export const INDEX_LAG_BLOCKS = 5n;
const LOG_CHUNK_BLOCKS = 10_000n;
const MAX_LOGS = 100_000;
const TOP = 10;
const DEAD: Address = '0x000000000000000000000000000000000000dEaD';

const transferEvent = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);
const abi = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function totalSupply() view returns (uint256)',
  'function lockedAmount(address) view returns (uint256)',
]);

export const HOLDER_FIELDS = ['holder_count', 'holders', 'creator_percent', 'lp_holders'] as const;
export type HolderField = (typeof HOLDER_FIELDS)[number];

/**
 * What the market-data indexer knows of a token's holders: the port the indexer feature
 * implements (`indexer/indexer-read.ts`) and `app.ts` passes in. Undefined when the indexer does
 * not have every Transfer of the token since its deployment (not listed, a quote token, a token
 * older than the blocks it read).
 */
export interface IndexedHolders {
  holdersOf(chainId: number, token: Address, top: number): Promise<IndexedTokenHolders | undefined>;
}

export interface IndexedTokenHolders {
  /** The last block the indexer has read on the chain: its figures are as of this block. */
  indexedBlock: bigint;
  /** Addresses with a positive balance. */
  holderCount: number;
  /** The largest balances, largest first. */
  top: readonly { holder: Address; balance: bigint }[];
  /**
   * Where the indexer began reading the token's Transfers: the first mint is at or after it
   * when the token had no code at the block before (checked before a mint is looked for there).
   */
  historyFrom: bigint;
}

export interface HolderScan {
  fields: Pick<SecurityReport, HolderField>;
  evidence: Record<HolderField, EvidenceItem[]>;
}

interface LogBalances {
  complete: boolean;
  fromBlock: bigint;
  balances: Map<Address, bigint>;
  /** The recipient of the first mint (Transfer from the zero address). */
  firstMinted: Address | undefined;
}

async function scanLogs(
  client: PublicClient,
  address: Address,
  blockNumber: bigint,
): Promise<LogBalances> {
  const fromBlock = blockNumber > HOLDER_SCAN_BLOCKS ? blockNumber - HOLDER_SCAN_BLOCKS : 0n;
  const balances = new Map<Address, bigint>();
  let firstMinted: Address | undefined;
  const codeBefore =
    fromBlock === 0n ? undefined : await client.getCode({ address, blockNumber: fromBlock - 1n });
  let complete = !codeBefore || codeBefore === '0x';
  if (!complete) return { complete, fromBlock, balances, firstMinted };
  let seen = 0;
  for (let start = fromBlock; start <= blockNumber; start += LOG_CHUNK_BLOCKS) {
    const end =
      start + LOG_CHUNK_BLOCKS - 1n < blockNumber ? start + LOG_CHUNK_BLOCKS - 1n : blockNumber;
    const logs = await client.getLogs({
      address,
      event: transferEvent,
      fromBlock: start,
      toBlock: end,
    });
    seen += logs.length;
    if (seen > MAX_LOGS) {
      complete = false;
      break;
    }
    for (const log of logs) {
      const { from, to, value } = log.args;
      if (!from || !to || value === undefined) continue;
      const [source, target] = [getAddress(from), getAddress(to)];
      if (source === zeroAddress) firstMinted ??= target;
      else balances.set(source, (balances.get(source) ?? 0n) - value);
      balances.set(target, (balances.get(target) ?? 0n) + value);
    }
  }
  return { complete, fromBlock, balances, firstMinted };
}

const share = (amount: bigint, total: bigint) =>
  total > 0n ? Math.min(1, Number((amount * 1_000_000n) / total) / 1_000_000) : null;

/** Top holders by the logs or the indexer, confirmed by `balanceOf` at the block, with contract and lock tags. */
async function topHolders(
  client: PublicClient,
  asset: Address,
  balances: ReadonlyMap<Address, bigint>,
  blockNumber: bigint,
  total: bigint,
  decimals: number,
  tags: ReadonlyMap<Address, string>,
  lockOf?: Address,
): Promise<Holder[]> {
  const candidates = [...balances]
    .filter(([address, balance]) => balance > 0n && address !== zeroAddress)
    .sort(([, a], [, b]) => (b > a ? 1 : b < a ? -1 : 0))
    .slice(0, TOP)
    .map(([address]) => address);
  // The zero address holds burned shares (V2 burns its minimum liquidity there): listed too.
  if ((balances.get(zeroAddress) ?? 0n) > 0n) candidates.push(zeroAddress);
  const holders: Holder[] = [];
  for (const address of candidates) {
    const balance = await client
      .readContract({
        address: asset,
        abi,
        functionName: 'balanceOf',
        args: [address],
        blockNumber,
      })
      .catch(() => balances.get(address) ?? 0n);
    const code =
      address === zeroAddress ? undefined : await client.getCode({ address, blockNumber });
    const isContract = !!code && code !== '0x';
    const burn = address === DEAD || address === zeroAddress;
    let locked = 0n;
    if (isContract && lockOf)
      locked = await client
        .readContract({ address, abi, functionName: 'lockedAmount', args: [lockOf], blockNumber })
        .catch(() => 0n);
    holders.push({
      address,
      tag: burn ? 'Burn' : locked > 0n ? 'Lock' : (tags.get(address) ?? null),
      is_contract: isContract ? 1 : 0,
      balance: formatUnits(balance, decimals),
      percent: share(balance, total),
      is_locked: burn || locked > 0n ? 1 : 0,
    });
  }
  return holders.sort((a, b) => (b.percent ?? 0) - (a.percent ?? 0));
}

export async function scanHolders(
  client: PublicClient,
  options: {
    token: Address;
    blockNumber: bigint;
    totalSupply: bigint | undefined;
    decimals: number | null;
    /** The deepest pool's pair, whose LP holders are listed. */
    pair?: Address | undefined;
    dexName?: string | undefined;
    chainId: number;
    /** The indexer's holders, used when it is at the scan's block (else the log scan runs). */
    indexed?: IndexedHolders | undefined;
  },
): Promise<HolderScan> {
  const { token, blockNumber, totalSupply, decimals, pair } = options;
  const evidence: HolderScan['evidence'] = {
    holder_count: [],
    holders: [],
    creator_percent: [],
    lp_holders: [],
  };
  const fields: HolderScan['fields'] = {
    holder_count: null,
    holders: null,
    creator_percent: null,
    lp_holders: null,
  };
  const tags = new Map<Address, string>();
  if (pair) tags.set(pair, `${options.dexName ?? 'DEX'} pool`);
  // The largest holders by `balances` (counted `by` some source), each read again at the block.
  const readTopHolders = async (
    balances: ReadonlyMap<Address, bigint>,
    by: string,
    total: bigint,
    tokenDecimals: number,
  ) => {
    const holders = await topHolders(
      client,
      token,
      balances,
      blockNumber,
      total,
      tokenDecimals,
      tags,
    );
    fields.holders = holders;
    evidence.holders.push({
      kind: 'checked',
      address: token,
      detail: `the ${holders.length} largest by ${by}, each read with balanceOf at block ${blockNumber}`,
    });
  };

  const fromIndex =
    totalSupply === undefined || decimals === null
      ? undefined
      : await indexedNear(options.indexed, options.chainId, token, blockNumber);
  if (fromIndex && totalSupply !== undefined && decimals !== null) {
    const through = `the market-data indexer's Transfer logs of it since its deployment, up to block ${fromIndex.indexedBlock}`;
    fields.holder_count = fromIndex.holderCount;
    evidence.holder_count.push({
      kind: 'checked',
      address: token,
      detail: `${fromIndex.holderCount} addresses hold it by ${through}`,
    });
    const balances = new Map(fromIndex.top.map(({ holder, balance }) => [holder, balance]));
    await readTopHolders(balances, through, totalSupply, decimals);
    const mint = await firstMint(client, token, fromIndex.historyFrom, blockNumber).catch(
      () => undefined,
    );
    if (!mint) evidence.creator_percent.push(notRead());
    else if (!mint.complete) evidence.creator_percent.push(older(mint.fromBlock));
    else
      await creatorShare(client, {
        token,
        creator: mint.recipient,
        blockNumber,
        totalSupply,
        fields,
        evidence,
        searched: `the mints (Transfer logs from the zero address) of blocks ${mint.fromBlock}–${blockNumber}`,
      });
    await lpHolders(client, options, tags, fields, evidence);
    return { fields, evidence };
  }

  const tokenScan = await scanLogs(client, token, blockNumber).catch(() => undefined);
  if (!tokenScan || !tokenScan.complete || totalSupply === undefined || decimals === null) {
    const item = tokenScan ? older(tokenScan.fromBlock) : notRead();
    for (const field of ['holder_count', 'holders', 'creator_percent'] as const)
      evidence[field].push(item);
  } else {
    const holding = [...tokenScan.balances].filter(
      ([address, balance]) => balance > 0n && address !== zeroAddress,
    );
    fields.holder_count = holding.length;
    evidence.holder_count.push({
      kind: 'checked',
      address: token,
      detail: `${holding.length} addresses hold it by every Transfer log since its deployment (blocks ${tokenScan.fromBlock}–${blockNumber})`,
    });
    await readTopHolders(tokenScan.balances, 'the Transfer logs', totalSupply, decimals);
    await creatorShare(client, {
      token,
      creator: tokenScan.firstMinted,
      blockNumber,
      totalSupply,
      fields,
      evidence,
    });
  }
  await lpHolders(client, options, tags, fields, evidence);
  return { fields, evidence };
}

/**
 * The indexer's holders of the token when it has read the chain to within
 * {@link INDEX_LAG_BLOCKS} of `blockNumber`; undefined (the log scan runs) when it does not know
 * the token, lags, or fails to answer.
 */
async function indexedNear(
  indexed: IndexedHolders | undefined,
  chainId: number,
  token: Address,
  blockNumber: bigint,
): Promise<IndexedTokenHolders | undefined> {
  const figures = await indexed?.holdersOf(chainId, token, TOP).catch(() => undefined);
  if (!figures) return undefined;
  const lag = blockNumber - figures.indexedBlock;
  return (lag < 0n ? -lag : lag) <= INDEX_LAG_BLOCKS ? figures : undefined;
}

/**
 * The recipient of the token's first mint, from a query for mints alone (Transfer logs from the
 * zero address, a topic filter) from `fromBlock` on. Complete only when the contract had no code
 * at the block before, so no earlier mint exists.
 */
async function firstMint(
  client: PublicClient,
  token: Address,
  fromBlock: bigint,
  blockNumber: bigint,
): Promise<{ complete: boolean; fromBlock: bigint; recipient: Address | undefined }> {
  const codeBefore =
    fromBlock === 0n
      ? undefined
      : await client.getCode({ address: token, blockNumber: fromBlock - 1n });
  if (codeBefore && codeBefore !== '0x')
    return { complete: false, fromBlock, recipient: undefined };
  for (let start = fromBlock; start <= blockNumber; start += LOG_CHUNK_BLOCKS) {
    const end =
      start + LOG_CHUNK_BLOCKS - 1n < blockNumber ? start + LOG_CHUNK_BLOCKS - 1n : blockNumber;
    const [mint] = await client.getLogs({
      address: token,
      event: transferEvent,
      args: { from: zeroAddress },
      fromBlock: start,
      toBlock: end,
    });
    if (mint?.args.to) return { complete: true, fromBlock, recipient: getAddress(mint.args.to) };
  }
  return { complete: true, fromBlock, recipient: undefined };
}

/** The creator's share of the supply: its `balanceOf` at the block, with the evidence of both. */
async function creatorShare(
  client: PublicClient,
  options: {
    token: Address;
    creator: Address | undefined;
    blockNumber: bigint;
    totalSupply: bigint;
    fields: HolderScan['fields'];
    evidence: HolderScan['evidence'];
    /** What was looked through for the first mint, in words, when not the token's Transfer logs. */
    searched?: string;
  },
): Promise<void> {
  const { token, creator, evidence } = options;
  if (!creator) {
    evidence.creator_percent.push({
      kind: 'not-measured',
      reason: 'not-answered',
      detail: `no mint in ${options.searched ?? 'the Transfer logs'}`,
    });
    return;
  }
  const balance = await client
    .readContract({
      address: token,
      abi,
      functionName: 'balanceOf',
      args: [creator],
      blockNumber: options.blockNumber,
    })
    .catch(() => undefined);
  if (balance === undefined) return;
  options.fields.creator_percent = share(balance, options.totalSupply);
  evidence.creator_percent.push(
    {
      kind: 'checked',
      address: token,
      detail: options.searched
        ? `the first mint in ${options.searched} went to ${creator}, taken as the creator`
        : `the first mint went to ${creator}, taken as the creator`,
    },
    { kind: 'read', address: token, call: `balanceOf(${creator})`, value: balance.toString() },
  );
}

/** The LP holders of the deepest pool, always from the bounded log scan of the pair. */
async function lpHolders(
  client: PublicClient,
  options: { blockNumber: bigint; pair?: Address | undefined },
  tags: ReadonlyMap<Address, string>,
  fields: HolderScan['fields'],
  evidence: HolderScan['evidence'],
): Promise<void> {
  const { blockNumber, pair } = options;
  if (!pair) {
    evidence.lp_holders.push({ kind: 'not-measured', reason: 'no-pool' });
    return;
  }
  const lpScan = await scanLogs(client, pair, blockNumber).catch(() => undefined);
  const lpSupply = await client
    .readContract({ address: pair, abi, functionName: 'totalSupply', blockNumber })
    .catch(() => undefined);
  if (!lpScan || !lpScan.complete || lpSupply === undefined) {
    evidence.lp_holders.push(lpScan ? older(lpScan.fromBlock) : notRead());
    return;
  }
  // LP tokens of a V2 pair have 18 decimals.
  fields.lp_holders = await topHolders(
    client,
    pair,
    lpScan.balances,
    blockNumber,
    lpSupply,
    18,
    tags,
    pair,
  );
  const sum = (test: (holder: Holder) => boolean) =>
    fields.lp_holders!.filter(test).reduce((total, holder) => total + (holder.percent ?? 0), 0);
  const pct = (value: number) => `${(value * 100).toFixed(2)} %`;
  evidence.lp_holders.push({
    kind: 'checked',
    address: pair,
    detail: `of ${lpSupply} LP shares: ${pct(sum((h) => h.tag === 'Burn'))} burned (0x…dEaD, zero address), ${pct(sum((h) => h.tag === 'Lock'))} in a lock (a contract answering lockedAmount(pair)), ${pct(sum((h) => h.is_locked !== 1))} free`,
  });
}

function older(fromBlock: bigint): EvidenceItem {
  return {
    kind: 'not-measured',
    reason: 'no-holder-index',
    detail: `the contract is older than the Transfer logs scanned (from block ${fromBlock})`,
  };
}

function notRead(): EvidenceItem {
  return {
    kind: 'not-measured',
    reason: 'not-answered',
    detail: 'the node did not answer the log scan',
  };
}
