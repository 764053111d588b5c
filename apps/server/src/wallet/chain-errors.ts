import {
  isSolanaError,
  SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR,
  type SolanaError,
} from '@solana/kit';
import { type Chain, walletMessages } from '@vaultscope/core';
import {
  BaseError,
  HttpRequestError,
  LimitExceededRpcError,
  ResponseBodyTooLargeError,
  RpcRequestError,
  TimeoutError as ViemTimeoutError,
} from 'viem';
import { logSafeMessage } from '../lib/db/database-errors';
import { AppError, type ChainFailure, ChainUnavailableError } from '../lib/errors';
import { redactUrls } from '../lib/log-safe-error';

/**
 * The chain edge's one error type is {@link ChainUnavailableError}: the call policy
 * (`chain-policy.ts`) throws it for a time-out, a refused or broken connection, an HTTP error
 * answer or an open circuit; the routes' chain work turns anything else a chain call threw into
 * it (502); the error handler answers it with its status and message. What it says is ours:
 * never the URL (which may hold the provider's key) nor the node's raw answer.
 */

/** A {@link ChainUnavailableError} of the chain, with the message a person reads. */
export function chainUnavailable(
  chain: Pick<Chain, 'id' | 'name'>,
  failure: ChainFailure,
  detail: string,
  retryAfterSeconds?: number,
): ChainUnavailableError {
  const message =
    failure === 'bad-answer'
      ? walletMessages.chainBadAnswer(chain.name)
      : walletMessages.chainNotResponding(chain.name);
  return new ChainUnavailableError(chain.id, failure, message, detail, retryAfterSeconds);
}

/** The chain failure in an error or its cause chain (viem wraps transport errors in its own). */
export function chainFailureOf(error: unknown): ChainUnavailableError | undefined {
  let current = error;
  for (let depth = 0; depth < 10 && current instanceof Error; depth += 1) {
    if (current instanceof ChainUnavailableError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * What a route answers for chain work that threw: our own answers (400, 404, a chain failure)
 * as they are; anything else came from the node's answer (a JSON-RPC error, a reply of the
 * wrong shape), so the chain answered badly: 502, with that answer described for the log only.
 */
export function atChainEdge(chain: Pick<Chain, 'id' | 'name'>, error: unknown): AppError {
  if (error instanceof AppError) return error;
  return chainFailureOf(error) ?? chainUnavailable(chain, 'bad-answer', chainErrorText(error));
}

/** `work`, with whatever it throws turned into the chain edge's answer ({@link atChainEdge}). */
export async function atChainEdgeOf<T>(
  chain: Pick<Chain, 'id' | 'name'>,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw atChainEdge(chain, error);
  }
}

/** What a failed call says about the node, when it says the node is down or broken. */
export interface TransportFailure {
  failure: Exclude<ChainFailure, 'circuit-open'>;
  /** Ours, for the log: `HTTP 503`, `ECONNREFUSED`, `unreadable answer`. */
  detail: string;
  /**
   * A failure that is quick and often passing (refused or reset connection, rate limit, a
   * gateway error), so a read may try again. A time-out is not: trying again would double the
   * wait for an answer that is most likely not coming.
   */
  retryable: boolean;
}

/** HTTP statuses of a node or gateway that is busy or briefly down. */
const PASSING_STATUSES = new Set([408, 425, 429, 500, 502, 503, 504]);

/**
 * Whether a chain client's error means the node failed rather than answered: viem's and
 * @solana/kit's HTTP transport errors, fetch's network errors, unreadable bodies, time-outs.
 * A JSON-RPC error answer (a revert, `nonce too low`) is an answer: undefined. Rate limiting
 * said in JSON-RPC (-32005) counts as a failure, since the node is not serving us.
 */
export function transportFailure(error: unknown): TransportFailure | undefined {
  if (error instanceof BaseError) {
    if (error.walk((cause) => cause instanceof ViemTimeoutError))
      return { failure: 'timeout', detail: 'no answer in time', retryable: false };
    const rpc = error.walk((cause) => cause instanceof RpcRequestError) as
      RpcRequestError | undefined;
    const http = error.walk((cause) => cause instanceof HttpRequestError) as
      HttpRequestError | undefined;
    const status = http?.status ?? rpc?.status;
    if (status !== undefined && status >= 400)
      return {
        failure: 'bad-answer',
        detail: `HTTP ${status}`,
        retryable: PASSING_STATUSES.has(status),
      };
    if (error.walk((cause) => cause instanceof LimitExceededRpcError))
      return { failure: 'bad-answer', detail: 'rate limited (-32005)', retryable: true };
    if (error.walk((cause) => cause instanceof ResponseBodyTooLargeError))
      return { failure: 'bad-answer', detail: 'answer too large', retryable: false };
    if (http) return networkFailure(http.cause);
    return undefined;
  }
  if (isSolanaError(error, SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR)) {
    const status = (error as SolanaError<typeof SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR>).context
      .statusCode;
    return {
      failure: 'bad-answer',
      detail: `HTTP ${status}`,
      retryable: PASSING_STATUSES.has(status),
    };
  }
  if (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError'))
    return { failure: 'timeout', detail: 'no answer in time', retryable: false };
  if (error instanceof TypeError) return networkFailure(error);
  if (error instanceof SyntaxError)
    return { failure: 'bad-answer', detail: 'unreadable answer', retryable: false };
  return undefined;
}

/** fetch's `TypeError: fetch failed` (undici) and its cause's code; or a body that was not JSON. */
function networkFailure(error: unknown): TransportFailure {
  if (error instanceof SyntaxError)
    return { failure: 'bad-answer', detail: 'unreadable answer', retryable: false };
  return { failure: 'unreachable', detail: networkCode(error) ?? 'network error', retryable: true };
}

/** `ECONNREFUSED`, `UND_ERR_SOCKET`…: the first error code in the cause chain. */
function networkCode(error: unknown): string | undefined {
  let current = error;
  for (let depth = 0; depth < 6 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[A-Z][A-Z0-9_]{2,40}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * A short, log-safe text of a chain or RPC error: a chain failure's own words; viem's short
 * message and details (never its meta messages, which name the RPC URL), but for an HTTP
 * failure only its status (its details are the raw answer); URLs cut out, long hex data elided.
 * Log this, never the error object itself.
 */
export function chainErrorText(error: unknown): string {
  const failure = chainFailureOf(error);
  const transport = failure ? undefined : transportFailure(error);
  const text = failure
    ? `${failure.failure}: ${failure.detail}`
    : transport
      ? `${transport.failure}: ${transport.detail}`
      : error instanceof BaseError
        ? [error.shortMessage, error.details].filter(Boolean).join(': ')
        : error instanceof Error
          ? // A database error's message carries the query's values.
            logSafeMessage(error)
          : String(error);
  return redactUrls(text)
    .replace(/0x[0-9a-fA-F]{200,}/g, '0x…')
    .slice(0, 300);
}
