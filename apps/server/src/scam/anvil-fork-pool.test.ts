import { execFileSync } from 'node:child_process';
import {
  DEVNET_EVM_OWNER,
  deployScenarioWithPool,
  devnetViemChain,
  type ScenarioName,
} from '@vaultscope/devnet';
import {
  createPublicClient,
  createWalletClient,
  http,
  publicActions,
  type Address,
  type PublicClient,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDevnet } from '../test/wallet-test-kit';
import { AnvilForkPool, startAnvilFork, WATCHDOG_NAME, type AnvilFork } from './anvil-fork';
import { EvmTokenAnalyzer, type EvmTokenAnalyzerOptions } from './evm-token-analyzer';
import type { TokenScanResult } from './token-analyzer';

/**
 * The warm fork pool: scans reuse Anvil processes, and nothing a scan's probes did on its fork
 * (a pause, a mint, moved time) reaches the scan after it, nor a scan running beside it.
 */

const CHAIN_ID = 1;
let devnet: Awaited<ReturnType<typeof startTestDevnet>>;
let client: PublicClient;
let rpcUrl: string;
const tokens = new Map<ScenarioName, Address>();
/** Each token scanned alone on a fork of its own: what the pooled scans must match. */
const alone = new Map<ScenarioName, TokenScanResult>();
const NAMES: ScenarioName[] = ['pause', 'plain-mint', 'clean-plain'];

/** Fork processes this test process started (each under its watchdog shell). */
function ownAnvils(): number {
  try {
    return execFileSync('pgrep', ['-P', String(process.pid), '-f', WATCHDOG_NAME], {
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .filter(Boolean).length;
  } catch {
    return 0; // pgrep exits 1 when nothing matches
  }
}

function analyzer(options: EvmTokenAnalyzerOptions) {
  return new EvmTokenAnalyzer(
    { evm: (chainId) => (chainId === CHAIN_ID ? { client, rpcUrl } : undefined) },
    { dexes: devnet.dexConfig, ...options },
  );
}

beforeAll(async () => {
  devnet = await startTestDevnet([CHAIN_ID], { markets: true });
  rpcUrl = devnet.rpcUrl(CHAIN_ID);
  const chain = devnetViemChain(CHAIN_ID, rpcUrl);
  const deployer = createWalletClient({
    account: DEVNET_EVM_OWNER,
    chain,
    transport: http(rpcUrl),
    pollingInterval: 20,
  }).extend(publicActions);
  client = createPublicClient({ chain, transport: http(rpcUrl) }) as PublicClient;
  for (const name of NAMES) {
    const { address } = await deployScenarioWithPool(deployer, name, devnet.markets[CHAIN_ID]!, {
      supplyBps: 5_000,
    });
    tokens.set(name, address);
  }
  const single = analyzer({ startFork: startAnvilFork });
  for (const name of NAMES) alone.set(name, await single.analyze(CHAIN_ID, tokens.get(name)!));
}, 180_000);

afterAll(async () => {
  await devnet?.remove();
});

describe('the analyzer’s pool of warm Anvil forks', () => {
  it('reuses one process scan after scan, and a pause or mint probed in one scan does not reach the next', async () => {
    const before = ownAnvils();
    const pool = new AnvilForkPool({ size: 1, idleMs: 60_000 });
    const urls: string[] = [];
    const pooled = analyzer({
      startFork: async (target) => {
        const fork = await pool.acquire(target);
        urls.push(fork.rpcUrl);
        return fork;
      },
    });
    try {
      // The pause and the mint were sent on the fork; the clean token comes after them.
      for (const name of NAMES) {
        const result = await pooled.analyze(CHAIN_ID, tokens.get(name)!);
        expect(result.report, name).toEqual(alone.get(name)!.report);
      }
      expect(alone.get('pause')!.report.transfer_pausable).toBe(1);
      expect(alone.get('plain-mint')!.report.is_mintable).toBe(1);
      expect(new Set(urls).size).toBe(1);
      expect(ownAnvils() - before).toBe(1);
    } finally {
      await pool.close();
    }
    expect(ownAnvils()).toBe(before);
  }, 120_000);

  it('gives two scans at once a fork each, and each answers as if it ran alone', async () => {
    const pool = new AnvilForkPool({ size: 2, idleMs: 60_000 });
    const active = new Set<string>();
    let shared = false;
    const pooled = analyzer({
      startFork: async (target) => {
        const fork = await pool.acquire(target);
        if (active.has(fork.rpcUrl)) shared = true;
        active.add(fork.rpcUrl);
        const lease: AnvilFork = {
          rpcUrl: fork.rpcUrl,
          stop: async () => {
            active.delete(fork.rpcUrl);
            await fork.stop();
          },
        };
        return lease;
      },
    });
    try {
      const [paused, clean] = await Promise.all([
        pooled.analyze(CHAIN_ID, tokens.get('pause')!),
        pooled.analyze(CHAIN_ID, tokens.get('clean-plain')!),
      ]);
      expect(shared).toBe(false);
      expect(paused.report).toEqual(alone.get('pause')!.report);
      expect(clean.report).toEqual(alone.get('clean-plain')!.report);
    } finally {
      await pool.close();
    }
  }, 120_000);

  it('stops its processes when the analyzer closes, and idle ones after the idle time', async () => {
    const before = ownAnvils();
    const closing = analyzer({ forkPool: { size: 2, idleMs: 60_000 } });
    await closing.analyze(CHAIN_ID, tokens.get('clean-plain')!);
    expect(ownAnvils()).toBeGreaterThan(before);
    await closing.close();
    expect(ownAnvils()).toBe(before);

    const idling = new AnvilForkPool({ size: 1, idleMs: 200 });
    const block = await client.getBlockNumber();
    const fork = await idling.acquire({ forkUrl: rpcUrl, blockNumber: block });
    await fork.stop();
    expect(ownAnvils()).toBe(before + 1);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(ownAnvils()).toBe(before);
    await idling.close();

    // Started ahead (the server in production): running before any scan asks.
    const ahead = analyzer({ forkPool: { size: 2, idleMs: 60_000, warm: true } });
    const deadline = Date.now() + 10_000;
    while (ownAnvils() < before + 2 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ownAnvils()).toBe(before + 2);
    await ahead.close();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(ownAnvils()).toBe(before);
  }, 120_000);
});
