import type { PortfolioBalance } from '@vaultscope/core';
import { describe, expect, it } from 'vitest';
import { balanceKey, changeTone } from './portfolio';

const balance = (overrides: Partial<PortfolioBalance>): PortfolioBalance => ({
  chainId: 1,
  chainName: 'Ethereum',
  symbol: 'ETH',
  name: 'Ether',
  logo: '',
  decimals: 18,
  balance: '1',
  tokenAddress: 'Native',
  mint: null,
  usdPrice: '3000',
  usd_value: '3000',
  change24h: null,
  priceSource: 'devnet',
  ...overrides,
});

describe('portfolio display rules', () => {
  it('colours the 24 h change green, red, or yellow for zero and unknown', () => {
    expect(changeTone(1.2)).toBe('up');
    expect(changeTone(-0.01)).toBe('down');
    expect(changeTone(0)).toBe('flat');
    expect(changeTone(null)).toBe('flat');
  });

  it('tells rows apart by chain and token, with Solana mints', () => {
    expect(balanceKey(balance({}))).toBe('1:Native');
    expect(balanceKey(balance({ chainId: 103, tokenAddress: null, mint: 'Mint1' }))).toBe(
      '103:Mint1',
    );
  });
});
