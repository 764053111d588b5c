import { describe, expect, it } from 'vitest';
import { cutDecimals, cutValue, formatUsdFixed, shortAddress, shortHash } from './display';
import { explorerTransactionUrl, networksForMode, sentTitle } from './networks';

describe('networksForMode', () => {
  it('lists mainnets then testnets when both modes are on', () => {
    const ids = networksForMode({ showMainnet: true, showTestnet: true }).map((c) => c.id);
    expect(ids).toEqual([1, 137, 56, 43114, 101, 11155111, 80002, 97, 43113, 103]);
  });
  it('gives one group for one mode and nothing for neither', () => {
    expect(networksForMode({ showMainnet: false, showTestnet: true }).every((c) => c.testnet)).toBe(
      true,
    );
    expect(networksForMode({ showMainnet: false, showTestnet: false })).toEqual([]);
  });
});

describe('wallet display cuts', () => {
  it('cuts values over 26 characters to 22 and an ellipsis', () => {
    expect(cutValue('1'.repeat(26))).toBe('1'.repeat(26));
    expect(cutValue('1'.repeat(27))).toBe(`${'1'.repeat(22)}...`);
  });
  it('shows the first 6 and last 4 characters of an address and 10 of a hash', () => {
    expect(shortAddress('0x1234567890abcdef1234567890abcdef12345678')).toBe('0x1234...5678');
    expect(shortHash('0xabcdef0123456789')).toBe('0xabcdef01');
  });
});

describe('wallet figures', () => {
  it('cuts long balances without rounding and drops trailing zeros', () => {
    expect(cutDecimals('9.999999999999', 8)).toBe('9.99999999');
    expect(cutDecimals('10.50000', 8)).toBe('10.5');
    expect(cutDecimals('7.000000001', 8)).toBe('7');
    expect(cutDecimals('42', 8)).toBe('42');
  });
  it('shows USD with exactly the asked decimals, cut from the exact text, not a float', () => {
    expect(formatUsdFixed('55350.000000000000000001', 8)).toBe('55350.00000000');
    expect(formatUsdFixed('0.123456789', 5)).toBe('0.12345');
    expect(formatUsdFixed('12', 8)).toBe('12.00000000');
    expect(formatUsdFixed('90071992547409931.5', 2)).toBe('90071992547409931.50');
    expect(formatUsdFixed(null, 8)).toBe('-');
    expect(formatUsdFixed('abc', 8)).toBe('-');
  });
});

describe('transaction links and titles', () => {
  it('links real chains to their explorer, Solana devnet with its cluster', () => {
    expect(explorerTransactionUrl(1, '0xab')).toBe('https://etherscan.io/tx/0xab');
    expect(explorerTransactionUrl(103, 'sig')).toBe(
      'https://explorer.solana.com/tx/sig?cluster=devnet',
    );
  });
  it('titles a result by native symbol or token standard', () => {
    expect(sentTitle(137, 'native')).toBe('Sent MATIC');
    expect(sentTitle(56, 'token')).toBe('Sent ERC20');
    expect(sentTitle(101, 'token')).toBe('Sent SPL');
  });
});
