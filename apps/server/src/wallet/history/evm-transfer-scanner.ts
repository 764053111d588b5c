import { and, desc, eq, gt, lt, type SQLWrapper, sql } from 'drizzle-orm';
import {
  type Address,
  BlockNotFoundError,
  getAddress,
  type Hash,
  parseAbiItem,
  TransactionReceiptNotFoundError,
} from 'viem';
import { chainErrorText } from '../chain-errors';
import { tokenFacts } from '../chain-reads';
import type { EvmChainAccess } from '../wallet-chains';
import { walletScanBlocks, walletTransfers } from '../wallet-tables';
import {
  CONCURRENCY,
  insertTransfers,
  NATIVE_POSITION,
  readCursor,
  type ScanContext,
  type TransferRow,
  writeCursor,
} from './scan-common';
import { mapLimit } from '../../lib/map-limit';

const ERC20_TRANSFER_EVENT = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);

/** `to` addresses per getLogs topic filter. */
const ADDRESSES_PER_FILTER = 200;
/**
 * How far behind the head a block counts as final on a node that does not answer the `finalized`
 * tag: Ethereum finalizes two epochs (64 blocks) back, which is also what Anvil answers.
 */
const FALLBACK_FINALITY_DEPTH = 64n;

export interface EvmScanOptions {
  /** Blocks read per chain and pass. */
  maxBlocks: number;
  /** Hashes of the newest blocks kept per chain, to find a reorg. */
  keepBlocks: number;
}

/** The cursor of a chain: the last block read; everything up to it is recorded. */
const cursorKey = (chainId: number) => `evm:${chainId}`;

/**
 * The newest finalized block of a configured chain, as of the last pass. A receive above it is
 * shown as pending (see WalletHistory). Local chains have none: Anvil blocks are final at once
 * (a test may still reorg them, and the scanner undoes that like any reorg).
 */
export const finalizedKey = (chainId: number) => `evm:${chainId}:finalized`;
/** {@link finalizedKey} in SQL, for the chain id of a row. */
export const finalizedKeySql = (chainId: SQLWrapper) => sql`'evm:' || ${chainId} || ':finalized'`;

interface Block {
  number: bigint;
  hash: Hash;
}

/**
 * Receives on an EVM chain: native values (transactions to a wallet address that succeeded) and
 * ERC-20 `Transfer` logs to wallet addresses, read block by block from the cursor to the head.
 *
 * A block at the head is not final: a reorg may replace it. So every pass first checks the
 * chain against the hashes it stored of the last `keepBlocks` blocks (`wallet_scan_blocks`). The
 * newest stored hash is checked first (one call: a hash commits to all blocks below it); when it
 * no longer matches, a binary search finds the newest stored block the chain still has, the fork
 * point. The transfers recorded above it are deleted, the stored hashes above it too, and the
 * cursor moves back to it, in one transaction; the pass then reads the new chain from there.
 * Blocks read in a pass must link to each other and to the cursor's stored hash, and each log and
 * receipt must come from the block read at its height: otherwise the chain moved during the pass,
 * and nothing is written (the next pass starts with the check above).
 *
 * Receives are recorded up to the head, so they show at once; on a configured chain each pass also
 * stores the chain's finalized block, and the history shows a receive above it as pending.
 * A reorg deeper than `keepBlocks` is undone only down to the oldest stored hash.
 */
export class EvmTransferScanner {
  constructor(
    private readonly context: ScanContext,
    private readonly options: EvmScanOptions,
  ) {}

