import type { CexMarket, ChainCode } from '@vaultscope/core';
import type { AddressBook } from './addresses';
import { CEX_NAME_KINDS, CEX_NAME_PARTS, MAJOR_COINS } from './catalog';
import { clamp, fixed, sig, type Random } from './prng';

const PLATFORM_CHANCES: readonly (readonly [ChainCode, number])[] = [
  ['eth', 0.55],
  ['bsc', 0.25],
  ['solana', 0.15],
  ['polygon_pos', 0.1],
  ['avax', 0.08],
];

/**
 * Generates `count` CoinGecko-like markets: the well-known majors of the catalogue, then
 * synthetic coins, ranked by market cap.
 */
export function generateCex(
  rng: Random,
  book: AddressBook,
  count: number,
  referenceTime: Date,
): CexMarket[] {
  const lastUpdated = new Date(referenceTime.getTime() - 30_000).toISOString();
  const markets: CexMarket[] = [];
  for (const major of MAJOR_COINS.slice(0, count)) {
    for (const [chain, address] of Object.entries(major.platforms))
      book.reserve(chain as ChainCode, address);
    const circulating = major.marketCap / major.price;
    const totalSupply = major.fdvRatio === null ? circulating : circulating * major.fdvRatio;
    markets.push(
      market(rng, {
        id: major.id,
        symbol: major.symbol,
        name: major.name,
        price: major.price,
        circulating,
        totalSupply,
        maxSupply: major.fdvRatio === null ? null : totalSupply,
        platforms: major.platforms,
        stable: major.price === 1,
        lastUpdated,
      }),
    );
  }
  const usedNames = new Set(markets.map((m) => m.name));
  const usedSymbols = new Set(markets.map((m) => m.symbol));
  while (markets.length < count) {
    const part = rng.pick(CEX_NAME_PARTS);
    const kind = rng.pick(CEX_NAME_KINDS);
    const name = `${part} ${kind}`;
    if (usedNames.has(name)) continue;
    usedNames.add(name);
    let symbol = (part.slice(0, rng.int(2, 4)) + kind.slice(0, 1)).toLowerCase();
    for (let n = 2; usedSymbols.has(symbol); n += 1) symbol = `${symbol.replace(/\d+$/, '')}${n}`;
    usedSymbols.add(symbol);
    const marketCap = rng.logUniform(5e6, 8e9);
    const price = rng.logUniform(0.0005, 150);
    const circulating = marketCap / price;
    const totalSupply = circulating * rng.uniform(1, 3);
    const platforms: Partial<Record<ChainCode, string>> = {};
    if (!rng.chance(0.15)) {
      for (const [chain, chance] of PLATFORM_CHANCES)
        if (rng.chance(chance)) platforms[chain] = book.next(chain);
      if (Object.keys(platforms).length === 0) platforms.eth = book.next('eth');
    }
    markets.push(
      market(rng, {
        id: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
        symbol,
        name,
        price,
        circulating,
        totalSupply,
        maxSupply: rng.chance(0.6) ? totalSupply : null,
        platforms,
        stable: false,
        lastUpdated,
      }),
    );
  }
  markets.sort((a, b) => (b.market_cap ?? 0) - (a.market_cap ?? 0));
  return markets.map((m, index) => ({ ...m, market_cap_rank: index + 1 }));
}

interface MarketInput {
  id: string;
  symbol: string;
  name: string;
  price: number;
  circulating: number;
  totalSupply: number;
  maxSupply: number | null;
  platforms: Partial<Record<ChainCode, string>>;
  stable: boolean;
  lastUpdated: string;
}

function market(rng: Random, input: MarketInput): CexMarket {
  const swing = input.stable ? 0.02 : 1;
  const marketCap = input.price * input.circulating;
  return {
    id: input.id,
    symbol: input.symbol,
    name: input.name,
    image: null,
    current_price: sig(input.price, 6),
    market_cap: Math.round(marketCap),
    market_cap_rank: null,
    fully_diluted_valuation: Math.round(input.price * (input.maxSupply ?? input.totalSupply)),
    total_volume: Math.round(marketCap * clamp(rng.logNormal(0.05, 0.9), 0.002, 1.5)),
    price_change_percentage_1h_in_currency: fixed(rng.normal(0, 0.7 * swing), 2),
    price_change_percentage_24h_in_currency: fixed(clamp(rng.normal(0.3, 5 * swing), -60, 150), 2),
    price_change_percentage_7d_in_currency: fixed(clamp(rng.normal(1, 12 * swing), -80, 300), 2),
    circulating_supply: Math.round(input.circulating),
    total_supply: Math.round(input.totalSupply),
    max_supply: input.maxSupply === null ? null : Math.round(input.maxSupply),
    last_updated: input.lastUpdated,
    platforms: input.platforms,
  };
}
