import { afterEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import {
  apiPaths,
  cleanEvmReport,
  tokenListResponseSchema,
  type CexMarket,
  type SecurityReport,
} from '@vaultscope/core';
import { tokenScans } from '../scam/scam-tables';
import { startTestApp, type TestApp } from '../test/test-app';
import type { ProvidedPool, ProvidedReport, ResearchProviders } from './providers';
import {
  ResearchIngest,
  applyListChange,
  judgedScores,
  rebuildTokenList,
  type AnalyzerScans,
} from './research-ingest';
import { dexTokenList, securityReports } from './research-tables';
import { TokenListIndex, type ListFilter } from './token-list-index';
import { TokensRepository } from './tokens-repository';
import { providedPool } from '../test/research-data';

/**
 * On a chain our indexer does not serve, the list row comes from the research ingest
 * (`dex_token_list`): when our analyzer has scanned the token too, the row carries the score its
 * detail shows (`tokenVerdict` of the scan and the engines' reports), not the engines' alone,
 * after every kind of write: the full build, a new scan, a reports load, a DEX load (issue 10).
 */
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const OTHER = '0x1111111111111111111111111111111111111111';
const WETH = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const lower = (address: string) => address.toLowerCase();
const TOKEN_ID = `eth_${lower(TOKEN)}`;

/** What the providers deliver now; the tests change it between loads. */
interface World {
  price: number;
  /** Honeypot.is's sell tax of TOKEN. */
  sellTax: number;
}

const pool = (n: number, base: string, price: number): ProvidedPool =>
  providedPool(`0x${n.toString(16).padStart(40, '0')}`, base, {
    quote_token_address: WETH,
    base_token_price_usd: price,
    base_token_price_native_currency: price / 1000,
  });

/** TOKEN and OTHER on eth; GoPlus and Honeypot.is judge both, clean but for TOKEN's sell tax. */
function providers(world: World): ResearchProviders {
  const token = (address: string, symbol: string) => ({
    chainName: 'eth' as const,
    address,
    name: symbol,
    symbol,
    decimals: 18,
    total_supply: '1000000',
    trusted_token: 0 as const,
  });
  return {
    dex: {
      name: 'test-dex',
      priceLabel: 'Test DEX',
      fetchDex: async () => ({
        tokens: [token(TOKEN, 'VLT'), token(OTHER, 'OTH')],
        pools: [pool(0x33, TOKEN, world.price), pool(0x44, OTHER, 1)],
        listed: ['eth'],
      }),
    },
    cex: {
      name: 'test-cex',
      fetchMarkets: async () => ({ markets: [] as CexMarket[], complete: true }),
    },
    security: {
      name: 'test-security',
      fetchReports: async (tokens) =>
        tokens.flatMap(({ address }): ProvidedReport[] => {
          const base = { chainName: 'eth' as const, address, name: null, symbol: null };
          const sellTax = lower(address) === lower(TOKEN) ? world.sellTax : 0;
          return [
            {
              ...base,
              engine: 'goplus',
              trusted_token: 0,
              report: cleanEvmReport({ sell_tax: sellTax }),
            },
            {
              ...base,
              engine: 'honeypot-is',
              trusted_token: 0,
              report: cleanEvmReport({ sell_tax: sellTax, is_honeypot: 0 }),
            },
          ];
        }),
    },
  };
}

/** Our analyzer's scan of TOKEN: it found what the engines did not (an owner who can mint). */
const ANALYZER_REPORT: SecurityReport = cleanEvmReport({
  hidden_owner: 1,
  owner_change_balance: 1,
  is_mintable: 1,
  is_honeypot: 0,
});

async function storeScan(app: TestApp) {
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
    report: ANALYZER_REPORT,
    evidence: {},
    total_score: 40,
    risk_level: 'high risk',
    duration_ms: 10,
  });
}

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The app on a chain our indexer does not serve (eth), with nothing loaded yet. */
async function start(): Promise<TestApp> {
  t = await startTestApp({ MARKET_DATA_INDEXED_CHAINS: 'none' });
  return t;
}

