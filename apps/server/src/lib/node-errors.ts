import {
  BaseError,
  HttpRequestError,
  ResponseBodyTooLargeError,
  RpcError,
  RpcRequestError,
  SocketClosedError,
  TimeoutError,
  WebSocketRequestError,
} from 'viem';

/**
 * How a failed JSON-RPC call is read, by the indexer and the scam analyzer alike: the node or
 * the network failing on the way (try again later), or the contract's own answer (a fact).
 */

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
 * classifier of the indexer and the analyzer: a second, narrower one once let a rate limit pass
 * as a fact.
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
