import { z } from 'zod';

/**
 * The security report: the `tokenDetails` of a token detail (spec section 3), normalised.
 *
 * Providers send flags as `"0"`/`"1"` strings, numbers or not at all (GoPlus omits most flags of
 * a contract whose source is not verified). Adapters normalise to this shape:
 * - flags are `1` (the risk or property is present), `0` (absent) or `null` (unknown);
 * - taxes and shares of supply are fractions in `[0, 1]` (`0.05` = 5 %), `null` when unknown;
 * - token amounts (`total_supply`, `owner_balance`, holder `balance`) are decimal strings;
 * - a field the provider did not send is `null`, never `0`: unknown is not safe (the score
 *   engine deducts points for unknowns, see `packages/core/README-score.md`).
 *
 * Every field may be omitted on input and then reads `null`, so a report can be written as
 * `{ ...only the known fields }`. EVM reports leave the Solana fields `null` and vice versa.
 * Unknown keys are stripped.
 */

/** A 0/1 flag, `null` when unknown. */
export const flagSchema = z.union([z.literal(0), z.literal(1)]);
/** `0`, `1` or `null`. */
export type Flag = 0 | 1 | null;

const flag = flagSchema.nullable().default(null);
const fraction = z.number().min(0).max(1).nullable().default(null);
const count = z.number().int().nonnegative().nullable().default(null);
const decimalString = z
  .string()
  .regex(/^\d+(\.\d+)?$/, 'Expected a non-negative decimal string.')
  .nullable()
  .default(null);
const text = z.string().nullable().default(null);

/** A holder or LP holder (top holders of the token or of its liquidity-pool token). */
export const holderSchema = z.object({
  /** Holder account (EVM address, or Solana token account / owner). */
  address: text,
  /** Provider tag such as `UniswapV2`, `Burn`, `PinkLock`. */
  tag: text,
  is_contract: flag,
  /** Balance in whole tokens, decimal string. */
  balance: decimalString,
  /** Share of the supply held, fraction 0-1. */
  percent: fraction,
  /** 1 when a known locker or burn address holds it. */
  is_locked: flag,
});
export type Holder = z.output<typeof holderSchema>;

/** A liquidity pool the provider knows for the token (`dexDetails[0].tvl` is read by the Solana rows). */
export const dexDetailSchema = z.object({
  dex_name: text,
  /** Pool or pair address. */
  id: text,
  /** `Standard` / `Concentrated` (Solana), `UniV2` / `UniV3` (EVM). */
  type: text,
  /** Total value locked in USD. */
  tvl: z.number().nonnegative().nullable().default(null),
  /** Share of LP tokens burnt, 0-100 (Solana providers report it in percent units). */
  burn_percent: z.number().min(0).max(100).nullable().default(null),
});
export type DexDetail = z.output<typeof dexDetailSchema>;

/** An address with the provider's malicious-address verdict. */
export const flaggedAddressSchema = z.object({
  address: z.string(),
  malicious_address: flag,
});
export type FlaggedAddress = z.output<typeof flaggedAddressSchema>;

/** A Solana authority (`mintable`, `freezable`): `status` 1 when the power exists (not revoked). */
export const authoritySchema = z.object({
  status: flag,
  authority: z.array(flaggedAddressSchema).default([]),
});
export type Authority = z.output<typeof authoritySchema>;

/** Token metadata (Solana). */
export const tokenMetadataSchema = z.object({
  name: text,
  symbol: text,
  description: text,
  uri: text,
});
export type TokenMetadata = z.output<typeof tokenMetadataSchema>;

