import { CHAIN_CODE_VALUES, type ChainCode } from '@vaultscope/core';
import { researchSources, type Config, type ResearchSources, type SourceKind } from './lib/config';
import { createBinanceTickers } from './providers/cex/binance';
import { createCoinGeckoProvider } from './providers/cex/coingecko';
import { createDexScreenerProvider } from './providers/dexscreener/dexscreener';
import { createGeckoTerminalProvider } from './providers/geckoterminal/geckoterminal';
import { GoPlusSecurityProvider, goPlusBatchSize, goPlusEndpoint } from './providers/goplus/goplus';
import {
  HoneypotIsSecurityProvider,
  honeypotIsEndpoint,
} from './providers/honeypot-is/honeypot-is';
import {
  ProviderClient,
  type ProviderEndpoint,
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
  const providers = providersOf(config, runtime);
  const sources = researchSources({
    RESEARCH_SOURCES: config.RESEARCH_SOURCES ?? [],
    MARKET_DATA_INDEXED_CHAINS: config.MARKET_DATA_INDEXED_CHAINS ?? 'all',
  });
  return {
    dex: dexWithoutChains(providers.dex, ownOnly(sources, 'market')),
    cex: providers.cex,
    security: securityWithoutChains(providers.security, ownOnly(sources, 'risk')),
  };
}

/** The chains whose `kind` is ours alone (`RESEARCH_SOURCES` `own`): the provider is not used. */
function ownOnly(sources: ResearchSources, kind: SourceKind): ReadonlySet<ChainCode> {
  return new Set(CHAIN_CODE_VALUES.filter((chain) => sources[chain][kind] === 'own'));
}

/**
 * The DEX provider without the rows of `dropped` chains, which are not listed either (what the
 * database holds of them stays; our indexer's rows stand in for them in the lists).
 */
export function dexWithoutChains(
  dex: DexDataProvider,
  dropped: ReadonlySet<ChainCode>,
): DexDataProvider {
  if (dropped.size === 0) return dex;
  const kept = (row: { chainName: ChainCode }) => !dropped.has(row.chainName);
  return {
    name: dex.name,
    priceLabel: dex.priceLabel,
    fetchDex: async (now) => {
      const listing = await dex.fetchDex(now);
      return {
        tokens: listing.tokens.filter(kept),
        pools: listing.pools.filter(kept),
        listed: listing.listed.filter((chain) => !dropped.has(chain)),
      };
    },
    fetchCandles: dex.fetchCandles?.bind(dex),
    circuit: dex.circuit?.bind(dex),
  };
}

/** The security provider asked only about tokens outside the `dropped` chains. */
export function securityWithoutChains(
  security: SecurityReportProvider,
  dropped: ReadonlySet<ChainCode>,
): SecurityReportProvider {
  if (dropped.size === 0) return security;
  return {
    name: security.name,
    fetchReports: async (tokens) => {
      const asked = tokens.filter((token) => !dropped.has(token.chainName));
      return asked.length === 0 ? [] : security.fetchReports(asked);
    },
    circuit: security.circuit?.bind(security),
  };
}

function providersOf(config: ResearchProviderConfig, runtime: ProviderRuntime): ResearchProviders {
  switch (config.RESEARCH_PROVIDER) {
    case 'snapshot': {
      const source = new SnapshotResearchSource(config.RESEARCH_SNAPSHOT_FILE);
      return { dex: source, cex: source, security: source };
    }
    case 'live': {
      const shared = { timeoutMs: config.PROVIDER_TIMEOUT_MS, ...runtime };
      return {
        dex: dexProvider(config, shared),
        cex: createCoinGeckoProvider({
          baseUrl: required(config.COINGECKO_URL, 'COINGECKO_URL'),
          apiKey: config.COINGECKO_KEY,
          pages: config.COINGECKO_MARKET_PAGES,
          binance: config.BINANCE_URL
            ? createBinanceTickers({ baseUrl: config.BINANCE_URL, ...shared })
            : undefined,
          ...shared,
        }),
        security: securityEngines(config, shared),
      };
    }
  }
}

/** GeckoTerminal, DexScreener or both merged, by `DEX_PROVIDER`. */
function dexProvider(config: ResearchProviderConfig, shared: ProviderRuntime) {
  const gecko = createGeckoTerminalProvider({
    baseUrl: required(config.GECKOTERMINAL_URL, 'GECKOTERMINAL_URL'),
    topPoolPages: config.GECKOTERMINAL_POOL_PAGES,
    newPoolPages: config.GECKOTERMINAL_NEW_POOL_PAGES,
    trendingPoolPages: config.GECKOTERMINAL_TRENDING_POOL_PAGES,
    ...shared,
  });
  if (config.DEX_PROVIDER === 'geckoterminal') return gecko;
  const dexscreener = createDexScreenerProvider({
    baseUrl: required(config.DEXSCREENER_URL, 'DEXSCREENER_URL'),
    // DexScreener's pairs say nothing of decimals and supply: GeckoTerminal's token calls do.
    tokenFacts: (chainName, tokens) => gecko.supplies(chainName, tokens),
    ...shared,
  });
  return config.DEX_PROVIDER === 'dexscreener'
    ? dexscreener
    : new MergedDexProvider(gecko, dexscreener);
}

/**
 * GoPlus alone (its reports as before), or GoPlus with Honeypot.is, RugCheck and source
 * verification (Sourcify, Etherscan with a key) when their URLs are set (the default): each
 * report named by its engine, stored side by side and combined. Each engine is handed a client
 * built here from its endpoint and the shared call policy (time-out, retries, `fetch`, clock).
 */
function securityEngines(config: ResearchProviderConfig, shared: ProviderRuntime) {
  const client = (endpoint: ProviderEndpoint) => new ProviderClient({ ...endpoint, ...shared });
  const log = shared.log;
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
