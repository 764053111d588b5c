/** Symbols with their own logo in the web app's `public/logos` folder. */
const LOGO_SYMBOLS: ReadonlySet<string> = new Set([
  'ETH',
  'BNB',
  'MATIC',
  'AVAX',
  'SOL',
  'USDV',
  'VLT',
]);

/** The generic logo of an asset without one of its own. */
export const GENERIC_ASSET_LOGO = '/logos/generic.svg';

/**
 * Path of an asset's logo in the web app (`apps/web/public/logos`), the generic one for a symbol
 * without its own. The server sends it in balances; the web may use it for any asset it shows.
 */
export function assetLogoPath(symbol: string): string {
  return LOGO_SYMBOLS.has(symbol.toUpperCase())
    ? `/logos/${symbol.toLowerCase()}.svg`
    : GENERIC_ASSET_LOGO;
}
