import { inArray, sql } from 'drizzle-orm';
import { findChain } from '@vaultscope/core';
import { devnetUsdPrice } from '@vaultscope/devnet';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db/client';
import { cexMarkets } from '../../tokens/research-tables';
import { toScaled } from './usd-math';
import type { WalletChains } from '../wallet-chains';

export interface AssetPrice {
  /** USD at scale 18. */
  usd: bigint;
  change24h: number | null;
  source: 'market' | 'devnet';
}

/** Market symbols of coins that were renamed (Polygon's MATIC trades as POL). */
const MARKET_ALIASES: Record<string, string[]> = { MATIC: ['MATIC', 'POL'] };

const CACHE_MS = 30_000;

/** An asset to price: where it is, its symbol, and whether it is the chain's native coin. */
export interface PricedAsset {
  chainId: number;
  symbol: string;
  native: boolean;
}

/** Looks up the price {@link WalletPrices.prices} found for an asset. */
export type PriceOf = (asset: PricedAsset) => AssetPrice | undefined;

const keyOf = ({ chainId, symbol, native }: PricedAsset) =>
  `${chainId}:${native ? 'native' : 'token'}:${symbol}`;

/**
 * USD prices for the wallet, by chain as well as symbol, since the same symbol is worth money on
 * one chain and nothing on another:
 * - the CEX market snapshot (best-ranked coin of the symbol) prices the native coins of mainnets
 *   only: a testnet coin is not worth its mainnet price, and a token named like a market coin is
 *   another asset;
 * - the devnet table prices what lives on a local chain (play money shown so the demo has
 *   numbers), after the market price for a local mainnet's native coin;
 * - anything else, such as every asset of a real testnet, has no price.
 */
export class WalletPrices {
  private market: { at: number; bySymbol: Promise<Map<string, AssetPrice>> } | undefined;

  constructor(
    private readonly db: Database,
    private readonly chains: WalletChains,
    private readonly clock: Clock,
  ) {}

  async prices(assets: readonly PricedAsset[]): Promise<PriceOf> {
    const wantsMarket = assets.some((asset) => this.usesMarket(asset));
    const market = wantsMarket ? await this.marketPrices() : new Map<string, AssetPrice>();
    const result = new Map<string, AssetPrice>();
    for (const asset of assets) {
      const key = keyOf(asset);
      if (result.has(key)) continue;
      const fromMarket = this.usesMarket(asset)
        ? market.get(asset.symbol.toUpperCase())
        : undefined;
      const price = fromMarket ?? this.tablePrice(asset);
      if (price) result.set(key, price);
    }
    return (asset) => result.get(keyOf(asset));
  }

  /** The price of ETH on Ethereum, which the portfolio's native equivalent uses. */
  async ethPrice(): Promise<AssetPrice | undefined> {
    const eth = { chainId: 1, symbol: 'ETH', native: true };
    return (await this.prices([eth]))(eth);
  }

  private usesMarket({ chainId, native }: PricedAsset): boolean {
    return native && findChain(chainId)?.testnet === false;
  }

  private tablePrice({ chainId, symbol }: PricedAsset): AssetPrice | undefined {
    if (!this.chains.get(chainId)?.local) return undefined;
    const devnet = devnetUsdPrice(symbol);
    const usd = devnet === undefined ? undefined : toScaled(devnet);
    return usd === undefined ? undefined : { usd, change24h: null, source: 'devnet' };
  }

  private marketPrices(): Promise<Map<string, AssetPrice>> {
    const now = this.clock.now().getTime();
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
