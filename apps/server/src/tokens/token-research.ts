import {
  CHAIN_CODES,
  chainFamilyOf,
  checkAddressForChain,
  combineReports,
  engineVerdictsOf,
  scoreSecurityReport,
  simulatedFields,
  cexMessages,
  tokenItemId,
  tokenMessages,
  totalPages,
  type CexListQuery,
  type CexPriceResponse,
  type CexTokenListItem,
  type CexTokenListResponse,
  type CandlesQuery,
  type CandlesResponse,
  type ChainCode,
  type EngineReport,
  type RiskLevel,
  type ScanEvidence,
  type SecurityReport,
  type TokenByIdResponse,
  type TokenDetailResponse,
  type TokenListItem,
  type TokenListQuery,
  type TradesQuery,
  type TradesResponse,
  resolveCandleRange,
} from '@vaultscope/core';
import type { Clock } from '../lib/clock';
import { BadRequestError, NotFoundError } from '../lib/errors';
import type { CexRepository } from './cex-repository';
import { INDEXER_PROVIDER_LABEL, type IndexedMarket } from './indexed-market';
import type { MarketSource } from './market-source';
import type { ProviderCandles } from './provider-candles';
import type { ListOrder, TokenListIndex } from './token-list-index';
import type { ListPage } from './list-json';
import type { ListRow, TokensRepository } from './tokens-repository';

/** Which of `ids` a user has favourited; composed in by the app from the favourites feature. */
export type FavouritesAmong = (
  userId: string,
  type: 'DEX' | 'CEX',
  ids: readonly string[],
) => Promise<Set<string>>;

/** A report of our own analyzer, as the detail shows it. */
export interface AnalyzerReport {
  source: 'analyzer';
  chainId: number;
  address: string;
  name: string | null;
  symbol: string | null;
  decimals: number | null;
  blockNumber: bigint;
  blockHash: string | null;
  scannedAt: Date;
  report: SecurityReport;
  evidence: ScanEvidence;
  totalScore: number;
  riskLevel: RiskLevel;
  /** A fresh scan is queued or running. */
  rescanning: boolean;
}

/** Who asks for a detail: scans on demand are limited per account or per client address. */
export interface DetailCaller {
  userId?: string | undefined;
  ip: string;
}

/**
 * The analyzer's reports, composed in by the app from the scam feature: the stored report of a
 * token, or (`scanIfMissing`) a scan on demand that answers within its time budget or throws
 * 404 'Record not found, will get back shortly' while it runs on.
 */
export interface AnalyzerReports {
  lookup(
    target: { chainId: number; address: string },
    caller: DetailCaller,
    options: { scanIfMissing: boolean },
  ): Promise<AnalyzerReport | undefined>;
}

export interface TokenResearchDeps {
  tokens: TokensRepository;
  cex: CexRepository;
  index: TokenListIndex;
  clock: Clock;
  favouritesAmong: FavouritesAmong;
  /** Absent: a token without a provider's report is a 404, as before the analyzer. */
  analyzer?: AnalyzerReports;
  /**
   * The indexed chains' rows and figures, and the indexer's candles and trades. Absent (or a
   * chain it does not serve): the snapshot's figures and no candles or trades.
   */
  market?: { rows: IndexedMarket; source: MarketSource };
  /** `priceProvider` of the snapshot's figures (the DEX provider's `priceLabel`). */
  snapshotPriceLabel?: string;
  /**
   * Candles of the chains our indexer does not serve, from the live DEX provider (one that keeps
   * price history: GeckoTerminal), of the primary pool the stored list row names. Only `chains`
   * are asked (`RESEARCH_SOURCES` market `live` or `both`). Absent: such tokens have no candles.
   */
  providerCandles?: { source: ProviderCandles; chains: readonly ChainCode[] };
  /**
   * Live mode only: a detail whose provider report is missing or older than `ttlMs` asks for a
   * fresh one (`request`, which does not wait) and answers with what is stored. Absent for the
   * snapshot, a recording that no request can refresh.
   */
  reportRefresh?: {
    ttlMs: number;
    request(token: { chainName: ChainCode; address: string }): void;
  };
}

/** The detail's `priceProvider` for a token known only to our analyzer (no market data). */
export const ANALYZER_PROVIDER_LABEL = 'Vaultscope analyzer';

const NONE: ReadonlySet<string> = new Set();

/** How many of an indexed token's largest holders the detail lists (as DexScreener's top 10). */
const TOP_HOLDERS = 10;

/** The chain code of a token id (`eth_0xab…` → `eth`). */
function chainOfId(id: string): ChainCode | undefined {
  // Codes hold underscores too (`polygon_pos`), so the code is the one the id starts with.
  return CHAIN_CODES.find((chain) => id.startsWith(`${chain.code}_`))?.code;
}

