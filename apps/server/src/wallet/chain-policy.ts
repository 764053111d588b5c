import type { Chain } from '@vaultscope/core';
import type { FastifyBaseLogger } from 'fastify';
import type { ChainUnavailableError } from '../lib/errors';
import { chainUnavailable, transportFailure } from './chain-errors';

/**
 * How every call to a chain's node is made (STYLE.md item 7, after MetaMask's
 * `createServicePolicy`): each attempt has a time-out; a read that fails quickly and passingly
 * (refused or reset connection, rate limit, gateway error) is tried again a bounded number of
 * times with exponential backoff and full jitter; a write (a broadcast) is never tried again
 * here, since whether it reached the node is unknown and the send engine decides what to do
 * with a signed transaction (`wallet-sends.ts`, `broadcast`); and a circuit breaker per chain
 * stops calling a node that keeps failing, so requests fail fast (503) instead of each waiting
 * out its own time-out, and the node is not hammered while it recovers.
 *
 * Written here rather than taken from `cockatiel` (the library MetaMask's policy is built on):
 * it is about 150 lines, it needs to know JSON-RPC methods (read or write) and the viem and
 * @solana/kit errors that mean "the node failed" as opposed to "the node answered with an
 * error", and its circuit counts a batch of calls that fail together as one failure (below),
 * which cockatiel's consecutive breaker does not.
 */

export type CallKind = 'read' | 'write';

/** JSON-RPC methods that change the chain: never retried blindly. */
const WRITE_METHODS = new Set([
  'eth_sendRawTransaction',
  'eth_sendTransaction',
  'sendTransaction',
  'requestAirdrop',
]);

export const callKindOf = (method: string): CallKind =>
  WRITE_METHODS.has(method) ? 'write' : 'read';

export interface ChainPolicyOptions {
  /** Longest wait for one attempt's answer. */
  timeoutMs: number;
  /** Further attempts of a read after a passing failure. */
  retries: number;
  /** Backoff before the first retry (up to this much, jittered); doubles after each. */
  backoffMs: number;
  maxBackoffMs: number;
  /** Failures in a row (counted as below) that open the circuit. */
  breakAfter: number;
  /** How long an open circuit refuses calls before letting one trial call through. */
  breakForMs: number;
}

export const DEFAULT_CHAIN_POLICY: ChainPolicyOptions = {
  timeoutMs: 10_000,
  retries: 2,
  backoffMs: 200,
  maxBackoffMs: 2_000,
  breakAfter: 5,
  breakForMs: 15_000,
};

type CircuitState = 'closed' | 'open' | 'half-open';

/**
 * The call policy of one chain: its time-out, retries and circuit breaker. The circuit counts
 * failed attempts in a row, but only one per wave: an attempt that started before the last
 * counted failure was in flight with it, and fails for the same reason. So the 20 balance
 * calls of one JSON-RPC batch that fails are one failure, and a passing blip cannot open the
 * circuit under the retries of the very reads that met it. Any answer from the node (a JSON-RPC
 * error included) closes the count.
 */
export class ChainPolicy {
  private state: CircuitState = 'closed';
  private failures = 0;
  private lastCountedAt = Number.NEGATIVE_INFINITY;
  private openUntil = 0;
  private trialRunning = false;

  constructor(
    private readonly chain: Pick<Chain, 'id' | 'name'>,
    readonly options: ChainPolicyOptions,
    private readonly log?: Pick<FastifyBaseLogger, 'warn' | 'info'>,
    private readonly random: () => number = Math.random,
  ) {}

  /** `closed`, `open` (calls refused) or `half-open` (one trial call decides). */
  get circuit(): CircuitState {
    if (this.state === 'open' && performance.now() >= this.openUntil) return 'half-open';
    return this.state;
  }

  /**
   * Runs `attempt` under the policy. It gets a signal that is aborted when its time is up; a
   * failure of the node comes out as a `ChainUnavailableError`, any other error (the node's
   * JSON-RPC error answer) as it was thrown.
   */
  async call<T>(kind: CallKind, attempt: (signal: AbortSignal) => Promise<T>): Promise<T> {
    for (let retry = 0; ; retry += 1) {
      try {
        return await this.once(attempt);
      } catch (error) {
        const again =
          kind === 'read' && retry < this.options.retries && passing.has(error as object);
        if (!again) throw error;
        const ceiling = Math.min(this.options.maxBackoffMs, this.options.backoffMs * 2 ** retry);
        await new Promise((resolve) => setTimeout(resolve, this.random() * ceiling));
      }
    }
  }

  private async once<T>(attempt: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const trial = this.admit();
    const started = performance.now();
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    try {
      const result = await Promise.race([
        attempt(controller.signal),
        new Promise<never>((_resolve, reject) => {
          timer = setTimeout(() => {
            const error = new Error('chain call timed out');
            error.name = 'TimeoutError';
            reject(error);
            controller.abort(error);
          }, this.options.timeoutMs);
        }),
      ]);
      this.succeeded(trial);
      return result;
    } catch (error) {
      const failure = transportFailure(error);
      if (!failure) {
        // The node answered, with an error of its own (a revert, a refused transaction).
        this.succeeded(trial);
        throw error;
      }
      this.failed(trial, started);
      const unavailable = chainUnavailable(
        this.chain,
        failure.failure,
        failure.failure === 'timeout'
          ? `no answer within ${this.options.timeoutMs} ms`
          : failure.detail,
      );
      if (failure.retryable) passing.add(unavailable);
      throw unavailable;
    } finally {
      clearTimeout(timer);
      if (trial) this.trialRunning = false;
    }
  }

  /** Lets a call through, or refuses it while the circuit is open; true for the trial call. */
  private admit(): boolean {
    if (this.state === 'closed') return false;
    const now = performance.now();
    if (now >= this.openUntil && !this.trialRunning) {
      this.state = 'half-open';
      this.trialRunning = true;
      return true;
    }
    // Open, or half-open with the trial call still out.
    throw this.refusal(now);
  }

  private refusal(now: number): ChainUnavailableError {
    const waitMs = Math.max(this.openUntil - now, 1_000);
    return chainUnavailable(
      this.chain,
      'circuit-open',
      `calls paused for ${Math.ceil(waitMs / 1000)} s after ${this.options.breakAfter} failures in a row`,
      waitMs / 1000,
    );
  }

  private succeeded(trial: boolean): void {
    if (trial) {
      this.state = 'closed';
      this.failures = 0;
      this.log?.info({ chainId: this.chain.id }, 'chain circuit closed: the node answers again');
    } else if (this.state === 'closed') {
      this.failures = 0;
    }
  }

  private failed(trial: boolean, started: number): void {
    const now = performance.now();
    if (trial) return this.open(now, 'chain circuit open again: the trial call failed');
    // Open already (a trial decides), or in flight with a failure already counted.
    if (this.state !== 'closed' || started <= this.lastCountedAt) return;
    this.lastCountedAt = now;
    this.failures += 1;
    if (this.failures >= this.options.breakAfter)
      this.open(now, 'chain circuit open: calls paused after repeated failures');
  }

  private open(now: number, message: string): void {
    this.state = 'open';
    this.openUntil = now + this.options.breakForMs;
    this.failures = 0;
    this.log?.warn({ chainId: this.chain.id, pauseMs: this.options.breakForMs }, message);
  }
}

/** Chain failures a read may try again (see `TransportFailure.retryable`). */
const passing = new WeakSet<object>();
