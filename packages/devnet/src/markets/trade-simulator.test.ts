import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTradeConfig } from '../config';
import { startDevnet, type Devnet } from '../devnet';
import { devnetPublicClient } from '../evm/evm-chain';
import { delay } from '../lib/files';
import { POOL_SPECS } from './market-specs';
import { TRADERS, type TradeEvent } from './trade-simulator';
import { factoryAbi, pairAbi } from './uniswap-v2';

describe('trade simulator settings', () => {
  it('are on by default, but off in production, under tests and with DEVNET_TRADES=false', () => {
    expect(loadTradeConfig({})).toEqual({ intervalMs: 4_000 });
    expect(loadTradeConfig({ NODE_ENV: 'production' })).toBe(false);
    expect(loadTradeConfig({ NODE_ENV: 'test' })).toBe(false);
    expect(loadTradeConfig({ DEVNET_TRADES: 'false' })).toBe(false);
    expect(
      loadTradeConfig({
        NODE_ENV: 'test',
        DEVNET_TRADES: 'true',
        DEVNET_TRADE_INTERVAL: '0.5',
        DEVNET_TRADE_CHAINS: '56, 137',
      }),
    ).toEqual({ intervalMs: 500, chains: [56, 137] });
  });

  it('name what is wrong', () => {
    expect(() => loadTradeConfig({ DEVNET_TRADE_CHAINS: '1,97' })).toThrow(
      /DEVNET_TRADE_CHAINS: no market on chain\(s\) 97/,
    );
    expect(() => loadTradeConfig({ DEVNET_TRADE_INTERVAL: '0' })).toThrow(/at least 0.2 seconds/);
    expect(() => loadTradeConfig({ DEVNET_TRADES: 'yes' })).toThrow(/DEVNET_TRADES/);
  });

  it('trade from Anvil’s unlocked dev accounts 5 to 8', () => {
    const mnemonic = 'test test test test test test test test test test test junk';
    expect(TRADERS).toEqual(
      [5, 6, 7, 8].map((addressIndex) => mnemonicToAccount(mnemonic, { addressIndex }).address),
    );
  });
});

describe('the trade simulator on a real Anvil node', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vaultscope-devnet-trades-'));
  let devnet: Devnet;

  beforeAll(async () => {
    // No timer (interval 0): the test ticks by hand; a launch about one tick in three.
    devnet = await startDevnet({
      dataDir,
      basePort: 0,
      chains: [56],
      trades: { intervalMs: 0, launchEvery: 3, seed: 42 },
    });
  });

  afterAll(async () => {
    await devnet?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is off unless asked for under a test runner', async () => {
    const other = mkdtempSync(join(tmpdir(), 'vaultscope-devnet-no-trades-'));
    const quiet = await startDevnet({ dataDir: other, basePort: 0, chains: [97], markets: false });
    expect(quiet.trades).toBeUndefined();
    await quiet.stop();
    rmSync(other, { recursive: true, force: true });
  });

  it('buys and sells through the router, moving prices, and launches new tokens with pools', async () => {
    const market = devnet.markets[56];
    const trades = devnet.trades;
    if (!market || !trades) throw new Error('no market or simulator');
    const client = devnetPublicClient(56, devnet.rpcUrl(56));
    const reserves = () =>
      Promise.all(
        market.pools.map((pool) =>
          client.readContract({ address: pool.address, abi: pairAbi, functionName: 'getReserves' }),
        ),
      );
    const before = await reserves();

    const events: TradeEvent[] = [];
    for (let i = 0; i < 16; i += 1) {
      const event = await trades.tick(56);
      if (event) events.push(event);
    }
    const swaps = events.filter((event) => event.kind === 'swap');
    const launches = events.filter((event) => event.kind === 'launch');
    expect(swaps.length).toBeGreaterThan(0);
    expect(launches.length).toBeGreaterThan(0);
    expect(new Set(swaps.map((event) => event.kind === 'swap' && event.side))).toEqual(
      new Set(['buy', 'sell']),
    );
    for (const event of events) {
      const receipt = await client.getTransactionReceipt({ hash: event.hash });
      expect(receipt.status).toBe('success');
      expect(TRADERS.map((trader) => trader.toLowerCase())).toContain(receipt.from.toLowerCase());
    }
    const after = await reserves();
    expect(after.some((reserve, index) => reserve[0] !== before[index]?.[0])).toBe(true);
    expect(
      await client.readContract({
        address: market.dex.factory,
        abi: factoryAbi,
        functionName: 'allPairsLength',
      }),
    ).toBe(BigInt(POOL_SPECS.length + launches.length));
  });

  it('trades on its own every interval, and stops when the devnet stops', async () => {
    const other = mkdtempSync(join(tmpdir(), 'vaultscope-devnet-paced-'));
    const warnings: string[] = [];
    const paced = await startDevnet({
      dataDir: other,
      basePort: 0,
      chains: [43114],
      trades: { intervalMs: 150, launchEvery: 1_000 },
      onWarning: (message) => warnings.push(message),
    });
    try {
      const client = devnetPublicClient(43114, paced.rpcUrl(43114));
      const start = await client.getBlockNumber();
      await delay(2_000);
      expect(await client.getBlockNumber()).toBeGreaterThan(start + 2n);
    } finally {
      await paced.stop();
      expect(warnings.join('\n')).toBe('');
      rmSync(other, { recursive: true, force: true });
    }
  });
});