/** The security report (`tokenDetails` of a token detail). See the module comment for encodings. */
export const securityReportSchema = z.object({
  // Ownership and contract powers (EVM).
  hidden_owner: flag,
  selfdestruct: flag,
  is_honeypot: flag,
  /** Number of honeypots deployed by the same creator (GoPlus documents a count). */
  honeypot_with_same_creator: count,
  is_proxy: flag,
  cannot_buy: flag,
  /** Total supply in whole tokens. */
  total_supply: decimalString,
  holder_count: count,
  transfer_pausable: flag,
  trading_cooldown: flag,
  /** Owner's share of supply, fraction 0-1. */
  owner_percent: fraction,
  /** Contract has a whitelist function. */
  is_whitelisted: flag,
  /** Contract has a blacklist function. */
  is_blacklisted: flag,
  /** Has a pair against a mainstream asset. */
  is_in_dex: flag,
  /** Source code verified; `0` is a risk. */
  is_open_source: flag,
  /** Sell tax, fraction 0-1 (`1` = cannot sell). */
  sell_tax: fraction,
  /** Buy tax, fraction 0-1. */
  buy_tax: fraction,
  /** Creator's share of supply, fraction 0-1. */
  creator_percent: fraction,
  /** Owner's balance in whole tokens. */
  owner_balance: decimalString,
  can_take_back_ownership: flag,
  slippage_modifiable: flag,
  external_call: flag,
  cannot_sell_all: flag,
  personal_slippage_modifiable: flag,
  is_anti_whale: flag,
  is_mintable: flag,
  owner_change_balance: flag,
  anti_whale_modifiable: flag,
  /** Top holders of the pool's LP token; LP locked share = sum of `percent` where `is_locked` is 1. */
  lp_holders: z.array(holderSchema).nullable().default(null),
  /** Soul-bound token (Solana; EVM providers do not report it). */
  non_transferable: flag,
  // Solana additions (spec section 3).
  /** Pools of the token; the Solana rows read `dexDetails[0].tvl`. */
  dexDetails: z.array(dexDetailSchema).nullable().default(null),
  /** Top holders; the Solana rows read `holders[0].percent`. */
  holders: z.array(holderSchema).nullable().default(null),
  /** Mint authority (Solana). */
  mintable: authoritySchema.nullable().default(null),
  /** Freeze authority (Solana). */
  freezable: authoritySchema.nullable().default(null),
  metadata: tokenMetadataSchema.nullable().default(null),
  creators: z.array(flaggedAddressSchema).nullable().default(null),
});
/** A normalised security report (every field present, `null` when unknown). */
export type SecurityReport = z.output<typeof securityReportSchema>;
/** A security report as written: any field may be left out. */
export type SecurityReportInput = z.input<typeof securityReportSchema>;

/** The names of the 0/1 flags of the report, in spec order. */
export const SECURITY_FLAG_KEYS = [
  'hidden_owner',
  'selfdestruct',
  'is_honeypot',
  'is_proxy',
  'cannot_buy',
  'transfer_pausable',
  'trading_cooldown',
  'is_whitelisted',
  'is_blacklisted',
  'is_in_dex',
  'is_open_source',
  'can_take_back_ownership',
  'slippage_modifiable',
  'external_call',
  'cannot_sell_all',
  'personal_slippage_modifiable',
  'is_anti_whale',
  'is_mintable',
  'owner_change_balance',
  'anti_whale_modifiable',
  'non_transferable',
] as const satisfies readonly (keyof SecurityReport)[];
export type SecurityFlagKey = (typeof SECURITY_FLAG_KEYS)[number];

/** A report with every field unknown, to spread known fields into. */
export function emptySecurityReport(): SecurityReport {
  return securityReportSchema.parse({});
}

/**
 * Share of the LP token held by lockers or burn addresses (sum of `percent` where `is_locked`
 * is 1, capped at 1), or `null` when the LP holders are unknown or empty.
 */
export function lockedLpShare(report: Pick<SecurityReport, 'lp_holders'>): number | null {
  const holders = report.lp_holders;
  if (!holders || holders.length === 0) return null;
  let locked = 0;
  for (const holder of holders) {
    if (holder.is_locked === 1 && holder.percent !== null) locked += holder.percent;
  }
  return Math.min(1, locked);
}

/** The largest holder's share (fraction), or `null` when holders are unknown or empty. */
export function topHolderShare(report: Pick<SecurityReport, 'holders'>): number | null {
  const shares = (report.holders ?? [])
    .map((holder) => holder.percent)
    .filter((percent): percent is number => percent !== null);
  return shares.length === 0 ? null : Math.max(...shares);
}
