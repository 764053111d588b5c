import {
  CHAIN_CODES,
  addressKey,
  chainFamilyOf,
  checkAddressForChain,
  engineVerdictsOf,
  cexMessages,
  tokenItemId,
  chainOfItemId,
  tokenMessages,
  totalPages,
  type CexListQuery,
  type CexPriceResponse,
  type CexTokenListItem,
  type CexTokenListResponse,
  type CandlesQuery,
  type CandlesResponse,
  type ChainCode,
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
import { tokenVerdict, type AnalyzerJudgement } from './token-verdict';
import type { ListOrder, TokenListIndex } from './token-list-index';
import type { ListPage } from './list-json';
import type { ListRow, TokensRepository } from './tokens-repository';
import { writeDetail, type TokenDetailModel } from './token-detail-model';

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
  /**
   * False: a token with neither a report nor a stored scan is a 404 at once, no scan started (a
   * page's HTML reads the detail so, `detail-page-data.ts`). Absent: scanned on demand.
   */
  scanIfMissing?: false;
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
  /**
   * Stored scores of some tokens of a chain, by address key (lower-case EVM), with when each
   * was scanned; and their stored reports, where they must be combined with the providers'.
   */
  storedScores(
    chainId: number,
    addresses: readonly string[],
  ): Promise<ReadonlyMap<string, { totalScore: number; riskLevel: RiskLevel; scannedAt: Date }>>;
  storedReports(
    chainId: number,
    addresses: readonly string[],
  ): Promise<ReadonlyMap<string, AnalyzerJudgement>>;
  /** The address keys of every token of a chain with a stored scan. */
  scannedKeys(chainId: number): Promise<readonly string[]>;
}

/** The list score of an indexed token, and whether our analyzer has judged it. */
export interface IndexedScore {
  score: number;
  analyzed: boolean;
}

const NO_SCANS: Awaited<ReturnType<AnalyzerReports['storedScores']>> = new Map();

/** Indexed tokens' combined scores kept between refreshes: at most this many. */
const MAX_KEPT_VERDICTS = 50_000;

/** Tokens asked of the analyzer's stored scans in one query (one parameter each). */
const JUDGEMENT_BATCH = 5_000;

export interface TokenResearchDeps {
  tokens: TokensRepository;
  cex: CexRepository;
  index: TokenListIndex;
  /**
   * The detail's read model: a held token's detail is written from memory (`detailAnswer`).
   * Absent: every detail is built by the repository path.
   */
  details?: TokenDetailModel;
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

/** The chain id of a research chain code (`eth` → 1). */
export function chainIdOf(code: ChainCode): number {
  return CHAIN_CODES.find((chain) => chain.code === code)!.chainId;
}
const flag = (on: boolean) => (on ? (1 as const) : (0 as const));

/** Checked addresses kept per chain and address as asked, before the memo starts over. */
const MAX_KEPT_ADDRESSES = 10_000;

/**
 * The token research read side: DEX lists, details and rows, CEX lists and price pages, each
 * with `is_favourite` for the caller. Routes call this; it calls the repositories.
 */
export class TokenResearch {
  /** Combined scores of indexed tokens by id, with the stamp of the reports they came from. */
  private readonly keptVerdicts = new Map<string, { stamp: string; score: number }>();
  /**
   * Addresses already checked, by chain and address as asked: the check (viem's checksum for
   * EVM, base58 for Solana) was a tenth of a held detail's CPU, for the same few thousand
   * tokens asked again and again. Only valid ones are kept; past {@link MAX_KEPT_ADDRESSES} it
   * starts over, so made-up addresses cost what they cost without it.
   */
  private readonly checkedAddresses = new Map<string, { id: string; address: string }>();

  constructor(private readonly deps: TokenResearchDeps) {}

