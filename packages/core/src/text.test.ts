import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signupRequestSchema } from './auth/schemas';
import { favouriteItemSchema } from './favourites/schemas';
import { icoListQuerySchema, icoProjectInputSchema } from './ico/schemas';
import { plainText, plainTextProblem } from './text';
import { cexPriceParamsSchema } from './tokens/cex';
import { tokenByIdParamsSchema, tokenDetailParamsSchema } from './tokens/request-schemas';
import { feeEstimateQuerySchema, sendSplTokenRequestSchema } from './wallet/schemas';

describe('plain text', () => {
  it('refuses NUL, every other C0 control character and DEL', () => {
    for (let code = 0; code < 0x20; code += 1)
      expect(plainTextProblem(`a${String.fromCharCode(code)}b`)).toBe('controlCharacters');
    expect(plainTextProblem('a\u007fb')).toBe('controlCharacters');
  });

  it('allows tab and line breaks only in multi-line text', () => {
    expect(plainTextProblem('one\ntwo\r\n\tthree', { multiline: true })).toBeUndefined();
    expect(plainTextProblem('one\ntwo')).toBe('controlCharacters');
    expect(plainTextProblem('one\u0000two', { multiline: true })).toBe('controlCharacters');
  });

  it('refuses a lone surrogate and keeps real Unicode', () => {
    expect(plainTextProblem('Zoë 😀 東京 ٣')).toBeUndefined();
    expect(plainTextProblem('a\ud800b')).toBe('brokenUnicode');
    expect(plainTextProblem('a\udc00')).toBe('brokenUnicode');
  });

  it('names the field in its message', () => {
    const result = z.string().check(plainText('First name')).safeParse('Ada\u0000');
    expect(result.error?.issues[0]?.message).toBe(
      'First name must not contain control characters.',
    );
  });
});

describe('request schemas refuse control characters in text', () => {
  const signup = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    mobile: '+1 555 0100',
    country: 'Canada',
    password: 'correct horse',
    confirmPassword: 'correct horse',
  };
  const cases: [string, z.ZodType, Record<string, unknown>, string][] = [
    ['signup first name', signupRequestSchema, { ...signup, firstName: 'A\u0000' }, 'firstName'],
    ['signup country', signupRequestSchema, { ...signup, country: 'C\u0000' }, 'country'],
    [
      'favourite item id',
      favouriteItemSchema,
      { itemId: 'x\u0000', type: 'DEX', userId: '6f1c1f52-4d0e-4a8e-9a55-3f3b1c1f0c11' },
      'itemId',
    ],
    ['private-sale search', icoListQuerySchema, { tokenName: '\u0000' }, 'tokenName'],
    ['CEX price path', cexPriceParamsSchema, { tokenAddress: '\u0000' }, 'tokenAddress'],
    ['token detail path', tokenDetailParamsSchema, { id: 'x\u0000' }, 'id'],
    ['token-by-id path', tokenByIdParamsSchema, { address: 'x\u0007' }, 'address'],
    [
      'fee query',
      feeEstimateQuerySchema,
      { chainId: '1', tokenAddress: '0x\u0000' },
      'tokenAddress',
    ],
    [
      'SPL send',
      sendSplTokenRequestSchema,
      { tokenMintAddress: 'm', recieverAddress: 'r\u001b', amount: '1' },
      'recieverAddress',
    ],
  ];
  it.each(cases)('%s', (_name, schema, input, field) => {
    const result = schema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toContain(field);
  });

  it('lets a private-sale description keep its line breaks', () => {
    const project = {
      slug: 'p',
      tokenName: 'P',
      ticker: 'P',
      category: 'Infra',
      status: 'active',
      lastUpdated: '2025-03-01T12:00:00Z',
    };
    expect(icoProjectInputSchema.safeParse({ ...project, description: 'one\n\ntwo' }).success).toBe(
      true,
    );
    expect(icoProjectInputSchema.safeParse({ ...project, description: 'one\u0000' }).success).toBe(
      false,
    );
  });
});
