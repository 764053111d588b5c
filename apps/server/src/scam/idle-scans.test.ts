import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app';
import type { TokenAnalyzer } from './token-analyzer';
import { TokenScans } from './token-scans';

/**
 * Tokens queued for a scan while the analyzer is idle (the indexed market's unscored rows) give
 * way to a detail someone waits for: at most the one idle scan already running goes first.
 */

const CHAIN_ID = 1;
const [A, B, C, D] = ['0a', '0b', '0c', '0d'].map((tail) => `0x${tail.padStart(40, '0')}`) as [
  string,
  string,
  string,
  string,
];

/** An analyzer whose scans end when the test ends them; it records the order they began in. */
class HeldAnalyzer implements TokenAnalyzer {
  readonly family = 'evm' as const;
  readonly began: string[] = [];
  private readonly ends = new Map<string, () => void>();

  analyze(_chainId: number, address: string): Promise<never> {
    this.began.push(address);
    return new Promise((_resolve, reject) =>
      this.ends.set(address, () => reject(new Error('ended by the test'))),
    );
  }

  end(address: string): void {
    this.ends.get(address)?.();
  }
}

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('the condition never held');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('scans while idle', () => {
  it('a detail someone waits for is scanned before the tokens queued while idle', async () => {
    const analyzer = new HeldAnalyzer();
    const scans = new TokenScans(
      {
        db: t.app.db.handle.db,
        clock: t.clock,
        log: t.app.log,
        analyzers: [analyzer],
        consume: async () => {},
      },
      { concurrency: 1, budgetMs: 20 },
    );
    scans.scanWhenIdle([A, B, C].map((address) => ({ chainId: CHAIN_ID, address })));
    await until(() => analyzer.began.length === 1);
    expect(analyzer.began).toEqual([A]);

    // The detail's scan queues behind the idle scan that is running, and answers "not yet".
    const detail = scans
      .lookup({ chainId: CHAIN_ID, address: D }, { ip: '203.0.113.7' }, { scanIfMissing: true })
      .catch((error: unknown) => error);
    await until(() => scans.isScanning({ chainId: CHAIN_ID, address: D }));
    analyzer.end(A);
    await until(() => analyzer.began.length === 2);
    expect(analyzer.began).toEqual([A, D]);
    expect(await detail).toMatchObject({ statusCode: 404 });

    // The rest of the idle queue waits until no other scan is queued or running.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(analyzer.began).toEqual([A, D]);
    analyzer.end(D);
    await until(() => analyzer.began.length === 3);
    expect(analyzer.began).toEqual([A, D, B]);
    analyzer.end(B);
    await until(() => analyzer.began.length === 4);
    expect(analyzer.began).toEqual([A, D, B, C]);
    analyzer.end(C);
    await scans.close();
  });
});