  /** One pass over `access` for the wallet `addresses` (lowercase → as stored). */
  async scan(access: EvmChainAccess, addresses: ReadonlyMap<string, string>): Promise<number> {
    const { client, chain } = access;
    const head = await client.getBlockNumber({ cacheTime: 0 });
    const finalized = () => (access.local ? undefined : this.finalizedBlock(access, head));
    const stored = await readCursor(this.context.db, cursorKey(chain.id));
    // A real chain's past is not ours to read from block 0: start at the head.
    if (stored === undefined && !access.local) {
      const block = await client.getBlock({ blockNumber: head });
      return this.save(access, {
        last: head,
        blocks: [block],
        rows: [],
        finalized: await finalized(),
      });
    }
    const { cursor, hash: cursorHash } = await this.unwind(
      access,
      stored === undefined ? -1n : BigInt(stored),
      head,
    );
    const from = cursor + 1n;
    if (from > head) return 0;
    const last =
      from + BigInt(this.options.maxBlocks) - 1n < head
        ? from + BigInt(this.options.maxBlocks) - 1n
        : head;
    if (addresses.size === 0) {
      // Nothing to record: the hash of the last block is all the next pass needs to check.
      const block = await client.getBlock({ blockNumber: last });
      return this.save(access, { last, blocks: [block], rows: [], finalized: await finalized() });
    }

    const numbers: bigint[] = [];
    for (let n = from; n <= last; n++) numbers.push(n);
    const wallets = [...addresses.values()].map((address) => getAddress(address));
    const filters: Address[][] = [];
    for (let i = 0; i < wallets.length; i += ADDRESSES_PER_FILTER)
      filters.push(wallets.slice(i, i + ADDRESSES_PER_FILTER));
    const [blocks, logGroups] = await Promise.all([
      mapLimit(numbers, CONCURRENCY, (blockNumber) =>
        client.getBlock({ blockNumber, includeTransactions: true }),
      ),
      Promise.all(
        filters.map((to) =>
          client.getLogs({
            event: ERC20_TRANSFER_EVENT,
            args: { to },
            fromBlock: from,
            toBlock: last,
          }),
        ),
      ),
    ]);
    const hashAt = new Map<bigint, Hash>(blocks.map((block) => [block.number, block.hash]));
    const linked = blocks.every((block, index) => {
      const parent = index === 0 ? cursorHash : blocks[index - 1]?.hash;
      return parent === undefined || block.parentHash === parent;
    });
    if (!linked) return this.movedDuringPass(access);
    const times = new Map(
      blocks.map((block) => [block.number, new Date(Number(block.timestamp) * 1000)]),
    );
    const rows: TransferRow[] = [];

    const nativeCandidates = blocks.flatMap((block) =>
      block.transactions.filter(
        (tx) =>
          tx.to != null &&
          tx.value > 0n &&
          addresses.has(tx.to.toLowerCase()) &&
          tx.from.toLowerCase() !== tx.to.toLowerCase(),
      ),
    );
    const receipts = await mapLimit(nativeCandidates, CONCURRENCY, (tx) =>
      client.getTransactionReceipt({ hash: tx.hash }).catch((error: unknown) => {
        // In a block read a moment ago, gone now: the block was reorganised away.
        if (error instanceof TransactionReceiptNotFoundError) return undefined;
        throw error;
      }),
    );
    for (const [index, tx] of nativeCandidates.entries()) {
      const receipt = receipts[index];
      if (!receipt || hashAt.get(receipt.blockNumber) !== receipt.blockHash) {
        return this.movedDuringPass(access);
      }
      if (receipt.status !== 'success' || !tx.to) continue;
      rows.push({
        chainId: chain.id,
        hash: tx.hash,
        position: NATIVE_POSITION,
        fromAddress: getAddress(tx.from),
        toAddress: addresses.get(tx.to.toLowerCase()) ?? getAddress(tx.to),
        tokenAddress: null,
        symbol: chain.nativeSymbol,
        decimals: chain.nativeDecimals,
        amount: tx.value.toString(),
        blockTime: times.get(receipt.blockNumber) ?? this.context.clock.now(),
        blockNumber: Number(receipt.blockNumber),
        blockHash: receipt.blockHash,
      });
    }

    for (const log of logGroups.flat()) {
      if (hashAt.get(log.blockNumber) !== log.blockHash) return this.movedDuringPass(access);
      const { from: sender, to, value } = log.args;
      if (log.removed || !sender || !to || value === undefined || value === 0n) continue;
      if (sender.toLowerCase() === to.toLowerCase() || !addresses.has(to.toLowerCase())) continue;
      // A token whose decimals cannot be read is left out; its symbol falls back to 'ERC20'.
      const token = await tokenFacts(access, { address: log.address, symbol: 'ERC20' }).catch(
        () => undefined,
      );
      if (!token) continue;
      rows.push({
        chainId: chain.id,
        hash: log.transactionHash,
        position: log.logIndex,
        fromAddress: getAddress(sender),
        toAddress: addresses.get(to.toLowerCase()) ?? getAddress(to),
        tokenAddress: getAddress(log.address),
        symbol: token.symbol,
        decimals: token.decimals,
        amount: value.toString(),
        blockTime: times.get(log.blockNumber) ?? this.context.clock.now(),
        blockNumber: Number(log.blockNumber),
        blockHash: log.blockHash,
      });
    }
    return this.save(access, { last, blocks, rows, finalized: await finalized() });
  }

