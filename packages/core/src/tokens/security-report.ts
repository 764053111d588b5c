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

/** Who can change a Solana token's metadata (GoPlus `metadata_mutable`): `status` 1 when someone can. */
export const metadataMutableSchema = z.object({
  status: flag,
  metadata_upgrade_authority: z.array(flaggedAddressSchema).default([]),
});
export type MetadataMutable = z.output<typeof metadataMutableSchema>;

/** One Token-2022 transfer fee: `fee_rate` a fraction (`0.05` = 5 %), `maximum_fee` base units. */
export const transferFeeRateSchema = z.object({
  fee_rate: z.number().min(0).max(1),
  maximum_fee: z.string().regex(/^\d+$/, 'Expected base units as a decimal string.'),
});
export type TransferFeeRate = z.output<typeof transferFeeRateSchema>;

/**
 * A Solana token's Token-2022 transfer fee (GoPlus `transfer_fee`): GoPlus sends `{}` for a
 * token without one, which reads `{ current_fee_rate: null, scheduled_fee_rate: [] }` (known: no
 * fee); the field itself is `null` when unknown.
 */
export const transferFeeSchema = z.object({
  current_fee_rate: transferFeeRateSchema.nullable().default(null),
  /** A different fee already set to apply from a later epoch (decimal string). */
  scheduled_fee_rate: z
    .array(transferFeeRateSchema.extend({ epoch: z.string().regex(/^\d+$/) }))
    .default([]),
});
export type TransferFee = z.output<typeof transferFeeSchema>;

/** Token metadata (Solana). */
export const tokenMetadataSchema = z.object({
  name: text,
  symbol: text,
  description: text,
  uri: text,
});
export type TokenMetadata = z.output<typeof tokenMetadataSchema>;

const reportFields = z.object({
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
  // Solana Token-2022 and metadata powers, named and shaped as GoPlus's Solana endpoint does.
  /** Who can change the name, symbol and URI; `null` when the token has no metadata or unknown. */
  metadata_mutable: metadataMutableSchema.nullable().default(null),
  /** The transfer fee (see `transferFeeSchema`). */
  transfer_fee: transferFeeSchema.nullable().default(null),
  /** Who can change the transfer fee. */
  transfer_fee_upgradable: authoritySchema.nullable().default(null),
  /** The transfer-hook program run on every transfer (it can refuse them); `[]` without one. */
  transfer_hook: z.array(flaggedAddressSchema).nullable().default(null),
  /** Who can set or change the hook program. */
  transfer_hook_upgradable: authoritySchema.nullable().default(null),
  /**
   * State of a new token account: `0` uninitialized, `1` initialized, `2` frozen (only accounts
   * the freeze authority thaws can trade). GoPlus sends the digit as a string.
   */
  default_account_state: z
    .union([z.literal(0), z.literal(1), z.literal(2)])
    .nullable()
    .default(null),
  /** Who can change that default state. */
  default_account_state_upgradable: authoritySchema.nullable().default(null),
  /** The permanent delegate: it can move or burn any holder's tokens. */
  balance_mutable_authority: authoritySchema.nullable().default(null),
  /** Who can close the mint (Token-2022 mint close authority). */
  closable: authoritySchema.nullable().default(null),
});

/** The names of the report's fields. */
export type SecurityReportField = keyof z.output<typeof reportFields>;

/** The security report (`tokenDetails` of a token detail). See the module comment for encodings. */
export const securityReportSchema = reportFields.extend({
  /**
   * Fields the report's source cannot measure for any token (our analyzer has no
   * source-verification service and no index of creators' earlier tokens): their `null` is a
   * gap of the engine, not a fact about this token. The score rubric charges such an unknown
   * differently where its rule allows (`unmeasurable` in `packages/core/README-score.md`).
   * Providers leave it `null`: every unknown of theirs is charged in full.
   */
  unmeasurable_fields: z.array(reportFields.keyof()).nullable().default(null),
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
