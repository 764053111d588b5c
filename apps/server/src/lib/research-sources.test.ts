import { describe, expect, it } from 'vitest';
import { CHAIN_CODE_VALUES } from '@vaultscope/core';
import { createResearchProviders } from '../research-providers';
import {
  ConfigError,
  loadConfig,
  researchSources,
  scansIndexedWhileIdle,
  sourceChains,
} from './config';

/** RESEARCH_SOURCES: own, live or both per research chain and kind of data (issue 10). */

const sourcesOf = (env: Record<string, string>) => researchSources(loadConfig(env));

describe('RESEARCH_SOURCES parsing', () => {
  it("defaults to today's behaviour: market from the indexer where it runs, risk from both", () => {
    const sources = sourcesOf({});
    for (const chain of CHAIN_CODE_VALUES) {
      expect(sources[chain]).toEqual({ market: 'both', risk: 'both' });
    }
    // MARKET_DATA_INDEXED_CHAINS still says which chains the indexer may serve.
    const some = sourcesOf({ MARKET_DATA_INDEXED_CHAINS: 'eth' });
    expect(some.eth.market).toBe('both');
    expect(some.bsc.market).toBe('live');
    expect(sourcesOf({ MARKET_DATA_INDEXED_CHAINS: 'none' }).eth.market).toBe('live');
  });

  it('reads entries per chain or for every chain (*), later ones winning, any case', () => {
    const sources = sourcesOf({
      RESEARCH_SOURCES: ' *.risk=live , ETH.market=own,eth.risk=both,polygon_pos.market=live',
    });
    expect(sources.eth).toEqual({ market: 'own', risk: 'both' });
    expect(sources.bsc).toEqual({ market: 'both', risk: 'live' });
    expect(sources.polygon_pos).toEqual({ market: 'live', risk: 'live' });
    expect(sourceChains(sources, 'market', 'own')).not.toContain('polygon_pos');
    expect(sourceChains(sources, 'market', 'live')).not.toContain('eth');
  });

  it.each([
    ['eth=own', 'is not <chain|*>.<market|risk>=<own|live|both>'],
    ['tron.market=own', 'names no chain'],
    ['eth.price=own', 'names no kind of data'],
    ['eth.market=mine', 'names no source (use own, live, both)'],
  ])('refuses %s with a clear error', (value, message) => {
    expect(() => loadConfig({ RESEARCH_SOURCES: value })).toThrow(ConfigError);
    expect(() => loadConfig({ RESEARCH_SOURCES: value })).toThrow(
      `RESEARCH_SOURCES: "${value}" ${message}`,
    );
  });
});

describe('RESEARCH_SOURCES behaviour (the shipped snapshot as the provider)', () => {
  const providersOf = (value: string) =>
    createResearchProviders(loadConfig({ RESEARCH_SOURCES: value }));
  const tokensOf = async (value: string) =>
    (await providersOf(value).dex.fetchDex(new Date())).tokens;

  it('market own: the provider rows of the chain are not loaded, and the indexer may serve it', async () => {
    const listing = await providersOf('eth.market=own').dex.fetchDex(new Date());
    expect(listing.tokens.some((token) => token.chainName === 'eth')).toBe(false);
    expect(listing.pools.some((pool) => pool.chainName === 'eth')).toBe(false);
    expect(listing.listed).not.toContain('eth');
    expect(listing.tokens.some((token) => token.chainName === 'bsc')).toBe(true);
    const sources = sourcesOf({ RESEARCH_SOURCES: 'eth.market=own' });
    expect(sourceChains(sources, 'market', 'own')).toContain('eth');
  });

  it('market live: the provider rows are loaded, and the indexer does not serve the chain', async () => {
    expect((await tokensOf('eth.market=live')).some((token) => token.chainName === 'eth')).toBe(
      true,
    );
    const sources = sourcesOf({ RESEARCH_SOURCES: 'eth.market=live' });
    expect(sourceChains(sources, 'market', 'own')).not.toContain('eth');
  });

  it('market both: the provider rows are loaded, and the indexer may serve the chain', async () => {
    expect((await tokensOf('eth.market=both')).some((token) => token.chainName === 'eth')).toBe(
      true,
    );
    expect(sourceChains(sourcesOf({}), 'market', 'own')).toContain('eth');
  });

  it('risk own: the security provider is not asked about the chain; our analyzer scans it', async () => {
    const tokens = (await tokensOf('')).filter((token) => ['eth', 'bsc'].includes(token.chainName));
    const reports = await providersOf('eth.risk=own').security.fetchReports(tokens);
    expect(reports.some((report) => report.chainName === 'eth')).toBe(false);
    expect(reports.some((report) => report.chainName === 'bsc')).toBe(true);
    expect(scansIndexedWhileIdle(loadConfig({ RESEARCH_SOURCES: 'eth.risk=own' }), 1)).toBe(true);
  });

  it('risk live: the provider reports come, and our analyzer scans none of the chain unasked', async () => {
    const tokens = (await tokensOf('')).filter((token) => token.chainName === 'eth');
    const reports = await providersOf('eth.risk=live').security.fetchReports(tokens);
    expect(reports.length).toBeGreaterThan(0);
    const config = loadConfig({ RESEARCH_SOURCES: 'eth.risk=live' });
    expect(scansIndexedWhileIdle(config, 1)).toBe(false);
    expect(scansIndexedWhileIdle(config, 56)).toBe(true);
  });

  it('risk both: the provider reports come, and our analyzer scans the chain', async () => {
    const tokens = (await tokensOf('')).filter((token) => token.chainName === 'eth');
    expect((await providersOf('').security.fetchReports(tokens)).length).toBeGreaterThan(0);
    expect(scansIndexedWhileIdle(loadConfig({}), 1)).toBe(true);
  });
});
