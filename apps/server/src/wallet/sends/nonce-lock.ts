/**
 * One async mutex per key (chain and sending address): whoever holds it picks the next nonce,
 * signs, stores and broadcasts; the next send waits only for that, not for confirmations.
 * In-process only: one server per database is assumed (a second would need a database lock).
 */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tail = previous.then(() => mine);
    this.tails.set(key, tail);
    await previous;
    try {
      return await work();
    } finally {
      release();
      // The last waiter cleans up, so idle keys do not pile up.
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}

export const nonceLockKey = (chainId: number, address: string) =>
  `${chainId}:${address.toLowerCase()}`;
