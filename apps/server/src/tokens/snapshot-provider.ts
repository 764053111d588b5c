import { readFile } from 'node:fs/promises';
import {
  CHAIN_CODE_VALUES,
  addressKey,
  rebaseSnapshotTime,
  type ChainCode,
  type ResearchSnapshot,
} from '@vaultscope/core';
import type {
  CexListing,
  CexMarketProvider,
  DexDataProvider,
  DexListing,
  ProvidedReport,
  SecurityReportProvider,
} from './providers';
import { decodeSnapshot } from './snapshot-io';

/**
 * The research snapshot shipped in the repository (`scripts/generate-snapshot.ts`) as the
 * provider of all three kinds of data. The file is read and validated once, on first use.
 *
 * Times are rebased at load (scripts/README.md): a pool created 5 minutes before the snapshot's
 * `reference_time` is stored as created 5 minutes before `now`, so the age bands stay filled
 * whenever the snapshot is loaded.
 */
export class SnapshotResearchSource
  implements DexDataProvider, CexMarketProvider, SecurityReportProvider
{
  readonly name = 'snapshot';
  readonly priceLabel = 'Vaultscope snapshot';
  private snapshot: Promise<ResearchSnapshot> | undefined;

  constructor(private readonly file: string) {}

  private load(): Promise<ResearchSnapshot> {
    this.snapshot ??= readFile(this.file).then(decodeSnapshot);
    return this.snapshot;
  }

  async fetchDex(now: Date): Promise<DexListing> {
    const snapshot = await this.load();
    const tokens = snapshot.dex.tokens.map(({ security: _security, ...token }) => token);
    const pools = snapshot.dex.pools.map((pool) => ({
      ...pool,
      pool_created_at: rebaseSnapshotTime(pool.pool_created_at, snapshot.reference_time, now),
    }));
    // A recording is complete for every chain.
    return { tokens, pools, listed: CHAIN_CODE_VALUES };
  }

  async fetchMarkets(now: Date): Promise<CexListing> {
    const snapshot = await this.load();
    const markets = snapshot.cex.markets.map((market) => ({
      ...market,
      last_updated:
        market.last_updated === null
          ? null
          : rebaseSnapshotTime(market.last_updated, snapshot.reference_time, now),
    }));
    return { markets, complete: true };
  }

  async fetchReports(
    tokens: readonly { chainName: ChainCode; address: string }[],
  ): Promise<ProvidedReport[]> {
    const snapshot = await this.load();
    const byKey = new Map(
      snapshot.dex.tokens.map((token) => [
        `${token.chainName}:${addressKey(token.chainName, token.address)}`,
        token,
      ]),
    );
    const reports: ProvidedReport[] = [];
    for (const { chainName, address } of tokens) {
      const token = byKey.get(`${chainName}:${addressKey(chainName, address)}`);
      if (!token) continue;
      reports.push({
        chainName,
        address: token.address,
        name: token.name,
        symbol: token.symbol,
        trusted_token: token.trusted_token,
        report: token.security,
      });
    }
    return reports;
  }
}
