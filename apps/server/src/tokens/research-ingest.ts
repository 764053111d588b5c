import { and, eq, lt, sql } from 'drizzle-orm';
import {
  CHAIN_CODES,
  addressKey,
  chainFamilyOf,
  normaliseAddress,
  scoreSecurityReport,
  tokenItemId,
  type CexMarket,
} from '@vaultscope/core';
import type { Clock } from '../lib/clock';
import { bulkInsert } from '../lib/db/bulk';
import type { Database } from '../lib/db/client';
import type {
  ProvidedDexToken,
  ProvidedPool,
  ProvidedReport,
  ResearchProviders,
} from './providers';
import {
  cexMarketContracts,
  cexMarkets,
  dexPoolStats,
  dexPools,
  dexTokenList,
  dexTokens,
  researchSync,
  securityReports,
} from './research-tables';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** What one load wrote, and how long it took. */
export interface IngestSummary {
  provider: string;
  tokens: number;
  pools: number;
  reports: number;
  cexMarkets: number;
  /** Reading and validating the provider data. */
  fetchMs: number;
  /** Writing it and rebuilding the list read model. */
  writeMs: number;
}

function tokenRow(token: ProvidedDexToken, provider: string, now: Date) {
  return {
    id: tokenItemId(token.chainName, token.address),
    chain_name: token.chainName,
    address: normaliseAddress(token.chainName, token.address),
    name: token.name,
    symbol: token.symbol,
    decimals: token.decimals,
    total_supply: token.total_supply,
    trusted_token: token.trusted_token,
    provider,
    updated_at: now,
  } satisfies typeof dexTokens.$inferSelect;
}

function poolRow(pool: ProvidedPool, provider: string, now: Date) {
  return {
    id: tokenItemId(pool.chainName, pool.address),
    chain_name: pool.chainName,
    address: normaliseAddress(pool.chainName, pool.address),
    dex: pool.dex,
    name: pool.name,
    base_token_id: tokenItemId(pool.chainName, pool.base_token_address),
    quote_token_address: normaliseAddress(pool.chainName, pool.quote_token_address),
    quote_token_symbol: pool.quote_token_symbol,
    created_at: new Date(pool.pool_created_at),
    provider,
    updated_at: now,
  } satisfies typeof dexPools.$inferSelect;
}

function statsRow(pool: ProvidedPool, priceSource: string, now: Date) {
  const { price_change_percentage: change, volume_usd: volume, transactions } = pool;
  return {
    pool_id: tokenItemId(pool.chainName, pool.address),
    price_usd: pool.base_token_price_usd,
    price_native: pool.base_token_price_native_currency,
    change_m5: change.m5,
    change_h1: change.h1,
    change_h6: change.h6,
    change_h24: change.h24,
    transactions,
    tx_h24: transactions.h24.buys + transactions.h24.sells,
    volume_m5: volume.m5,
    volume_h1: volume.h1,
    volume_h6: volume.h6,
    volume_h24: volume.h24,
    liquidity_usd: pool.reserve_in_usd,
    market_cap_usd: pool.market_cap_usd,
    fdv_usd: pool.fdv_usd,
    price_source: priceSource,
    updated_at: now,
  } satisfies typeof dexPoolStats.$inferSelect;
}

/** A report row with the score of the core engine, stored so lists filter by a range. */
export function reportRow(provided: ProvidedReport, provider: string, now: Date) {
  const { chainName, report } = provided;
  const { totalScore, riskLevel } = scoreSecurityReport(report, chainFamilyOf(chainName), {
    trustedToken: provided.trusted_token,
  });
  const { dexDetails, ...fields } = report;
  return {
    token_id: tokenItemId(chainName, provided.address),
    chain_name: chainName,
    address: normaliseAddress(chainName, provided.address),
    token_name: provided.name,
    token_symbol: provided.symbol,
    ...fields,
    dex_details: dexDetails,
    trusted_token: provided.trusted_token,
    total_score: totalScore,
    risk_level: riskLevel,
    provider,
    fetched_at: now,
  } satisfies typeof securityReports.$inferSelect;
}

function marketRows(market: CexMarket, provider: string, now: Date) {
  const contracts = CHAIN_CODES.flatMap(({ code }) => {
    const address = market.platforms[code];
    return address === undefined
      ? []
      : [
          {
            market_id: market.id,
            chain_name: code,
            address: normaliseAddress(code, address),
            address_key: addressKey(code, address),
          } satisfies typeof cexMarketContracts.$inferSelect,
        ];
  });
  const listed = contracts[0];
  const row = {
    id: market.id,
    symbol: market.symbol,
    name: market.name,
    image: market.image,
    current_price: market.current_price,
    market_cap: market.market_cap,
    market_cap_rank: market.market_cap_rank,
    fully_diluted_valuation: market.fully_diluted_valuation,
    total_volume: market.total_volume,
    change_h1: market.price_change_percentage_1h_in_currency,
    change_h24: market.price_change_percentage_24h_in_currency,
    change_d7: market.price_change_percentage_7d_in_currency,
    circulating_supply: market.circulating_supply,
    total_supply: market.total_supply,
    max_supply: market.max_supply,
    last_updated: market.last_updated === null ? null : new Date(market.last_updated),
    platforms: Object.fromEntries(contracts.map((c) => [c.chain_name, c.address])),
    chain_name: listed?.chain_name ?? null,
    token_address: listed?.address ?? market.id,
    provider,
    updated_at: now,
  } satisfies typeof cexMarkets.$inferSelect;
  return { row, contracts };
}

/**
 * Rebuilds the DEX list read model: one row per token with its primary pool's figures (the
 * pool with the largest reserve; ties go to the older pool) and its stored score, in the
 * caller's transaction: readers keep seeing the previous rows until it commits.
 */
