import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CexMarket } from '@vaultscope/core';
import { loadConfig } from '../lib/config';
import { createResearchProviders } from '../research-providers';
import { startTestApp } from '../test/test-app';
import { ResearchIngest } from '../tokens/research-ingest';
import { securityEngineReports, securityReports } from '../tokens/research-tables';
import type { SecurityReportProvider } from '../tokens/providers';
import { SecurityEngines } from './security-engines';
import { fastClock, FixtureServer } from './test-kit/fixture-server';

const readJson = (path: string) =>
  JSON.parse(readFileSync(new URL(`./${path}`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;
const TOAD = '0x3333333333333333333333333333333333333333';
const FROG = '79j8v32Hkkz8d8zYk9tH1q3N7F7bzCv3o6a9PgD5YBVV';

let servers: FixtureServer[];
beforeEach(async () => {
  servers = await Promise.all([
    FixtureServer.start(),
    FixtureServer.start(),
    FixtureServer.start(),
  ]);
});
afterEach(() => Promise.all(servers.map((server) => server.close())));

function liveConfig(overrides: Record<string, string> = {}) {
  const [goplus, honeypot, rugcheck] = servers;
  return loadConfig({
    NODE_ENV: 'test',
    RESEARCH_PROVIDER: 'live',
    GOPLUS_URL: goplus!.url,
    GOPLUS_KEY: 'gp-key',
    HONEYPOT_IS_URL: honeypot!.url,
    RUGCHECK_URL: rugcheck!.url,
    SOURCIFY_URL: '',
    BINANCE_URL: '',
    PROVIDER_TIMEOUT_MS: '300',
    ...overrides,
  });
}

describe('security engines', () => {
  it('the live default asks GoPlus, Honeypot.is and RugCheck, each report named by its engine', async () => {
    const [goplus, honeypot, rugcheck] = servers;
    const evm = readJson('goplus/fixtures/evm-token-security.json') as {
      result: Record<string, unknown>;
    };
    const solana = readJson('goplus/fixtures/solana-token-security.json') as {
      result: Record<string, unknown>;
    };
    goplus!.on('/api/v1/token_security/56', {
      body: { code: 1, message: 'OK', result: { [TOAD]: evm.result[TOAD] } },
    });
    goplus!.on('/api/v1/solana/token_security', {
      body: { code: 1, message: 'OK', result: { [FROG]: solana.result[FROG] } },
    });
    honeypot!.on('/v2/IsHoneypot', {
      body: readJson('honeypot-is/fixtures/is-honeypot-toad.json'),
    });
    rugcheck!.on(`/tokens/${FROG}/report`, {
      body: readJson('rugcheck/fixtures/frog-report.json'),
    });

    const { security } = createResearchProviders(liveConfig(), { clock: fastClock().clock });
    expect(security.name).toBe('goplus+honeypot-is+rugcheck');
    expect(security.circuit?.()).toBe('closed');
    const reports = await security.fetchReports([
      { chainName: 'bsc', address: TOAD },
      { chainName: 'solana', address: FROG },
    ]);
    expect(reports.map((report) => [report.engine, report.chainName]).sort()).toEqual([
      ['goplus', 'bsc'],
      ['goplus', 'solana'],
      ['honeypot-is', 'bsc'],
      ['rugcheck', 'solana'],
    ]);
    const sellTax = (engine: string) =>
      reports.find((report) => report.engine === engine && report.chainName === 'bsc')?.report
        .sell_tax;
    expect(sellTax('goplus')).toBe(0.12);
    expect(sellTax('honeypot-is')).toBe(0.22);
  });

  it('through the ingest: each engine stored beside the others, one combined report scored', async () => {
    const [goplus, honeypot] = servers;
    const evm = readJson('goplus/fixtures/evm-token-security.json') as {
      result: Record<string, unknown>;
    };
    goplus!.on('/api/v1/token_security/56', {
      body: { code: 1, message: 'OK', result: { [TOAD]: evm.result[TOAD] } },
    });
    honeypot!.on('/v2/IsHoneypot', {
      body: readJson('honeypot-is/fixtures/is-honeypot-toad.json'),
    });
    const windows = <T>(value: T) => ({ m5: value, h1: value, h6: value, h24: value });
    const { security } = createResearchProviders(liveConfig({ RUGCHECK_URL: '' }), {
      clock: fastClock().clock,
    });
    const t = await startTestApp();
    try {
      const ingest = new ResearchIngest(
        t.app.db.handle.db,
        {
          dex: {
            name: 'test-dex',
            priceLabel: 'Test DEX',
            fetchDex: async () => ({
              tokens: [
                {
                  chainName: 'bsc',
                  address: TOAD,
                  name: 'Moon Toad',
                  symbol: 'TOAD',
                  decimals: 18,
                  total_supply: '1000000000',
                  trusted_token: 0,
                },
              ],
              pools: [
                {
                  chainName: 'bsc',
                  address: '0x4444444444444444444444444444444444444444',
                  dex: 'pancakeswap_v2',
                  name: 'TOAD / WBNB',
                  base_token_address: TOAD,
                  quote_token_address: '0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c',
                  quote_token_symbol: 'WBNB',
                  pool_created_at: '2026-11-20T11:00:00.000Z',
                  base_token_price_usd: 0.0001,
                  base_token_price_native_currency: 0.0000002,
                  reserve_in_usd: 40_000,
                  fdv_usd: 130_000,
                  market_cap_usd: null,
                  price_change_percentage: windows(5),
                  transactions: windows({ buys: 3, sells: 2 }),
                  volume_usd: windows(1_000),
                },
              ],
              listed: ['bsc'],
            }),
          },
          cex: {
            name: 'test-cex',
            fetchMarkets: async () => ({ markets: [] as CexMarket[], complete: true }),
          },
          security,
        },
        t.clock,
        () => t.app.services.research.invalidate(),
      );
      await ingest.sync();
      const db = t.app.db.handle.db;
      const engines = await db.select().from(securityEngineReports);
      expect(engines.map((row) => row.engine).sort()).toEqual(['goplus', 'honeypot-is']);
      const [combined] = await db.select().from(securityReports);
      expect(combined).toMatchObject({ provider: 'goplus+honeypot-is' });
      // The riskier traded sell tax (Honeypot.is's 22 %) over GoPlus's read 12 %.
      expect(combined?.sell_tax).toBe(0.22);
    } finally {
      await t.close();
    }
  });

  it('GoPlus alone when the other engines are turned off (its reports as before)', () => {
    const { security } = createResearchProviders(
      liveConfig({ HONEYPOT_IS_URL: '', RUGCHECK_URL: '', SOURCIFY_URL: '' }),
    );
    expect(security.name).toBe('goplus');
  });

  it('an engine that fails costs only its reports; its circuit shows as half-open', async () => {
    const working: SecurityReportProvider = {
      name: 'goplus',
      fetchReports: async (tokens) =>
        tokens.map((token) => ({
          ...token,
          name: null,
          symbol: null,
          trusted_token: 0,
          report: {} as never,
        })),
      circuit: () => 'closed',
    };
    const broken: SecurityReportProvider = {
      name: 'honeypot-is',
      fetchReports: () => Promise.reject(new TypeError('boom')),
      circuit: () => 'open',
    };
    const logs: string[] = [];
    const engines = new SecurityEngines([working, broken], {
      warn: ((_obj: unknown, msg: string) => logs.push(msg)) as never,
    });
    const reports = await engines.fetchReports([{ chainName: 'eth', address: TOAD }]);
    expect(reports.map((report) => report.engine)).toEqual(['goplus']);
    expect(engines.circuit()).toBe('half-open');
    expect(logs).toEqual(['security engine failed, its reports left out']);
  });
});
