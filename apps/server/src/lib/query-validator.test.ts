import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { keptQueryValidatorCompiler, MAX_KEPT_QUERIES } from './query-validator';

const schema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  chain: z.enum(['eth', 'bsc']).default('eth'),
});
let parses = 0;
const counted = schema.transform((value) => {
  parses += 1;
  return value;
});

const compile = (httpPart: string, zod: z.ZodType = counted) =>
  keptQueryValidatorCompiler({
    schema: zod,
    httpPart,
    method: 'GET',
    url: '/list',
  } as FastifyRouteSchemaDef<unknown>) as (data: unknown) => {
    value?: unknown;
    error?: unknown;
  };

describe('kept query validator', () => {
  it('validates a query once and answers it again with the same frozen value', () => {
    const validate = compile('querystring');
    parses = 0;
    const first = validate({ page: '2', chain: 'bsc' });
    expect(first.value).toEqual({ page: 2, chain: 'bsc' });
    expect(Object.isFrozen(first.value)).toBe(true);
    expect(validate({ page: '2', chain: 'bsc' }).value).toBe(first.value);
    expect(parses).toBe(1);
    // Another query is its own entry.
    expect(validate({ page: '3' }).value).toEqual({ page: 3, chain: 'eth' });
    expect(parses).toBe(2);
  });

  it('gives every bad query its own error and keeps none', () => {
    const validate = compile('querystring');
    parses = 0;
    const bad = validate({ page: '0' });
    expect(bad.error).toBeDefined();
    expect(validate({ page: '0' }).error).toBeDefined();
    expect(validate({ page: '0' }).error).not.toBe(bad.error);
    expect(validate({ chain: 'sol' }).error).toBeDefined();
  });

  it('validates each time a query whose values are not all strings (a repeated name)', () => {
    const validate = compile('querystring');
    parses = 0;
    expect(validate({ page: ['1', '2'] }).error).toBeDefined();
    const loose = compile('querystring', z.object({ tag: z.array(z.string()) }).passthrough());
    const first = loose({ tag: ['a', 'b'] });
    expect(first.value).toEqual({ tag: ['a', 'b'] });
    expect(Object.isFrozen(first.value)).toBe(false);
    expect(loose({ tag: ['a', 'b'] }).value).not.toBe(first.value);
  });

  it('starts over past the most kept queries, still answering each', () => {
    const validate = compile('querystring');
    parses = 0;
    for (let page = 1; page <= MAX_KEPT_QUERIES + 1; page += 1) {
      expect(validate({ page: String(page) }).value).toEqual({ page, chain: 'eth' });
    }
    expect(parses).toBe(MAX_KEPT_QUERIES + 1);
    // Page 1 was dropped when the memo started over; the newest is kept.
    validate({ page: '1' });
    validate({ page: String(MAX_KEPT_QUERIES + 1) });
    expect(parses).toBe(MAX_KEPT_QUERIES + 2);
  });

  it('keeps nothing for other parts of the request (bodies, params)', () => {
    const validate = compile('body');
    parses = 0;
    validate({ page: '2' });
    validate({ page: '2' });
    expect(parses).toBe(2);
  });
});
