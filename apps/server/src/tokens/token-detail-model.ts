import {
  CHAIN_CODES,
  chainFamilyOf,
  engineVerdictsOf,
  tokenDetailResponseSchema,
  tokenItemId,
  type ChainCode,
  type RiskLevel,
} from '@vaultscope/core';
import type { ListChange } from './research-ingest';
import { tokenVerdict } from './token-verdict';
import type { DetailListing, TokenDetailRecord } from './tokens-repository';

/**
 * A token's provider report as the detail answers it, written once: `tokenDetails` and what
 * follows `is_favourite` as the response serialiser writes them, and the few values the
 * answer's head takes from the report.
 */
export interface HeldReport {
  chainName: ChainCode;
  address: string;
  /** The report's name and symbol; the list row's (`DetailListing`) take precedence. */
  tokenName: string;
  symbol: string | null;
  reportProvider: string;
  trustedToken: 0 | 1 | null;
  /** The score of the report, or of the engines' combined verdict. */
  totalScore: number;
  riskLevel: RiskLevel;
  /** When the report's oldest engine report was fetched (ms): its age decides a refresh. */
  fetchedAtMs: number;
  /**
   * `tokenDetails`: the report, or the engines' combined report, as UTF-8. Bytes outside the
   * JavaScript heap (see {@link holdReports}), not strings in it.
   */
  reportJson: Buffer;
  /** What follows `is_favourite`: a Solana token's top-level parts, `scan` and `engineVerdicts`. */
  tailJson: Buffer;
}

/** What the model answers a detail from: the report, and the list row it joins (if listed). */
export interface HeldDetail {
  report: HeldReport;
  listing: DetailListing | undefined;
}

/** A page of {@link TokenDetailModelOptions.page}; small enough that requests are served between pages. */
const PAGE_SIZE = 2_000;

export interface TokenDetailModelOptions {
  /** The data version now in the database (`listDataVersion`: DEX and reports loads). */
  version: () => Promise<number>;
  /** Every token with a report, in token id order after `afterId`, `limit` at a time. */
  page: (afterId: string, limit: number) => Promise<TokenDetailRecord[]>;
  /** Those of `ids` with a report, read again after a write in this process. */
  byIds: (ids: readonly string[]) => Promise<Map<string, TokenDetailRecord>>;
  /**
   * Our analyzer's stored scans: how many (rows are only added, so the count says whether
   * another process stored one) and the tokens they are of. A scanned token's detail is built
   * by the repository path, which reads the scan. Absent without an analyzer.
   */
  scans?: {
    count: () => Promise<number>;
    keys: () => Promise<{ chainId: number; addressKey: string }[]>;
  };
  /** How often, at most, the database is asked whether another process wrote. */
  recheckMs: number;
  nowMs?: () => number;
  pageSize?: number;
}

/** What a load took: for the log and the bench. */
export interface DetailModelLoad {
  tokens: number;
  ms: number;
  /** `process.memoryUsage().heapUsed` before and after the load, MB (garbage included). */
  heapBeforeMb: number;
  heapAfterMb: number;
  /** Bytes of the written JSON held, outside the JavaScript heap (the bulk of the model). */
  jsonMb: number;
}

const responseShape = tokenDetailResponseSchema.shape;
const headSchema = tokenDetailResponseSchema.pick({
  id: true,
  tokenName: true,
  symbol: true,
  tokenAddress: true,
  chainName: true,
  price: true,
  fdv: true,
  liquidity: true,
  priceProvider: true,
  pairAddress: true,
  isVaultscope: true,
  totalScore: true,
  riskLevel: true,
  trusted_token: true,
});
const solanaPartsSchema = tokenDetailResponseSchema.pick({
  dexDetails: true,
  holders: true,
  mintable: true,
  freezable: true,
  metadata: true,
  creators: true,
});
const NO_SCAN_NO_VERDICT = ',"scan":null,"engineVerdicts":null';

