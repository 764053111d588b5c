/** The wallet's display cuts of spec section 9. */

export const WALLET_DISPLAY = {
  portfolioSymbolChars: 5,
  assetSelectSymbolChars: 6,
  historyHashChars: 10,
  addressHeadChars: 6,
  addressTailChars: 4,
  valueCutAt: 26,
  valueKeepChars: 22,
  priceWrapChars: 30,
  totalUsdDecimals: 8,
  tokenUsdDecimals: 5,
  /** Balances, values and amounts shown in tables and lines (the full text goes in a tooltip). */
  amountDecimals: 8,
  feeDecimals: 10,
  nativeEquivalentDecimals: 6,
  maxNativeDeductPercent: 30,
} as const;

export function cutSymbol(symbol: string, chars: number): string {
  return symbol.slice(0, chars);
}

/** A result value over 26 characters shows its first 22 and an ellipsis. */
export function cutValue(value: string): string {
  return value.length > WALLET_DISPLAY.valueCutAt
    ? `${value.slice(0, WALLET_DISPLAY.valueKeepChars)}...`
    : value;
}

/** `0x1234…abcd`: first 6 and last 4 characters. */
export function shortAddress(address: string): string {
  const { addressHeadChars: head, addressTailChars: tail } = WALLET_DISPLAY;
  return address.length <= head + tail
    ? address
    : `${address.slice(0, head)}...${address.slice(-tail)}`;
}

export function shortHash(hash: string): string {
  return hash.slice(0, WALLET_DISPLAY.historyHashChars);
}

/**
 * A decimal text with at most `maxFraction` fractional digits, cut (never rounded up, never
 * through a float): `9.99999999999` → `9.99999999`.
 */
export function cutDecimals(text: string, maxFraction: number): string {
  const [whole = '', fraction = ''] = text.split('.');
  const kept = fraction.slice(0, maxFraction).replace(/0+$/, '');
  return kept ? `${whole}.${kept}` : whole;
}

/**
 * A USD amount with exactly `decimals` fractional digits, cut from the server's exact decimal
 * text (a number is accepted for prices); `-` when unknown.
 */
export function formatUsdFixed(
  value: string | number | null | undefined,
  decimals: number,
): string {
  if (value === null || value === undefined || value === '') return '-';
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value;
  if (!/^-?\d+(\.\d+)?$/.test(text)) return '-';
  const [whole = '0', fraction = ''] = text.split('.');
  return decimals === 0 ? whole : `${whole}.${fraction.slice(0, decimals).padEnd(decimals, '0')}`;
}

/** Price text broken into lines of 30 characters (spec: price text wraps at 30). */
export function wrapPrice(text: string): string[] {
  const lines: string[] = [];
  for (let i = 0; i < text.length; i += WALLET_DISPLAY.priceWrapChars)
    lines.push(text.slice(i, i + WALLET_DISPLAY.priceWrapChars));
  return lines.length ? lines : [''];
}