/** The app's port to our analyzer's judgements, as `app.ts` hands it to its ingest. */
const analyzerOf = (app: TestApp): AnalyzerScans => ({
  judged: (ids) => app.app.services.research.analyzerJudgements(ids),
});

async function detailScore(app: TestApp): Promise<number> {
  const response = await app.request({
    method: 'GET',
    url: `/get-token-details/${TOKEN}?network=eth`,
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { totalScore: number }).totalScore;
}

/** TOKEN's row in the app's list of eth tokens with the score band, if there. */
async function listedScore(app: TestApp, score = 'all'): Promise<number | null | undefined> {
  const response = await app.request({
    method: 'GET',
    url: `${apiPaths.tokens.checkToken}?chainName=eth&score=${score}`,
  });
  expect(response.statusCode).toBe(200);
  return tokenListResponseSchema
    .parse(response.json())
    .tokenDetails.find((item) => item.tokenAddress === TOKEN)?.score;
}

async function storedScore(app: TestApp): Promise<number | null | undefined> {
  const [row] = await app.app.db.handle.db
    .select({ score: dexTokenList.score })
    .from(dexTokenList)
    .where(eq(dexTokenList.token_id, TOKEN_ID));
  return row?.score;
}

async function enginesScore(app: TestApp): Promise<number> {
  const [row] = await app.app.db.handle.db
    .select({ score: securityReports.total_score })
    .from(securityReports)
    .where(eq(securityReports.token_id, TOKEN_ID));
  return row!.score;
}

describe('the list score of a token of a chain our indexer does not serve', () => {
  it("is its detail's through the app: after a new scan, in place, and after a reports load", async () => {
    const app = await start();
    const world: World = { price: 2, sellTax: 0.05 };
    const ingest = new ResearchIngest(
      app.app.db.handle.db,
      providers(world),
      app.clock,
      () => app.app.services.research.invalidate(),
      analyzerOf(app),
    );
    await ingest.sync();
    // The engines alone: the row has their combined score, as the detail.
    const engines = await enginesScore(app);
    expect(await listedScore(app)).toBe(engines);
    expect(await detailScore(app)).toBe(engines);
    expect(engines).toBeGreaterThan(80);

    // Our analyzer scans it (what its `onStored` hook hands the app's ingest): the row takes
    // the detail's combined verdict at once, through the app's list change (no reload: the
    // index rechecks its version only every 5 s, and the page asks now).
    await storeScan(app);
    await app.app.services.researchIngest.rescore('eth', TOKEN);
    const combined = await detailScore(app);
    expect(combined).not.toBe(engines);
    expect(combined).not.toBe(40);
    expect(combined).toBeLessThan(60);
    expect(await listedScore(app)).toBe(combined);
    expect(await listedScore(app, 'lt60')).toBe(combined);
    expect(await listedScore(app, 'gt80')).toBeUndefined();

    // A reports load (Honeypot.is now sells at 20 %): the engines' score moves, the row keeps
    // the combined verdict with the new reports, not the engines' alone.
    world.sellTax = 0.2;
    app.clock.advance(60_000);
    await ingest.syncReports({ limit: 10, olderThan: app.clock.now() });
    const reloaded = await detailScore(app);
    expect(await enginesScore(app)).not.toBe(engines);
    expect(reloaded).not.toBe(await enginesScore(app));
    expect(await storedScore(app)).toBe(reloaded);
    expect(await listedScore(app)).toBe(reloaded);
  });

  it('keeps rows and pages as a full rebuild gives them, with no index reload', async () => {
    const app = await start();
    const db = app.app.db.handle.db;
    const world: World = { price: 2, sellTax: 0.05 };
    const repository = new TokensRepository(db);
    let loads = 0;
    const index = new TokenListIndex({
      version: () => repository.dataVersion(),
      load: async () => {
        loads += 1;
        return repository.listIndexData();
      },
      // Every page asks for the data version: a version the index does not hold reloads it.
      recheckMs: 0,
    });
    const analyzer = analyzerOf(app);
    const ingest = new ResearchIngest(
      db,
      providers(world),
      app.clock,
      (change) => {
        if (!change) {
          repository.forgetLoadedRows();
          index.invalidate();
          return;
        }
        applyListChange(change, {
          replaceRows: (rows, removed) => repository.replaceLoadedRows(rows, removed),
          index,
          serves: () => false,
        });
      },
      analyzer,
    );
    const filters: ListFilter[] = (['all', 'gt80', 'lt60', 'gt70'] as const).map((score) => ({
      chainName: 'eth',
      age: 'all',
      score,
      liquidity: 'all',
      volume: 'all',
    }));
    async function expectAsFullRebuild() {
      const stored = await db.select().from(dexTokenList).orderBy(asc(dexTokenList.token_id));
      const judged = await analyzer.judged(stored.map((row) => row.token_id));
      let rebuilt: typeof stored = [];
      await db
        .transaction(async (tx) => {
          await rebuildTokenList(tx, await judgedScores(tx, judged));
          rebuilt = await tx.select().from(dexTokenList).orderBy(asc(dexTokenList.token_id));
          tx.rollback();
        })
        .catch(() => {});
      expect(rebuilt).toHaveLength(2);
      expect(stored).toEqual(rebuilt);
      const freshRepository = new TokensRepository(db);
      const fresh = new TokenListIndex({
        version: () => freshRepository.dataVersion(),
        load: () => freshRepository.listIndexData(),
        recheckMs: 0,
      });
      for (const filter of filters) {
        const now = app.clock.now();
        const mine = await index.page(filter, 'liquidity', 0, 100, now);
        expect(mine).toEqual(await fresh.page(filter, 'liquidity', 0, 100, now));
        expect(await repository.listRows(mine.ids)).toEqual(
          await freshRepository.listRows(mine.ids),
        );
      }
    }
    const tokenRow = async () => (await repository.listRows([TOKEN_ID])).get(TOKEN_ID);
    const inBand = async (score: ListFilter['score']) =>
      (await index.page({ ...filters[0]!, score }, 'liquidity', 0, 100, app.clock.now())).ids;

    // Scanned before the first load: the full build scores the row as its detail.
    await storeScan(app);
    await ingest.sync();
    await expectAsFullRebuild();
    const combined = await detailScore(app);
    expect((await tokenRow())?.score).toBe(combined);
    expect(await inBand('lt60')).toEqual([TOKEN_ID]);
    expect(loads).toBe(1);

    // A DEX load that changes TOKEN's price rewrites its row: the score stays the combined one.
    world.price = 2.5;
    app.clock.advance(60_000);
    await ingest.syncDex();
    await expectAsFullRebuild();
    expect(await tokenRow()).toMatchObject({ price: 2.5, score: combined });

    // A reports load moves the engines' score: the row follows the detail's verdict.
    world.sellTax = 0.2;
    app.clock.advance(60_000);
    await ingest.syncReports({ limit: 10, olderThan: app.clock.now() });
    await expectAsFullRebuild();
    const reloaded = await detailScore(app);
    expect(reloaded).not.toBe(await enginesScore(app));
    expect((await tokenRow())?.score).toBe(reloaded);

    // A new scan that finds nothing of the kind: the row is rescored in place. (The clock moves
    // past the answers the app's response cache holds, which this ingest does not clear.)
    app.clock.advance(60_000);
    await db
      .update(tokenScans)
      .set({ report: cleanEvmReport({ is_honeypot: 0 }), total_score: 95, risk_level: 'low risk' })
      .where(eq(tokenScans.address_key, lower(TOKEN)));
    await ingest.rescore('eth', TOKEN);
    await expectAsFullRebuild();
    const rescored = await detailScore(app);
    expect(rescored).not.toBe(reloaded);
    expect((await tokenRow())?.score).toBe(rescored);

    // OTHER, never scanned, has the engines' score; the index never reloaded.
    const otherId = `eth_${lower(OTHER)}`;
    const [other] = await db
      .select({ score: securityReports.total_score })
      .from(securityReports)
      .where(eq(securityReports.token_id, otherId));
    expect((await repository.listRows([otherId])).get(otherId)?.score).toBe(other!.score);
    expect(loads).toBe(1);
  });
});