  /** Forget derived copies of the data (after a load in this process). */
  invalidate(): void {
    this.deps.tokens.forgetLoadedRows();
    this.deps.index.invalidate();
    this.deps.details?.invalidate();
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
    // A visitor (most list requests) has no favourites to read: the rows alone are awaited.
    const [rows, favourites] = userId
      ? await Promise.all([this.rowsOf(ids), this.favourites(userId, 'DEX', ids)])
      : [await this.rowsOf(ids), NONE];
    return { rows, favourites, totalPages: totalPages(total, page_size), page, page_size };
  }

  /**
   * The list rows of `ids` in their order; a row removed by a load since the index was read is
   * left out, never invented. With no chain indexed here the rows held in memory are taken as
   * they are, without a map of them per answer.
   */
  private async rowsOf(ids: readonly string[]): Promise<ListRow[]> {
    if (!this.deps.market?.rows.servesAny) return this.deps.tokens.listRowsInOrder(ids);
    const byId = await this.rowsById(ids);
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** List rows by id: indexed chains' from memory, the others in one primary-key query. */
  private async rowsById(ids: readonly string[]): Promise<Map<string, ListRow>> {
    const market = this.deps.market?.rows;
    // No chain indexed here (a provider's data only): no row to look for in the market.
    if (!market?.servesAny) return this.deps.tokens.listRows(ids);
    const found = new Map<string, ListRow>();
    const rest: string[] = [];
    for (const id of ids) {
      const row = market.row(id);
      if (row) found.set(id, row);
      // A snapshot row of a chain the indexer serves is not shown: one source per chain.
      else {
        const chain = chainOfItemId(id);
        if (!chain || !market.serves(chain)) rest.push(id);
      }
    }
    if (rest.length === 0) return found;
    // No indexed row among them: the stored rows are the answer as they come, in one map.
    if (rest.length === ids.length) return this.deps.tokens.listRows(rest);
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
    const key = `${chainName} ${address}`;
    const kept = this.checkedAddresses.get(key);
    if (kept) return kept;
    const checked = checkAddressForChain(chainName, address);
    if (!checked.ok) throw new BadRequestError(checked.message);
    const token = { id: tokenItemId(chainName, checked.address), address: checked.address };
    if (this.checkedAddresses.size >= MAX_KEPT_ADDRESSES) this.checkedAddresses.clear();
    this.checkedAddresses.set(key, token);
    return token;
  }

  /**
   * The detail answer as the route sends it: written from the detail's read model when it holds
   * the token (a provider's report, no scan of our analyzer, a chain our indexer does not
   * serve), byte for byte what {@link detail} would give the response serialiser; else the
   * object {@link detail} builds. Same behaviour either way: an old report asks for a refresh,
   * a logged-in caller's favourite is read.
   */
  async detailAnswer(
    address: string,
    network: ChainCode,
    caller: DetailCaller = { ip: '' },
  ): Promise<Buffer | TokenDetailResponse> {
    const model = this.deps.details;
    if (!model || this.deps.market?.rows.serves(network)) {
      return this.detail(address, network, caller);
    }
    const { id, address: display } = this.tokenId(network, address);
    const held = await model.get(id);
    if (!held) return this.detail(address, network, caller);
    const refresh = this.deps.reportRefresh;
    if (refresh && this.deps.clock.now().getTime() - held.report.fetchedAtMs > refresh.ttlMs) {
      refresh.request({ chainName: network, address: display });
    }
    const favourite = (await this.favourites(caller.userId, 'DEX', [id])).has(id);
    return writeDetail(id, held, favourite) ?? this.detail(address, network, caller);
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
    // A token no one knows, read for a page (`scanIfMissing: false`): nothing is started for it,
    // neither a scan nor a provider's report; the app's own request starts them.
    if (!record && !stored && caller.scanIfMissing === false) {
      throw new NotFoundError(tokenMessages.recordNotFound);
    }
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
    // Every engine that judged the token, combined by the rule the indexed list rows use too.
    const { report, verdict, ...score } = tokenVerdict(network, scan, record)!;
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
   * The list scores of some tokens of an indexed chain, by address key: the score their detail
   * shows (`tokenVerdict`), so list and detail agree whichever engines judged a token. With
   * risk `live` (`RESEARCH_SOURCES`) our analyzer scans none of them unasked, and the engines'
   * combined score stands; with `both` a token judged by ours and the engines has their
   * combined score. Only tokens judged by both need the reports themselves: those are read and
   * combined when a report behind them changed since the last refresh, the others' stored
   * scores are taken as they are. A token no engine judged is absent.
   */
  async indexedScores(
    chainId: number,
    addresses: readonly string[],
  ): Promise<Map<string, IndexedScore>> {
    const chainName = CHAIN_CODES.find((chain) => chain.chainId === chainId)?.code;
    const scores = new Map<string, IndexedScore>();
    if (!chainName || addresses.length === 0) return scores;
    const analyzer = this.deps.analyzer;
    const ids = addresses.map((address) => tokenItemId(chainName, address));
    const [scans, reports] = await Promise.all([
      analyzer ? analyzer.storedScores(chainId, addresses) : NO_SCANS,
      this.deps.tokens.reportScores(ids),
    ]);
    const both: { address: string; id: string; key: string; stamp: string }[] = [];
    addresses.forEach((address, i) => {
      const id = ids[i]!;
      const key = addressKey(chainName, address);
      const scan = scans.get(key);
      const report = reports.get(id);
      if (scan && report) {
        const stamp = `${scan.scannedAt.getTime()}|${report.stamp}`;
        const kept = this.keptVerdicts.get(id);
        if (kept?.stamp === stamp) scores.set(key, { score: kept.score, analyzed: true });
        else both.push({ address, id, key, stamp });
      } else if (scan) {
        scores.set(key, { score: scan.totalScore, analyzed: true });
      } else if (report) {
        scores.set(key, { score: report.totalScore, analyzed: false });
      }
    });
    if (both.length === 0 || !analyzer) return scores;
    const [scanReports, providerReports] = await Promise.all([
      analyzer.storedReports(
        chainId,
        both.map((token) => token.address),
      ),
      this.deps.tokens.reportsOf(both.map((token) => token.id)),
    ]);
    if (this.keptVerdicts.size + both.length > MAX_KEPT_VERDICTS) this.keptVerdicts.clear();
    for (const { id, key, stamp } of both) {
      const verdict = tokenVerdict(chainName, scanReports.get(key), providerReports.get(id));
      if (!verdict) continue;
      this.keptVerdicts.set(id, { stamp, score: verdict.totalScore });
      scores.set(key, { score: verdict.totalScore, analyzed: true });
    }
    return scores;
  }

  /**
   * Our analyzer's stored judgements of those of `ids` (token ids of any chain) it has scanned,
   * by id: what the research ingest combines with the providers' reports (`tokenVerdict`) for
   * the list rows it writes, so those rows score as their detail does. Asked about every token
   * of a DEX load, so a chain's scanned tokens are read once (their keys) and matched here, and
   * the reports are read only of the tokens scanned, in bounded batches.
   */
  async analyzerJudgements(ids: readonly string[]): Promise<Map<string, AnalyzerJudgement>> {
    const found = new Map<string, AnalyzerJudgement>();
    const analyzer = this.deps.analyzer;
    if (!analyzer) return found;
    const byChain = new Map<ChainCode, Set<string>>();
    for (const id of ids) {
      const chainName = chainOfItemId(id);
      if (!chainName) continue;
      const keys = byChain.get(chainName) ?? new Set<string>();
      // The id's address part is the chain's address key (core's tokenItemId).
      keys.add(id.slice(chainName.length + 1));
      byChain.set(chainName, keys);
    }
    for (const [chainName, asked] of byChain) {
      const chainId = chainIdOf(chainName);
      const scanned = (await analyzer.scannedKeys(chainId)).filter((key) => asked.has(key));
      for (let at = 0; at < scanned.length; at += JUDGEMENT_BATCH) {
        const reports = await analyzer.storedReports(
          chainId,
          scanned.slice(at, at + JUDGEMENT_BATCH),
        );
        for (const [key, judgement] of reports) found.set(tokenItemId(chainName, key), judgement);
      }
    }
    return found;
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
