import { CHAIN_CODE_VALUES, type ChainCode } from '@vaultscope/core';
import { researchSources, sourceChains, type Config } from './lib/config';
import { BinanceTickers, binanceEndpoint } from './providers/cex/binance';
import { CoinGeckoCexProvider, coinGeckoEndpoint } from './providers/cex/coingecko';
import { DexScreenerDexProvider, dexScreenerEndpoints } from './providers/dexscreener/dexscreener';
import {
  GeckoTerminalDexProvider,
  geckoTerminalEndpoint,
} from './providers/geckoterminal/geckoterminal';
import { GoPlusSecurityProvider, goPlusBatchSize, goPlusEndpoint } from './providers/goplus/goplus';
import {
  HoneypotIsSecurityProvider,
  honeypotIsEndpoint,
} from './providers/honeypot-is/honeypot-is';
import {
  ProviderClient,
  type ProviderEndpoint,
  type ProviderLog,
  type ProviderRuntime,
} from './providers/http/provider-client';
import { MergedDexProvider } from './providers/merged-dex';
import { RugCheckSecurityProvider, rugCheckEndpoint } from './providers/rugcheck/rugcheck';
import type { SecurityEngineOptions } from './providers/security-engine';
import { SecurityEngines } from './providers/security-engines';
import {
  SourceVerificationProvider,
  etherscanEndpoint,
  sourcifyEndpoint,
} from './providers/source-verification/source-verification';
import type {
  DexDataProvider,
  ResearchProviders,
  SecurityReportProvider,
} from './tokens/providers';
import { SnapshotResearchSource } from './tokens/snapshot-provider';

/**
 * The research providers' factory: it composes the tokens feature's recording with the live
 * adapters of providers/, as app.ts composes features, so it lives beside app.ts and neither
 * feature imports the other (issue 11). The interfaces stay in tokens/providers.ts.
 */

/** The settings the providers read. */
export type ResearchProviderConfig = Pick<
  Config,
  | 'RESEARCH_PROVIDER'
  | 'RESEARCH_SNAPSHOT_FILE'
  | 'GECKOTERMINAL_URL'
  | 'GECKOTERMINAL_POOL_PAGES'
  | 'GECKOTERMINAL_NEW_POOL_PAGES'
  | 'GECKOTERMINAL_TRENDING_POOL_PAGES'
  | 'DEX_PROVIDER'
  | 'DEXSCREENER_URL'
  | 'GOPLUS_URL'
  | 'GOPLUS_KEY'
  | 'COINGECKO_URL'
  | 'COINGECKO_KEY'
  | 'COINGECKO_MARKET_PAGES'
  | 'BINANCE_URL'
  | 'HONEYPOT_IS_URL'
  | 'HONEYPOT_IS_KEY'
  | 'RUGCHECK_URL'
  | 'RUGCHECK_KEY'
  | 'SOURCIFY_URL'
  | 'ETHERSCAN_URL'
  | 'ETHERSCAN_KEY'
  | 'PROVIDER_TIMEOUT_MS'
> &
  // Absent (a test's partial settings): every chain from the provider, as by default.
  Partial<Pick<Config, 'RESEARCH_SOURCES' | 'MARKET_DATA_INDEXED_CHAINS'>>;

/**
 * The providers `RESEARCH_PROVIDER` names. The snapshot is a recording: it is loaded into an
 * empty database on first start (`ResearchIngest.loadIfEmpty`). `live` wraps the public APIs
 * (`src/providers`, each behind a resilient client: time-outs, retries, rate limit, circuit
 * breaker, zod-checked answers), loaded by the research scheduler (`tokens/research-scheduler`).
 * `runtime` is the call policy every live client takes from outside: the logger, `fetch`, the
 * clock, time-out and retries (tests pass their own `fetch` and clock).
 */
