import { addressKey, CHAIN_CODES, type ChainCode, findChain } from '@vaultscope/core';
import type { Clock } from '../../lib/clock';
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

/** How many of the market's best-ranked coins on a real mainnet the wallet knows as its tokens. */
export const MARKET_TOKENS_PER_CHAIN = 50;

/** A coin of the CEX market as a token of one chain: its contract there and its market price. */
interface CexChainToken {
  /** Display form: checksummed EVM address or base58 Solana mint. */
  address: string;
  /** Upper case. */
  symbol: string;
  name: string;
  price: number | null;
  change24h: number | null;
}

/**
 * The CEX market the wallet prices by, as the tokens feature's `CexRepository` answers it (app.ts
 * hands it in): the wallet never reads that feature's tables.
 */
export interface CexTokenSource {
  /** The best-ranked coins with a contract on a chain, at most `limit`. */
  tokensOnChain(chainName: ChainCode, limit: number): Promise<CexChainToken[]>;
  /** Price and 24 h change of the coins with these symbols (any case), best-ranked first. */
  quotesBySymbol(
    symbols: readonly string[],
  ): Promise<{ symbol: string; price: number | null; change24h: number | null }[]>;
}

/** An asset to price: where it is, its symbol, and whether it is the chain's native coin. */
export interface PricedAsset {
  chainId: number;
  symbol: string;
  native: boolean;
  /** A token's contract or mint, which alone prices a token on a real mainnet. */
  address?: string | null;
}

/** ETH on Ethereum: what the portfolio's native equivalent counts in when it holds no ETH. */
export const ETH_ON_ETHEREUM: PricedAsset = { chainId: 1, symbol: 'ETH', native: true };

/** Looks up the price {@link WalletPrices.prices} found for an asset. */
export type PriceOf = (asset: PricedAsset) => AssetPrice | undefined;

const keyOf = ({ chainId, symbol, native, address }: PricedAsset) =>
  native
    ? `${chainId}:native:${symbol}`
    : `${chainId}:token:${symbol}:${address?.startsWith('0x') ? address.toLowerCase() : (address ?? '')}`;

/** The market's tokens of one chain, and their prices by address key. */
interface MarketTokens {
  tokens: CexChainToken[];
  byAddress: Map<string, AssetPrice>;
}

/** A value loaded at most once per `ms`; a failed load is forgotten so the next call retries. */
class Cached<T> {
  private entry: { at: number; value: Promise<T> } | undefined;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly now: () => number,
    private readonly ms = CACHE_MS,
  ) {}

  get(): Promise<T> {
    const now = this.now();
    if (this.entry && now - this.entry.at < this.ms) return this.entry.value;
    const value = this.load();
    this.entry = { at: now, value };
    value.catch(() => {
      if (this.entry?.value === value) this.entry = undefined;
    });
    return value;
  }

  clear(): void {
    this.entry = undefined;
  }
}

/**
 * USD prices for the wallet, by chain as well as symbol, since the same symbol is worth money on
 * one chain and nothing on another:
 * - the CEX market snapshot (best-ranked coin of the symbol) prices the native coins of mainnets
 *   only: a testnet coin is not worth its mainnet price;
 * - on a real (configured, not local) mainnet of the research chains, the snapshot's coins with a
 *   contract there are the chain's known tokens ({@link WalletPrices.marketTokens}) and price
 *   tokens by contract address, never by symbol: a token named like a market coin is another
 *   asset;
 * - the devnet table prices what lives on a local chain (play money shown so the demo has
 *   numbers), after the market price for a local mainnet's native coin;
 * - anything else, such as every asset of a real testnet, has no price.
 */
export class WalletPrices {
  private readonly market: Cached<Map<string, AssetPrice>>;
  private readonly tokensByChain = new Map<ChainCode, Cached<MarketTokens>>();
  private readonly now = () => this.clock.now().getTime();

  constructor(
    private readonly chains: WalletChains,
    private readonly clock: Clock,
    private readonly cex: CexTokenSource,
  ) {
    this.market = new Cached(() => this.loadMarket(), this.now);
  }