export async function rebuildTokenList(tx: Pick<Database, 'execute'>): Promise<void> {
  await tx.execute(sql`delete from ${dexTokenList}`);
  await tx.execute(sql`
    insert into ${dexTokenList} (
      token_id, chain_name, coin_name, symbol, token_address,
      pool_id, pool_address, pool_created_at,
      price, change_m5, change_h1, change_h6, change_h24,
      total_tx, volume, liquidity, market_cap, fdv, price_source,
      score
    )
    select distinct on (t.id)
      t.id, t.chain_name, t.name, t.symbol, t.address,
      p.id, p.address, p.created_at,
      s.price_usd, s.change_m5, s.change_h1, s.change_h6, s.change_h24,
      s.tx_h24, s.volume_h24, s.liquidity_usd, s.market_cap_usd, s.fdv_usd, s.price_source,
      r.total_score
    from ${dexTokens} t
    join ${dexPools} p on p.base_token_id = t.id
    left join ${dexPoolStats} s on s.pool_id = p.id
    left join ${securityReports} r on r.token_id = t.id
    order by t.id, s.liquidity_usd desc nulls last, p.created_at asc, p.id asc`);
}

/**
 * Writes what the research providers deliver into the database: tokens, pools and their
 * figures, security reports with their score, CEX markets; then rebuilds the list read model
 * and bumps the `research_sync` versions, all in one transaction. Rows the provider no longer
 * delivers are removed (a full listing replaces the previous one).
 */
export class ResearchIngest {
  constructor(
    private readonly db: Database,
    private readonly providers: ResearchProviders,
    private readonly clock: Clock,
    /** Called after every committed load, to drop what was derived from the old data. */
    private readonly onLoaded: () => void = () => {},
  ) {}

  /** Whether nothing was ever loaded. */
  async isEmpty(): Promise<boolean> {
    const [row] = await this.db.select({ kind: researchSync.kind }).from(researchSync).limit(1);
    return row === undefined;
  }

  /** Loads everything when the database holds no research data yet; null when it does. */
  async loadIfEmpty(): Promise<IngestSummary | null> {
    return (await this.isEmpty()) ? this.sync() : null;
  }

  async sync(): Promise<IngestSummary> {
    const { dex, cex, security } = this.providers;
    const now = this.clock.now();
    const fetchStarted = performance.now();
    const [dexData, markets] = await Promise.all([dex.fetchDex(now), cex.fetchMarkets(now)]);
    const reports = await security.fetchReports(dexData.tokens);

    const tokenRows = dexData.tokens.map((token) => tokenRow(token, dex.name, now));
    const poolRows = dexData.pools.map((pool) => poolRow(pool, dex.name, now));
    const statsRows = dexData.pools.map((pool) => statsRow(pool, dex.priceLabel, now));
    const reportRows = reports.map((report) => reportRow(report, security.name, now));
    const cexRows = markets.map((market) => marketRows(market, cex.name, now));
    const fetchMs = performance.now() - fetchStarted;

    const writeStarted = performance.now();
    await this.db.transaction(async (tx) => {
      await bulkInsert(tx, dexTokens, tokenRows, { upsertOn: ['id'] });
      await bulkInsert(tx, dexPools, poolRows, { upsertOn: ['id'] });
      await bulkInsert(tx, dexPoolStats, statsRows, { upsertOn: ['pool_id'] });
      await bulkInsert(tx, securityReports, reportRows, { upsertOn: ['token_id'] });
      await bulkInsert(
        tx,
        cexMarkets,
        cexRows.map((market) => market.row),
        { upsertOn: ['id'] },
      );
      await sweep(tx, dex.name, cex.name, now);
      await bulkInsert(
        tx,
        cexMarketContracts,
        cexRows.flatMap((market) => market.contracts),
      );
      await rebuildTokenList(tx);
      await bumpVersion(tx, 'dex', dex.name, tokenRows.length, now);
      await bumpVersion(tx, 'security', security.name, reportRows.length, now);
      await bumpVersion(tx, 'cex', cex.name, cexRows.length, now);
    });
    this.onLoaded();
    // Fresh planner statistics for the new rows.
    await this.db.execute(
      sql`analyze ${dexTokens}, ${dexPools}, ${dexPoolStats}, ${securityReports}, ${cexMarkets}, ${cexMarketContracts}, ${dexTokenList}`,
    );
    return {
      provider: dex.name,
      tokens: tokenRows.length,
      pools: poolRows.length,
      reports: reportRows.length,
      cexMarkets: cexRows.length,
      fetchMs: Math.round(fetchMs),
      writeMs: Math.round(performance.now() - writeStarted),
    };
  }
}

/** Removes rows of these providers that this load did not deliver, and the old contract rows. */
async function sweep(tx: Transaction, dexProvider: string, cexProvider: string, now: Date) {
  await tx
    .delete(dexPools)
    .where(and(eq(dexPools.provider, dexProvider), lt(dexPools.updated_at, now)));
  await tx
    .delete(dexTokens)
    .where(and(eq(dexTokens.provider, dexProvider), lt(dexTokens.updated_at, now)));
  await tx
    .delete(cexMarkets)
    .where(and(eq(cexMarkets.provider, cexProvider), lt(cexMarkets.updated_at, now)));
  await tx.delete(cexMarketContracts);
}

async function bumpVersion(
  tx: Transaction,
  kind: 'dex' | 'cex' | 'security',
  provider: string,
  items: number,
  now: Date,
) {
  await tx
    .insert(researchSync)
    .values({ kind, provider, version: 1, items, synced_at: now })
    .onConflictDoUpdate({
      target: researchSync.kind,
      set: { provider, items, synced_at: now, version: sql`${researchSync.version} + 1` },
    });
}