/** The chain id of a research chain code (`eth` → 1). */
export function chainIdOf(code: ChainCode): number {
  return CHAIN_CODES.find((chain) => chain.code === code)!.chainId;
}
const flag = (on: boolean) => (on ? (1 as const) : (0 as const));

/**
 * The token research read side: DEX lists, details and rows, CEX lists and price pages, each
 * with `is_favourite` for the caller. Routes call this; it calls the repositories.
 */
export class TokenResearch {
  constructor(private readonly deps: TokenResearchDeps) {}

  /** Forget derived copies of the data (after a load in this process). */
  invalidate(): void {
    this.deps.tokens.forgetLoadedRows();
    this.deps.index.invalidate();
  }

  private async favourites(userId: string | undefined, type: 'DEX' | 'CEX', ids: string[]) {
    return userId && ids.length > 0 ? this.deps.favouritesAmong(userId, type, ids) : NONE;
  }

  /**
   * A page of a DEX list: ids and total from the list index, the rows from memory or one
   * primary-key query; written by `listPageJson`.
   */
  async list(order: ListOrder, query: TokenListQuery, userId?: string): Promise<ListPage> {
    const { page, page_size } = query;
    const { ids, total } = await this.deps.index.page(
      query,
      order,
      (page - 1) * page_size,
      page_size,
      this.deps.clock.now(),
    );
    const [byId, favourites] = await Promise.all([
      this.rowsById(ids),
      this.favourites(userId, 'DEX', ids),
    ]);
    // A row removed by a load since the index was read is left out, never invented.
    const rows = ids.flatMap((id) => byId.get(id) ?? []);
    return { rows, favourites, totalPages: totalPages(total, page_size), page, page_size };
  }

  /** List rows by id: indexed chains' from memory, the others in one primary-key query. */
  private async rowsById(ids: readonly string[]): Promise<Map<string, ListRow>> {
    const market = this.deps.market?.rows;
    if (!market) return this.deps.tokens.listRows(ids);
    const found = new Map<string, ListRow>();
    const rest: string[] = [];
    for (const id of ids) {
      const row = market.row(id);
      if (row) found.set(id, row);
      // A snapshot row of a chain the indexer serves is not shown: one source per chain.
      else {
        const chain = chainOfId(id);
        if (!chain || !market.serves(chain)) rest.push(id);
      }
    }
    if (rest.length === 0) return found;
    const stored = await this.deps.tokens.listRows(rest);
    return new Map(
      ids.flatMap((id) => {
        const row = found.get(id) ?? stored.get(id);
        return row ? [[id, row] as const] : [];
      }),
    );
  }

  /** The address in display form and the token id, or a 400 with the spec-style message. */
  private tokenId(chainName: ChainCode, address: string): { id: string; address: string } {
    const checked = checkAddressForChain(chainName, address);
    if (!checked.ok) throw new BadRequestError(checked.message);
    return { id: tokenItemId(chainName, checked.address), address: checked.address };
  }

