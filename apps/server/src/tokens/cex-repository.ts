import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { CexMarket, CexTokenListItem, ChainCode } from '@vaultscope/core';
import type { Database } from '../lib/db/client';
import { cexMarketContracts, cexMarkets } from './research-tables';

type MarketRow = typeof cexMarkets.$inferSelect;

/** A coin of the CEX snapshot as a token of one chain: its contract there and its market price. */
export interface CexChainToken {
  /** Display form: checksummed EVM address or base58 Solana mint. */
  address: string;
  /** Upper case, as the lists show it. */
  symbol: string;
  name: string;
  price: number | null;
  change24h: number | null;
}

/** A coin's market price by its symbol (upper case). */
export interface CexSymbolQuote {
  symbol: string;
  price: number | null;
  change24h: number | null;
}

/** A CEX list row without the caller-specific `is_favourite`. */
export type CexListRow = Omit<CexTokenListItem, 'is_favourite'>;

/** A market row as a list row; `listed` overrides the chain and address shown (a chain filter). */
function toListRow(row: MarketRow, listed?: { chainName: ChainCode; address: string }): CexListRow {
  return {
    id: row.id,
    CoinName: row.name,
    symbol: row.symbol.toUpperCase(),
    tokenAddress: listed?.address ?? row.token_address,
    chainName: listed?.chainName ?? row.chain_name,
    price: row.current_price,
    age: null,
    totalTransactions: null,
    pricePercentage: { m5: null, h1: row.change_h1, h6: null, h24: row.change_h24 },
    volume: row.total_volume,
    liquidity: null,
    Mcap: row.market_cap,
    fdv: row.fully_diluted_valuation,
    score: null,
  };
}

function toMarket(row: MarketRow): CexMarket {
  return {
    id: row.id,
    symbol: row.symbol,
    name: row.name,
    image: row.image,
    current_price: row.current_price,
    market_cap: row.market_cap,
    market_cap_rank: row.market_cap_rank,
    fully_diluted_valuation: row.fully_diluted_valuation,
    total_volume: row.total_volume,
    price_change_percentage_1h_in_currency: row.change_h1,
    price_change_percentage_24h_in_currency: row.change_h24,
    price_change_percentage_7d_in_currency: row.change_d7,
    circulating_supply: row.circulating_supply,
    total_supply: row.total_supply,
    max_supply: row.max_supply,
    last_updated: row.last_updated ? row.last_updated.toISOString() : null,
    platforms: row.platforms,
  };
}

const byRank = [sql`${cexMarkets.market_cap_rank} asc nulls last`, sql`${cexMarkets.id} asc`];

/** Reads of the CEX markets. */
export class CexRepository {
  constructor(private readonly db: Database) {}

  /**
   * A page of coins by market-cap rank, and how many there are. With a chain, only coins with a
   * contract on it, shown with that contract.
   */
  async list(request: {
    chainName: ChainCode | 'all';
    offset: number;
    limit: number;
  }): Promise<{ rows: CexListRow[]; total: number }> {
    if (request.chainName === 'all') {
      const [rows, [totals]] = await Promise.all([
        this.db
          .select()
          .from(cexMarkets)
          .orderBy(...byRank)
          .limit(request.limit)
          .offset(request.offset),
        this.db.select({ total: count() }).from(cexMarkets),
      ]);
      return { rows: rows.map((row) => toListRow(row)), total: totals?.total ?? 0 };
    }
    const onChain = and(
      eq(cexMarketContracts.market_id, cexMarkets.id),
      eq(cexMarketContracts.chain_name, request.chainName),
    );
    const [rows, [totals]] = await Promise.all([
      this.db
        .select({ market: cexMarkets, address: cexMarketContracts.address })
        .from(cexMarkets)
        .innerJoin(cexMarketContracts, onChain)
        .orderBy(...byRank)
        .limit(request.limit)
        .offset(request.offset),
      this.db
        .select({ total: count() })
        .from(cexMarketContracts)
        .where(eq(cexMarketContracts.chain_name, request.chainName)),
    ]);
    const chainName = request.chainName;
    return {
      rows: rows.map((row) => toListRow(row.market, { chainName, address: row.address })),
      total: totals?.total ?? 0,
    };
  }

  /** The best-ranked coins with a contract on a chain, with that contract, at most `limit`. */
  async tokensOnChain(chainName: ChainCode, limit: number): Promise<CexChainToken[]> {
    const rows = await this.db
      .select({
        address: cexMarketContracts.address,
        symbol: cexMarkets.symbol,
        name: cexMarkets.name,
        price: cexMarkets.current_price,
        change24h: cexMarkets.change_h24,
      })
      .from(cexMarkets)
      .innerJoin(
        cexMarketContracts,
        and(
          eq(cexMarketContracts.market_id, cexMarkets.id),
          eq(cexMarketContracts.chain_name, chainName),
        ),
      )
      .orderBy(...byRank)
      .limit(limit);
    return rows.map((row) => ({ ...row, symbol: row.symbol.toUpperCase() }));
  }

  /**
   * Price and 24 h change of the coins with these symbols (any case), best-ranked first: the
   * wallet prices a mainnet's native coin by the first of them with a price.
   */
  async quotesBySymbol(symbols: readonly string[]): Promise<CexSymbolQuote[]> {
    if (symbols.length === 0) return [];
    const rows = await this.db
      .select({
        symbol: cexMarkets.symbol,
        price: cexMarkets.current_price,
        change24h: cexMarkets.change_h24,
      })
      .from(cexMarkets)
      .where(
        inArray(
          sql`upper(${cexMarkets.symbol})`,
          symbols.map((symbol) => symbol.toUpperCase()),
        ),
      )
      .orderBy(...byRank);
    return rows.map((row) => ({ ...row, symbol: row.symbol.toUpperCase() }));
  }

  /** List rows of the given market ids that exist. */
  async listRows(ids: readonly string[]): Promise<Map<string, CexListRow>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select()
      .from(cexMarkets)
      .where(inArray(cexMarkets.id, [...ids]));
    return new Map(rows.map((row) => [row.id, toListRow(row)]));
  }

  async exists(id: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: cexMarkets.id })
      .from(cexMarkets)
      .where(eq(cexMarkets.id, id))
      .limit(1);
    return row !== undefined;
  }

  /**
   * The coin of the price page, by the list's `tokenAddress`: a market id, or any of its contract
   * addresses (EVM compared case-insensitively). Shown with the contract asked for.
   */
  async byTokenAddress(
    tokenAddress: string,
  ): Promise<{ row: CexListRow; market: CexMarket } | undefined> {
    const key = tokenAddress.startsWith('0x') ? tokenAddress.toLowerCase() : tokenAddress;
    const [byContract] = await this.db
      .select({
        market: cexMarkets,
        chainName: cexMarketContracts.chain_name,
        address: cexMarketContracts.address,
      })
      .from(cexMarketContracts)
      .innerJoin(cexMarkets, eq(cexMarkets.id, cexMarketContracts.market_id))
      .where(eq(cexMarketContracts.address_key, key))
      .orderBy(...byRank, cexMarketContracts.chain_name)
      .limit(1);
    if (byContract) {
      const { market, chainName, address } = byContract;
      return { row: toListRow(market, { chainName, address }), market: toMarket(market) };
    }
    const [byId] = await this.db
      .select()
      .from(cexMarkets)
      .where(eq(cexMarkets.id, tokenAddress))
      .limit(1);
    return byId ? { row: toListRow(byId), market: toMarket(byId) } : undefined;
  }
}
