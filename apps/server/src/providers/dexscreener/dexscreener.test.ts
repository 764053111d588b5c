import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHAIN_CODE_VALUES, type ChainCode } from '@vaultscope/core';
import type { TokenFacts } from '../dex-rows';
import { ProviderClient } from '../http/provider-client';
import { MergedDexProvider } from '../merged-dex';
import { fastClock, FixtureServer } from '../test-kit/fixture-server';
import { dexScreenerEndpoints, DexScreenerDexProvider } from './dexscreener';

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as unknown[];
const PROFILES = fixture('token-profiles-latest.json');
const TOAD_PAIRS = fixture('tokens-v1-bsc-toad.json');
const TOAD = '0x3333333333333333333333333333333333333333';
const TOKENS_PATH = `/tokens/v1/bsc/${TOAD}`;
const NOW = new Date('2026-11-26T12:00:00Z');

let server: FixtureServer;
let logs: { obj: Record<string, unknown>; msg: string }[];
let factCalls: { chainName: ChainCode; addresses: string[] }[];

beforeEach(async () => {
  server = await FixtureServer.start();
  logs = [];
  factCalls = [];
});
afterEach(() => server.close());

/** GeckoTerminal's token facts, as the factory hands them in. */
async function tokenFacts(chainName: ChainCode, tokens: readonly { address: string }[]) {
  factCalls.push({ chainName, addresses: tokens.map((token) => token.address) });
  const facts = new Map<string, TokenFacts>();
  for (const { address } of tokens) {
    if (address.toLowerCase() === TOAD)
      facts.set(TOAD, {
        name: 'Moon Toad',
        symbol: 'TOAD',
        decimals: 18,
        totalSupply: '1000000000',
      });
  }
  return { facts, complete: true };
}

function provider(timeoutMs = 2_000, chains: readonly ChainCode[] = CHAIN_CODE_VALUES) {
  const log = {
    warn: ((obj: Record<string, unknown>, msg: string) => logs.push({ obj, msg })) as never,
  };
  const endpoints = dexScreenerEndpoints(server.url);
  const runtime = { clock: fastClock().clock, timeoutMs, log };
  return new DexScreenerDexProvider({
    profiles: new ProviderClient({ ...endpoints.profiles, ...runtime }),
    pairs: new ProviderClient({ ...endpoints.pairs, ...runtime }),
    tokenFacts,
    chains,
    log,
  });
}

