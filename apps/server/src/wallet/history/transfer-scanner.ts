import { address as solanaAddress, signature as toSignature } from '@solana/kit';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Address, getAddress, parseAbiItem } from 'viem';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db/client';
import { chainErrorText } from '../chain-errors';
import { tokenFacts } from '../portfolio/chain-balances';
import { largestLamportSender, readSolanaTransaction, tokenSender } from './solana-transaction';
import type { EvmChainAccess, SolanaChainAccess, WalletChains } from '../wallet-chains';
import { walletKeys, walletScanCursors, walletTransfers } from '../wallet-tables';

type TransferRow = typeof walletTransfers.$inferInsert;

export const ERC20_TRANSFER_EVENT = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);

export interface ScannerOptions {
  /** Blocks read per EVM chain and run. */
  maxBlocks?: number;
  /** Signatures read per Solana address and run. */
  maxSignatures?: number;
}

export interface ScanReport {
  /** Transfers newly recorded, by chain id. */
  recorded: Record<number, number>;
  /** Chains whose scan failed this run (logged). */
  failed: number[];
}

/** Native value position in the unique key of `wallet_transfers`. */
const NATIVE_POSITION = -1;
/** Parallel RPC calls per chain while reading blocks or transactions. */
const CONCURRENCY = 16;
/** `to` addresses per getLogs topic filter. */
const ADDRESSES_PER_FILTER = 200;

/** `run` over `items`, at most `limit` at a time, results in the items' order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  run: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await run(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Finds transfers into wallet addresses on every chain and records them in `wallet_transfers`
 * (the receive side of the history). EVM: blocks from the chain's cursor to the head, native
 * values and ERC-20 `Transfer` logs to wallet addresses. Solana: each wallet address's new
 * signatures and their balance changes. Idempotent: the unique index drops repeats, cursors only
 * move forward after the rows are written. One run at a time per scanner; a second caller waits
 * for the run under way.
 */
export class TransferScanner {
  private running: Promise<ScanReport> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly maxBlocks: number;
  private readonly maxSignatures: number;

  constructor(
    private readonly db: Database,
    private readonly chains: WalletChains,
    private readonly log: FastifyBaseLogger,
    private readonly clock: Clock,
    options: ScannerOptions = {},
  ) {
    this.maxBlocks = options.maxBlocks ?? 2_000;
    this.maxSignatures = options.maxSignatures ?? 1_000;
  }

  /** One run over every chain; joins the run under way if there is one. */
  scan(): Promise<ScanReport> {
    if (!this.running) {
      this.running = this.runOnce().finally(() => {
        this.running = undefined;
      });
    }
    return this.running;
  }

