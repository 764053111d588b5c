import { createPublicClient, type Hex, http, numberToHex, type PublicClient } from 'viem';
import type { RawLog } from './dex-events';

/**
 * The indexer's JSON-RPC edge for one chain: `eth_getLogs` over block ranges that shrink when
 * the node refuses a range (too many results, a time-out, a response too large) and grow again
 * after it answers, block headers, and contract reads. Every call has a time-out; a call that
 * fails is not retried here: the indexer's loop tries the whole step again after a pause, so a
 * stalling node delays indexing and never stops it.
 */
export interface ChainReaderOptions {
  rpcUrl: string;
  /** Most blocks one `eth_getLogs` call covers. */
  maxRange: number;
  timeoutMs: number;
}

export interface BlockHeader {
  number: number;
  hash: string;
  parentHash: string;
  /** Unix seconds. */
  timestamp: number;
}

/** Transactions read at once by {@link ChainReader.senders}: ten batches of a hundred. */
const SENDERS_IN_FLIGHT = 1_000;
/** Senders kept between steps (about 150 bytes each) before the memo starts over. */
const KNOWN_SENDERS = 200_000;

/** Raised when the node refuses even a one-block range. */
export class LogRangeError extends Error {
  override name = 'LogRangeError';
}

export class ChainReader {
  readonly client: PublicClient;
  /** The range the next `eth_getLogs` call tries; halves on a refusal, doubles on success. */
  span: number;
  /** Refused ranges so far (for tests and the log). */
  refusals = 0;
  /** Senders already read, by transaction hash (see {@link senders}). */
  private readonly knownSenders = new Map<string, string>();

  constructor(private readonly options: ChainReaderOptions) {
    this.span = options.maxRange;
    this.client = createPublicClient({
      // JSON-RPC batches: the block headers and token reads of one step go in one request.
      transport: http(options.rpcUrl, {
        batch: { batchSize: 100, wait: 0 },
        retryCount: 0,
        timeout: options.timeoutMs,
      }),
    });
  }

  async headNumber(): Promise<number> {
    return Number(await this.client.request({ method: 'eth_blockNumber' }));
  }

  async header(number: number): Promise<BlockHeader | null> {
    const block = (await this.client.request({
      method: 'eth_getBlockByNumber',
      params: [numberToHex(number), false],
    })) as { number: Hex; hash: Hex; parentHash: Hex; timestamp: Hex } | null;
    if (!block) return null;
    return {
      number: Number(BigInt(block.number)),
      hash: block.hash.toLowerCase(),
      parentHash: block.parentHash.toLowerCase(),
      timestamp: Number(BigInt(block.timestamp)),
    };
  }

  /**
   * The sender (`from`) of each transaction, lower-case: one `eth_getTransactionByHash` per
   * hash, sent in JSON-RPC batches (the transport's), {@link SENDERS_IN_FLIGHT} at a time so a
   * range with thousands of swaps does not open hundreds of requests at once. Null for a
   * transaction the node does not find by hash: the block it was in is gone, or it is outside
   * the node's transaction index (geth indexes the last year's by default, and none while it
   * builds the index); {@link blockSenders} tells the two apart. Senders found are kept (a
   * transaction's hash commits to its signature, so its sender never changes, reorg or not): a
   * step that failed half-way and is tried again asks only for the rest, so a busy range under
   * a rate limit moves forward instead of starting over each time.
   */
  async senders(hashes: readonly string[]): Promise<Map<string, string | null>> {
    const out = new Map<string, string | null>();
    const distinct = [...new Set(hashes)].filter((hash) => {
      const known = this.knownSenders.get(hash);
      if (known !== undefined) out.set(hash, known);
      return known === undefined;
    });
    for (let i = 0; i < distinct.length; i += SENDERS_IN_FLIGHT)
      await Promise.all(
        distinct.slice(i, i + SENDERS_IN_FLIGHT).map(async (hash) => {
          const transaction = (await this.client.request({
            method: 'eth_getTransactionByHash',
            params: [hash as Hex],
          })) as { from: Hex } | null;
          const sender = transaction ? transaction.from.toLowerCase() : null;
          out.set(hash, sender);
          if (sender === null) return;
          if (this.knownSenders.size >= KNOWN_SENDERS) this.knownSenders.clear();
          this.knownSenders.set(hash, sender);
        }),
      );
    return out;
  }

  /**
   * The block at `number` (its hash) with the sender of each of its transactions, lower-case,
   * read from the block itself (`eth_getBlockByNumber` with full transactions), which needs no
   * transaction index. Null when the node has no block at that height.
   */
  async blockSenders(
    number: number,
  ): Promise<{ hash: string; senders: Map<string, string> } | null> {
    const block = (await this.client.request({
      method: 'eth_getBlockByNumber',
      params: [numberToHex(number), true],
    })) as { hash: Hex; transactions: { hash: Hex; from: Hex }[] } | null;
    if (!block) return null;
    return {
      hash: block.hash.toLowerCase(),
      senders: new Map(
        block.transactions.map((transaction) => [
          transaction.hash.toLowerCase(),
          transaction.from.toLowerCase(),
        ]),
      ),
    };
  }

  /** One `eth_getLogs` call, as it is (the caller picks the range). */
  async logsOnce(
    from: number,
    to: number,
    filter: { address?: readonly string[]; topics: (Hex | Hex[] | null)[] },
  ): Promise<RawLog[]> {
    return (await this.client.request({
      method: 'eth_getLogs',
      params: [
        {
          fromBlock: numberToHex(from),
          toBlock: numberToHex(to),
          ...(filter.address ? { address: filter.address as Hex[] } : {}),
          topics: filter.topics as never,
        },
      ],
    })) as RawLog[];
  }

  /**
   * The logs of `[from, to]` matching `filter`, read in ranges of {@link span} blocks. A range
   * the node refuses is halved and read again; a refusal at one block is thrown. The span
   * doubles again after each answered range, up to `maxRange`.
   */
  async logs(
    from: number,
    to: number,
    filter: { address?: readonly string[]; topics: (Hex | Hex[] | null)[] },
    onRefusal?: (from: number, to: number, error: unknown) => void,
  ): Promise<RawLog[]> {
    const out: RawLog[] = [];
    let start = from;
    while (start <= to) {
      const end = Math.min(to, start + this.span - 1);
      try {
        for (const log of await this.logsOnce(start, end, filter)) out.push(log);
        start = end + 1;
        this.span = Math.min(this.options.maxRange, this.span * 2);
      } catch (error) {
        this.refusals += 1;
        onRefusal?.(start, end, error);
        if (end === start)
          throw new LogRangeError(`node refused logs of block ${start}`, { cause: error });
        this.span = Math.max(1, Math.floor((end - start + 1) / 2));
      }
    }
    return out;
  }
}