export function createResearchProviders(
  config: ResearchProviderConfig,
  runtime: ProviderRuntime = {},
): ResearchProviders {
  const sources = researchSources({
    RESEARCH_SOURCES: config.RESEARCH_SOURCES ?? [],
    MARKET_DATA_INDEXED_CHAINS: config.MARKET_DATA_INDEXED_CHAINS ?? 'all',
  });
  // The chains whose market (risk) the provider serves: `live` or `both`, not `own`.
  const market = sourceChains(sources, 'market', 'live');
  const risk = new Set(sourceChains(sources, 'risk', 'live'));
  const providers = providersOf(config, runtime, market);
  return {
    dex: providers.dex,
    cex: providers.cex,
    security: securityOfChains(providers.security, risk),
  };
}

/**
 * The snapshot's DEX rows of the `kept` chains only; only those are listed (what the database
 * holds of another stays, and our indexer's rows stand in for it in the lists). The live adapters
 * are handed the chains instead and never fetch the others.
 */
function dexOfChains(dex: DexDataProvider, kept: readonly ChainCode[]): DexDataProvider {
  if (CHAIN_CODE_VALUES.every((chain) => kept.includes(chain))) return dex;
  const reads = (row: { chainName: ChainCode }) => kept.includes(row.chainName);
  return {
    name: dex.name,
    priceLabel: dex.priceLabel,
    fetchDex: async (now) => {
      const listing = await dex.fetchDex(now);
      return {
        tokens: listing.tokens.filter(reads),
        pools: listing.pools.filter(reads),
        listed: listing.listed.filter((chain) => kept.includes(chain)),
      };
    },
    fetchCandles: dex.fetchCandles?.bind(dex),
    circuit: dex.circuit?.bind(dex),
  };
}

/** The security provider asked only about tokens of the `kept` chains. */
function securityOfChains(
  security: SecurityReportProvider,
  kept: ReadonlySet<ChainCode>,
): SecurityReportProvider {
  if (kept.size === CHAIN_CODE_VALUES.length) return security;
  return {
    name: security.name,
    fetchReports: async (tokens) => {
      const asked = tokens.filter((token) => kept.has(token.chainName));
      return asked.length === 0 ? [] : security.fetchReports(asked);
    },
    circuit: security.circuit?.bind(security),
  };
}

/** Builds a live adapter's client from its endpoint and the one call policy. */
type ClientOf = (endpoint: ProviderEndpoint) => ProviderClient;

function providersOf(
  config: ResearchProviderConfig,
  runtime: ProviderRuntime,
  marketChains: readonly ChainCode[],
): ResearchProviders {
  switch (config.RESEARCH_PROVIDER) {
    case 'snapshot': {
      const source = new SnapshotResearchSource(config.RESEARCH_SNAPSHOT_FILE);
      return { dex: dexOfChains(source, marketChains), cex: source, security: source };
    }
    case 'live': {
      const shared = { timeoutMs: config.PROVIDER_TIMEOUT_MS, ...runtime };
      const client: ClientOf = (endpoint) => new ProviderClient({ ...endpoint, ...shared });
      return {
        dex: dexProvider(config, client, marketChains, shared.log),
        cex: cexProvider(config, client, shared),
        security: securityEngines(config, client, shared.log),
      };
    }
  }
}

/**
 * GeckoTerminal, DexScreener or both merged, by `DEX_PROVIDER`, each reading only `chains` (the
 * merged one reads through both, handed the same chains).
 */
function dexProvider(
  config: ResearchProviderConfig,
  client: ClientOf,
  chains: readonly ChainCode[],
  log: ProviderLog | undefined,
): DexDataProvider {
  const gecko = new GeckoTerminalDexProvider({
    client: client(geckoTerminalEndpoint(required(config.GECKOTERMINAL_URL, 'GECKOTERMINAL_URL'))),
    chains,
    topPoolPages: config.GECKOTERMINAL_POOL_PAGES,
    newPoolPages: config.GECKOTERMINAL_NEW_POOL_PAGES,
    trendingPoolPages: config.GECKOTERMINAL_TRENDING_POOL_PAGES,
    log,
  });
  if (config.DEX_PROVIDER === 'geckoterminal') return gecko;
  const endpoints = dexScreenerEndpoints(required(config.DEXSCREENER_URL, 'DEXSCREENER_URL'));
  const dexscreener = new DexScreenerDexProvider({
    profiles: client(endpoints.profiles),
    pairs: client(endpoints.pairs),
    // DexScreener's pairs say nothing of decimals and supply: GeckoTerminal's token calls do.
    tokenFacts: (chainName, tokens) => gecko.supplies(chainName, tokens),
    chains,
    log,
  });
  return config.DEX_PROVIDER === 'dexscreener'
    ? dexscreener
    : new MergedDexProvider(gecko, dexscreener);
}