/** A held report before its JSON is packed into bytes. */
type WrittenReport = Omit<HeldReport, 'reportJson' | 'tailJson'> & {
  reportJson: string;
  tailJson: string;
};

/**
 * The report parts of details as the route writes them, from records of the repository; a
 * record the response schema refuses is left out (the repository path then answers it, and
 * fails, as before). The schemas that write the answer write these parts, so the bytes are the
 * same.
 *
 * The JSON of all of them is packed into one buffer, each report holding two views of it: at
 * 100,000 pools the model holds about 220 MB of it, which as strings sat in V8's old
 * generation beside PGlite's heap, and the collector marked, swept and moved it and set its
 * limits by it. Outside the heap it is never moved, a detail is copied from it into the answer
 * with no string to flatten or encode per request, and a page of the load is one allocation.
 */
function holdReports(records: readonly TokenDetailRecord[]): Map<string, HeldReport> {
  const written: [string, WrittenReport][] = [];
  let bytes = 0;
  for (const record of records) {
    const report = writeReport(record);
    if (!report) continue;
    written.push([record.tokenId, report]);
    bytes += Buffer.byteLength(report.reportJson) + Buffer.byteLength(report.tailJson);
  }
  const slab = Buffer.allocUnsafeSlow(bytes);
  const held = new Map<string, HeldReport>();
  let at = 0;
  const view = (json: string) => {
    const length = slab.write(json, at);
    at += length;
    return slab.subarray(at - length, at);
  };
  for (const [id, report] of written) {
    held.set(id, {
      ...report,
      reportJson: view(report.reportJson),
      tailJson: view(report.tailJson),
    });
  }
  return held;
}

function writeReport(record: TokenDetailRecord): WrittenReport | undefined {
  // No scan: a scanned token is answered by the repository path.
  const verdict = tokenVerdict(record.chainName, undefined, record)!;
  const report = responseShape.tokenDetails.safeEncode(verdict.report);
  const engineVerdicts = responseShape.engineVerdicts.safeEncode(
    verdict.verdict ? engineVerdictsOf(verdict.verdict) : null,
  );
  if (!report.success || !engineVerdicts.success) return undefined;
  let solana = '';
  if (chainFamilyOf(record.chainName) === 'solana') {
    const { dexDetails, holders, mintable, freezable, metadata, creators } = verdict.report;
    const parts = solanaPartsSchema.safeEncode({
      dexDetails,
      holders,
      mintable,
      freezable,
      metadata,
      creators,
    });
    if (!parts.success) return undefined;
    const inner = JSON.stringify(parts.data).slice(1, -1);
    if (inner !== '') solana = `,${inner}`;
  }
  const verdictJson = JSON.stringify(engineVerdicts.data);
  return {
    chainName: record.chainName,
    address: record.address,
    tokenName: record.reportTokenName,
    symbol: record.reportSymbol,
    reportProvider: record.reportProvider,
    trustedToken: record.trustedToken,
    totalScore: verdict.totalScore,
    riskLevel: verdict.riskLevel,
    fetchedAtMs: record.reportFetchedAt.getTime(),
    reportJson: JSON.stringify(report.data),
    tailJson:
      solana === '' && verdictJson === 'null'
        ? NO_SCAN_NO_VERDICT
        : `${solana},"scan":null,"engineVerdicts":${verdictJson}`,
  };
}

/**
 * Each held report's answer head (`id` to `trusted_token`) as last written, with the list row it
 * was written from: kept as long as the report object lives, written again when the token's list
 * row changes (a new object). Encoding the head by the response schema was most of a held
 * answer's own CPU; heads of tokens nobody asks for are never written.
 */
const heads = new WeakMap<
  HeldReport,
  { listing: DetailListing | undefined; json: Buffer | null }
>();

