/**
 * USD prices of the native coins and the local tokens, for the portfolio when no market price
 * exists (the local chains have no market). Decimal strings, never floats. Testnet coins are
 * priced like their mainnet coin so a local portfolio looks like a real one.
 */
export interface DevnetPrice {
  symbol: string;
  name: string;
  usd: string;
}

export const DEVNET_PRICES = [
  { symbol: 'ETH', name: 'Ether', usd: '3000.00' },
  { symbol: 'BNB', name: 'BNB', usd: '600.00' },
  { symbol: 'MATIC', name: 'Polygon', usd: '0.50' },
  { symbol: 'AVAX', name: 'Avalanche', usd: '30.00' },
  { symbol: 'SOL', name: 'Solana', usd: '150.00' },
  { symbol: 'USDV', name: 'Vaultscope USD', usd: '1.00' },
  { symbol: 'VLT', name: 'Vaultscope Token', usd: '0.25' },
] as const satisfies readonly DevnetPrice[];

/** The table's USD price of a symbol (case-sensitive, as the chains report it), if any. */
export function devnetUsdPrice(symbol: string): string | undefined {
  return DEVNET_PRICES.find((price) => price.symbol === symbol)?.usd;
}
