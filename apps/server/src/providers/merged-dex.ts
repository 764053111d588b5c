import { addressKey, type ChainCode } from '@vaultscope/core';
import { combinedCircuit } from './http/circuit-breaker';
import type { CircuitState, DexDataProvider, DexListing } from '../tokens/providers';

/**
 * Two DEX providers' listings as one (`DEX_PROVIDER=both`): the first's rows, then what only the
 * second delivered (a pool or token both know keeps the first's figures). A chain is listed in
 * full when the first listed it and the second answered too: the union is then that load's whole
 * view of the chain. When one provider fails the other's rows are stored and nothing is removed;
 * when both fail the load fails.
 *
 * Candles come from the first part that keeps price history (GeckoTerminal's OHLCV; DexScreener
 * has none), so the chart of a chain our indexer does not serve is drawn in this mode too; when
 * neither has them the merged provider has no `fetchCandles`, as its parts.
 */
export class MergedDexProvider implements DexDataProvider {
  readonly name: string;
  readonly priceLabel: string;
  readonly fetchCandles?: DexDataProvider['fetchCandles'];

  constructor(
    private readonly first: DexDataProvider,
    private readonly second: DexDataProvider,
  ) {
    this.name = `${first.name}+${second.name}`;
    this.priceLabel = `${first.priceLabel}, ${second.priceLabel}`;
    const candles = first.fetchCandles ? first : second.fetchCandles ? second : undefined;
    this.fetchCandles = candles?.fetchCandles?.bind(candles);
  }

  circuit(): CircuitState {
    return combinedCircuit([
      this.first.circuit?.() ?? 'closed',
      this.second.circuit?.() ?? 'closed',
    ]);
  }

  async fetchDex(now: Date): Promise<DexListing> {
    const [first, second] = await Promise.allSettled([
      this.first.fetchDex(now),
      this.second.fetchDex(now),
    ]);
    if (first.status === 'rejected' && second.status === 'rejected') throw first.reason;
    const listings = [first, second].flatMap((result) =>
      result.status === 'fulfilled' ? [result.value] : [],
    );
    const key = (row: { chainName: ChainCode; address: string }) =>
      `${row.chainName}:${addressKey(row.chainName, row.address)}`;
    const tokens = new Map<string, DexListing['tokens'][number]>();
    const pools = new Map<string, DexListing['pools'][number]>();
    for (const listing of listings) {
      for (const token of listing.tokens)
        if (!tokens.has(key(token))) tokens.set(key(token), token);
      for (const pool of listing.pools) if (!pools.has(key(pool))) pools.set(key(pool), pool);
    }
    return {
      tokens: [...tokens.values()],
      pools: [...pools.values()],
      // Only a load where both answered saw a chain in full: rows only the failed one knows stay.
      listed:
        first.status === 'fulfilled' && second.status === 'fulfilled' ? first.value.listed : [],
    };
  }
}