  /**
   * Checks the stored block hashes against the chain and undoes what a reorg removed. Answers
   * the block to read on from (the cursor, or the fork point below it) and its stored hash.
   */
  private async unwind(
    access: EvmChainAccess,
    cursor: bigint,
    head: bigint,
  ): Promise<{ cursor: bigint; hash: Hash | undefined }> {
    const { db, log } = this.context;
    const chainId = access.chain.id;
    const stored = await db
      .select({ number: walletScanBlocks.number, hash: walletScanBlocks.hash })
      .from(walletScanBlocks)
      .where(eq(walletScanBlocks.chainId, chainId))
      .orderBy(desc(walletScanBlocks.number));
    const hashOf = (number: bigint) =>
      stored.find((row) => BigInt(row.number) === number)?.hash as Hash | undefined;
    const newest = stored[0];
    if (!newest || (await this.onChain(access, newest, head))) {
      return { cursor, hash: hashOf(cursor) };
    }
    // Stored blocks newest first: those the chain still has are a suffix; find where it starts.
    let low = 1;
    let high = stored.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (await this.onChain(access, stored[middle]!, head)) high = middle;
      else low = middle + 1;
    }
    const kept = stored[low];
    // When no stored block is left, everything from the oldest one up is suspect.
    const forkBase = kept ? BigInt(kept.number) : BigInt(stored[stored.length - 1]!.number) - 1n;
    const back = cursor < forkBase ? cursor : forkBase;
    const undone = await db.transaction(async (tx) => {
      const deleted = await tx
        .delete(walletTransfers)
        .where(
          and(
            eq(walletTransfers.chainId, chainId),
            gt(walletTransfers.blockNumber, Number(forkBase)),
          ),
        )
        .returning({ id: walletTransfers.id });
      await tx
        .delete(walletScanBlocks)
        .where(
          and(eq(walletScanBlocks.chainId, chainId), gt(walletScanBlocks.number, Number(forkBase))),
        );
      await writeCursor(tx, this.context.clock, cursorKey(chainId), back.toString());
      return deleted.length;
    });
    log.warn(
      { chainId, forkBlock: (forkBase + 1n).toString(), undone },
      'chain reorganised: receives of orphaned blocks undone, reading the new blocks',
    );
    return {
      cursor: back,
      hash: back === forkBase ? (kept?.hash as Hash | undefined) : hashOf(back),
    };
  }

  /** Whether the chain still has the stored block at its height. */
  private async onChain(
    access: EvmChainAccess,
    block: { number: number; hash: string },
    head: bigint,
  ): Promise<boolean> {
    const number = BigInt(block.number);
    if (number > head) return false;
    try {
      return (await access.client.getBlock({ blockNumber: number })).hash === block.hash;
    } catch (error) {
      // The head moved back below it since getBlockNumber.
      if (error instanceof BlockNotFoundError) return false;
      throw error;
    }
  }

  private async finalizedBlock(access: EvmChainAccess, head: bigint): Promise<bigint> {
    try {
      return (await access.client.getBlock({ blockTag: 'finalized' })).number;
    } catch (error) {
      this.context.log.debug(
        { chainId: access.chain.id, error: chainErrorText(error) },
        'no finalized block; counting a fixed depth',
      );
      return head > FALLBACK_FINALITY_DEPTH ? head - FALLBACK_FINALITY_DEPTH : 0n;
    }
  }

  private movedDuringPass(access: EvmChainAccess): number {
    this.context.log.info(
      { chainId: access.chain.id },
      'chain reorganised during the scan: nothing recorded, the next pass reads again',
    );
    return 0;
  }

  /** Writes the rows, the kept block hashes and the cursor (and finalized block) together. */
  private async save(
    access: EvmChainAccess,
    pass: { last: bigint; blocks: readonly Block[]; rows: TransferRow[]; finalized?: bigint },
  ): Promise<number> {
    const chainId = access.chain.id;
    const keepFrom = Number(pass.last) - this.options.keepBlocks + 1;
    const kept = pass.blocks
      .filter((block) => Number(block.number) >= keepFrom)
      .map((block) => ({ chainId, number: Number(block.number), hash: block.hash }));
    const { db, clock } = this.context;
    return db.transaction(async (tx) => {
      const inserted = await insertTransfers(tx, pass.rows);
      if (kept.length > 0) {
        await tx
          .insert(walletScanBlocks)
          .values(kept)
          .onConflictDoUpdate({
            target: [walletScanBlocks.chainId, walletScanBlocks.number],
            set: { hash: sql`excluded.hash` },
          });
      }
      await tx
        .delete(walletScanBlocks)
        .where(and(eq(walletScanBlocks.chainId, chainId), lt(walletScanBlocks.number, keepFrom)));
      await writeCursor(tx, clock, cursorKey(chainId), pass.last.toString());
      if (pass.finalized !== undefined) {
        await writeCursor(tx, clock, finalizedKey(chainId), pass.finalized.toString());
      }
      return inserted;
    });
  }
}
