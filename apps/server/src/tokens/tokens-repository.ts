import { eq, inArray, sql } from 'drizzle-orm';
import { omit } from 'zod/mini';
import {
  CHAIN_CODE_VALUES,
  tokenListItemSchema,
  type ChainCode,
  type RiskLevel,
  type SecurityReport,
  type TokenListItem,
} from '@vaultscope/core';
import type { Database } from '../lib/db/client';
import {
  dexPools,
  dexTokenList,
  researchSync,
  securityEngineReports,
  securityReports,
} from './research-tables';
import type { ResearchKind } from './research-ingest';
import type { ListIndexData, ListIndexRow } from './token-list-index';

/**
 * A list row without the caller-specific `is_favourite`. Every row is parsed by this schema
 * where it is built (here and in the indexed market), once, so a list answer made of rows is
 * valid without the response schema's pass over every row of every answer (`tokens-routes.ts`).
 */
export const listRowSchema = omit(tokenListItemSchema, { is_favourite: true });
export type ListRow = Omit<TokenListItem, 'is_favourite'>;

/** What the token detail is built from. */
export interface TokenDetailRecord {
  tokenId: string;
  chainName: ChainCode;
  address: string;
  tokenName: string;
  symbol: string | null;
  /** The name and symbol the report gives, which the list row's (`listing`) take precedence over. */
  reportTokenName: string;
  reportSymbol: string | null;
  report: SecurityReport;
  trustedToken: 0 | 1 | null;
  totalScore: number;
  riskLevel: RiskLevel;
  reportProvider: string;
  /** When the combined report's oldest engine report was fetched (its age decides a refresh). */
  reportFetchedAt: Date;
  /**
   * Each provider engine's own report, by engine name; empty for a report stored before the
   * engines were kept apart (then `report` is the one engine's, `reportProvider`).
   */
  engines: { engine: string; report: SecurityReport; fetchedAt: Date }[];
  /** Null when the token is not in our pool data. */
  market: {
    price: number | null;
    liquidity: number | null;
    fdv: number | null;
    pairAddress: string;
    /** The detail's `priceProvider`. */
    priceSource: string;
  } | null;
  /** The list row's columns the detail reads, as stored; null when the token is not listed. */
  listing: DetailListing | null;
}

/** What the detail reads of a token's list row (`dex_token_list`). */
export interface DetailListing {
  coinName: string;
  symbol: string;
  price: number | null;
  liquidity: number | null;
  fdv: number | null;
  pairAddress: string;
  /** Null on rows written before it was stored (the report's provider stands in). */
  priceSource: string | null;
}

const list = dexTokenList;

const listColumns = {
  token_id: list.token_id,
  chain_name: list.chain_name,
  coin_name: list.coin_name,
  symbol: list.symbol,
  token_address: list.token_address,
  pool_created_at: list.pool_created_at,
  price: list.price,
  change_m5: list.change_m5,
  change_h1: list.change_h1,
  change_h6: list.change_h6,
  change_h24: list.change_h24,
  total_tx: list.total_tx,
  volume: list.volume,
  liquidity: list.liquidity,
  market_cap: list.market_cap,
  fdv: list.fdv,
  score: list.score,
};

type ListSelectRow = Pick<typeof dexTokenList.$inferSelect, keyof typeof listColumns>;

/** The list row of a stored row; undefined for one that breaks core's row schema. */
function toListRow(row: ListSelectRow): ListRow | undefined {
  const parsed = listRowSchema.safeParse({
    id: row.token_id,
    CoinName: row.coin_name,
    symbol: row.symbol,
    tokenAddress: row.token_address,
    chainName: row.chain_name,
    price: row.price,
    age: row.pool_created_at ? row.pool_created_at.toISOString() : null,
    totalTransactions: row.total_tx,
    pricePercentage: {
      m5: row.change_m5,
      h1: row.change_h1,
      h6: row.change_h6,
      h24: row.change_h24,
    },
    volume: row.volume,
    liquidity: row.liquidity,
    Mcap: row.market_cap,
    fdv: row.fdv,
    score: row.score,
  });
  return parsed.success ? parsed.data : undefined;
}

