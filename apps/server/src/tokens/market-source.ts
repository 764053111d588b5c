import type { Candle, CandleInterval, Holder, Trade, TradeWindows } from '@vaultscope/core';

/**
 * What the token research read side needs from our own DEX indexer (`src/indexer`), in the
 * research feature's terms; `IndexerMarketSource` reads it from the indexer's tables, so the
 * indexer knows nothing of list rows.
 */

/** A token of an indexed chain with the figures of its primary (deepest) pool. */
export interface IndexedToken {
  chainId: number;
  /** Display form (checksummed). */
  address: string;
  name: string;
  symbol: string;
  pairAddress: string;
  quoteSymbol: string;
  /** USD; null when the pool's quote token has no USD rate yet. */
  priceUsd: number | null;
  liquidityUsd: number | null;
  fdvUsd: number | null;
  marketCapUsd: number | null;
  /** When the primary pool was created (its PairCreated block's time). */
  createdAt: Date | null;
  /** USD volume over the last 24 h. */
  volumeH24: number | null;
  /** Buys plus sells over the last 24 h. */
  txH24: number | null;
  /** Price change in percent over 5 minutes, 1, 6 and 24 hours. */
  change: { m5: number | null; h1: number | null; h6: number | null; h24: number | null };
}

/** A token's holders as the indexer knows them from its Transfer logs. */
export interface IndexedHolders {
  /**
   * Accounts with a positive balance; null (unknown) for a token deployed before the blocks the
   * indexer read, whose earlier Transfers it never saw.
   */
  count: number | null;
  /** The largest holders, largest first; null when the count is unknown. */
  top: Holder[] | null;
}

export interface MarketSource {
  /** The last indexed block of every chain an indexer has started on. */
  heads(): Promise<Map<number, number>>;
  /** Pools of a chain that a block after `sinceBlock` created or changed. */
  changedPools(chainId: number, sinceBlock: number): Promise<string[]>;
  /**
   * Tokens of a chain's indexed pools with their figures as of the latest indexed block; with
   * `pools`, only the tokens of those pools (the ones a block batch changed).
   */
  tokens(chainId: number, pools?: readonly string[]): Promise<IndexedToken[]>;
  /** Candles of a pool in `[from, to]` (Unix seconds, bucket starts), oldest first, in USD. */
  candles(
    chainId: number,
    pairAddress: string,
    interval: CandleInterval,
    from: number,
    to: number,
  ): Promise<Candle[]>;
  /** The latest trades of a pool, newest first, from its base token's side. */
  trades(chainId: number, pairAddress: string, limit: number): Promise<Trade[]>;
  /** Buys, sells and USD volume of a pool per window, up to the chain's latest indexed block. */
  tradeWindows(chainId: number, pairAddress: string): Promise<TradeWindows>;
  /** A token's holder count and its `limit` largest holders. */
  holders(chainId: number, address: string, limit: number): Promise<IndexedHolders>;
}
