import type {
  CexMarket,
  ChainCode,
  Flag,
  SecurityReport,
  SnapshotDexToken,
  SnapshotPool,
} from '@vaultscope/core';
import type { Config } from '../lib/config';
import { createBinanceTickers } from '../providers/cex/binance';
import { createCoinGeckoProvider } from '../providers/cex/coingecko';
import { createGeckoTerminalProvider } from '../providers/geckoterminal/geckoterminal';
import { createGoPlusProvider } from '../providers/goplus/goplus';
import type { ProviderRuntime } from '../providers/http/provider-client';
import { SnapshotResearchSource } from './snapshot-provider';

/**
 * Where token research data comes from: one interface per kind of data (DESIGN.md section 2),
 * chosen by configuration (`RESEARCH_PROVIDER`), never by an `if` in a route. Providers only
 * deliver data; `ResearchIngest` writes it to the database and routes read the database.
 *
 * Shapes are those of the public APIs the live adapters will wrap: GeckoTerminal pools,
 * CoinGecko markets, GoPlus-style security reports normalised to `securityReportSchema`.
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
}

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
  /** The circuit of a live provider's client; absent for a recording. */
  circuit?(): CircuitState;
}

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

/** The settings the providers read. */
export type ResearchProviderConfig = Pick<
  Config,
  | 'RESEARCH_PROVIDER'
  | 'RESEARCH_SNAPSHOT_FILE'
  | 'GECKOTERMINAL_URL'
  | 'GECKOTERMINAL_POOL_PAGES'
  | 'GECKOTERMINAL_NEW_POOL_PAGES'
  | 'GOPLUS_URL'
  | 'GOPLUS_KEY'
  | 'COINGECKO_URL'
  | 'COINGECKO_KEY'
  | 'COINGECKO_MARKET_PAGES'
  | 'BINANCE_URL'
  | 'PROVIDER_TIMEOUT_MS'
>;

/**
 * The providers `RESEARCH_PROVIDER` names. The snapshot is a recording: it is loaded into an
 * empty database on first start (`ResearchIngest.loadIfEmpty`). `live` wraps the public APIs
 * (`src/providers`, each behind a resilient client: time-outs, retries, rate limit, circuit
 * breaker, zod-checked answers); a job that calls `ResearchIngest.sync` on a schedule, under a
 * PostgreSQL advisory lock so one instance runs it (DESIGN.md section 4), is still to come.
 * `runtime` passes the logger (and, in tests, `fetch` and the clock) to the live clients.
 */
export function createResearchProviders(
  config: ResearchProviderConfig,
  runtime: ProviderRuntime = {},
): ResearchProviders {
  switch (config.RESEARCH_PROVIDER) {
    case 'snapshot': {
      const source = new SnapshotResearchSource(config.RESEARCH_SNAPSHOT_FILE);
      return { dex: source, cex: source, security: source };
    }
    case 'live': {
      const shared = { timeoutMs: config.PROVIDER_TIMEOUT_MS, ...runtime };
      return {
        dex: createGeckoTerminalProvider({
          baseUrl: required(config.GECKOTERMINAL_URL, 'GECKOTERMINAL_URL'),
          topPoolPages: config.GECKOTERMINAL_POOL_PAGES,
          newPoolPages: config.GECKOTERMINAL_NEW_POOL_PAGES,
          ...shared,
        }),
        cex: createCoinGeckoProvider({
          baseUrl: required(config.COINGECKO_URL, 'COINGECKO_URL'),
          apiKey: config.COINGECKO_KEY,
          pages: config.COINGECKO_MARKET_PAGES,
          binance: config.BINANCE_URL
            ? createBinanceTickers({ baseUrl: config.BINANCE_URL, ...shared })
            : undefined,
          ...shared,
        }),
        security: createGoPlusProvider({
          baseUrl: required(config.GOPLUS_URL, 'GOPLUS_URL'),
          accessToken: config.GOPLUS_KEY,
          ...shared,
        }),
      };
    }
  }
}

function required(url: string | undefined, name: string): string {
  if (!url) throw new Error(`${name} is required when RESEARCH_PROVIDER=live`);
  return url;
}