describe('DexScreener DEX provider', () => {
  it("lists the latest profiles' tokens on research chains with every pool, figures parsed", async () => {
    server.on('/token-profiles/latest/v1', { body: PROFILES });
    server.on(TOKENS_PATH, { body: TOAD_PAIRS });
    const listing = await provider().fetchDex(NOW);
    // DexScreener lists no chain in full: nothing is removed by its loads.
    expect(listing.listed).toEqual([]);
    expect(listing.tokens).toEqual([
      {
        chainName: 'bsc',
        address: TOAD,
        name: 'Moon Toad',
        symbol: 'TOAD',
        decimals: 18,
        total_supply: '1000000000',
        trusted_token: 0,
      },
    ]);
    // The v3 pair misses its m5 window: left out, not stored with a made-up 0.
    expect(listing.pools).toHaveLength(1);
    expect(listing.pools[0]).toMatchObject({
      chainName: 'bsc',
      address: '0x4444444444444444444444444444444444444444',
      dex: 'pancakeswap_v2',
      name: 'TOAD / WBNB',
      quote_token_symbol: 'WBNB',
      pool_created_at: new Date(1767001200000).toISOString(),
      base_token_price_usd: 0.0001302,
      reserve_in_usd: 40210.77,
      price_change_percentage: { m5: 1.2, h1: -4.8, h6: 22.1, h24: 140.5 },
      transactions: { h24: { buys: 1502, sells: 980 } },
      volume_usd: { h24: 91234.5 },
    });
    // Only the research chains' well-formed addresses were asked about.
    expect(server.requests.map((request) => request.path)).toEqual([
      '/token-profiles/latest/v1',
      TOKENS_PATH,
    ]);
    expect(factCalls).toEqual([{ chainName: 'bsc', addresses: [TOAD] }]);
    expect(logs.map((log) => log.msg)).toContain('pools left out: wrong shape or missing figures');
  });

  it('token pairs and search map to pools on the research chains only', async () => {
    server.on(`/token-pairs/v1/bsc/${TOAD}`, { body: TOAD_PAIRS });
    server.on('/latest/dex/search', {
      body: {
        schemaVersion: '1.0.0',
        pairs: [...TOAD_PAIRS, { ...(TOAD_PAIRS[0] as object), chainId: 'base' }],
      },
    });
    const p = provider();
    expect((await p.tokenPairs('bsc', TOAD)).map((pool) => pool.dex)).toEqual(['pancakeswap_v2']);
    expect(await p.tokenPairs('bsc', 'not-an-address')).toEqual([]);
    const found = await p.search('TOAD/WBNB');
    expect(found.map((pool) => [pool.chainName, pool.address])).toEqual([
      ['bsc', '0x4444444444444444444444444444444444444444'],
    ]);
    expect(server.requests.at(-1)?.query.get('q')).toBe('TOAD/WBNB');
    server.on('/latest/dex/search', { body: { schemaVersion: '1.0.0', pairs: null } });
    expect(await p.search('nothing')).toEqual([]);
  });

  it('never calls for a chain it was not handed (RESEARCH_SOURCES market own)', async () => {
    const FROG = '0x1111111111111111111111111111111111111111';
    const ETH_PATH = `/tokens/v1/ethereum/${FROG}`;
    server.on('/token-profiles/latest/v1', {
      body: [...PROFILES, { chainId: 'ethereum', tokenAddress: FROG }],
    });
    server.on(TOKENS_PATH, { body: TOAD_PAIRS });
    server.on(ETH_PATH, { body: [] });
    server.on('/latest/dex/search', { body: { schemaVersion: '1.0.0', pairs: TOAD_PAIRS } });
    // Handed eth, it asks for the eth token's pairs: the profile is one it would read.
    await provider(2_000, ['bsc', 'eth']).fetchDex(NOW);
    expect(server.requestsTo(ETH_PATH)).toHaveLength(1);

    server.requests.length = 0;
    factCalls.length = 0;
    const bscOnly = provider(2_000, ['bsc']);
    const listing = await bscOnly.fetchDex(NOW);
    expect(listing.pools.map((pool) => pool.chainName)).toEqual(['bsc']);
    expect(listing.listed).toEqual([]);
    expect(factCalls.map((call) => call.chainName)).toEqual(['bsc']);
    expect(await bscOnly.tokenPairs('eth', FROG)).toEqual([]);
    expect(server.requestsTo('/tokens/v1/ethereum/*')).toEqual([]);
    expect(server.requestsTo('/token-pairs/v1/*')).toEqual([]);
    // Search is one call for every chain; the answer keeps only the chains it reads.
    expect(await provider(2_000, ['eth']).search('TOAD')).toEqual([]);

    // Handed no chain, a load reads not even the profile feed.
    server.requests.length = 0;
    expect(await provider(2_000, []).fetchDex(NOW)).toEqual({ tokens: [], pools: [], listed: [] });
    expect(server.requests).toEqual([]);
  });

  it('recovers from a 429 with Retry-After and a 5xx', async () => {
    server.on(
      '/token-profiles/latest/v1',
      { status: 429, headers: { 'retry-after': '1' } },
      { body: PROFILES },
    );
    server.on(TOKENS_PATH, { status: 503 }, { body: TOAD_PAIRS });
    const listing = await provider().fetchDex(NOW);
    expect(listing.pools).toHaveLength(1);
  });

  it('a failed profile feed fails the load (the sync keeps what it has); bad pair answers store nothing', async () => {
    server.on('/token-profiles/latest/v1', { body: '[{"chainId":"bsc","tokenAdd' });
    await expect(provider().fetchDex(NOW)).rejects.toThrow(/no token profiles/);

    server.on('/token-profiles/latest/v1', { body: PROFILES });
    for (const reply of [
      { body: JSON.stringify(TOAD_PAIRS).slice(0, 300) },
      { body: { pairs: TOAD_PAIRS } },
      { body: [{ ...(TOAD_PAIRS[0] as object), priceUsd: 12, txns: 'many' }] },
    ]) {
      server.on(TOKENS_PATH, reply);
      const listing = await provider().fetchDex(NOW);
      expect(listing).toEqual({ tokens: [], pools: [], listed: [] });
    }
    server.on(TOKENS_PATH, { body: TOAD_PAIRS, delayMs: 400 });
    expect((await provider(100).fetchDex(NOW)).pools).toEqual([]);
  });

  it('merged with another provider: its rows first, DexScreener adds, listed only when both answered', async () => {
    server.on('/token-profiles/latest/v1', { body: PROFILES });
    server.on(TOKENS_PATH, { body: TOAD_PAIRS });
    const ds = provider();
    const dsListing = await ds.fetchDex(NOW);
    const pool = dsListing.pools[0]!;
    const gecko = {
      name: 'geckoterminal',
      priceLabel: 'GeckoTerminal',
      fetchDex: async () => ({
        tokens: dsListing.tokens,
        pools: [{ ...pool, reserve_in_usd: 1 }],
        listed: ['bsc' as const],
      }),
    };
    const merged = new MergedDexProvider(gecko, ds);
    expect(merged.name).toBe('geckoterminal+dexscreener');
    const listing = await merged.fetchDex(NOW);
    expect(listing.pools.map((p) => p.reserve_in_usd)).toEqual([1]);
    expect(listing.tokens).toHaveLength(1);
    expect(listing.listed).toEqual(['bsc']);

    server.on('/token-profiles/latest/v1', { status: 500 });
    const partial = await new MergedDexProvider(gecko, provider()).fetchDex(NOW);
    expect(partial.listed).toEqual([]);
    expect(partial.pools).toHaveLength(1);
  });
});