  /**
   * The token detail with score. The report is our analyzer's when it has judged the token (it
   * carries its block, time and evidence), else the provider's (the snapshot's); a token with
   * neither is scanned on demand, which answers within its time budget or 404s 'Record not
   * found, will get back shortly' while the scan runs on (see `TokenScans`).
   */
  async detail(
    address: string,
    network: ChainCode,
    caller: DetailCaller = { ip: '' },
  ): Promise<TokenDetailResponse> {
    const { id, address: display } = this.tokenId(network, address);
    const target = { chainId: chainIdOf(network), address: display };
    const { analyzer } = this.deps;
    const [record, stored] = await Promise.all([
      this.deps.tokens.detail(id),
      analyzer?.lookup(target, caller, { scanIfMissing: false }),
    ]);
    const refresh = this.deps.reportRefresh;
    if (
      refresh &&
      (!record ||
        this.deps.clock.now().getTime() - record.reportFetchedAt.getTime() > refresh.ttlMs)
    ) {
      refresh.request({ chainName: network, address: display });
    }
    let scan = stored;
    if (!record && !scan) {
      if (!analyzer) throw new NotFoundError(tokenMessages.recordNotFound);
      scan = await analyzer.lookup(target, caller, { scanIfMissing: true });
      if (!scan) throw new NotFoundError(tokenMessages.recordNotFound);
    }
    const [favourite, activity] = await Promise.all([
      this.favourites(caller.userId, 'DEX', [id]).then((ids) => ids.has(id)),
      this.indexedActivity(network, id),
    ]);
    const market = this.marketOf(network, id, record?.market ?? null);
    const trustedToken = record?.trustedToken ?? null;
    // Every engine that judged the token, ours first (it read the chain at a known block and
    // keeps its evidence), then the providers' by name; with more than one, the report and the
    // score are their combined verdict (core's `combineReports`).
    const engines: EngineReport[] = [
      ...(scan
        ? [{ engine: 'analyzer', report: scan.report, simulated: simulatedFields(scan.evidence) }]
        : []),
      ...(record
        ? record.engines.length > 0
          ? record.engines.map(({ engine, report }) => ({ engine, report }))
          : [{ engine: record.reportProvider, report: record.report }]
        : []),
    ];
    const verdict = engines.length > 1 ? combineReports(engines) : null;
    const report = verdict?.report ?? scan?.report ?? record!.report;
    // A scan's stored score knows no trust flag; the provider's may (stablecoins, wrapped coins).
    const score = verdict
      ? scoreSecurityReport(report, chainFamilyOf(network), { trustedToken })
      : scan
        ? trustedToken === null
          ? { totalScore: scan.totalScore, riskLevel: scan.riskLevel }
          : scoreSecurityReport(scan.report, chainFamilyOf(network), { trustedToken })
        : { totalScore: record!.totalScore, riskLevel: record!.riskLevel };
    const symbol = record?.symbol ?? scan?.symbol ?? null;
    const detail: TokenDetailResponse = {
      id,
      tokenName: record?.tokenName ?? scan?.name ?? scan?.symbol ?? display,
      ...(symbol === null ? {} : { symbol }),
      tokenAddress: record?.address ?? scan!.address,
      chainName: network,
      price: market?.price ?? null,
      fdv: market?.fdv ?? null,
      liquidity: market?.liquidity ?? null,
      priceProvider: market?.priceSource ?? record?.reportProvider ?? ANALYZER_PROVIDER_LABEL,
      pairAddress: market?.pairAddress ?? null,
      isVaultscope: flag(market !== null),
      totalScore: score.totalScore,
      riskLevel: score.riskLevel,
      trusted_token: trustedToken,
      tokenDetails: report,
      is_favourite: flag(favourite),
      ...activity,
      scan: scan
        ? {
            source: scan.source,
            chainId: scan.chainId,
            blockNumber: scan.blockNumber.toString(),
            blockHash: scan.blockHash,
            scannedAt: scan.scannedAt.toISOString(),
            decimals: scan.decimals,
            evidence: scan.evidence,
            rescanning: scan.rescanning,
          }
        : null,
      engineVerdicts: verdict ? engineVerdictsOf(verdict) : null,
    };
    if (chainFamilyOf(network) !== 'solana') return detail;
    const { dexDetails, holders, mintable, freezable, metadata, creators } = report;
    return { ...detail, dexDetails, holders, mintable, freezable, metadata, creators };
  }

  /**
   * The detail's market figures: the indexer's for a chain it serves (null for a token none of
   * its pools hold), else the snapshot's.
   */
  private marketOf(
    network: ChainCode,
    id: string,
    stored: NonNullable<Awaited<ReturnType<TokensRepository['detail']>>>['market'],
  ) {
    const market = this.deps.market?.rows;
    if (!market?.serves(network)) return stored;
    const token = market.token(id);
    if (!token) return null;
    return {
      price: token.priceUsd,
      liquidity: token.liquidityUsd,
      fdv: token.fdvUsd,
      pairAddress: token.pairAddress,
      priceSource: INDEXER_PROVIDER_LABEL,
    };
  }

  /**
   * The indexer's trading and holder figures of a token, for a chain it serves: buys, sells and
   * volume per window of the primary pool, the holder count and the largest holders. A token no
   * indexed pool holds has them null; off indexed chains they are absent (the snapshot has none).
   */
  private async indexedActivity(
    network: ChainCode,
    id: string,
  ): Promise<Pick<TokenDetailResponse, 'tradeWindows' | 'holderCount' | 'holders'>> {
    const market = this.deps.market;
    if (!market?.rows.serves(network)) return {};
    const token = market.rows.token(id);
    if (!token) return { tradeWindows: null, holderCount: null, holders: null };
    const [tradeWindows, holders] = await Promise.all([
      market.source.tradeWindows(token.chainId, token.pairAddress),
      market.source.holders(token.chainId, token.address, TOP_HOLDERS),
    ]);
    return { tradeWindows, holderCount: holders.count, holders: holders.top };
  }

  /** The indexed token behind a request, or why there is none (the header of both answers). */
  private marketTarget(address: string, network: ChainCode) {
    const { id, address: display } = this.tokenId(network, address);
    const market = this.deps.market;
    const token = market?.rows.serves(network) ? market.rows.token(id) : undefined;
    return {
      id,
      indexed: market?.rows.serves(network) ?? false,
      token,
      source: market?.source,
      header: {
        chainName: network,
        tokenAddress: token?.address ?? display,
        pairAddress: token?.pairAddress ?? null,
        quoteSymbol: token?.quoteSymbol ?? null,
        priceProvider: market?.rows.serves(network)
          ? INDEXER_PROVIDER_LABEL
          : (this.deps.snapshotPriceLabel ?? INDEXER_PROVIDER_LABEL),
      },
    };
  }