  /**
   * Scans for at most `ms`: a request that shows history waits this long for fresh receives,
   * and the run, if slower, finishes in the background.
   */
  async scanWithin(ms: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const run = this.scan().then(
      () => true,
      () => false,
    );
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    });
    try {
      return await Promise.race([run, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Scans every `ms` in the background until {@link stop}. */
  start(ms: number): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.scan().catch((error: unknown) =>
        this.log.warn({ error: chainErrorText(error) }, 'transfer scan failed'),
      );
    }, ms);
    this.timer.unref();
  }

  /** Stops the timer and waits for a run under way. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  private async runOnce(): Promise<ScanReport> {
    const keys = await this.db
      .select({ family: walletKeys.family, address: walletKeys.address })
      .from(walletKeys);
    const evmAddresses = new Map(
      keys
        .filter((key) => key.family === 'evm')
        .map((key) => [key.address.toLowerCase(), key.address]),
    );
    const solanaAddresses = keys.filter((key) => key.family === 'solana').map((key) => key.address);
    const report: ScanReport = { recorded: {}, failed: [] };
    await Promise.all(
      this.chains.all().map(async (access) => {
        try {
          report.recorded[access.chain.id] =
            access.family === 'evm'
              ? await this.scanEvm(access, evmAddresses)
              : await this.scanSolana(access, solanaAddresses);
        } catch (error) {
          report.failed.push(access.chain.id);
          // The text only: a viem error names the RPC URL, which may hold an API key.
          this.log.warn(
            { chainId: access.chain.id, error: chainErrorText(error) },
            'transfer scan of a chain failed',
          );
        }
      }),
    );
    return report;
  }

  private async cursor(key: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ cursor: walletScanCursors.cursor })
      .from(walletScanCursors)
      .where(eq(walletScanCursors.key, key));
    return row?.cursor;
  }

  /** Writes the rows, then moves the cursor, in one transaction. */
  private async save(key: string, cursor: string, rows: TransferRow[]): Promise<number> {
    return this.db.transaction(async (tx) => {
      const inserted =
        rows.length === 0
          ? []
          : await tx
              .insert(walletTransfers)
              .values(rows)
              .onConflictDoNothing()
              .returning({ id: walletTransfers.id });
      await tx
        .insert(walletScanCursors)
        .values({ key, cursor })
        .onConflictDoUpdate({
          target: walletScanCursors.key,
          set: { cursor, updatedAt: this.clock.now() },
        });
      return inserted.length;
    });
  }

  private async scanEvm(
    access: EvmChainAccess,
    addresses: ReadonlyMap<string, string>,
  ): Promise<number> {
    const { client, chain } = access;
    const key = `evm:${chain.id}`;
    const head = await client.getBlockNumber({ cacheTime: 0 });
    const stored = await this.cursor(key);
    // A real chain's past is not ours to read from block 0: start at the head.
    if (stored === undefined && !access.local) return this.save(key, head.toString(), []);
    const from = stored === undefined ? 0n : BigInt(stored) + 1n;
    if (from > head) return 0;
    const last =
      from + BigInt(this.maxBlocks) - 1n < head ? from + BigInt(this.maxBlocks) - 1n : head;
    if (addresses.size === 0) return this.save(key, last.toString(), []);

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
      client.getTransactionReceipt({ hash: tx.hash }),
    );
    nativeCandidates.forEach((tx, index) => {
      if (receipts[index]?.status !== 'success' || !tx.to) return;
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
        blockTime: times.get(tx.blockNumber ?? -1n) ?? this.clock.now(),
      });
    });

    for (const log of logGroups.flat()) {
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
        blockTime: times.get(log.blockNumber) ?? this.clock.now(),
      });
    }
    return this.save(key, last.toString(), rows);
  }

  private async scanSolana(access: SolanaChainAccess, owners: readonly string[]): Promise<number> {
    const counts = await mapLimit(owners, 4, (owner) => this.scanSolanaOwner(access, owner));
    return counts.reduce((sum, count) => sum + count, 0);
  }

  private async scanSolanaOwner(access: SolanaChainAccess, owner: string): Promise<number> {
    const { rpc, chain } = access;
    const key = `solana:${chain.id}:${owner}`;
    const stored = await this.cursor(key);
    if (stored === undefined && !access.local) {
      const [newest] = await rpc.getSignaturesForAddress(solanaAddress(owner), { limit: 1 }).send();
      return newest ? this.save(key, newest.signature, []) : 0;
    }
    const signatures = await rpc
      .getSignaturesForAddress(solanaAddress(owner), {
        limit: this.maxSignatures,
        ...(stored ? { until: toSignature(stored) } : {}),
      })
      .send();
    const newest = signatures[0];
    if (!newest) return 0;
    const landed = signatures.filter((item) => item.err === null);
    const transactions = await mapLimit(landed, CONCURRENCY, (item) =>
      readSolanaTransaction(rpc, item.signature),
    );
    const mints = new Map(access.tokens.map((token) => [token.address, token]));
    const rows: TransferRow[] = [];
    for (const facts of transactions) {
      if (!facts || facts.failed) continue;
      const blockTime = facts.blockTime ?? this.clock.now();
      const index = facts.accounts.indexOf(owner);
      const received = index >= 0 ? (facts.lamportDeltas[index] ?? 0n) : 0n;
      const solSender = largestLamportSender(facts, owner);
      if (received > 0n && solSender !== owner) {
        rows.push({
          chainId: chain.id,
          hash: facts.signature,
          position: NATIVE_POSITION,
          fromAddress: solSender,
          toAddress: owner,
          tokenAddress: null,
          symbol: chain.nativeSymbol,
          decimals: chain.nativeDecimals,
          amount: received.toString(),
          blockTime,
        });
      }
      for (const entry of facts.tokenDeltas) {
        if (entry.owner !== owner || entry.delta <= 0n) continue;
        const sender = tokenSender(facts, entry.mint);
        if (sender === owner) continue;
        const known = mints.get(entry.mint);
        rows.push({
          chainId: chain.id,
          hash: facts.signature,
          position: entry.accountIndex,
          fromAddress: sender,
          toAddress: owner,
          tokenAddress: entry.mint,
          symbol: known?.symbol ?? 'SPL',
          decimals: entry.decimals,
          amount: entry.delta.toString(),
          blockTime,
        });
      }
    }
    return this.save(key, newest.signature, rows);
  }
}
