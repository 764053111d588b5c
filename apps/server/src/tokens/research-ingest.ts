import { and, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  CHAIN_CODES,
  addressKey,
  chainFamilyOf,
  combineReports,
  normaliseAddress,
  scoreSecurityReport,
  tokenItemId,
  chainOfItemId,
  type CexMarket,
  type ChainCode,
  type SecurityReport,
} from '@vaultscope/core';
import type { Clock } from '../lib/clock';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { bulkInsert, bulkUpsertChanged, rowsOf } from '../lib/db/bulk';
import type { Database } from '../lib/db/client';
import type {
  CexListing,
  DexListing,
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
  researchSyncRuns,
  securityEngineReports,
  securityReports,
} from './research-tables';
import type { ListIndexRow, TokenListIndex, VersionStep } from './token-list-index';
import { tokenVerdict, type AnalyzerJudgement } from './token-verdict';
import { listDataVersion, providerReportsOf } from './tokens-repository';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The share of a DEX load's tokens it must touch for the tables to be analysed after it. */
const ANALYZE_SHARE = 0.1;

/** Most addresses {@link AddressForms} keeps (about 30 MB); past it, it starts again. */
const MAX_ADDRESS_FORMS = 250_000;

/**
 * Addresses in the form rows store them (`normaliseAddress`: an EVM checksum costs a keccak
 * hash, about 18 µs), kept between loads: a live load delivers the same 100,000 pools and their
 * tokens every minute, and checksumming them all again was a third of its write.
 */
class AddressForms {
  private readonly forms = new Map<string, string>();

  of(chainName: ChainCode, address: string): string {
    // An EVM address is never valid base58, nor a Solana one hex: the string alone is the key.
    let form = this.forms.get(address);
    if (form === undefined) {
      form = normaliseAddress(chainName, address);
      if (this.forms.size >= MAX_ADDRESS_FORMS) this.forms.clear();
      this.forms.set(address, form);
    }
    return form;
  }
}

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

function tokenRow(token: ProvidedDexToken, provider: string, now: Date, forms: AddressForms) {
  return {
    id: tokenItemId(token.chainName, token.address),
    chain_name: token.chainName,
    address: forms.of(token.chainName, token.address),
    name: token.name,
    symbol: token.symbol,
    decimals: token.decimals,
    total_supply: token.total_supply,
    trusted_token: token.trusted_token,
    provider,
    updated_at: now,
  } satisfies typeof dexTokens.$inferSelect;
}

