import { z } from 'zod';
import { addressKey, isValidAddressForChain } from './addresses';
import { chainCodeSchema } from './schemas';
import { cexMarketSchema } from './cex';
import { flagSchema, securityReportSchema } from './security-report';

/**
 * The research snapshot: the data the server loads on first start when no live provider is
 * configured (DESIGN.md section 4). Written by `scripts/generate-snapshot.ts` to
 * `apps/server/snapshot/` and validated with these schemas on both sides.
 *
 * Times: every timestamp is relative to `reference_time`, the moment the snapshot pretends to
 * be taken. A loader should shift them with {@link rebaseSnapshotTime} so that pool ages stay
 * realistic (minutes to months) whenever the snapshot is loaded.
 */

/** Current snapshot format version. */
export const SNAPSHOT_VERSION = 1;

const usd = z.number().nonnegative();
const windows = <T extends z.ZodType>(schema: T) =>
  z.object({ m5: schema, h1: schema, h6: schema, h24: schema });

/** Buys and sells over a window. */
export const txCountSchema = z.object({
  buys: z.number().int().nonnegative(),
  sells: z.number().int().nonnegative(),
});

/** A DEX token with its security report. */
export const snapshotDexTokenSchema = z.object({
  chainName: chainCodeSchema,
  /** Checksummed EVM address or base58 Solana mint. */
  address: z.string(),
  name: z.string().min(1),
  symbol: z.string().min(1),
  decimals: z.number().int().min(0).max(36),
  /** Whole tokens, decimal string. */
  total_supply: z.string().regex(/^\d+(\.\d+)?$/),
  /** 1 for well-known tokens (see the score rubric's trust mitigation). */
  trusted_token: flagSchema,
  security: securityReportSchema,
});
export type SnapshotDexToken = z.output<typeof snapshotDexTokenSchema>;

/**
 * A DEX pool (GeckoTerminal pool resource, reference doc section 1.3, with numbers parsed):
 * the base token is a snapshot token, the quote token a chain's wrapped native coin or stablecoin.
 */
export const snapshotPoolSchema = z.object({
  chainName: chainCodeSchema,
  address: z.string(),
  /** GeckoTerminal-style dex id, e.g. `uniswap_v2`, `raydium`. */
  dex: z.string().min(1),
  /** `BASE / QUOTE`. */
  name: z.string().min(1),
  base_token_address: z.string(),
  quote_token_address: z.string(),
  quote_token_symbol: z.string().min(1),
  /** ISO-8601 UTC pool creation time. */
  pool_created_at: z.iso.datetime(),
  base_token_price_usd: usd,
  base_token_price_native_currency: usd.nullable(),
  reserve_in_usd: usd,
  fdv_usd: usd.nullable(),
  /** `null` unless verified, as on GeckoTerminal. */
  market_cap_usd: usd.nullable(),
  /** Percent (`12.5` = +12.5 %). */
  price_change_percentage: windows(z.number()),
  transactions: windows(txCountSchema),
  volume_usd: windows(usd),
});
export type SnapshotPool = z.output<typeof snapshotPoolSchema>;

/** The whole snapshot. */
export const researchSnapshotSchema = z
  .object({
    version: z.literal(SNAPSHOT_VERSION),
    /** Seed of the generator; the same seed gives the same snapshot. */
    seed: z.number().int(),
    /** The moment the snapshot's timestamps are relative to. */
    reference_time: z.iso.datetime(),
    /** Free text: what made it, and that the data is synthetic. */
    generator: z.string(),
    dex: z.object({
      tokens: z.array(snapshotDexTokenSchema),
      pools: z.array(snapshotPoolSchema),
    }),
    cex: z.object({ markets: z.array(cexMarketSchema) }),
  })
  .superRefine((snapshot, ctx) => {
    const tokenKeys = new Set<string>();
    snapshot.dex.tokens.forEach((token, index) => {
      if (!isValidAddressForChain(token.chainName, token.address)) {
        ctx.addIssue({
          code: 'custom',
          message: 'Invalid address',
          path: ['dex', 'tokens', index, 'address'],
        });
      }
      const key = `${token.chainName}:${addressKey(token.chainName, token.address)}`;
      if (tokenKeys.has(key)) {
        ctx.addIssue({
          code: 'custom',
          message: 'Duplicate token',
          path: ['dex', 'tokens', index, 'address'],
        });
      }
      tokenKeys.add(key);
    });
    const poolKeys = new Set<string>();
    snapshot.dex.pools.forEach((pool, index) => {
      const path = ['dex', 'pools', index];
      for (const field of ['address', 'base_token_address', 'quote_token_address'] as const) {
        if (!isValidAddressForChain(pool.chainName, pool[field])) {
          ctx.addIssue({ code: 'custom', message: 'Invalid address', path: [...path, field] });
        }
      }
      const key = `${pool.chainName}:${addressKey(pool.chainName, pool.address)}`;
      if (poolKeys.has(key) || tokenKeys.has(key)) {
        ctx.addIssue({
          code: 'custom',
          message: 'Duplicate pool address',
          path: [...path, 'address'],
        });
      }
      poolKeys.add(key);
      if (
        !tokenKeys.has(`${pool.chainName}:${addressKey(pool.chainName, pool.base_token_address)}`)
      ) {
        ctx.addIssue({
          code: 'custom',
          message: 'Pool base token is not a snapshot token',
          path: [...path, 'base_token_address'],
        });
      }
    });
    const marketIds = new Set<string>();
    snapshot.cex.markets.forEach((market, index) => {
      if (marketIds.has(market.id)) {
        ctx.addIssue({
          code: 'custom',
          message: 'Duplicate market id',
          path: ['cex', 'markets', index, 'id'],
        });
      }
      marketIds.add(market.id);
    });
  });
export type ResearchSnapshot = z.output<typeof researchSnapshotSchema>;

/**
 * Shifts a snapshot timestamp so that its distance to `now` equals its distance to the
 * snapshot's `reference_time`: a pool created 5 minutes before the reference time is created
 * 5 minutes before `now`. Returns ISO-8601.
 */
export function rebaseSnapshotTime(iso: string, referenceTime: string, now: Date): string {
  const shifted = now.getTime() - (Date.parse(referenceTime) - Date.parse(iso));
  return new Date(shifted).toISOString();
}