/** The head's JSON (UTF-8) without its closing brace; null when the response schema refuses it. */
function headJson(id: string, held: HeldDetail): Buffer | null {
  const { report, listing } = held;
  const kept = heads.get(report);
  if (kept && kept.listing === listing) return kept.json;
  const symbol = listing?.symbol ?? report.symbol;
  const head = headSchema.safeEncode({
    id,
    tokenName: listing?.coinName ?? report.tokenName,
    ...(symbol === null ? {} : { symbol }),
    tokenAddress: report.address,
    chainName: report.chainName,
    price: listing?.price ?? null,
    fdv: listing?.fdv ?? null,
    liquidity: listing?.liquidity ?? null,
    priceProvider: listing ? (listing.priceSource ?? report.reportProvider) : report.reportProvider,
    pairAddress: listing?.pairAddress ?? null,
    isVaultscope: listing ? 1 : 0,
    totalScore: report.totalScore,
    riskLevel: report.riskLevel,
    trusted_token: report.trustedToken,
  });
  const json = head.success ? Buffer.from(JSON.stringify(head.data).slice(0, -1)) : null;
  heads.set(report, { listing, json });
  return json;
}

const TOKEN_DETAILS = Buffer.from(',"tokenDetails":');
const IS_FAVOURITE = [Buffer.from(',"is_favourite":0'), Buffer.from(',"is_favourite":1')] as const;
const CLOSE = Buffer.from('}');

/**
 * The detail answer of a held token as UTF-8, byte for byte what the response serialiser writes
 * of the object `TokenResearch.detail` builds for it; undefined when the schema refuses its head.
 */
export function writeDetail(id: string, held: HeldDetail, favourite: boolean): Buffer | undefined {
  const head = headJson(id, held);
  if (head === null) return undefined;
  const { reportJson, tailJson } = held.report;
  return Buffer.concat([
    head,
    TOKEN_DETAILS,
    reportJson,
    IS_FAVOURITE[favourite ? 1 : 0],
    tailJson,
    CLOSE,
  ]);
}

/**
 * The token detail's read model: every token with a provider report, held in memory with its
 * report already written as JSON (`tokenDetails`, and what follows it) and the list row it
 * joins, so a detail is answered without a statement. In-process PGlite runs every statement
 * on the event loop: at 100,000 pools the detail's one statement, and our analyzer's read of a
 * scan most tokens do not have, were most of an uncached detail's 2-3 ms of CPU.
 *
 * Kept as the list index is kept: loaded eagerly (when the app gets ready, and again in the
 * background after a change it cannot follow), with the data version rechecked every
 * `recheckMs`; a write in this process is applied in place ({@link apply}: the list rows a load
 * wrote, the reports it wrote read again by id; {@link scanned}: a token our analyzer judged).
 * What it does not hold, or may hold stale, it does not answer (`get` is undefined) and the
 * repository path answers: a token without a report, a token our analyzer has scanned (its
 * scan and the verdict are read per request), a report being read again, and every token while
 * a reload after another process's write runs.
 */
export class TokenDetailModel {
  private reports = new Map<string, HeldReport>();
  private listings = new Map<string, DetailListing>();
  private scannedIds = new Set<string>();
  /** Ids whose report is being read again after a write: not answered meanwhile. */
  private rereading = new Map<string, number>();
  private rereads = 0;
  /** The data version the model holds; undefined until loaded, or while it must reload. */
  private version: number | undefined;
  private scanCount = 0;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private checking: Promise<void> | undefined;
  private loading: Promise<DetailModelLoad> | undefined;
  /** Changes handed to the model while it loads: applied again to what the load read. */
  private duringLoad: ListChange[] | undefined;
  private loadFailedAt = Number.NEGATIVE_INFINITY;
  /** Set by {@link close}: no load starts and one in progress stops at its next page. */
  private closed = false;
  private readonly nowMs: () => number;

  constructor(private readonly options: TokenDetailModelOptions) {
    this.nowMs = options.nowMs ?? (() => performance.now());
  }

