import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  apiPaths,
  cleanEvmReport,
  tokenListResponseSchema,
  type CexMarket,
  type SecurityReport,
} from '@vaultscope/core';
import {
  indexerBlocks,
  indexerCheckpoints,
  indexerPools,
  indexerTokens,
} from '../indexer/indexer-tables';
import { tokenScans } from '../scam/scam-tables';
import { startTestApp, type TestApp } from '../test/test-app';
import type { ProvidedReport, ResearchProviders } from './providers';
import { ResearchIngest } from './research-ingest';
import { securityReports } from './research-tables';
import { providedPool } from '../test/research-data';

/**
 * The list score of a token of an indexed chain is the score its detail shows (issue 10): with
 * `RESEARCH_SOURCES` risk `live` the security engines' combined score (our analyzer scans none
 * of the chain's tokens unasked), with `both` the combined verdict of our analyzer and the
 * engines.
 */
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const WETH = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const PAIR = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';
const FACTORY = '0xcf7ed3acca5a467e9e704c703e8d87f634fb0fc9';
const lower = (address: string) => address.toLowerCase();

/** The engines' reports of TOKEN: GoPlus read a 50 % sell tax, Honeypot.is sold it at 10 %. */
const engineReports: ProvidedReport[] = [
  {
    engine: 'goplus',
    chainName: 'eth',
    address: TOKEN,
    name: null,
    symbol: null,
    trusted_token: 0,
    report: cleanEvmReport({ is_mintable: 1, sell_tax: 0.5 }),
  },
  {
    engine: 'honeypot-is',
    chainName: 'eth',
    address: TOKEN,
    name: null,
    symbol: null,
    trusted_token: 0,
    report: cleanEvmReport({ sell_tax: 0.1, is_honeypot: 0 }),
  },
];

/** A provider that lists TOKEN (its row stays hidden behind the indexer's) and its reports. */
const providers: ResearchProviders = {
  dex: {
    name: 'test-dex',
    priceLabel: 'Test DEX',
    fetchDex: async () => ({
      tokens: [
        {
          chainName: 'eth',
          address: TOKEN,
          name: 'Vault Test',
          symbol: 'VLT',
          decimals: 18,
          total_supply: '1000000',
          trusted_token: 0,
        },
      ],
      pools: [
        providedPool('0x3333333333333333333333333333333333333333', TOKEN, {
          name: 'VLT / WETH',
          quote_token_address: WETH,
        }),
      ],
      listed: ['eth'],
    }),
  },
  cex: {
    name: 'test-cex',
    fetchMarkets: async () => ({ markets: [] as CexMarket[], complete: true }),
  },
  security: { name: 'test-security', fetchReports: async () => engineReports },
};

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function startWith(env: Record<string, string>): Promise<TestApp> {
  t = await startTestApp(env);
  const app = t;
  await new ResearchIngest(app.app.db.handle.db, providers, app.clock, () =>
    app.app.services.research.invalidate(),
  ).sync();
  return app;
}

/** An analyzer scan of TOKEN as the scam feature stores it. */
async function storeScan(app: TestApp, report: SecurityReport, totalScore: number) {
  await app.app.db.handle.db.insert(tokenScans).values({
    chain_id: 1,
    address_key: lower(TOKEN),
    address: TOKEN,
    source: 'analyzer',
    token_name: 'Vault Test',
    token_symbol: 'VLT',
    decimals: 18,
    block_number: 5n,
    block_hash: null,
    scanned_at: app.clock.now(),
    report,
    evidence: { sell_tax: [{ kind: 'simulation', pool: PAIR, step: 'sell', outcome: 'ok' }] },
    total_score: totalScore,
    risk_level: 'medium risk',
    duration_ms: 10,
  });
}

/** TOKEN's pool as the indexer writes it: the chain is served from then on. */
async function indexToken(app: TestApp) {
  const db = app.app.db.handle.db;
  await db.insert(indexerTokens).values([
    {
      chainId: 1,
      address: lower(TOKEN),
      name: 'Vault Test',
      symbol: 'VLT',
      decimals: 18,
      totalSupply: '1000000000000000000000000',
      firstBlock: 5,
      updatedBlock: 5,
    },
    {
      chainId: 1,
      address: lower(WETH),
      name: 'Wrapped Ether',
      symbol: 'WETH',
      decimals: 18,
      isQuote: true,
      firstBlock: 5,
      updatedBlock: 5,
    },
  ]);
  await db.insert(indexerPools).values({
    chainId: 1,
    address: lower(PAIR),
    factory: FACTORY,
    dexName: 'Uniswap V2',
    token0: lower(TOKEN),
    token1: lower(WETH),
    baseToken: lower(TOKEN),
    quoteToken: lower(WETH),
    createdBlock: 5,
    createdAt: new Date('2026-11-21T10:00:00Z'),
    reserve0: '1',
    reserve1: '1',
    priceQuote: 0.001,
    priceUsd: 3,
    liquidityUsd: 250_000,
    updatedBlock: 6,
  });
  await db
    .insert(indexerBlocks)
    .values({ chainId: 1, number: 6, hash: '0x06', time: new Date('2026-11-21T11:59:00Z') });
  await db.insert(indexerCheckpoints).values({ chainId: 1, factory: FACTORY, lastBlock: 6 });
}

/** TOKEN's list row once the indexed market has read it (the indexer's price, not the provider's). */
async function indexedRow(app: TestApp) {
  const until = Date.now() + 5_000;
  for (;;) {
    const response = await app.request({
      method: 'GET',
      url: `${apiPaths.tokens.checkToken}?chainName=eth`,
    });
    const row = tokenListResponseSchema
      .parse(response.json())
      .tokenDetails.find((item) => item.tokenAddress === TOKEN);
    if (row?.price === 3 || Date.now() > until) return row;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function detailScore(app: TestApp) {
  const response = await app.request({
    method: 'GET',
    url: `/get-token-details/${TOKEN}?network=eth`,
  });
  expect(response.statusCode).toBe(200);
  return response.json() as { totalScore: number; priceProvider: string; scan: unknown };
}

async function enginesScore(app: TestApp) {
  const [row] = await app.app.db.handle.db
    .select({ score: securityReports.total_score })
    .from(securityReports)
    .where(eq(securityReports.token_id, `eth_${lower(TOKEN)}`));
  return row!.score;
}

describe('the list score of an indexed token', () => {
  it("with risk live: the engines' combined score, in the list and in the detail", async () => {
    const app = await startWith({ RESEARCH_SOURCES: 'eth.risk=live' });
    await indexToken(app);
    const row = await indexedRow(app);
    const engines = await enginesScore(app);
    // The indexer's row (its price), scored by the engines though our analyzer never scanned it.
    expect(row).toMatchObject({ price: 3, score: engines });
    const detail = await detailScore(app);
    expect(detail).toMatchObject({ priceProvider: 'Vaultscope indexer', scan: null });
    expect(detail.totalScore).toBe(engines);
  });

  it("with risk both: the detail's combined verdict of our analyzer and the engines", async () => {
    const app = await startWith({});
    // Our analyzer found a hidden owner the engines did not: a riskier combined report.
    await storeScan(app, cleanEvmReport({ hidden_owner: 1, sell_tax: 0.03, is_honeypot: 0 }), 77);
    await indexToken(app);
    const row = await indexedRow(app);
    const detail = await detailScore(app);
    expect(detail.scan).not.toBeNull();
    expect(row?.score).toBe(detail.totalScore);
    expect(detail.totalScore).not.toBe(77);
    expect(detail.totalScore).not.toBe(await enginesScore(app));
  });
});