/** CoinGecko's markets, with Binance's tickers filling its unknown prices when `BINANCE_URL` is set. */
function cexProvider(config: ResearchProviderConfig, client: ClientOf, shared: ProviderRuntime) {
  const { log, clock } = shared;
  return new CoinGeckoCexProvider({
    client: client(
      coinGeckoEndpoint({
        baseUrl: required(config.COINGECKO_URL, 'COINGECKO_URL'),
        apiKey: config.COINGECKO_KEY,
      }),
    ),
    pages: config.COINGECKO_MARKET_PAGES,
    binance: config.BINANCE_URL
      ? new BinanceTickers(client(binanceEndpoint(config.BINANCE_URL)), log)
      : undefined,
    log,
    now: clock ? () => clock.now() : undefined,
  });
}

/**
 * GoPlus alone (its reports as before), or GoPlus with Honeypot.is, RugCheck and source
 * verification (Sourcify, Etherscan with a key) when their URLs are set (the default): each
 * report named by its engine, stored side by side and combined. Each engine is handed a client
 * built here from its endpoint and the shared call policy (time-out, retries, `fetch`, clock).
 */
function securityEngines(
  config: ResearchProviderConfig,
  client: ClientOf,
  log: ProviderLog | undefined,
) {
  const goplus = new GoPlusSecurityProvider({
    client: client(
      goPlusEndpoint({
        baseUrl: required(config.GOPLUS_URL, 'GOPLUS_URL'),
        accessToken: config.GOPLUS_KEY,
      }),
    ),
    batchSize: goPlusBatchSize(config.GOPLUS_KEY),
    log,
  });
  const others: SecurityReportProvider[] = [];
  const engine = (
    Adapter: new (options: SecurityEngineOptions) => SecurityReportProvider,
    endpoint: ProviderEndpoint,
  ) => new Adapter({ client: client(endpoint), log });
  const { HONEYPOT_IS_URL, HONEYPOT_IS_KEY, RUGCHECK_URL, RUGCHECK_KEY } = config;
  if (HONEYPOT_IS_URL)
    others.push(
      engine(
        HoneypotIsSecurityProvider,
        honeypotIsEndpoint({ baseUrl: HONEYPOT_IS_URL, apiKey: HONEYPOT_IS_KEY }),
      ),
    );
  if (RUGCHECK_URL)
    others.push(
      engine(
        RugCheckSecurityProvider,
        rugCheckEndpoint({ baseUrl: RUGCHECK_URL, apiKey: RUGCHECK_KEY }),
      ),
    );
  const { SOURCIFY_URL, ETHERSCAN_URL, ETHERSCAN_KEY } = config;
  if (SOURCIFY_URL || (ETHERSCAN_URL && ETHERSCAN_KEY))
    others.push(
      new SourceVerificationProvider({
        sourcify: SOURCIFY_URL ? client(sourcifyEndpoint(SOURCIFY_URL)) : undefined,
        etherscan:
          ETHERSCAN_URL && ETHERSCAN_KEY
            ? { client: client(etherscanEndpoint(ETHERSCAN_URL)), apiKey: ETHERSCAN_KEY }
            : undefined,
        log,
      }),
    );
  return others.length === 0 ? goplus : new SecurityEngines([goplus, ...others], log);
}

function required(url: string | undefined, name: string): string {
  if (!url) throw new Error(`${name} is required when RESEARCH_PROVIDER=live`);
  return url;
}
