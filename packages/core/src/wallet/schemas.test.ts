import { describe, expect, it } from 'vitest';
import { chainIdQuerySchema, faucetRequestSchema, sendEthRequestSchema } from './schemas';

describe('chain ids', () => {
  it('takes digits in a query string and refuses hex, exponents and empty values', () => {
    expect(chainIdQuerySchema.parse({ chainId: '137' })).toEqual({ chainId: 137 });
    for (const chainId of ['0x1', '1e2', '', ' 1', '-1', '1.5'])
      expect(chainIdQuerySchema.safeParse({ chainId }).success, chainId).toBe(false);
  });

  it('takes a number or digits in a JSON body, never true, null or an empty string', () => {
    const body = { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', amount: '1' };
    expect(sendEthRequestSchema.parse({ ...body, chainId: 56 }).chainId).toBe(56);
    expect(sendEthRequestSchema.parse({ ...body, chainId: '97' }).chainId).toBe(97);
    for (const chainId of [true, null, '', 1.5, '0x38'])
      expect(sendEthRequestSchema.safeParse({ ...body, chainId }).success, String(chainId)).toBe(
        false,
      );
    expect(faucetRequestSchema.safeParse({ chainId: false }).success).toBe(false);
  });
});
