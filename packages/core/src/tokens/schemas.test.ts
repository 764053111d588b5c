import { describe, expect, it } from 'vitest';
import { cleanEvmReport, cleanSolanaReport } from './fixtures';
import {
  scamCheckFormSchema,
  tokenDetailQuerySchema,
  tokenListQuerySchema,
} from './request-schemas';
import {
  chainOfItemId,
  tokenListItemSchema,
  tokenListResponseSchema,
  tokenItemId,
  totalPages,
} from './schemas';
import { tokenDetailResponseSchema } from './detail-schemas';
import {
  emptySecurityReport,
  securityReportSchema,
  lockedLpShare,
  topHolderShare,
} from './security-report';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('tokenListQuerySchema', () => {
  it('defaults every filter to all and pages to 1 x 20', () => {
    expect(tokenListQuerySchema.parse({})).toEqual({
      chainName: 'all',
      age: 'all',
      score: 'all',
      liquidity: 'all',
      volume: 'all',
      page: 1,
      page_size: 20,
    });
  });

  it('reads query strings, case-insensitively', () => {
    expect(
      tokenListQuerySchema.parse({
        chainName: 'Solana',
        age: '1WEEK',
        score: 'gt80',
        liquidity: '500k-1M',
        volume: ' gt1m ',
        page: '3',
        page_size: '50',
      }),
    ).toEqual({
      chainName: 'solana',
      age: '1week',
      score: 'gt80',
      liquidity: '500k-1m',
      volume: 'gt1m',
      page: 3,
      page_size: 50,
    });
  });

  it('rejects bad values with clear messages', () => {
    expect(firstMessage(tokenListQuerySchema.safeParse({ chainName: 'base' }))).toBe(
      'chainName must be one of: all, eth, solana, bsc, avax, polygon_pos.',
    );
    expect(firstMessage(tokenListQuerySchema.safeParse({ score: 'greater than 70' }))).toMatch(
      /^score must be one of: all \(All\), gt70 \(greater than 70\)/,
    );
    expect(firstMessage(tokenListQuerySchema.safeParse({ page: '0' }))).toBe(
      'page must be a whole number from 1 to 10000.',
    );
    expect(firstMessage(tokenListQuerySchema.safeParse({ page: 'two' }))).toBe(
      'page must be a whole number from 1 to 10000.',
    );
    expect(firstMessage(tokenListQuerySchema.safeParse({ page_size: '101' }))).toBe(
      'page_size must be a whole number from 1 to 100.',
    );
    expect(firstMessage(tokenListQuerySchema.safeParse({ page_size: '2.5' }))).toBe(
      'page_size must be a whole number from 1 to 100.',
    );
  });
});

describe('list items and responses', () => {
  const item = {
    id: 'eth_0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    CoinName: 'Frog Coin',
    tokenAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    chainName: 'eth',
    price: 0.00004213,
    age: '2026-03-01T10:15:00.000Z',
    totalTransactions: 75,
    pricePercentage: { m5: 3.1, h1: 25.4, h6: -2, h24: null },
    volume: 5120.9,
    liquidity: 18450.33,
    Mcap: null,
    fdv: 42130,
    score: 72,
    is_favourite: 0,
  };

  it('accepts the spec fields and strips unknown keys', () => {
    expect(tokenListItemSchema.parse({ ...item, extra: 1 })).toEqual(item);
  });

  it('rejects a score out of range and a bad favourite flag', () => {
    expect(tokenListItemSchema.safeParse({ ...item, score: 101 }).success).toBe(false);
    expect(tokenListItemSchema.safeParse({ ...item, is_favourite: 2 }).success).toBe(false);
  });

  it('wraps items in the list envelope', () => {
    const response = { tokenDetails: [item], totalPages: 4, page: 1, page_size: 20 };
    expect(tokenListResponseSchema.parse(response)).toEqual(response);
    expect(totalPages(0, 20)).toBe(0);
    expect(totalPages(61, 20)).toBe(4);
    expect(totalPages(60, 20)).toBe(3);
  });
});