/**
 * The version of what the DEX list is made of: the sum of the DEX and reports loads' versions (0
 * before the first load). A CEX load leaves it alone: the list holds nothing of the CEX markets,
 * so the list index, here or on another instance, is not read again for one.
 */
export async function listDataVersion(db: Pick<Database, 'select'>): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${researchSync.version}), 0)` })
    .from(researchSync)
    .where(inArray(researchSync.kind, LIST_KINDS));
  return Number(row?.total ?? 0);
}

/** The research kinds whose loads change the DEX list: its pools, and its scores. */
const LIST_KINDS: ResearchKind[] = ['dex', 'security'];

/** Reads of the DEX research data: list pages, rows by id, token details. No writes (see `ResearchIngest`). */
export class TokensRepository {
  /**
   * The two queries of every list page and detail, prepared once: the SQL is built a single
   * time, and PostgreSQL plans a named statement once per connection. One array parameter
   * serves any page size.
   */
  private readonly rowsByIds;
  private readonly detailById;
  /**
   * Every list row as the list index last loaded it (see {@link listIndexData}): a list page
   * takes its rows from here instead of a query. In-process PGlite runs a query on the event
   * loop, and at 100,000 pools that query and the parsing of its answer were half of an
   * uncached list's CPU. Dropped by {@link forgetLoadedRows} when a load commits.
   */
  private loadedRows = new Map<string, ListRow>();
  /** Rows replaced while {@link listIndexData} reads every row: replaced again in what it read. */
  private replacedDuringRead:
    { rows: readonly ListSelectRow[]; removed: readonly string[] }[] | undefined;

  constructor(
    private readonly db: Database,
    /** Told of a stored row that breaks core's row schema: it is left out of every list. */
    private readonly onInvalidRow: (tokenId: string) => void = () => {},
  ) {
    this.rowsByIds = db
      .select(listColumns)
      .from(list)
      .where(sql`${list.token_id} = any(${sql.placeholder('ids')})`)
      .prepare('dex_list_rows_by_ids');
    // The whole detail is one json value of one statement (see `detailJson`).
    const report = securityReports;
    this.detailById = db
      .select({ detail: detailJson() })
      .from(report)
      .leftJoin(list, eq(list.token_id, report.token_id))
      .where(eq(report.token_id, sql.placeholder('id')))
      .limit(1)
      .prepare('dex_token_detail_by_id');
  }

  /**
   * The list rows of `ids` in their order, those not found left out: the rows held in memory
   * as they are when all are held (a list page's case), else through {@link listRows}.
   */
  async listRowsInOrder(ids: readonly string[]): Promise<ListRow[]> {
    const rows = new Array<ListRow>(ids.length);
    for (let i = 0; i < ids.length; i += 1) {
      const row = this.loadedRows.get(ids[i]!);
      if (row === undefined) {
        const byId = await this.listRows(ids);
        return ids.flatMap((id) => byId.get(id) ?? []);
      }
      rows[i] = row;
    }
    return rows;
  }

  /**
   * List rows of the given token ids that exist, by id: from the rows the list index loaded,
   * and one primary-key query for any it did not (none, unless a load has just committed).
   */
  async listRows(ids: readonly string[]): Promise<Map<string, ListRow>> {
    const found = new Map<string, ListRow>();
    const missing: string[] = [];
    for (const id of ids) {
      const row = this.loadedRows.get(id);
      if (row) found.set(id, row);
      else missing.push(id);
    }
    if (missing.length === 0) return found;
    const rows = await this.rowsByIds.execute({ ids: missing });
    for (const row of rows) {
      const listed = toListRow(row);
      if (listed) found.set(row.token_id, listed);
      else this.onInvalidRow(row.token_id);
    }
    return found;
  }

  /** After a load: rows are read from the database again until the index reloads them. */
  forgetLoadedRows(): void {
    this.loadedRows = new Map();
  }

  /**
   * After a load that handed on the list rows it changed (`ResearchIngest`'s `ListChange`):
   * those rows replace the kept ones and `removed` go, the other rows stay kept. Returns the
   * list index's rows of the written rows that pass the row schema (one that does not is left
   * out, as {@link listIndexData} leaves it out, and its id is among `dropped`).
   */
  replaceLoadedRows(
    rows: readonly ListSelectRow[],
    removed: readonly string[],
  ): { index: ListIndexRow[]; dropped: string[] } {
    // A read of every row running now may have read these rows before the load committed.
    this.replacedDuringRead?.push({ rows, removed });
    const loaded = this.loadedRows;
    for (const id of removed) loaded.delete(id);
    const index: ListIndexRow[] = [];
    const dropped: string[] = [];
    const number = (value: number | null) => value ?? Number.NaN;
    for (const row of rows) {
      const listed = toListRow(row);
      if (!listed) {
        this.onInvalidRow(row.token_id);
        loaded.delete(row.token_id);
        dropped.push(row.token_id);
        continue;
      }
      loaded.set(row.token_id, listed);
      index.push({
        id: row.token_id,
        chain: CHAIN_CODE_VALUES.indexOf(row.chain_name),
        createdAt: row.pool_created_at?.getTime() ?? Number.NaN,
        score: number(row.score),
        liquidity: number(row.liquidity),
        volume: number(row.volume),
        changeH24: number(row.change_h24),
      });
    }
    return { index, dropped };
  }

  async exists(id: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: list.token_id })
      .from(list)
      .where(eq(list.token_id, id))
      .limit(1);
    return row !== undefined;
  }

  /**
   * The primary pool of a listed token as the stored list row has it (the provider's rows: a
   * chain our indexer serves has its own pools), with its quote token's symbol and the row's
   * price source; undefined for a token without a row.
   */
  async primaryPool(tokenId: string): Promise<StoredPrimaryPool | undefined> {
    const [row] = await this.db
      .select({
        tokenAddress: list.token_address,
        poolAddress: list.pool_address,
        quoteSymbol: dexPools.quote_token_symbol,
        priceSource: list.price_source,
      })
      .from(list)
      .leftJoin(dexPools, eq(dexPools.id, list.pool_id))
      .where(eq(list.token_id, tokenId))
      .limit(1);
    return row;
  }

  /**
   * The providers' stored scores of some tokens, by id, each with a stamp that changes whenever
   * the report or any engine's report behind it is written again: what the indexed list rows
   * read every refresh (the reports themselves only where they must be combined with ours).
   */
  async reportScores(
    ids: readonly string[],
  ): Promise<Map<string, { totalScore: number; riskLevel: RiskLevel; stamp: string }>> {
    if (ids.length === 0) return new Map();
    const engine = securityEngineReports;
    const rows = await this.db
      .select({
        id: securityReports.token_id,
        totalScore: securityReports.total_score,
        riskLevel: securityReports.risk_level,
        stamp: sql<string>`concat_ws('|', ${securityReports.fetched_at}, ${securityReports.total_score}, (
          select max(${engine.fetched_at}) from ${engine} where ${engine.token_id} = ${securityReports.token_id}
        ))`,
      })
      .from(securityReports)
      .where(inArray(securityReports.token_id, [...ids]));
    return new Map(
      rows.map(({ id, totalScore, riskLevel, stamp }) => [
        id,
        { totalScore, riskLevel: riskLevel as RiskLevel, stamp },
      ]),
    );
  }

  /** The providers' stored reports of some tokens, with each engine's own, by id. */
  reportsOf(ids: readonly string[]): Promise<Map<string, StoredProviderReport>> {
    return providerReportsOf(this.db, ids);
  }

  /** The version of the DEX list's data (see {@link listDataVersion}). */
  dataVersion(): Promise<number> {
    return listDataVersion(this.db);
  }

  /**
   * The filter and sort columns of every list row, for `TokenListIndex`; the rows themselves
   * are kept for {@link listRows}, so the index and the rows it pages through are of one read.
   */
  async listIndexData(): Promise<ListIndexData> {
    const version = await this.dataVersion();
    const replaced: NonNullable<typeof this.replacedDuringRead> = [];
    this.replacedDuringRead = replaced;
    let selected;
    try {
      selected = await this.db.select(listColumns).from(list);
    } finally {
      if (this.replacedDuringRead === replaced) this.replacedDuringRead = undefined;
    }
    const loaded = new Map<string, ListRow>();
    const rows = selected.flatMap((row) => {
      const listed = toListRow(row);
      if (!listed) {
        this.onInvalidRow(row.token_id);
        return [];
      }
      loaded.set(row.token_id, listed);
      return {
        id: row.token_id,
        chain: row.chain_name,
        createdAt: row.pool_created_at?.getTime() ?? null,
        score: row.score,
        liquidity: row.liquidity,
        volume: row.volume,
        changeH24: row.change_h24,
      };
    });
    this.loadedRows = loaded;
    for (const change of replaced) this.replaceLoadedRows(change.rows, change.removed);
    const n = rows.length;
    const columns = {
      ids: new Array<string>(n),
      chain: new Uint8Array(n),
      createdAt: new Float64Array(n),
      score: new Float64Array(n),
      liquidity: new Float64Array(n),
      volume: new Float64Array(n),
      changeH24: new Float64Array(n),
    };
    const number = (value: number | string | null) => (value === null ? Number.NaN : Number(value));
    rows.forEach((row, i) => {
      columns.ids[i] = row.id;
      columns.chain[i] = CHAIN_CODE_VALUES.indexOf(row.chain);
      columns.createdAt[i] = number(row.createdAt);
      columns.score[i] = number(row.score);
      columns.liquidity[i] = number(row.liquidity);
      columns.volume[i] = number(row.volume);
      columns.changeH24[i] = number(row.changeH24);
    });
    return { version, columns };
  }

  /**
   * The detail of a token by id, when a security report exists for it: one prepared query
   * (the report, its list row and every engine's report).
   */
  async detail(tokenId: string): Promise<TokenDetailRecord | undefined> {
    const [found] = await this.detailById.execute({ id: tokenId });
    return found ? detailRecordOf(found.detail) : undefined;
  }

  /**
   * The details of every token with a report, `limit` at a time in token id order after
   * `afterId` (`TokenDetailModel`'s eager load, a page per statement so that requests are
   * served between pages).
   */
  async detailPage(afterId: string, limit: number): Promise<TokenDetailRecord[]> {
    const report = securityReports;
    const rows = await this.db
      .select({ detail: detailJson() })
      .from(report)
      .leftJoin(list, eq(list.token_id, report.token_id))
      .where(sql`${report.token_id} > ${afterId}`)
      .orderBy(report.token_id)
      .limit(limit);
    return rows.map((row) => detailRecordOf(row.detail));
  }

  /** The details of those of `ids` that have a report, by id (one statement). */
  async detailsOf(ids: readonly string[]): Promise<Map<string, TokenDetailRecord>> {
    if (ids.length === 0) return new Map();
    const report = securityReports;
    const rows = await this.db
      .select({ detail: detailJson() })
      .from(report)
      .leftJoin(list, eq(list.token_id, report.token_id))
      .where(inArray(report.token_id, [...ids]));
    return new Map(
      rows.map((row) => {
        const record = detailRecordOf(row.detail);
        return [record.tokenId, record];
      }),
    );
  }
}

/**
 * The whole detail of a token as one json value: the report row, its list row and every
 * engine's own report (as an array, in engine order). In-process PGlite runs each statement on
 * the event loop, and decoding a row column by column (about 60 of them) cost four times what
 * one json value does; a second statement was a second pass through its protocol. Numerics go
 * as text, as the driver gives them; the rest keeps its json type.
 */
function detailJson() {
  const report = securityReports;
  const engine = securityEngineReports;
  return sql<DetailJson | string>`json_build_object(
    'report', row_to_json(${report}),
    'totalSupply', ${report.total_supply}::text,
    'ownerBalance', ${report.owner_balance}::text,
    'listed', ${list.token_id},
    'coinName', ${list.coin_name},
    'listSymbol', ${list.symbol},
    'price', ${list.price},
    'liquidity', ${list.liquidity},
    'fdv', ${list.fdv},
    'pairAddress', ${list.pool_address},
    'priceSource', ${list.price_source},
    'engines', (
      select coalesce(
        json_agg(
          json_build_object('engine', ${engine.engine}, 'report', ${engine.report}, 'fetchedAt', ${engine.fetched_at})
          order by ${engine.engine}
        ),
        '[]'::json
      )
      from ${engine}
      where ${engine.token_id} = ${report.token_id}
    )
  )`;
}

/** The detail record of the detail statement's json value (a string when the driver hands text). */
function detailRecordOf(found: DetailJson | string): TokenDetailRecord {
  const row = typeof found === 'string' ? (JSON.parse(found) as DetailJson) : found;
  const report: ReportRow = {
    ...row.report,
    total_supply: row.totalSupply,
    owner_balance: row.ownerBalance,
    fetched_at: new Date(row.report.fetched_at),
  };
  const reportTokenName =
    report.token_name ?? report.metadata?.name ?? report.token_symbol ?? report.address;
  const reportSymbol = report.token_symbol ?? report.metadata?.symbol ?? null;
  return {
    tokenId: report.token_id,
    chainName: report.chain_name,
    address: report.address,
    tokenName: row.coinName ?? reportTokenName,
    symbol: row.listSymbol ?? reportSymbol,
    reportTokenName,
    reportSymbol,
    report: toSecurityReport(report),
    trustedToken: report.trusted_token,
    totalScore: report.total_score,
    riskLevel: report.risk_level as RiskLevel,
    reportProvider: report.provider,
    reportFetchedAt: report.fetched_at,
    engines: enginesOf(row.engines),
    market:
      row.listed === null
        ? null
        : {
            price: row.price,
            liquidity: row.liquidity,
            fdv: row.fdv,
            pairAddress: row.pairAddress!,
            priceSource: row.priceSource ?? report.provider,
          },
    listing:
      row.listed === null
        ? null
        : {
            coinName: row.coinName!,
            symbol: row.listSymbol!,
            price: row.price,
            liquidity: row.liquidity,
            fdv: row.fdv,
            pairAddress: row.pairAddress!,
            priceSource: row.priceSource,
          },
  };
}

/**
 * The providers' stored reports of some tokens, with each engine's own, by id; read through
 * `db`, which may be a load's transaction (the research ingest scores the list rows of tokens
 * our analyzer judged from the reports it has just written).
 */
export async function providerReportsOf(
  db: Pick<Database, 'select'>,
  ids: readonly string[],
): Promise<Map<string, StoredProviderReport>> {
  if (ids.length === 0) return new Map();
  const [reports, engines] = await Promise.all([
    db
      .select()
      .from(securityReports)
      .where(inArray(securityReports.token_id, [...ids])),
    db
      .select({
        id: securityEngineReports.token_id,
        engine: securityEngineReports.engine,
        report: securityEngineReports.report,
      })
      .from(securityEngineReports)
      .where(inArray(securityEngineReports.token_id, [...ids]))
      .orderBy(securityEngineReports.token_id, securityEngineReports.engine),
  ]);
  const found = new Map<string, StoredProviderReport>();
  for (const row of reports) {
    found.set(row.token_id, {
      report: toSecurityReport(row),
      engines: [],
      reportProvider: row.provider,
      trustedToken: row.trusted_token,
      totalScore: row.total_score,
      riskLevel: row.risk_level as RiskLevel,
    });
  }
  for (const { id, engine, report } of engines) found.get(id)?.engines.push({ engine, report });
  return found;
}

/** The providers' report of a token as the verdict reads it (see `token-verdict.ts`). */
export interface StoredProviderReport {
  report: SecurityReport;
  /** In engine order; empty for a report stored before the engines were kept apart. */
  engines: { engine: string; report: SecurityReport }[];
  reportProvider: string;
  trustedToken: 0 | 1 | null;
  totalScore: number;
  riskLevel: RiskLevel;
}

/** A listed token's primary pool (see {@link TokensRepository.primaryPool}). */
export interface StoredPrimaryPool {
  tokenAddress: string;
  poolAddress: string;
  /** Null when the pool row is gone (the list row is rebuilt with the pools, so rarely). */
  quoteSymbol: string | null;
  /** The list row's `priceProvider`, null on rows written before it was stored. */
  priceSource: string | null;
}

type ReportRow = typeof securityReports.$inferSelect;

/** An engine's report as the detail query aggregates it (json: the time is a string). */
interface EngineRow {
  engine: string;
  report: SecurityReport;
  fetchedAt: string;
}

/**
 * The detail query's one json value (a driver that hands json back as text has it parsed):
 * the report row as `row_to_json` writes it (its time a string; its numerics, which json
 * would turn into lossy numbers, beside it as text) and the list row's columns, null when the
 * token is not listed.
 */
interface DetailJson {
  report: Omit<ReportRow, 'fetched_at'> & { fetched_at: string };
  totalSupply: string | null;
  ownerBalance: string | null;
  listed: string | null;
  coinName: string | null;
  listSymbol: string | null;
  price: number | null;
  liquidity: number | null;
  fdv: number | null;
  pairAddress: string | null;
  priceSource: string | null;
  engines: EngineRow[];
}

/** The engines' reports of the detail query, their times as dates. */
function enginesOf(rows: EngineRow[]): TokenDetailRecord['engines'] {
  return rows.map(({ engine, report, fetchedAt }) => ({
    engine,
    report,
    fetchedAt: new Date(fetchedAt),
  }));
}

/** The report fields of a stored row, in the shape of `securityReportSchema`. */
function toSecurityReport(row: typeof securityReports.$inferSelect): SecurityReport {
  return {
    hidden_owner: row.hidden_owner,
    selfdestruct: row.selfdestruct,
    is_honeypot: row.is_honeypot,
    honeypot_with_same_creator: row.honeypot_with_same_creator,
    is_proxy: row.is_proxy,
    cannot_buy: row.cannot_buy,
    total_supply: row.total_supply,
    holder_count: row.holder_count,
    transfer_pausable: row.transfer_pausable,
    trading_cooldown: row.trading_cooldown,
    owner_percent: row.owner_percent,
    is_whitelisted: row.is_whitelisted,
    is_blacklisted: row.is_blacklisted,
    is_in_dex: row.is_in_dex,
    is_open_source: row.is_open_source,
    sell_tax: row.sell_tax,
    buy_tax: row.buy_tax,
    creator_percent: row.creator_percent,
    owner_balance: row.owner_balance,
    can_take_back_ownership: row.can_take_back_ownership,
    slippage_modifiable: row.slippage_modifiable,
    external_call: row.external_call,
    cannot_sell_all: row.cannot_sell_all,
    personal_slippage_modifiable: row.personal_slippage_modifiable,
    is_anti_whale: row.is_anti_whale,
    is_mintable: row.is_mintable,
    owner_change_balance: row.owner_change_balance,
    anti_whale_modifiable: row.anti_whale_modifiable,
    lp_holders: row.lp_holders,
    non_transferable: row.non_transferable,
    dexDetails: row.dex_details,
    holders: row.holders,
    mintable: row.mintable,
    freezable: row.freezable,
    metadata: row.metadata,
    creators: row.creators,
    metadata_mutable: row.metadata_mutable,
    transfer_fee: row.transfer_fee,
    transfer_fee_upgradable: row.transfer_fee_upgradable,
    transfer_hook: row.transfer_hook,
    transfer_hook_upgradable: row.transfer_hook_upgradable,
    default_account_state: row.default_account_state,
    default_account_state_upgradable: row.default_account_state_upgradable,
    balance_mutable_authority: row.balance_mutable_authority,
    closable: row.closable,
    unmeasurable_fields: row.unmeasurable_fields,
  };
}
