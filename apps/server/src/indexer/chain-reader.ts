import {
  BaseError,
  createPublicClient,
  type Hex,
  http,
  HttpRequestError,
  numberToHex,
  type PublicClient,
  ResponseBodyTooLargeError,
  RpcError,
  RpcRequestError,
  SocketClosedError,
  TimeoutError,
  WebSocketRequestError,
} from 'viem';
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

/**
 * JSON-RPC error codes of a rate limit: -32005 (EIP-1474 "limit exceeded", Infura and most
 * nodes), -32007 (QuickNode's "request limit reached") and 429 in a JSON-RPC body (Alchemy's
 * batches answer it with HTTP 200).
 */
const RATE_LIMIT_CODES: ReadonlySet<number> = new Set([-32005, -32007, 429]);
/**
 * A node that has not got the block asked for yet (a load balancer routing to a lagging
 * backend): the node's state, not the contract's answer.
 */
const NODE_BEHIND = /header not found|unknown block/i;

/**
 * Whether an error is the node or the network failing on the way, which may pass: an HTTP error
 * (any non-2xx status, a refused or reset connection), a time-out, a closed socket, an answer
 * too large, a rate limit (also one sent with HTTP 200), or a node behind the block asked for.
 * Every other JSON-RPC error answer is the node telling what it got: for an `eth_call`, the
 * contract's answer (geth's -32000 "invalid opcode" for a Solidity < 0.8 assert and "out of
 * gas", Nethermind's "VM execution error."), which reading again will not change. The one
 * classifier of the indexer: a second, narrower one once let a rate limit pass as a fact.
 */
export function isTransientNodeFailure(error: unknown): boolean {
  if (!(error instanceof BaseError)) return false;
  return (
    error.walk((cause) => {
      if (
        cause instanceof HttpRequestError ||
        cause instanceof TimeoutError ||
        cause instanceof WebSocketRequestError ||
        cause instanceof SocketClosedError ||
        cause instanceof ResponseBodyTooLargeError
      )
        return true;
      if (cause instanceof RpcRequestError)
        return (
          cause.status !== undefined ||
          RATE_LIMIT_CODES.has(cause.code) ||
          NODE_BEHIND.test(cause.details)
        );
      return cause instanceof RpcError && RATE_LIMIT_CODES.has(cause.code);
    }) !== null
  );
}

/**
 * The words nodes use when the EVM itself failed a call (geth's -32000 "invalid opcode: INVALID"
 * of a Solidity < 0.8 assert, "out of gas", "stack underflow", "invalid jump destination",
 * "write protection"; Nethermind's "VM execution error."; a revert in any wording): the
 * contract's answer. Anything else a node answers with (-32603 "Internal error", "missing trie
 * node", "execution aborted (timeout = 5s)") is the node's trouble.
 */
const EXECUTION_FAILURE =
  /revert|invalid opcode|out of gas|vm execution error|stack (?:underflow|overflow|limit)|invalid jump|write protection/i;

/**
 * Whether a failed contract read is the contract's own answer, which reading again will not
 * change: the node answered the call with an EVM execution failure ({@link EXECUTION_FAILURE},
 * a revert among them), or, with no error from the node at all, the address has no code or what
 * it returned does not decode. Any other answer of the node is not the contract's, even where
 * viem calls it a revert (it reads -32603 as one, for nodes that revert with it): stored as a
 * fact, a node's passing "Internal error" once left a sound token without decimals for good.
 * An error that is not viem's (a bug of ours) is no answer either: it is thrown.
 */
export function isContractAnswer(error: unknown): boolean {
  if (!(error instanceof BaseError) || isTransientNodeFailure(error)) return false;
  const answered = error.walk(
    (cause) => cause instanceof RpcRequestError || cause instanceof RpcError,
  ) as RpcRequestError | RpcError | null;
  // No error from the node: its answer came and was the trouble (empty, or not decodable).
  return (
    answered === null || EXECUTION_FAILURE.test(`${answered.shortMessage} ${answered.details}`)
  );
}

/** Transactions read at once by {@link ChainReader.senders}: ten batches of a hundred. */
const SENDERS_IN_FLIGHT = 1_000;

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
   * builds the index); {@link blockSenders} tells the two apart.
   */
  async senders(hashes: readonly string[]): Promise<Map<string, string | null>> {
    const out = new Map<string, string | null>();
    const distinct = [...new Set(hashes)];
    for (let i = 0; i < distinct.length; i += SENDERS_IN_FLIGHT)
      await Promise.all(
        distinct.slice(i, i + SENDERS_IN_FLIGHT).map(async (hash) => {
          const transaction = (await this.client.request({
            method: 'eth_getTransactionByHash',
            params: [hash as Hex],
          })) as { from: Hex } | null;
          out.set(hash, transaction ? transaction.from.toLowerCase() : null);
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
