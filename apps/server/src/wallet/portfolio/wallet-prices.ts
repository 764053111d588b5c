import { inArray, sql } from 'drizzle-orm';
import { devnetUsdPrice } from '@vaultscope/devnet';
import type { Database } from '../../lib/db/client';
import { cexMarkets } from '../../tokens/research-tables';
import { toScaled } from './usd-math';

export interface AssetPrice {
  /** USD at scale 18. */
  usd: bigint;
  change24h: number | null;
  source: 'market' | 'devnet';
}

/** Market symbols of coins that were renamed (Polygon's MATIC trades as POL). */
const MARKET_ALIASES: Record<string, string[]> = { MATIC: ['MATIC', 'POL'] };

const CACHE_MS = 30_000;

/**
 * USD prices for the wallet. Native coins take the CEX market snapshot's price (the best-ranked
 * coin of that symbol) and fall back to the devnet table; local tokens take the devnet table
 * first, as their symbols are ours and a market coin of the same symbol is another asset.
 */
export class WalletPrices {
  private market: { at: number; bySymbol: Promise<Map<string, AssetPrice>> } | undefined;

  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {}

  /** Prices by symbol; `native` marks the symbols of native coins. */
  async prices(assets: readonly { symbol: string; native: boolean }[]) {
    const market = await this.marketPrices();
    const result = new Map<string, AssetPrice>();
    for (const { symbol, native } of assets) {
      const key = `${native ? 'native' : 'token'}:${symbol}`;
      if (result.has(key)) continue;
      const fromMarket = market.get(symbol.toUpperCase());
      const devnet = devnetUsdPrice(symbol);
      const fromTable = devnet === undefined ? undefined : toScaled(devnet);
      const tablePrice =
        fromTable === undefined
          ? undefined
          : { usd: fromTable, change24h: null, source: 'devnet' as const };
      const price = native ? (fromMarket ?? tablePrice) : (tablePrice ?? fromMarket);
      if (price) result.set(key, price);
    }
    return (symbol: string, native: boolean) =>
      result.get(`${native ? 'native' : 'token'}:${symbol}`);
  }

  /** The ETH price the portfolio's native equivalent uses. */
  async ethPrice(): Promise<AssetPrice | undefined> {
    return (await this.prices([{ symbol: 'ETH', native: true }]))('ETH', true);
  }

  private marketPrices(): Promise<Map<string, AssetPrice>> {
    const now = this.now();
    if (this.market && now - this.market.at < CACHE_MS) return this.market.bySymbol;
    const bySymbol = this.loadMarket();
    this.market = { at: now, bySymbol };
    bySymbol.catch(() => {
      if (this.market?.bySymbol === bySymbol) this.market = undefined;
    });
    return bySymbol;
  }

  private async loadMarket(): Promise<Map<string, AssetPrice>> {
    const wanted = ['ETH', 'BNB', 'MATIC', 'AVAX', 'SOL'];
    const marketSymbols = wanted.flatMap((symbol) => MARKET_ALIASES[symbol] ?? [symbol]);
    const rows = await this.db
      .select({
        symbol: cexMarkets.symbol,
        price: cexMarkets.current_price,
        change: cexMarkets.change_h24,
      })
      .from(cexMarkets)
      .where(
        inArray(
          sql`upper(${cexMarkets.symbol})`,
          marketSymbols.map((symbol) => symbol.toUpperCase()),
        ),
      )
      .orderBy(sql`${cexMarkets.market_cap_rank} asc nulls last`, cexMarkets.id);
    const bySymbol = new Map<string, AssetPrice>();
    for (const symbol of wanted) {
      for (const marketSymbol of MARKET_ALIASES[symbol] ?? [symbol]) {
        const row = rows.find(
          (candidate) =>
            candidate.symbol.toUpperCase() === marketSymbol && candidate.price !== null,
        );
        const usd = row?.price == null ? undefined : toScaled(row.price);
        if (row && usd !== undefined) {
          bySymbol.set(symbol, { usd, change24h: row.change ?? null, source: 'market' });
          break;
        }
      }
    }
    return bySymbol;
  }
}
