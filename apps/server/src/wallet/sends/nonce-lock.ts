import { walletMessages } from '@vaultscope/core';
import { ServiceUnavailableError } from '../../lib/errors';

/** How long a send waits for its account's lock unless told otherwise. */
export const DEFAULT_LOCK_WAIT_MS = 30_000;

/**
 * One async mutex per key (chain and sending address): whoever holds it picks the next nonce,
 * signs, stores and broadcasts; the next send waits only for that, not for confirmations.
 * In-process only: one server per database is assumed (a second would need a database lock).
 *
 * A waiter gives up after `waitMs` with a 503: the holder's chain calls each have a time-out,
 * but several of them on a slow node add up, and a request must not queue behind them without
 * end. Giving up leaves the order intact: the waiters behind still wait for the holder.
 */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<void>>();

  constructor(private readonly waitMs = DEFAULT_LOCK_WAIT_MS) {}

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tail = previous.then(() => mine);
    this.tails.set(key, tail);
    // The last waiter cleans up once everything before it is done, so idle keys do not pile up.
    const cleanUp = () => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    };
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = await Promise.race([
      previous.then(() => false),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), this.waitMs);
      }),
    ]);
    clearTimeout(timer);
    if (gaveUp) {
      // Our place passes straight through: `tail` still settles only after `previous`.
      release();
      void tail.then(cleanUp);
      throw new ServiceUnavailableError(
        walletMessages.accountSendBusy,
        Math.min(5, this.waitMs / 1000),
      );
    }
    try {
      return await work();
    } finally {
      release();
      cleanUp();
    }
  }
}

export const nonceLockKey = (chainId: number, address: string) =>
  `${chainId}:${address.toLowerCase()}`;