describe('security report', () => {
  it('reads every missing field as unknown (null), never as safe', () => {
    const report = emptySecurityReport();
    for (const value of Object.values(report)) expect(value).toBeNull();
    expect(securityReportSchema.parse({ is_honeypot: 1 }).is_honeypot).toBe(1);
  });

  it('rejects string flags and out-of-range fractions: adapters normalise first', () => {
    expect(securityReportSchema.safeParse({ is_honeypot: '1' }).success).toBe(false);
    expect(securityReportSchema.safeParse({ sell_tax: 1.5 }).success).toBe(false);
  });

  it('parses the clean fixtures unchanged', () => {
    expect(securityReportSchema.parse(cleanEvmReport())).toEqual(cleanEvmReport());
    expect(securityReportSchema.parse(cleanSolanaReport())).toEqual(cleanSolanaReport());
  });

  it('derives the locked LP share and the top holder share', () => {
    expect(lockedLpShare(cleanEvmReport())).toBeCloseTo(0.955);
    expect(lockedLpShare(emptySecurityReport())).toBeNull();
    expect(lockedLpShare({ lp_holders: [] })).toBeNull();
    expect(topHolderShare(cleanSolanaReport())).toBeCloseTo(0.052);
  });
});

describe('token detail', () => {
  it('accepts a full detail', () => {
    const detail = {
      id: 'solana_So11111111111111111111111111111111111111112',
      tokenName: 'Frog',
      tokenAddress: 'So11111111111111111111111111111111111111112',
      chainName: 'solana',
      price: 0.0000412,
      fdv: 41200,
      liquidity: 15200.5,
      priceProvider: 'Vaultscope snapshot',
      pairAddress: null,
      isVaultscope: 1,
      totalScore: 100,
      riskLevel: 'low risk',
      trusted_token: 0,
      tokenDetails: cleanSolanaReport(),
      is_favourite: 0,
    };
    expect(tokenDetailResponseSchema.parse(detail)).toEqual(detail);
    expect(tokenDetailResponseSchema.safeParse({ ...detail, riskLevel: 'some risk' }).success).toBe(
      false,
    );
  });

  it('checks network and chain id', () => {
    expect(tokenDetailQuerySchema.parse({ network: 'ETH', chainid: '1' })).toEqual({
      network: 'eth',
      chainid: 1,
    });
    expect(firstMessage(tokenDetailQuerySchema.safeParse({ network: 'tron' }))).toBe(
      'Invalid blockchain selected.',
    );
    expect(firstMessage(tokenDetailQuerySchema.safeParse({}))).toBe('Invalid blockchain selected.');
    expect(firstMessage(tokenDetailQuerySchema.safeParse({ network: 'eth', chainid: '56' }))).toBe(
      'Invalid blockchain selected.',
    );
  });

  it('validates the scam-check form before any request', () => {
    expect(
      scamCheckFormSchema.parse({
        chainName: 'eth',
        address: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
      }),
    ).toEqual({ chainName: 'eth', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' });
    expect(firstMessage(scamCheckFormSchema.safeParse({ chainName: 'eth', address: '' }))).toBe(
      'Enter a token address.',
    );
    expect(
      firstMessage(
        scamCheckFormSchema.safeParse({
          chainName: 'solana',
          address: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
        }),
      ),
    ).toBe('Enter a valid Solana token address.');
    expect(firstMessage(scamCheckFormSchema.safeParse({ chainName: 'btc', address: 'x' }))).toBe(
      'Invalid blockchain selected.',
    );
  });
});

describe('token item ids', () => {
  it('give back their chain, the longest code for codes that hold an underscore', () => {
    const id = tokenItemId('polygon_pos', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    expect(id).toBe('polygon_pos_0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed');
    expect(chainOfItemId(id)).toBe('polygon_pos');
    expect(chainOfItemId('solana_So11111111111111111111111111111111111111112')).toBe('solana');
    expect(chainOfItemId('bitcoin')).toBeUndefined();
  });
});
