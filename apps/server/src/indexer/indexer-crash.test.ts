import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPublicClient, http } from 'viem';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DevnetMarket } from '@vaultscope/devnet';
import { openDatabase } from '../lib/db/client';
import { startTestDevnet } from '../test/wallet-test-kit';
import { indexedState, indexerDatabase, manualTrader, newIndexer } from './indexer-test-kit';

/**
 * kill -9 mid-backfill: an indexer in its own process, writing to a PGlite directory, is killed
 * with SIGKILL while it backfills; a new indexer on the same directory resumes from the
 * checkpoint, and the result equals a single full read (no swap counted twice or lost).
 */
const CHAIN = 137;
let devnet: Awaited<ReturnType<typeof startTestDevnet>>;
let market: DevnetMarket;
let dir: string;

beforeAll(async () => {
  devnet = await startTestDevnet([CHAIN], { markets: true });
  market = devnet.markets[CHAIN]!;
  const trader = manualTrader(CHAIN, devnet.rpcUrl(CHAIN), market, 11);
  for (let i = 0; i < 25; i += 1) await trader.tick(CHAIN);
  await trader.stop();
  dir = mkdtempSync(path.join(tmpdir(), 'vaultscope-indexer-crash-'));
}, 240_000);

afterAll(async () => {
  await devnet?.remove();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it('counts each swap once after the indexer process is killed with SIGKILL mid-backfill and restarted', async () => {
  const data = path.join(dir, 'db');
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      fileURLToPath(new URL('./test-fixtures/indexer-process.ts', import.meta.url)),
      JSON.stringify({ data, chainId: CHAIN, rpcUrl: devnet.rpcUrl(CHAIN), dex: market.dex }),
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  await Promise.race([
    new Promise<void>((resolve) => child.stdout!.on('data', () => resolve())),
    exited.then((how) => {
      throw new Error(`indexer process ended early: ${JSON.stringify(how)}`);
    }),
  ]);
  // Let it write some steps (one block each), then kill it wherever it is.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  child.kill('SIGKILL');
  expect(await exited).toEqual({ code: null, signal: 'SIGKILL' });

  const handle = await openDatabase({ dataDir: data });
  const head = Number(
    await createPublicClient({ transport: http(devnet.rpcUrl(CHAIN)) }).getBlockNumber(),
  );
  const resumed = newIndexer(handle, devnet.rpcUrl(CHAIN), CHAIN, [market.dex]);
  const checkpoint = await resumed.checkpoint();
  // Killed mid-backfill: it had started and not finished.
  expect(checkpoint).toBeGreaterThanOrEqual(market.dex.startBlock);
  expect(checkpoint).toBeLessThan(head);
  await resumed.syncToHead();
  const after = await indexedState(handle);
  await handle.close();

  const reference = await indexerDatabase();
  await newIndexer(reference.handle, devnet.rpcUrl(CHAIN), CHAIN, [market.dex]).syncToHead();
  expect(after).toEqual(await indexedState(reference.handle));
  await reference.drop();
}, 120_000);
