import type {
  Candle,
  CandleInterval,
  CexMarket,
  ChainCode,
  Flag,
  SecurityReport,
  SnapshotDexToken,
  SnapshotPool,
} from '@vaultscope/core';

/**
 * Where token research data comes from: one interface per kind of data (DESIGN.md section 2),
 * chosen by configuration (`RESEARCH_PROVIDER`), never by an `if` in a route. Providers only
 * deliver data; `ResearchIngest` writes it to the database and routes read the database.
 *
 * Shapes are those of the public APIs the live adapters wrap: GeckoTerminal pools,
 * CoinGecko markets, GoPlus-style security reports normalised to `securityReportSchema`.
 *
 * This module holds the interfaces only (the port other features and the adapters import by
 * type); `createResearchProviders` in `src/research-providers.ts` builds the configured ones.
 */

/** A DEX token as a provider delivers it. */
export type ProvidedDexToken = Omit<SnapshotDexToken, 'security'>;
/** A pool (GeckoTerminal pool resource, numbers parsed); times already as of the load. */
export type ProvidedPool = SnapshotPool;

/** A security report for one token. */
export interface ProvidedReport {
  chainName: ChainCode;
  address: string;
  /** Name and symbol as the security provider knows them (a token may not be in our pools). */
  name: string | null;
  symbol: string | null;
  trusted_token: Flag;
  report: SecurityReport;
  /**
   * The engine that judged the token, when a provider speaks for several (`goplus`,
   * `honeypot-is`, `rugcheck`); absent, the report is the provider's own (`provider.name`).
   * One token may come back once per engine.
   */
  engine?: SecurityEngine;
}

/**
 * The third-party engines a security provider speaks for; open to more names (stored as text in
 * `security_engine_reports.engine`, core's `SIMULATING_ENGINES` keyed by them).
 */
export type SecurityEngine = 'goplus' | 'honeypot-is' | 'rugcheck' | (string & {});

/**
 * What a DEX load delivered. `listed` names the chains whose lists were read in full (every page
 * and every token call answered): only their rows that the load did not deliver are removed. A
 * chain that failed keeps its previous rows (stale, not gone) until a later load lists it.
 */
export interface DexListing {
  tokens: ProvidedDexToken[];
  pools: ProvidedPool[];
  listed: readonly ChainCode[];
}

/** What a CEX load delivered; `complete` when every page was read (only then are others removed). */
export interface CexListing {
  markets: CexMarket[];
  complete: boolean;
}

/** How a live provider's circuit breaker stands (`open`: calls refused while it cools down). */
export type CircuitState = 'closed' | 'open' | 'half-open';

/** DEX tokens and their pools with current figures. */
export interface DexDataProvider {
  /** Stored with every row (`provider` column), e.g. `snapshot`. */
  readonly name: string;
  /** The detail's `priceProvider` for prices from this provider. */
  readonly priceLabel: string;
  /** Every tracked token and pool; pool creation times are shifted to be relative to `now` where the source is a recording. */
  fetchDex(now: Date): Promise<DexListing>;
  /**
   * A pool's candles, oldest first, ending before `before` (Unix seconds) when given; only
   * providers that keep price history have it (GeckoTerminal's OHLCV, and the merged provider
   * through its GeckoTerminal part). The candles route reads it for the chains our indexer does
   * not serve (`ProviderCandles`).
   */
  fetchCandles?(
    chainName: ChainCode,
    poolAddress: string,
    interval: CandleInterval,
    options?: { before?: number; limit?: number },
  ): Promise<ProvidedCandle[]>;
  /** The circuit of a live provider's client; absent for a recording. */
  circuit?(): CircuitState;
}

/** Core's candle as a provider delivers it: `trades` null when the provider does not count them. */
export type ProvidedCandle = Omit<Candle, 'trades'> & { trades: number | null };

/** Centralized-exchange markets. */
export interface CexMarketProvider {
  readonly name: string;
  fetchMarkets(now: Date): Promise<CexListing>;
  circuit?(): CircuitState;
}

/** Security reports of tokens. */
export interface SecurityReportProvider {
  readonly name: string;
  /** Reports of the given tokens that the provider has (tokens it knows nothing of are left out). */
  fetchReports(
    tokens: readonly { chainName: ChainCode; address: string }[],
  ): Promise<ProvidedReport[]>;
  circuit?(): CircuitState;
}

/** The providers of one configuration. */
export interface ResearchProviders {
  dex: DexDataProvider;
  cex: CexMarketProvider;
  security: SecurityReportProvider;
}
