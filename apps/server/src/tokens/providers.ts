import type {
  CexMarket,
  ChainCode,
  Flag,
  SecurityReport,
  SnapshotDexToken,
  SnapshotPool,
} from '@vaultscope/core';
import type { Config } from '../lib/config';
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

/** DEX tokens and their pools with current figures. */
export interface DexDataProvider {
  /** Stored with every row (`provider` column), e.g. `snapshot`. */
  readonly name: string;
  /** The detail's `priceProvider` for prices from this provider. */
  readonly priceLabel: string;
  /** Every tracked token and pool; pool creation times are shifted to be relative to `now` where the source is a recording. */
  fetchDex(now: Date): Promise<{ tokens: ProvidedDexToken[]; pools: ProvidedPool[] }>;
}

/** Centralized-exchange markets. */
export interface CexMarketProvider {
  readonly name: string;
  fetchMarkets(now: Date): Promise<CexMarket[]>;
}

/** Security reports of tokens. */
export interface SecurityReportProvider {
  readonly name: string;
  /** Reports of the given tokens that the provider has (tokens it knows nothing of are left out). */
  fetchReports(
    tokens: readonly { chainName: ChainCode; address: string }[],
  ): Promise<ProvidedReport[]>;
}

/** The providers of one configuration. */
export interface ResearchProviders {
  dex: DexDataProvider;
  cex: CexMarketProvider;
  security: SecurityReportProvider;
}

/**
 * The providers `RESEARCH_PROVIDER` names. The snapshot is a recording: it is loaded into an
 * empty database on first start (`ResearchIngest.loadIfEmpty`). A live provider would add a job
 * that calls `ResearchIngest.sync` on a schedule, under a PostgreSQL advisory lock so one
 * instance runs it (DESIGN.md section 4).
 */
export function createResearchProviders(
  config: Pick<Config, 'RESEARCH_PROVIDER' | 'RESEARCH_SNAPSHOT_FILE'>,
): ResearchProviders {
  switch (config.RESEARCH_PROVIDER) {
    case 'snapshot': {
      const source = new SnapshotResearchSource(config.RESEARCH_SNAPSHOT_FILE);
      return { dex: source, cex: source, security: source };
    }
  }
}
