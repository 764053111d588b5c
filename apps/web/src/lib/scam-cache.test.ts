import {
  cleanEvmReport,
  cleanSolanaReport,
  storageKeys,
  type TokenDetailResponse,
} from '@vaultscope/core';
import { afterEach, describe, expect, it } from 'vitest';
import { cachedScamCheck, clearScamCheck, saveScamCheck } from './scam-cache';

const EVM = '0x5eAd87897B90234527efa981D7d0e87704BcF025';
const SOLANA = 'HNRuoi9XKf57ctD7XtaPKo7WcH7cu6d6ENcEDpfiLCMU';

function detail(overrides: Partial<TokenDetailResponse> = {}): TokenDetailResponse {
  return {
    id: `eth_${EVM.toLowerCase()}`,
    tokenName: 'Tree Inu',
    tokenAddress: EVM,
    chainName: 'eth',
    price: 10.75,
    fdv: 1_074_930_000,
    liquidity: 150_000_000,
    priceProvider: 'Vaultscope snapshot',
    pairAddress: null,
    isVaultscope: 1,
    totalScore: 100,
    riskLevel: 'low risk',
    trusted_token: 1,
    tokenDetails: cleanEvmReport(),
    is_favourite: 0,
    ...overrides,
  };
}

afterEach(() => localStorage.clear());

describe('scam-check cache (spec section 4)', () => {
  it('gives the cached data when the cached address equals the requested one', () => {
    saveScamCheck(EVM, detail());
    expect(localStorage.getItem(storageKeys.tokenAddress)).toBe(EVM);
    expect(cachedScamCheck(EVM, 'eth')?.tokenName).toBe('Tree Inu');
  });

  it('treats EVM addresses alike whatever their letter case', () => {
    saveScamCheck(EVM, detail());
    expect(cachedScamCheck(EVM.toLowerCase(), 'eth')).not.toBeNull();
  });

  it('keeps Solana addresses case-sensitive', () => {
    const solana = detail({
      id: `solana_${SOLANA}`,
      tokenAddress: SOLANA,
      chainName: 'solana',
      tokenDetails: cleanSolanaReport(),
    });
    saveScamCheck(SOLANA, solana);
    expect(cachedScamCheck(SOLANA, 'solana')?.chainName).toBe('solana');
    expect(cachedScamCheck(SOLANA.toLowerCase(), 'solana')).toBeNull();
  });

  it('fetches (gives null) for another address', () => {
    saveScamCheck(EVM, detail());
    expect(cachedScamCheck('0x1111111111111111111111111111111111111111', 'eth')).toBeNull();
  });

  it('fetches (gives null) for the same address on another chain', () => {
    saveScamCheck(EVM, detail());
    expect(cachedScamCheck(EVM, 'bsc')).toBeNull();
  });

  it('does not trust data that is not a token detail', () => {
    localStorage.setItem(storageKeys.tokenAddress, EVM);
    localStorage.setItem(storageKeys.tokenData, '{"tokenName":"x"}');
    expect(cachedScamCheck(EVM, 'eth')).toBeNull();
    localStorage.setItem(storageKeys.tokenData, 'not json');
    expect(cachedScamCheck(EVM, 'eth')).toBeNull();
  });

  it('gives null when nothing is cached, and after a failed check clears it', () => {
    expect(cachedScamCheck(EVM, 'eth')).toBeNull();
    saveScamCheck(EVM, detail());
    clearScamCheck();
    expect(localStorage.getItem(storageKeys.tokenAddress)).toBeNull();
    expect(localStorage.getItem(storageKeys.tokenData)).toBeNull();
    expect(cachedScamCheck(EVM, 'eth')).toBeNull();
  });
});
