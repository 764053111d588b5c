import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChainCode } from '@vaultscope/core';
import { DexScreenerDexProvider, dexScreenerEndpoints } from './dexscreener/dexscreener';
import { GeckoTerminalDexProvider, geckoTerminalEndpoint } from './geckoterminal/geckoterminal';
import { ProviderClient, type ProviderEndpoint } from './http/provider-client';
import { MergedDexProvider } from './merged-dex';
import { fastClock, FixtureServer } from './test-kit/fixture-server';

const readJson = (path: string): unknown =>
  JSON.parse(readFileSync(new URL(`./${path}`, import.meta.url), 'utf8'));
const FROG = '0x1111111111111111111111111111111111111111';
const TOAD = '0x3333333333333333333333333333333333333333';
const NOW = new Date('2026-11-26T12:00:00Z');

let gt: FixtureServer;
let ds: FixtureServer;
beforeEach(async () => {
  [gt, ds] = await Promise.all([FixtureServer.start(), FixtureServer.start()]);
});
afterEach(() => Promise.all([gt.close(), ds.close()]));

/** GeckoTerminal and DexScreener on the fixture servers, merged, both handed `chains`. */
function merged(chains: readonly ChainCode[]) {
  const client = (endpoint: ProviderEndpoint) =>
    new ProviderClient({ ...endpoint, clock: fastClock().clock, timeoutMs: 2_000 });
  const gecko = new GeckoTerminalDexProvider({
    client: client(geckoTerminalEndpoint(gt.url)),
    chains,
    topPoolPages: 1,
    newPoolPages: 1,
  });
  const endpoints = dexScreenerEndpoints(ds.url);
  const dexscreener = new DexScreenerDexProvider({
    profiles: client(endpoints.profiles),
    pairs: client(endpoints.pairs),
    tokenFacts: (chainName, tokens) => gecko.supplies(chainName, tokens),
    chains,
  });
  return new MergedDexProvider(gecko, dexscreener);
}

describe('GeckoTerminal and DexScreener merged', () => {
  it('never calls either for a chain they were not handed, and lists only the chains read in full', async () => {
    // Both providers answer for eth and bsc; only bsc is theirs to read.
    for (const network of ['eth', 'bsc']) {
      gt.on(`/networks/${network}/pools`, {
        body: readJson('geckoterminal/fixtures/eth-pools-page-1.json'),
      });
      gt.on(`/networks/${network}/new_pools`, {
        body: readJson('geckoterminal/fixtures/eth-new-pools.json'),
      });
      gt.on(`/networks/${network}/tokens/multi/*`, {
        body: readJson('geckoterminal/fixtures/eth-tokens-multi.json'),
      });
    }
    ds.on('/token-profiles/latest/v1', {
      body: [
        { chainId: 'bsc', tokenAddress: TOAD },
        { chainId: 'ethereum', tokenAddress: FROG },
      ],
    });
    const toadPairs = readJson('dexscreener/fixtures/tokens-v1-bsc-toad.json');
    ds.on(`/tokens/v1/bsc/${TOAD}`, { body: toadPairs });
    ds.on(`/tokens/v1/ethereum/${FROG}`, { body: toadPairs });

    const listing = await merged(['bsc']).fetchDex(NOW);
    expect(listing.listed).toEqual(['bsc']);
    // GeckoTerminal's two bsc pools and the one only DexScreener delivered.
    expect(listing.pools.map((pool) => [pool.chainName, pool.address])).toEqual([
      ['bsc', '0x2222222222222222222222222222222222222222'],
      ['bsc', '0x5555555555555555555555555555555555555555'],
      ['bsc', '0x4444444444444444444444444444444444444444'],
    ]);
    expect(new Set(listing.tokens.map((token) => token.chainName))).toEqual(new Set(['bsc']));
    expect(gt.requestsTo('/networks/eth/*')).toEqual([]);
    expect(ds.requestsTo('/tokens/v1/ethereum/*')).toEqual([]);
    expect(ds.requestsTo(`/tokens/v1/bsc/${TOAD}`)).toHaveLength(1);
  });

  it("draws candles from GeckoTerminal's OHLCV (DexScreener has none) and asks DexScreener nothing", async () => {
    const pool = '0x2222222222222222222222222222222222222222';
    gt.on(`/networks/eth/pools/${pool}/ohlcv/hour`, {
      body: readJson('geckoterminal/fixtures/eth-pool-ohlcv-hour.json'),
    });
    const provider = merged(['eth']);
    expect(provider.fetchCandles).toBeDefined();
    const candles = await provider.fetchCandles!('eth', pool, '1h', { before: 1767229200 });
    // The fixture's two well-formed rows, as GeckoTerminal's adapter maps them.
    expect(candles.map((candle) => [candle.time, candle.close, candle.trades])).toEqual([
      [1767222000, 0.000042, null],
      [1767225600, 0.0000412, null],
    ]);
    expect(gt.requestsTo(`/networks/eth/pools/${pool}/ohlcv/hour`)).toHaveLength(1);
    expect(ds.requests).toEqual([]);
  });

  it('has no candles when neither part keeps price history', () => {
    const noHistory = { name: 'a', priceLabel: 'A', fetchDex: () => Promise.reject(new Error()) };
    expect(new MergedDexProvider(noHistory, { ...noHistory, name: 'b' }).fetchCandles).toBe(
      undefined,
    );
  });
});