  async prices(assets: readonly PricedAsset[]): Promise<PriceOf> {
    const wantsMarket = assets.some((asset) => this.usesMarket(asset));
    const codes = new Set(assets.flatMap((asset) => this.tokenMarketOf(asset) ?? []));
    const [market, tokenMarkets] = await Promise.all([
      wantsMarket ? this.market.get() : new Map<string, AssetPrice>(),
      Promise.all([...codes].map(async (code) => [code, await this.tokens(code)] as const)),
    ]);
    const tokensOf = new Map(tokenMarkets);
    const result = new Map<string, AssetPrice>();
    for (const asset of assets) {
      const key = keyOf(asset);
      if (result.has(key)) continue;
      const code = this.tokenMarketOf(asset);
      const price =
        code !== undefined
          ? tokensOf.get(code)?.byAddress.get(addressKey(code, asset.address ?? ''))
          : ((this.usesMarket(asset) ? market.get(asset.symbol.toUpperCase()) : undefined) ??
            this.tablePrice(asset));
      if (price) result.set(key, price);
    }
    return (asset) => result.get(keyOf(asset));
  }

  /**
   * The tokens the wallet lists on a real mainnet of the research chains: the snapshot's
   * best-ranked coins with a contract there. Undefined on the other chains, which keep their own
   * list (the devnet's tokens on a local chain, none on a real testnet).
   */
  async marketTokens(chainId: number): Promise<CexChainToken[] | undefined> {
    const code = this.marketChainCode(chainId);
    return code === undefined ? undefined : (await this.tokens(code)).tokens;
  }

  /** Forgets the cached market data, after the research data was reloaded. */
  invalidate(): void {
    this.market.clear();
    this.tokensByChain.clear();
  }

  /** The research chain code of a configured, not local mainnet, if the snapshot covers it. */
  private marketChainCode(chainId: number): ChainCode | undefined {
    const access = this.chains.get(chainId);
    if (!access || access.local || findChain(chainId)?.testnet !== false) return undefined;
    return CHAIN_CODES.find((chain) => chain.chainId === chainId)?.code;
  }

  /** Where a token with an address is priced by the market's contracts, its chain code. */
  private tokenMarketOf(asset: PricedAsset): ChainCode | undefined {
    return asset.native || !asset.address ? undefined : this.marketChainCode(asset.chainId);
  }

  private tokens(code: ChainCode): Promise<MarketTokens> {
    let cached = this.tokensByChain.get(code);
    if (!cached) {
      cached = new Cached(() => this.loadTokens(code), this.now);
      this.tokensByChain.set(code, cached);
    }
    return cached.get();
  }

  private async loadTokens(code: ChainCode): Promise<MarketTokens> {
    const tokens = await this.cex.tokensOnChain(code, MARKET_TOKENS_PER_CHAIN);
    const byAddress = new Map<string, AssetPrice>();
    for (const token of tokens) {
      const usd = token.price === null ? undefined : toScaled(token.price);
      const key = addressKey(code, token.address);
      if (usd !== undefined && !byAddress.has(key))
        byAddress.set(key, { usd, change24h: token.change24h, source: 'market' });
    }
    return { tokens, byAddress };
  }

  private usesMarket({ chainId, native }: PricedAsset): boolean {
    return native && findChain(chainId)?.testnet === false;
  }

  private tablePrice({ chainId, symbol }: PricedAsset): AssetPrice | undefined {
    if (!this.chains.get(chainId)?.local) return undefined;
    const devnet = this.chains.devnet?.prices.find((price) => price.symbol === symbol)?.usd;
    const usd = devnet === undefined ? undefined : toScaled(devnet);
    return usd === undefined ? undefined : { usd, change24h: null, source: 'devnet' };
  }

  private async loadMarket(): Promise<Map<string, AssetPrice>> {
    const wanted = ['ETH', 'BNB', 'MATIC', 'AVAX', 'SOL'];
    const marketSymbols = wanted.flatMap((symbol) => MARKET_ALIASES[symbol] ?? [symbol]);
    const rows = await this.cex.quotesBySymbol(marketSymbols);
    const bySymbol = new Map<string, AssetPrice>();
    for (const symbol of wanted) {
      for (const marketSymbol of MARKET_ALIASES[symbol] ?? [symbol]) {
        const row = rows.find(
          (candidate) =>
            candidate.symbol.toUpperCase() === marketSymbol && candidate.price !== null,
        );
        const usd = row?.price == null ? undefined : toScaled(row.price);
        if (row && usd !== undefined) {
          bySymbol.set(symbol, { usd, change24h: row.change24h, source: 'market' });
          break;
        }
      }
    }
    return bySymbol;
  }
}