  /**
   * Candles of the token's primary pool. On a chain our indexer serves they are the indexer's,
   * and a token no indexed pool holds has none: an empty list, which the chart shows as "no
   * trades yet". On another chain they are the live DEX provider's for the pool the stored list
   * row names (`providerCandles`), with that row's pool, quote and price source in the header;
   * without such a provider or row there are none.
   */
  async candles(address: string, query: CandlesQuery): Promise<CandlesResponse> {
    const range = resolveCandleRange(query, Math.floor(this.deps.clock.now().getTime() / 1000));
    if (!range.ok) throw new BadRequestError(range.message);
    const { id, indexed, token, source, header } = this.marketTarget(address, query.network);
    const answer = (head: typeof header, candles: CandlesResponse['candles']) => ({
      ...head,
      interval: range.interval,
      from: range.from,
      to: range.to,
      candles,
    });
    const live = this.deps.providerCandles;
    if (!indexed && live?.chains.includes(query.network)) {
      const pool = await this.deps.tokens.primaryPool(id);
      if (pool) {
        const candles = await live.source.candles(query.network, pool.poolAddress, range);
        return answer(
          {
            chainName: query.network,
            tokenAddress: pool.tokenAddress,
            pairAddress: pool.poolAddress,
            quoteSymbol: pool.quoteSymbol,
            priceProvider: pool.priceSource ?? header.priceProvider,
          },
          candles,
        );
      }
    }
    const candles =
      token && source
        ? await source.candles(
            token.chainId,
            token.pairAddress,
            range.interval,
            range.from,
            range.to,
          )
        : [];
    return answer(header, candles);
  }

  /** The latest trades of the token's primary pool, newest first (none without an indexed pool). */
  async trades(address: string, query: TradesQuery): Promise<TradesResponse> {
    const { token, source, header } = this.marketTarget(address, query.network);
    const trades =
      token && source ? await source.trades(token.chainId, token.pairAddress, query.limit) : [];
    return { ...header, trades };
  }

  /** One DEX token as a list row. */
  async byId(address: string, chainName: ChainCode, userId?: string): Promise<TokenByIdResponse> {
    const { id } = this.tokenId(chainName, address);
    const row = (await this.rowsById([id])).get(id);
    if (!row) throw new NotFoundError(tokenMessages.recordNotFound);
    const favourite = (await this.favourites(userId, 'DEX', [id])).has(id);
    return { tokenDetails: { ...row, is_favourite: flag(favourite) } };
  }

  /** DEX list rows by id, as favourites (watch list details). */
  async dexFavouriteRows(ids: string[]): Promise<Map<string, TokenListItem>> {
    const rows = await this.rowsById(ids);
    return new Map([...rows].map(([id, row]) => [id, { ...row, is_favourite: 1 as const }]));
  }

  async dexExists(id: string): Promise<boolean> {
    return this.deps.market?.rows.row(id) !== undefined || this.deps.tokens.exists(id);
  }

  /** A page of CEX coins by market-cap rank. */
  async cexList(query: CexListQuery, userId?: string): Promise<CexTokenListResponse> {
    const { page, page_size } = query;
    const { rows, total } = await this.deps.cex.list({
      chainName: query.chainName,
      offset: (page - 1) * page_size,
      limit: page_size,
    });
    const favourites = await this.favourites(
      userId,
      'CEX',
      rows.map((row) => row.id),
    );
    return {
      tokenDetails: rows.map((row) => ({ ...row, is_favourite: flag(favourites.has(row.id)) })),
      totalPages: totalPages(total, page_size),
      page,
      page_size,
    };
  }

  /** The CEX price page of a coin, by contract address or market id. */
  async cexPrice(tokenAddress: string, userId?: string): Promise<CexPriceResponse> {
    const found = await this.deps.cex.byTokenAddress(tokenAddress);
    if (!found) throw new NotFoundError(cexMessages.notFound);
    const favourite = (await this.favourites(userId, 'CEX', [found.row.id])).has(found.row.id);
    return { ...found.row, is_favourite: flag(favourite), market: found.market };
  }

  /** CEX list rows by market id, as favourites (watch list details). */
  async cexFavouriteRows(ids: string[]): Promise<Map<string, CexTokenListItem>> {
    const rows = await this.deps.cex.listRows(ids);
    return new Map([...rows].map(([id, row]) => [id, { ...row, is_favourite: 1 as const }]));
  }

  cexExists(id: string): Promise<boolean> {
    return this.deps.cex.exists(id);
  }
}