  /** Tokens held. */
  get size(): number {
    return this.reports.size;
  }

  /**
   * Loads every token with a report. The app starts it when it gets ready and does not wait for
   * it (at 100,000 pools it takes 20-45 s): details are read from the database meanwhile.
   * Rejects with {@link DetailModelClosedError} once the model is closed.
   */
  load(): Promise<DetailModelLoad> {
    if (this.closed) return Promise.reject(new DetailModelClosedError());
    this.loading ??= this.read()
      .catch((error: unknown) => {
        this.loadFailedAt = this.nowMs();
        throw error;
      })
      .finally(() => {
        this.loading = undefined;
      });
    return this.loading;
  }

  /** `loaded` while it answers, `loading` while a load runs, else `not loaded` (it failed). */
  get state(): 'loading' | 'loaded' | 'not loaded' {
    if (this.version !== undefined) return 'loaded';
    return this.loading ? 'loading' : 'not loaded';
  }

  /** Settles when the load in progress, if any, has (whether it loaded or not). */
  async settled(): Promise<void> {
    await this.loading?.catch(() => {});
  }

  /** Stops: no load starts from now on, and the one in progress ends at its next page. */
  async close(): Promise<void> {
    this.closed = true;
    await this.settled();
  }

  /** After a change the model cannot follow (a full load): answers nothing until reloaded. */
  invalidate(): void {
    this.version = undefined;
    if (!this.closed) void this.load().catch(() => {});
  }

  /**
   * What the model holds of a token, or undefined where the repository path must answer (see
   * the class comment). Asks the database for its version at most every `recheckMs`.
   */
  async get(id: string): Promise<HeldDetail | undefined> {
    if (this.version === undefined) {
      // A load that failed is tried again, at most every `recheckMs`.
      if (
        !this.loading &&
        !this.closed &&
        this.nowMs() - this.loadFailedAt >= this.options.recheckMs
      ) {
        void this.load().catch(() => {});
      }
      return undefined;
    }
    if (this.nowMs() - this.checkedAt >= this.options.recheckMs) {
      this.checking ??= this.recheck().finally(() => {
        this.checking = undefined;
      });
      await this.checking;
      if (this.version === undefined) return undefined;
    }
    if (this.rereading.has(id) || this.scannedIds.has(id)) return undefined;
    const report = this.reports.get(id);
    return report ? { report, listing: this.listings.get(id) } : undefined;
  }

  /**
   * A committed load in this process: the list rows it wrote replace the held ones, `removed`
   * are unlisted, and the reports it wrote are read again by id (not answered meanwhile). A
   * model at the change's `from` version is then at its `to`.
   */
  apply(change: ListChange): void {
    this.duringLoad?.push(change);
    if (this.version === undefined) return;
    this.applyChange(change);
    if (this.version === change.version.from) this.version = change.version.to;
    // The next detail asks the version and the scans again: a change may follow a scan stored
    // where `scanned` was not told (the ingest's rescore of a scanned token is one).
    this.checkedAt = Number.NEGATIVE_INFINITY;
  }

  /** Our analyzer stored a scan of a token: its detail is the repository path's from now on. */
  scanned(chainId: number, address: string): void {
    const id = idOfScan(chainId, address);
    // Kept across loads (scans are never deleted), so a load in progress needs no replay.
    if (id !== undefined) this.scannedIds.add(id);
  }

  private applyChange(change: ListChange): void {
    for (const id of change.removed) this.listings.delete(id);
    for (const row of change.rows) {
      this.listings.set(row.token_id, {
        coinName: row.coin_name,
        symbol: row.symbol,
        price: row.price,
        liquidity: row.liquidity,
        fdv: row.fdv,
        pairAddress: row.pool_address,
        priceSource: row.price_source,
      });
    }
    const ids = change.reports ?? [];
    if (ids.length > 0) this.reread(ids);
  }

