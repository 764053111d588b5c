import type { PortfolioBalance } from '@vaultscope/core';

/** Display rules of the portfolio table that core does not already hold. */

/** One row's identity: a token is its chain plus its contract (or mint, or the native coin). */
export function balanceKey(balance: PortfolioBalance): string {
  return `${balance.chainId}:${balance.tokenAddress ?? balance.mint ?? balance.symbol}`;
}

/** Spec section 2: the 24 h change is green above zero, red below, yellow at zero or unknown. */
export function changeTone(change: number | null): 'up' | 'down' | 'flat' {
  if (change === null || !Number.isFinite(change) || change === 0) return 'flat';
  return change > 0 ? 'up' : 'down';
}

/** What a hidden balance shows instead (spec: hidden display is dots). */
export const HIDDEN_FIGURE = '••••••••';