function poolRow(pool: ProvidedPool, provider: string, now: Date, forms: AddressForms) {
  return {
    id: tokenItemId(pool.chainName, pool.address),
    chain_name: pool.chainName,
    address: forms.of(pool.chainName, pool.address),
    dex: pool.dex,
    name: pool.name,
    base_token_id: tokenItemId(pool.chainName, pool.base_token_address),
    quote_token_address: forms.of(pool.chainName, pool.quote_token_address),
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

/**
 * The engine that judged a provided report: the report names it when a provider speaks for
 * several engines (`engine`), else it is the provider's name.
 */
function engineOf(provided: ProvidedReport, provider: string): string {
  const named = (provided as ProvidedReport & { engine?: string }).engine;
  return named ?? provider;
}

type EngineRow = typeof securityEngineReports.$inferSelect;

function engineRow(provided: ProvidedReport, provider: string, now: Date): EngineRow {
  const { chainName } = provided;
  return {
    token_id: tokenItemId(chainName, provided.address),
    engine: engineOf(provided, provider),
    chain_name: chainName,
    address: normaliseAddress(chainName, provided.address),
    token_name: provided.name,
    token_symbol: provided.symbol,
    trusted_token: provided.trusted_token,
    report: provided.report,
    fetched_at: now,
  };
}

/**
 * The combined report of a token's provider engines (core's `combineReports`; engines by name,
 * so the order is stable), as the `security_reports` row the lists score. Name, symbol and
 * trust flag are the first engine's that knows them; `provider` names the engines, `goplus+
 * honeypot-is`; `fetched_at` is the oldest engine's, so a token is due again when any is old.
 */
function combinedRow(rows: readonly EngineRow[]) {
  const sorted = [...rows].sort((a, b) => a.engine.localeCompare(b.engine));
  const first = sorted[0]!;
  const pick = <K extends 'token_name' | 'token_symbol' | 'trusted_token'>(key: K) =>
    sorted.find((row) => row[key] !== null)?.[key] ?? null;
  const report: SecurityReport =
    sorted.length === 1
      ? first.report
      : combineReports(sorted.map((row) => ({ engine: row.engine, report: row.report }))).report;
  const oldest = Math.min(...sorted.map((row) => row.fetched_at.getTime()));
  return reportRow(
    {
      chainName: first.chain_name,
      address: first.address,
      name: pick('token_name'),
      symbol: pick('token_symbol'),
      trusted_token: pick('trusted_token'),
      report,
    },
    sorted.map((row) => row.engine).join('+'),
    new Date(oldest),
  );
}

/**
 * Writes provided reports: each engine's beside the others' (`security_engine_reports`), and per
 * token the combined report of every engine stored for it (`security_reports`). Engines this
 * load did not deliver are read back only when some are stored at all.
 */
async function writeReports(
  tx: Transaction,
  provided: readonly ProvidedReport[],
  provider: string,
  now: Date,
): Promise<(typeof securityReports.$inferSelect)[]> {
  // One row per token and engine: a provider answering twice for a token keeps its last answer.
  const delivered = new Map<string, EngineRow>();
  for (const report of provided) {
    const row = engineRow(report, provider, now);
    delivered.set(`${row.token_id}\u0000${row.engine}`, row);
  }
  const rows = [...delivered.values()];
  await bulkInsert(tx, securityEngineReports, rows, { upsertOn: ['token_id', 'engine'] });
  const byToken = new Map<string, EngineRow[]>();
  for (const row of rows) byToken.set(row.token_id, [...(byToken.get(row.token_id) ?? []), row]);
  const loaded = new Set(rows.map((row) => row.engine));
  const stored = await tx
    .selectDistinct({ engine: securityEngineReports.engine })
    .from(securityEngineReports);
  if (stored.some((row) => !loaded.has(row.engine)) && byToken.size > 0) {
    const ids = JSON.stringify([...byToken.keys()]);
    const others = await tx
      .select()
      .from(securityEngineReports)
      .where(
        sql`${securityEngineReports.token_id} in (select jsonb_array_elements_text(${ids}::jsonb)) and ${securityEngineReports.fetched_at} <> ${now}`,
      );
    for (const row of others) byToken.get(row.token_id)?.push(row);
  }
  const combined = [...byToken.values()].map(combinedRow);
  await bulkInsert(tx, securityReports, combined, { upsertOn: ['token_id'] });
  return combined;
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

/** The columns of a `dex_token_list` row, in the order {@link primaryRows} selects them. */
const LIST_COLUMNS = [
  'token_id',
  'chain_name',
  'coin_name',
  'symbol',
  'token_address',
  'pool_id',
  'pool_address',
  'pool_created_at',
  'price',
  'change_m5',
  'change_h1',
  'change_h6',
  'change_h24',
  'total_tx',
  'volume',
  'liquidity',
  'market_cap',
  'fdv',
  'price_source',
  'score',
] as const satisfies readonly (keyof typeof dexTokenList.$inferSelect)[];

const columnList = (prefix = '') =>
  sql.raw(LIST_COLUMNS.map((column) => `${prefix}${column}`).join(', '));

/** Our analyzer's judgements of some tokens, by token id: those it has scanned. */
export type AnalyzerJudgements = ReadonlyMap<string, AnalyzerJudgement>;

/**
 * What the ingest needs of our analyzer, composed in by `app.ts` from the scam feature: its
 * stored judgements of those of `ids` (token ids) that it has scanned. A token it judged has
 * its detail combine the scan with the providers' report (`tokenVerdict`), so its list row
 * must carry that score, not the providers' alone.
 */
export interface AnalyzerScans {
  judged(ids: readonly string[]): Promise<AnalyzerJudgements>;
}

const NOT_JUDGED: AnalyzerJudgements = new Map();

/**
 * The list scores of tokens our analyzer judged, by id: the score each one's detail shows
 * (`tokenVerdict` of the analyzer's scan and the providers' stored record). The other tokens'
 * rows carry the providers' stored score, which is their detail's too.
 */
export type JudgedScores = ReadonlyMap<string, number>;

/**
 * Scores `judged` as their details do (see {@link JudgedScores}), with the providers' records
 * read through `tx`, so a load scores with the reports it has just written.
 */
export async function judgedScores(
  tx: Pick<Database, 'select'>,
  judged: AnalyzerJudgements,
): Promise<JudgedScores> {
  if (judged.size === 0) return new Map();
  const records = await providerReportsOf(tx, [...judged.keys()]);
  const scores = new Map<string, number>();
  for (const [id, scan] of judged) {
    const chainName = chainOfItemId(id);
    const verdict = chainName && tokenVerdict(chainName, scan, records.get(id));
    if (verdict) scores.set(id, verdict.totalScore);
  }
  return scores;
}

/**
 * A row's score: its detail's where our analyzer judged the token (`scores`, one jsonb
 * parameter), else the providers' stored one (`r`, `security_reports`).
 */
function listScore(scores: JudgedScores, tokenId: SQL = sql`t.id`) {
  return scores.size === 0
    ? sql`r.total_score`
    : sql`coalesce((${JSON.stringify(Object.fromEntries(scores))}::jsonb ->> ${tokenId})::smallint, r.total_score)`;
}

/**
 * The list row of every token `where` keeps: its primary pool's figures (the pool with the
 * largest reserve; ties go to the older pool, then the lower id) and its score (the providers'
 * stored one, or `scores`' for the tokens our analyzer judged). A token without a pool has no
 * row.
 */
function primaryRows(where: SQL, scores: JudgedScores) {
  return sql`
    select distinct on (t.id)
      t.id, t.chain_name, t.name, t.symbol, t.address,
      p.id, p.address, p.created_at,
      s.price_usd, s.change_m5, s.change_h1, s.change_h6, s.change_h24,
      s.tx_h24, s.volume_h24, s.liquidity_usd, s.market_cap_usd, s.fdv_usd, s.price_source,
      ${listScore(scores)}
    from ${dexTokens} t
    join ${dexPools} p on p.base_token_id = t.id
    left join ${dexPoolStats} s on s.pool_id = p.id
    left join ${securityReports} r on r.token_id = t.id
    where ${where}
    order by t.id, s.liquidity_usd desc nulls last, p.created_at asc, p.id asc`;
}

/**
 * Rebuilds the DEX list read model: one row per token (see {@link primaryRows}; `scores`, of
 * the tokens our analyzer judged, from {@link judgedScores}), in the caller's transaction:
 * readers keep seeing the previous rows until it commits. The first load into an empty
 * database (`sync`) builds it so; a live DEX load changes only the rows that change
 * ({@link updateTokenList}).
 */
export async function rebuildTokenList(
  tx: Pick<Database, 'execute'>,
  scores: JudgedScores = new Map(),
): Promise<void> {
  await tx.execute(sql`delete from ${dexTokenList}`);
  await tx.execute(
    sql`insert into ${dexTokenList} (${columnList()}) ${primaryRows(sql`true`, scores)}`,
  );
}

/** The list rows a load changed: written, and gone. */
export interface ListRowsChange {
  /** Tokens whose row was written (new, or some column changed). */
  written: string[];
  /** Tokens whose row is gone (or that have none): the token, or its last pool, was removed. */
  removed: string[];
}

/**
 * Brings the list rows of `touched` tokens (and of the tokens whose row names one of
 * `poolsWritten`) to what {@link rebuildTokenList} would make of them, writing only the rows
 * that differ and deleting those of tokens without a pool now. The other rows are left alone: a
 * row depends only on its token, the token's pools and their figures, and its score, so a
 * token nothing touched keeps its row.
 */
export async function updateTokenList(
  tx: Transaction,
  touched: readonly string[],
  poolsWritten: readonly string[] = [],
  scores: JudgedScores = new Map(),
): Promise<ListRowsChange> {
  const candidates = sql`(
    select jsonb_array_elements_text(${idArray(touched)}::jsonb)
    union select l.token_id from ${dexTokenList} l
      where l.pool_id in (select jsonb_array_elements_text(${idArray(poolsWritten)}::jsonb))
  )`;
  // Tokens touched that have no pool now (or are gone): no row.
  const removed = rowsOf<{ id: string }>(
    await tx.execute(sql`
    select c.id from ${candidates} c(id)
    where not exists (
      select 1 from ${dexTokens} t join ${dexPools} p on p.base_token_id = t.id where t.id = c.id
    )`),
  );
  const removedIds = removed.map((row) => row.id);
  if (removedIds.length > 0) {
    await tx.execute(sql`
      delete from ${dexTokenList}
      where token_id in (select jsonb_array_elements_text(${JSON.stringify(removedIds)}::jsonb))`);
  }
  const differs = LIST_COLUMNS.filter((column) => column !== 'token_id');
  const written = rowsOf<{ token_id: string }>(
    await tx.execute(sql`
    insert into ${dexTokenList} (${columnList()})
    select ${columnList('f.')}
    from (${primaryRows(sql`t.id in (select id from ${candidates} c(id))`, scores)}) f(${columnList()})
    left join ${dexTokenList} l on l.token_id = f.token_id
    where l.token_id is null or (${columnList('l.')}) is distinct from (${columnList('f.')})
    on conflict (token_id) do update set ${sql.raw(
      differs.map((column) => `${column} = excluded.${column}`).join(', '),
    )}
    returning token_id`),
  );
  return { written: written.map((row) => row.token_id), removed: removedIds };
}

/**
 * Most list rows a load hands to the list index as a change; a load that changed more has the
 * index reload instead (reading every row again is then about as cheap as placing these).
 */
export const MAX_LIST_CHANGE_ROWS = 20_000;

/** What a committed load changed of the DEX list, for the list index to follow without a reload. */
export interface ListChange {
  /** The list rows written, as stored now. */
  rows: (typeof dexTokenList.$inferSelect)[];
  /** Tokens that have no list row now (some may have had none before either). */
  removed: string[];
  /** The data version before and after the load (`TokenListIndex.upsert`). */
  version: VersionStep;
  /** Tokens whose report the load wrote (`TokenDetailModel` reads them again); none when absent. */
  reports?: readonly string[];
}

/** The change to hand on, read in the load's transaction; undefined when it is too large. */
async function listChange(
  tx: Transaction,
  change: ListRowsChange,
  version: VersionStep,
): Promise<ListChange | undefined> {
  if (change.written.length + change.removed.length > MAX_LIST_CHANGE_ROWS) return undefined;
  const rows =
    change.written.length === 0
      ? []
      : await tx
          .select()
          .from(dexTokenList)
          .where(
            sql`${dexTokenList.token_id} in (select jsonb_array_elements_text(${JSON.stringify(change.written)}::jsonb))`,
          );
  return { rows, removed: change.removed, version };
}

/** Where a {@link ListChange} goes: the kept list rows, the list index, the indexed chains. */
export interface ListChangeTargets {
  /** `TokensRepository.replaceLoadedRows`: keeps the rows, returns their index rows. */
  replaceRows: (
    rows: ListChange['rows'],
    removed: readonly string[],
  ) => { index: ListIndexRow[]; dropped: string[] };
  index: Pick<TokenListIndex, 'upsert'>;
  /** Chains whose list rows come from our indexer (`IndexedMarket.serves`): left alone here. */
  serves: (chainName: ChainCode) => boolean;
}

/**
 * Hands a committed load's list change to the kept rows and the list index, which takes the
 * rows in place (no reload). Rows of chains our indexer serves are not the index's rows of
 * those chains, so they are kept but not put in the index.
 */
export function applyListChange(change: ListChange, targets: ListChangeTargets): void {
  const { index, dropped } = targets.replaceRows(change.rows, change.removed);
  const ours = (id: string) => {
    const chain = chainOfItemId(id);
    return chain === undefined || !targets.serves(chain);
  };
  targets.index.upsert(
    index.filter((row) => ours(row.id)),
    [...change.removed, ...dropped].filter(ours),
    change.version,
  );
}

/** What one load of one kind of data wrote. */
export interface KindSummary {
  provider: string;
  /** Rows delivered and written. */
  items: number;
  fetchMs: number;
  writeMs: number;
}

/** The research data kinds, each with its `research_sync` row and its sync job. */
export type ResearchKind = 'dex' | 'cex' | 'security';

/** Which reports a reports load asks for. */
export interface ReportRequest {
  /** Most tokens asked in one load (the security provider's rate limit). */
  limit: number;
  /** Reports fetched before this are asked again; tokens without one are asked first. */
  olderThan: Date;
  /**
   * Tokens someone asked about (a detail opened in live mode), asked before the others whether
   * or not we track them, unless asked within the TTL already.
   */
  first?: readonly { chainName: ChainCode; address: string }[];
}

/**
 * Writes what the research providers deliver into the database: tokens, pools and their
 * figures, security reports with their score, CEX markets; rebuilds the list read model where
 * it changed and bumps the `research_sync` versions, each load in one transaction: readers see
 * the previous rows until it commits.
 *
 * Rows a provider no longer delivers are removed only from the parts it listed in full: the
 * chains in a DEX listing's `listed`, the CEX markets when the listing is `complete`. A part that
 * failed keeps its previous rows (stale, not gone) until a later load lists it again.
 *
 * `sync` loads all three kinds at once (the snapshot into an empty database); the scheduled
 * sync of `RESEARCH_PROVIDER=live` (`ResearchScheduler`) loads one kind per job.
 */
export class ResearchIngest {
  /** Tokens asked for a report, by id, with when: a token the provider does not know is asked again only after the TTL. */
  private readonly asked = new Map<string, number>();
  /** Stored address forms of the delivered tokens and pools, kept from load to load. */
  private readonly addressForms = new AddressForms();

  constructor(
    private readonly db: Database,
    private readonly providers: ResearchProviders,
    private readonly clock: Clock,
    /**
     * Called after every committed load, to drop what was derived from the old data. A DEX or
     * reports load passes what it changed of the list (unless that was too much): then the list
     * index can take those rows in instead of reloading every row.
     */
    private readonly onLoaded: (change?: ListChange) => void = () => {},
    /**
     * Our analyzer's judgements (absent: no token is judged by it, every row carries the
     * providers' score). Read before a load's transaction opens: PGlite runs one statement at a
     * time, so a read outside the transaction would wait for it to end.
     */
    private readonly analyzer?: AnalyzerScans,
  ) {}

  /**
   * Our analyzer's judgements of the tokens a DEX load may write a list row of: those it
   * delivers and those stored (a row is recomputed when its token's pools change, delivered or
   * not). Only the tokens it scanned come back.
   */
  private async judgedOfListing(listing: DexListing): Promise<AnalyzerJudgements> {
    if (!this.analyzer) return NOT_JUDGED;
    const stored = await this.db.select({ id: dexTokens.id }).from(dexTokens);
    const ids = new Set(stored.map((row) => row.id));
    for (const token of listing.tokens) ids.add(tokenItemId(token.chainName, token.address));
    return this.analyzer.judged([...ids]);
  }

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
    const fetchMs = performance.now() - fetchStarted;

    const writeStarted = performance.now();
    const judged = await this.judgedOfListing(dexData);
    let written = { tokens: 0, pools: 0, markets: 0, reports: 0 };
    await this.db.transaction(async (tx) => {
      const dexWritten = await writeDex(
        tx,
        dexData,
        dex.name,
        dex.priceLabel,
        now,
        this.addressForms,
      );
      const reportRows = await writeReports(tx, reports, security.name, now);
      const cexWritten = await writeCex(tx, markets, cex.name, now);
      await rebuildTokenList(tx, await judgedScores(tx, judged));
      await bumpVersion(tx, 'dex', dex.name, dexWritten.tokens, now);
      await bumpVersion(tx, 'security', security.name, reportRows.length, now);
      await bumpVersion(tx, 'cex', cex.name, cexWritten, now);
      written = { ...dexWritten, markets: cexWritten, reports: reportRows.length };
    });
    this.onLoaded();
    // Fresh planner statistics for the new rows.
    await this.db.execute(
      sql`analyze ${dexTokens}, ${dexPools}, ${dexPoolStats}, ${securityReports}, ${securityEngineReports}, ${cexMarkets}, ${cexMarketContracts}, ${dexTokenList}`,
    );
    return {
      provider: dex.name,
      tokens: written.tokens,
      pools: written.pools,
      reports: written.reports,
      cexMarkets: written.markets,
      fetchMs: Math.round(fetchMs),
      writeMs: Math.round(performance.now() - writeStarted),
    };
  }

  /**
   * Loads DEX tokens and pools, and writes the list rows that change (scores as stored, or
   * their detail's for tokens our analyzer judged): the rows of the tokens whose token row,
   * pools or figures were written or removed, where they differ from the stored row
   * ({@link updateTokenList}); `onLoaded` gets them.
   */
  async syncDex(): Promise<KindSummary> {
    const { dex } = this.providers;
    const now = this.clock.now();
    const fetchStarted = performance.now();
    const listing = await dex.fetchDex(now);
    const fetchMs = performance.now() - fetchStarted;
    const writeStarted = performance.now();
    const judged = await this.judgedOfListing(listing);
    let tokens = 0;
    let touched = 0;
    let change: ListChange | undefined;
    await this.db.transaction(async (tx) => {
      const written = await writeDex(tx, listing, dex.name, dex.priceLabel, now, this.addressForms);
      tokens = written.tokens;
      touched = written.touched.length;
      const from = await listDataVersion(tx);
      const scores = await judgedScores(tx, judged);
      const rows = await updateTokenList(tx, written.touched, written.poolsWritten, scores);
      await bumpVersion(tx, 'dex', dex.name, tokens, now);
      change = await listChange(tx, rows, { from, to: from + 1 });
    });
    this.onLoaded(change);
    // Fresh planner statistics only when much changed: analysing 100,000-row tables after a
    // load that moved a few hundred prices cost seconds and changed no plan.
    if (touched >= tokens * ANALYZE_SHARE) {
      await this.db.execute(
        sql`analyze ${dexTokens}, ${dexPools}, ${dexPoolStats}, ${dexTokenList}`,
      );
    }
    return { provider: dex.name, items: tokens, ...timings(fetchMs, writeStarted) };
  }

  /** Loads CEX markets; the DEX list is not touched. */
  async syncCex(): Promise<KindSummary> {
    const { cex } = this.providers;
    const now = this.clock.now();
    const fetchStarted = performance.now();
    const listing = await cex.fetchMarkets(now);
    const fetchMs = performance.now() - fetchStarted;
    const writeStarted = performance.now();
    let markets = 0;
    let version = 0;
    await this.db.transaction(async (tx) => {
      markets = await writeCex(tx, listing, cex.name, now);
      await bumpVersion(tx, 'cex', cex.name, markets, now);
      version = await listDataVersion(tx);
    });
    // The DEX list is untouched: an empty change, so neither the kept rows nor the index reload.
    this.onLoaded({ rows: [], removed: [], version: { from: version, to: version } });
    return { provider: cex.name, items: markets, ...timings(fetchMs, writeStarted) };
  }

  /**
   * Loads the reports of tokens that have none or an old one (at most `limit`), and sets their
   * score in the list rows instead of rebuilding the list: the providers' combined score, or
   * for a token our analyzer judged its detail's verdict of both. A token the provider knew
   * nothing of is asked again only once its report would be old.
   */
  async syncReports(request: ReportRequest): Promise<KindSummary> {
    const { security } = this.providers;
    const now = this.clock.now();
    const ttlMs = now.getTime() - request.olderThan.getTime();
    for (const [id, at] of this.asked) {
      if (now.getTime() - at >= ttlMs) this.asked.delete(id);
    }
    const candidates = await this.db
      .select({ id: dexTokens.id, chainName: dexTokens.chain_name, address: dexTokens.address })
      .from(dexTokens)
      .leftJoin(securityReports, eq(securityReports.token_id, dexTokens.id))
      .where(
        or(isNull(securityReports.token_id), lt(securityReports.fetched_at, request.olderThan)),
      )
      .orderBy(sql`${securityReports.fetched_at} asc nulls first`, dexTokens.id)
      .limit(request.limit + this.asked.size);
    const wanted = (request.first ?? []).map((token) => ({
      id: tokenItemId(token.chainName, token.address),
      chainName: token.chainName,
      address: normaliseAddress(token.chainName, token.address),
    }));
    const seen = new Set<string>();
    const due = [...wanted, ...candidates]
      .filter((token) => {
        if (this.asked.has(token.id) || seen.has(token.id)) return false;
        seen.add(token.id);
        return true;
      })
      .slice(0, request.limit);
    const fetchStarted = performance.now();
    const reports = due.length > 0 ? await security.fetchReports(due) : [];
    for (const token of due) this.asked.set(token.id, now.getTime());
    const fetchMs = performance.now() - fetchStarted;
    const writeStarted = performance.now();
    const judged =
      this.analyzer && reports.length > 0
        ? await this.analyzer.judged([
            ...new Set(reports.map((report) => tokenItemId(report.chainName, report.address))),
          ])
        : NOT_JUDGED;
    let written = 0;
    let change: ListChange | undefined;
    await this.db.transaction(async (tx) => {
      if (reports.length === 0) {
        await touchSync(tx, 'security', now);
        return;
      }
      const rows = await writeReports(tx, reports, security.name, now);
      written = rows.length;
      const ids = JSON.stringify(rows.map((row) => row.token_id));
      const score = listScore(await judgedScores(tx, judged), sql`l.token_id`);
      const scored = rowsOf<{ token_id: string }>(
        await tx.execute(sql`
        update ${dexTokenList} l set score = ${score}
        from ${securityReports} r
        where r.token_id = l.token_id
          and r.token_id in (select jsonb_array_elements_text(${ids}::jsonb))
          and l.score is distinct from ${score}
        returning l.token_id`),
      );
      const from = await listDataVersion(tx);
      await bumpVersion(tx, 'security', security.name, rows.length, now);
      const listed = await listChange(
        tx,
        { written: scored.map((row) => row.token_id), removed: [] },
        { from, to: from + 1 },
      );
      // The reports written are the detail's, whether or not a list row's score moved.
      change = listed && { ...listed, reports: rows.map((row) => row.token_id) };
    });
    if (written > 0) this.onLoaded(change);
    return { provider: security.name, items: written, ...timings(fetchMs, writeStarted) };
  }

  /**
   * A token our analyzer judged anew (it stored a scan): its list row takes the score its
   * detail now shows, by the rule a load applies ({@link judgedScores}), and the change is
   * handed to `onLoaded` as a load's is, so the list index and the kept rows follow without a
   * reload. Nothing is written when the token has no row or its score is the same.
   */
  async rescore(chainName: ChainCode, address: string): Promise<void> {
    if (!this.analyzer) return;
    const id = tokenItemId(chainName, address);
    const judged = await this.analyzer.judged([id]);
    if (judged.size === 0) return;
    let change: ListChange | undefined;
    await this.db.transaction(async (tx) => {
      const score = (await judgedScores(tx, judged)).get(id);
      if (score === undefined) return;
      const scored = await tx
        .update(dexTokenList)
        .set({ score })
        .where(
          and(eq(dexTokenList.token_id, id), sql`${dexTokenList.score} is distinct from ${score}`),
        )
        .returning({ id: dexTokenList.token_id });
      if (scored.length === 0) return;
      const from = await listDataVersion(tx);
      // The list's data changed, so its version moves (another instance's index reloads); the
      // DEX load's row, which every list row implies, carries it. Its time and count stay: no
      // load ran.
      await tx
        .update(researchSync)
        .set({ version: sql`${researchSync.version} + 1` })
        .where(eq(researchSync.kind, 'dex'));
      change = await listChange(tx, { written: [id], removed: [] }, { from, to: from + 1 });
    });
    if (change) this.onLoaded(change);
  }

  /**
   * Records how a sync run of a kind ended (loaded, or failed), for every instance's health:
   * a load clears the failures, a failure counts one more.
   */
  async recordRun(kind: ResearchKind, outcome: 'loaded' | 'failed'): Promise<void> {
    const now = this.clock.now();
    const loaded = outcome === 'loaded';
    await this.db
      .insert(researchSyncRuns)
      .values({
        kind,
        last_run_at: now,
        last_success_at: loaded ? now : null,
        last_failure_at: loaded ? null : now,
        failures: loaded ? 0 : 1,
      })
      .onConflictDoUpdate({
        target: researchSyncRuns.kind,
        set: loaded
          ? { last_run_at: now, last_success_at: now, failures: 0 }
          : {
              last_run_at: now,
              last_failure_at: now,
              failures: sql`${researchSyncRuns.failures} + 1`,
            },
      });
  }

  /** How each kind's sync runs went, as recorded by any instance, by kind. */
  async runs(): Promise<
    Map<ResearchKind, { lastSuccessAt: Date | null; lastFailureAt: Date | null; failures: number }>
  > {
    const rows = await this.db.select().from(researchSyncRuns);
    return new Map(
      rows.map((row) => [
        row.kind,
        {
          lastSuccessAt: row.last_success_at,
          lastFailureAt: row.last_failure_at,
          failures: row.failures,
        },
      ]),
    );
  }

  /** When each kind of data was last loaded (from any instance), by kind. */
  async lastSynced(): Promise<Map<ResearchKind, { provider: string; items: number; at: Date }>> {
    const rows = await this.db.select().from(researchSync);
    return new Map(
      rows.map((row) => [
        row.kind,
        { provider: row.provider, items: row.items, at: row.synced_at },
      ]),
    );
  }
}

function timings(fetchMs: number, writeStarted: number) {
  return {
    fetchMs: Math.round(fetchMs),
    writeMs: Math.round(performance.now() - writeStarted),
  };
}

/** Ids as one JSON array parameter, read back with `jsonb_array_elements_text` however many. */
const idArray = (ids: Iterable<string>) => JSON.stringify([...ids]);

/**
 * Writes a DEX listing: only the token, pool and figure rows that are new or changed
 * (`bulkUpsertChanged`; an unchanged row keeps its `updated_at`, when it last changed), and
 * removes the provider's rows of the chains it listed in full that it did not deliver. Returns
 * what the list rows depend on: the tokens whose row, pools or figures were written or removed
 * (`touched`), and the pools written (a pool may have moved to another base token).
 */
async function writeDex(
  tx: Transaction,
  listing: DexListing,
  provider: string,
  priceLabel: string,
  now: Date,
  forms: AddressForms,
): Promise<{ tokens: number; pools: number; touched: string[]; poolsWritten: string[] }> {
  const tokenRows = listing.tokens.map((token) => tokenRow(token, provider, now, forms));
  const poolRows = listing.pools.map((pool) => poolRow(pool, provider, now, forms));
  const statsRows = listing.pools.map((pool) => statsRow(pool, priceLabel, now));
  const ignore = ['updated_at'] as const;
  const tokensWritten = await bulkUpsertChanged(tx, dexTokens, tokenRows, {
    key: ['id'],
    ignore,
    returning: 'id',
  });
  const poolsWritten = await bulkUpsertChanged(tx, dexPools, poolRows, {
    key: ['id'],
    ignore,
    returning: 'id',
  });
  const statsWritten = await bulkUpsertChanged(tx, dexPoolStats, statsRows, {
    key: ['pool_id'],
    ignore,
    returning: 'pool_id',
  });
  const baseTokenOf = new Map(poolRows.map((pool) => [pool.id, pool.base_token_id]));
  const touched = new Set(tokensWritten);
  for (const pool of [...poolsWritten, ...statsWritten]) touched.add(baseTokenOf.get(pool)!);
  if (listing.listed.length > 0) {
    const listed = [...listing.listed];
    // Undelivered rows are told apart in memory: an anti-join against a 100,000-id parameter
    // ran as a nested loop on PGlite (hours), and a row's age no longer says it was delivered.
    const storedPools = await tx
      .select({ id: dexPools.id })
      .from(dexPools)
      .where(and(eq(dexPools.provider, provider), inArray(dexPools.chain_name, listed)));
    const storedTokens = await tx
      .select({ id: dexTokens.id })
      .from(dexTokens)
      .where(and(eq(dexTokens.provider, provider), inArray(dexTokens.chain_name, listed)));
    const deliveredTokens = new Set(tokenRows.map((token) => token.id));
    const gonePools = storedPools.filter((row) => !baseTokenOf.has(row.id));
    const goneTokens = storedTokens.filter((row) => !deliveredTokens.has(row.id));
    const inIds = (column: AnyPgColumn, rows: { id: string }[]) =>
      sql`${column} in (select jsonb_array_elements_text(${idArray(rows.map((row) => row.id))}::jsonb))`;
    const pools =
      gonePools.length === 0
        ? []
        : await tx
            .delete(dexPools)
            .where(inIds(dexPools.id, gonePools))
            .returning({ token: dexPools.base_token_id });
    const tokens =
      goneTokens.length === 0
        ? []
        : await tx
            .delete(dexTokens)
            .where(inIds(dexTokens.id, goneTokens))
            .returning({ token: dexTokens.id });
    for (const row of [...pools, ...tokens]) touched.add(row.token);
  }
  return { tokens: tokenRows.length, pools: poolRows.length, touched: [...touched], poolsWritten };
}

/**
 * Writes a CEX listing: the markets, and the contract rows of the delivered markets replaced;
 * a complete listing also removes the provider's markets it did not deliver (their contracts go
 * with them).
 */
async function writeCex(
  tx: Transaction,
  listing: CexListing,
  provider: string,
  now: Date,
): Promise<number> {
  const rows = listing.markets.map((market) => marketRows(market, provider, now));
  await bulkInsert(
    tx,
    cexMarkets,
    rows.map((market) => market.row),
    { upsertOn: ['id'] },
  );
  if (listing.complete) {
    await tx
      .delete(cexMarkets)
      .where(and(eq(cexMarkets.provider, provider), lt(cexMarkets.updated_at, now)));
  }
  await tx.execute(sql`
    delete from ${cexMarketContracts} where ${cexMarketContracts.market_id} in (
      select ${cexMarkets.id} from ${cexMarkets} where ${cexMarkets.updated_at} = ${now}
    )`);
  await bulkInsert(
    tx,
    cexMarketContracts,
    rows.flatMap((market) => market.contracts),
  );
  return rows.length;
}

async function bumpVersion(
  tx: Transaction,
  kind: ResearchKind,
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

/** A load that found nothing to change: its time is recorded, its version (and the lists) left alone. */
async function touchSync(tx: Transaction, kind: ResearchKind, now: Date) {
  await tx.update(researchSync).set({ synced_at: now }).where(eq(researchSync.kind, kind));
}