  /** Reads the reports of `ids` again; they are not answered until read. */
  private reread(ids: readonly string[]): void {
    const turn = ++this.rereads;
    for (const id of ids) this.rereading.set(id, turn);
    this.options.byIds(ids).then(
      (records) => {
        const heldNow = holdReports(
          ids.flatMap((id) => (this.rereading.get(id) === turn ? (records.get(id) ?? []) : [])),
        );
        for (const id of ids) {
          if (this.rereading.get(id) !== turn) continue;
          this.rereading.delete(id);
          const record = records.get(id);
          const held = record && heldNow.get(id);
          if (held) this.reports.set(id, held);
          else this.reports.delete(id);
          if (record?.listing) this.listings.set(id, record.listing);
        }
      },
      () => this.invalidate(),
    );
  }

  private async recheck(): Promise<void> {
    const checkedAt = this.nowMs();
    const [version, scanCount] = await Promise.all([
      this.options.version(),
      this.options.scans?.count() ?? 0,
    ]);
    if (version !== this.version) {
      // Another process wrote: answer nothing until reloaded (the repository path is current).
      this.invalidate();
      return;
    }
    if (scanCount !== this.scanCount) await this.readScans();
    this.checkedAt = checkedAt;
  }

  private async readScans(): Promise<void> {
    const scans = this.options.scans;
    if (!scans) return;
    const [count, keys] = await Promise.all([scans.count(), scans.keys()]);
    for (const { chainId, addressKey } of keys) {
      const id = idOfScan(chainId, addressKey);
      if (id !== undefined) this.scannedIds.add(id);
    }
    this.scanCount = count;
  }

  private async read(): Promise<DetailModelLoad> {
    const started = performance.now();
    const heapBefore = process.memoryUsage().heapUsed;
    const duringLoad: ListChange[] = [];
    this.duringLoad = duringLoad;
    const reports = new Map<string, HeldReport>();
    const listings = new Map<string, DetailListing>();
    let version: number;
    let json = 0;
    try {
      version = await this.options.version();
      await this.readScans();
      const pageSize = this.options.pageSize ?? PAGE_SIZE;
      let after = '';
      for (;;) {
        if (this.closed) throw new DetailModelClosedError();
        const page = await this.options.page(after, pageSize);
        const held = holdReports(page);
        for (const record of page) {
          const report = held.get(record.tokenId);
          if (!report) continue;
          reports.set(record.tokenId, report);
          json += report.reportJson.length + report.tailJson.length;
          if (record.listing) listings.set(record.tokenId, record.listing);
        }
        if (page.length < pageSize) break;
        after = page[page.length - 1]!.tokenId;
        // Requests (answered by the repository path meanwhile) between pages.
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      if (this.duringLoad === duringLoad) this.duringLoad = undefined;
    }
    this.reports = reports;
    this.listings = listings;
    this.rereading.clear();
    this.version = version;
    this.checkedAt = this.nowMs();
    // What this process wrote while the load read: applied again on top of what it read.
    for (const change of duringLoad) {
      this.applyChange(change);
      if (this.version === change.version.from) this.version = change.version.to;
    }
    const mb = (bytes: number) => Math.round(bytes / 1e5) / 10;
    return {
      tokens: reports.size,
      ms: Math.round(performance.now() - started),
      heapBeforeMb: mb(heapBefore),
      heapAfterMb: mb(process.memoryUsage().heapUsed),
      jsonMb: mb(json),
    };
  }
}

/** A load stopped, or refused, because the model was closed (the app is shutting down). */
export class DetailModelClosedError extends Error {
  constructor() {
    super('token detail model closed');
    this.name = 'DetailModelClosedError';
  }
}

/** The token id of a scan's chain and address key; undefined for a chain with no research code. */
function idOfScan(chainId: number, addressKey: string): string | undefined {
  const chain = CHAIN_CODES.find((code) => code.chainId === chainId);
  return chain ? tokenItemId(chain.code, addressKey) : undefined;
}
