import type { ChainFamily } from '../chains/chains';
import {
  lockedLpShare,
  topHolderShare,
  type Authority,
  type Flag,
  type SecurityFlagKey,
  type SecurityReport,
  type SecurityReportField,
} from '../tokens/security-report';

/**
 * The score rubric as data: the score engine evaluates these rules and the markdown table of
 * `packages/core/README-score.md` is rendered from them (a test keeps the two in step).
 *
 * Every rule looks at one fact of the report and gives:
 * - `ok`: nothing deducted;
 * - `risk`: `points` deducted, and the score may not exceed `cap`;
 * - `unknown` (the fact is missing): `unknownPoints` deducted and `unknownCap` applied. Missing
 *   data is never treated as safe, but it never costs more than the risk itself would.
 *
 * Two refinements say what an unknown is evidence of, so that it is charged once and only for
 * what it can hide:
 * - **One gap, one charge** (`unknownGroup`): facts that one read gives together (every Token-2022
 *   extension is in the one mint account) are missing together when a source did not make that
 *   read. The unknowns of a group cost what the costliest of them costs, not their sum.
 * - **Out of the engine's reach** (`unmeasurableField`): some facts need a service beyond the
 *   token's own chain state (a source-verification service, an index of a creator's earlier
 *   tokens, a holder or pool index). When the report says its source cannot measure that field
 *   for any token (`unmeasurable_fields`), its `null` says nothing about this token, only about
 *   the engine: the unknown points become a ceiling (the score may not exceed 100 minus them)
 *   instead of a deduction stacked on the token's own risks. Several such gaps cap at the lowest
 *   ceiling. A report with a gap never reaches 100, and since an unknown never costs more than
 *   its risk, learning that the fact is a risk never raises the score. Only context facts may
 *   be waived; what the code or a trade does to a holder (honeypot, taxes, powers) never is.
 *
 * Tiered rules deduct the points of the worst tier the value reaches. Rules marked
 * `trustMitigated` deduct half their points when the token is a trusted, well-known token
 * (`trusted_token` = 1): central powers such as minting, pausing or freezing are normal for
 * stablecoins and wrapped assets. Caps are never mitigated.
 */

/** How a rule reads the report: a 0/1 fact or a number. */
export type RuleKind = 'flag' | 'tiered';

/** Unit of a tiered rule's value, for documentation. */
export type RuleUnit = 'fraction' | 'count' | 'usd';

interface RuleBase {
  /** Stable id (the report field, or a derived fact's name). */
  id: string;
  /** Short human label. */
  label: string;
  /** Where the fact comes from in the report, for the rubric table. */
  source: string;
  /** Points deducted when the fact is unknown. */
  unknownPoints: number;
  /** Score ceiling when the fact is unknown. */
  unknownCap?: number;
  /** Half points for trusted tokens. */
  trustMitigated?: boolean;
  /** Rules sharing a group whose facts are unknown are charged once, at the costliest. */
  unknownGroup?: string;
  /**
   * The report field whose listing in `unmeasurable_fields` turns this rule's unknown points
   * from a deduction into a ceiling (`100 - unknownPoints`).
   */
  unmeasurableField?: SecurityReportField;
  /** Why the rule exists or why its unknown case is treated as it is. */
  note?: string;
}

/** A rule on a 0/1 fact: the risk is present when the value equals `riskWhen`. */
export interface FlagRule extends RuleBase {
  kind: 'flag';
  read: (report: SecurityReport) => Flag;
  riskWhen: 0 | 1;
  points: number;
  cap?: number;
}

/** One tier of a tiered rule. */
export interface Tier {
  threshold: number;
  points: number;
  cap?: number;
}

/**
 * A rule on a number: with `direction` `atLeast`, a tier applies when `value >= threshold`
 * (higher is worse); with `below`, when `value < threshold` (lower is worse).
 */
export interface TieredRule extends RuleBase {
  kind: 'tiered';
  read: (report: SecurityReport) => number | null;
  direction: 'atLeast' | 'below';
  unit: RuleUnit;
  tiers: readonly Tier[];
}

export type ScoreRule = FlagRule | TieredRule;

const flagRule = (
  id: SecurityFlagKey,
  label: string,
  points: number,
  unknownPoints: number,
  extra: Partial<Omit<FlagRule, 'kind' | 'id' | 'label' | 'points' | 'unknownPoints'>> = {},
): FlagRule => ({
  kind: 'flag',
  id,
  label,
  source: id,
  read: (report) => report[id],
  riskWhen: 1,
  points,
  unknownPoints,
  ...extra,
});

const honeypotCreatorRule: TieredRule = {
  kind: 'tiered',
  id: 'honeypot_with_same_creator',
  label: 'Creator made honeypots before',
  source: 'honeypot_with_same_creator',
  read: (report) => report.honeypot_with_same_creator,
  direction: 'atLeast',
  unit: 'count',
  tiers: [{ threshold: 1, points: 25 }],
  unknownPoints: 5,
  unmeasurableField: 'honeypot_with_same_creator',
};

const sellTaxRule: TieredRule = {
  kind: 'tiered',
  id: 'sell_tax',
  label: 'Sell tax',
  source: 'sell_tax',
  read: (report) => report.sell_tax,
  direction: 'atLeast',
  unit: 'fraction',
  tiers: [
    { threshold: 0.01, points: 4 },
    { threshold: 0.05, points: 10 },
    { threshold: 0.1, points: 20 },
    { threshold: 0.2, points: 30, cap: 40 },
    { threshold: 0.5, points: 45, cap: 20 },
  ],
  unknownPoints: 10,
};

const buyTaxRule: TieredRule = {
  kind: 'tiered',
  id: 'buy_tax',
  label: 'Buy tax',
  source: 'buy_tax',
  read: (report) => report.buy_tax,
  direction: 'atLeast',
  unit: 'fraction',
  tiers: [
    { threshold: 0.01, points: 3 },
    { threshold: 0.05, points: 6 },
    { threshold: 0.1, points: 12 },
    { threshold: 0.2, points: 20 },
    { threshold: 0.5, points: 30, cap: 40 },
  ],
  unknownPoints: 5,
};

const holderCountRule: TieredRule = {
  kind: 'tiered',
  id: 'holder_count',
  label: 'Few holders',
  source: 'holder_count',
  read: (report) => report.holder_count,
  direction: 'below',
  unit: 'count',
  tiers: [
    { threshold: 1000, points: 2 },
    { threshold: 200, points: 5 },
    { threshold: 50, points: 10 },
  ],
  unknownPoints: 5,
  unmeasurableField: 'holder_count',
};

const lpLockedRule = (unknownPoints: number, note?: string): TieredRule => ({
  kind: 'tiered',
  id: 'lp_locked',
  label: 'Liquidity not locked',
  source: 'lp_holders: sum of percent where is_locked = 1',
  read: lockedLpShare,
  direction: 'below',
  unit: 'fraction',
  tiers: [
    { threshold: 0.9, points: 8 },
    { threshold: 0.5, points: 14 },
    { threshold: 0.1, points: 20 },
  ],
  unknownPoints,
  unmeasurableField: 'lp_holders',
  ...(note ? { note } : {}),
});

/** Rules for EVM chains (eth, bsc, avax, polygon_pos). */
export const EVM_RULES: readonly ScoreRule[] = [
  flagRule('is_honeypot', 'Honeypot (cannot sell)', 60, 25, {
    cap: 10,
    unknownCap: 60,
    note: 'A honeypot scores at most 10; an unverified sell scores at most 60.',
  }),
  flagRule('cannot_buy', 'Cannot be bought', 25, 5, { cap: 40 }),
  honeypotCreatorRule,
  flagRule('owner_change_balance', 'Owner can change balances', 25, 8),
  flagRule('hidden_owner', 'Hidden owner', 20, 8),
  flagRule('selfdestruct', 'Can self-destruct', 20, 8),
  flagRule('can_take_back_ownership', 'Ownership can be reclaimed', 20, 8),
  flagRule('cannot_sell_all', 'Cannot sell all at once', 15, 5),
  flagRule('personal_slippage_modifiable', 'Tax can be set per address', 12, 5),
  flagRule('transfer_pausable', 'Transfers can be paused', 12, 5, { trustMitigated: true }),
  flagRule('is_proxy', 'Proxy (upgradeable) contract', 10, 5, { trustMitigated: true }),
  flagRule('is_mintable', 'Mintable', 10, 5, { trustMitigated: true }),
  flagRule('slippage_modifiable', 'Tax can be changed', 8, 4),
  flagRule('is_blacklisted', 'Has a blacklist', 8, 3, { trustMitigated: true }),
  flagRule('trading_cooldown', 'Trading cooldown', 6, 3),
  flagRule('external_call', 'Calls external contracts', 5, 3),
  flagRule('anti_whale_modifiable', 'Anti-whale limits can be changed', 4, 2),
  flagRule('is_whitelisted', 'Has a whitelist', 3, 2),
  flagRule('is_anti_whale', 'Anti-whale limits', 2, 1),
  flagRule('non_transferable', 'Non-transferable', 40, 0, {
    cap: 20,
    note: 'EVM providers do not report this field, so unknown costs nothing on EVM.',
  }),
  flagRule('is_open_source', 'Source not verified', 15, 10, {
    riskWhen: 0,
    unmeasurableField: 'is_open_source',
  }),
  flagRule('is_in_dex', 'Not traded on a DEX', 5, 3, { riskWhen: 0 }),
  sellTaxRule,
  buyTaxRule,
  {
    kind: 'tiered',
    id: 'owner_percent',
    label: 'Owner holds much of the supply',
    source: 'owner_percent',
    read: (report) => report.owner_percent,
    direction: 'atLeast',
    unit: 'fraction',
    tiers: [
      { threshold: 0.05, points: 4 },
      { threshold: 0.2, points: 10 },
      { threshold: 0.5, points: 20 },
    ],
    unknownPoints: 4,
    trustMitigated: true,
  },
  {
    kind: 'tiered',
    id: 'creator_percent',
    label: 'Creator holds much of the supply',
    source: 'creator_percent',
    read: (report) => report.creator_percent,
    direction: 'atLeast',
    unit: 'fraction',
    tiers: [
      { threshold: 0.05, points: 3 },
      { threshold: 0.2, points: 8 },
      { threshold: 0.5, points: 15 },
    ],
    unknownPoints: 3,
  },
  holderCountRule,
  lpLockedRule(12),
];

type AuthorityField = {
  [K in SecurityReportField]: SecurityReport[K] extends Authority | null ? K : never;
}[SecurityReportField];

const authorityStatus =
  (key: AuthorityField) =>
  (report: SecurityReport): Flag =>
    report[key]?.status ?? null;

/**
 * The highest transfer fee in force or already scheduled (a fraction), 0 without a fee, null when
 * unknown: a raise set for a later epoch is as good as made.
 */
export function transferFeeRate(report: SecurityReport): number | null {
  const fee = report.transfer_fee;
  if (fee === null) return null;
  return Math.max(
    fee.current_fee_rate?.fee_rate ?? 0,
    ...fee.scheduled_fee_rate.map((scheduled) => scheduled.fee_rate),
  );
}

/** 1 when a transfer-hook program is set, 0 when none is, null when unknown. */
export function hasTransferHook(report: SecurityReport): Flag {
  const hook = report.transfer_hook;
  if (hook === null) return null;
  return hook.length > 0 ? 1 : 0;
}

/** 1 when new token accounts start frozen (`default_account_state` 2), null when unknown. */
export function defaultFrozen(report: SecurityReport): Flag {
  const state = report.default_account_state;
  if (state === null) return null;
  return state === 2 ? 1 : 0;
}

/** The Token-2022 extension facts: all in the one mint account, so one read gives them all. */
const TOKEN_2022 = 'Token-2022 extensions';

const solanaFlag = (
  id: string,
  label: string,
  source: string,
  read: (report: SecurityReport) => Flag,
  points: number,
  unknownPoints: number,
  extra: Partial<FlagRule> = {},
): FlagRule => ({
  kind: 'flag',
  id,
  label,
  source,
  read,
  riskWhen: 1,
  points,
  unknownPoints,
  ...extra,
});

/** 1 when any creator is flagged malicious, 0 when creators are known and none is, else null. */
export function maliciousCreator(report: SecurityReport): Flag {
  const creators = report.creators;
  if (creators === null) return null;
  if (creators.some((creator) => creator.malicious_address === 1)) return 1;
  if (creators.some((creator) => creator.malicious_address === null)) return null;
  return 0;
}

/** 1 when metadata has both a name and a symbol, 0 when either is missing, null when no metadata. */
export function metadataComplete(report: SecurityReport): Flag {
  const metadata = report.metadata;
  if (metadata === null) return null;
  return metadata.name?.trim() && metadata.symbol?.trim() ? 1 : 0;
}

/** TVL of the first pool (`dexDetails[0].tvl`), or null. */
export function firstPoolTvl(report: SecurityReport): number | null {
  return report.dexDetails?.[0]?.tvl ?? null;
}

/** Rules for Solana. */
export const SOLANA_RULES: readonly ScoreRule[] = [
  flagRule('is_honeypot', 'Honeypot (cannot sell)', 60, 0, {
    cap: 10,
    note: 'Solana providers do not report it; its Solana forms (freeze authority, non-transferable) are scored directly.',
  }),
  {
    kind: 'flag',
    id: 'creators_malicious',
    label: 'Creator flagged malicious',
    source: 'creators[].malicious_address',
    read: maliciousCreator,
    riskWhen: 1,
    points: 40,
    cap: 30,
    unknownPoints: 5,
    unmeasurableField: 'creators',
  },
  flagRule('non_transferable', 'Non-transferable', 40, 5, { cap: 20, unknownGroup: TOKEN_2022 }),
  solanaFlag(
    'balance_mutable_authority',
    'Permanent delegate can move any balance',
    'balance_mutable_authority.status',
    authorityStatus('balance_mutable_authority'),
    25,
    5,
    { unknownGroup: TOKEN_2022, trustMitigated: true },
  ),
  {
    kind: 'flag',
    id: 'freezable',
    label: 'Freeze authority not revoked',
    source: 'freezable.status',
    read: authorityStatus('freezable'),
    riskWhen: 1,
    points: 25,
    unknownPoints: 10,
    trustMitigated: true,
  },
  {
    kind: 'flag',
    id: 'mintable',
    label: 'Mint authority not revoked',
    source: 'mintable.status',
    read: authorityStatus('mintable'),
    riskWhen: 1,
    points: 20,
    unknownPoints: 10,
    trustMitigated: true,
  },
  {
    kind: 'tiered',
    id: 'transfer_fee',
    label: 'Transfer fee (tax on every transfer)',
    source: 'transfer_fee: highest fee_rate, current or scheduled',
    read: transferFeeRate,
    direction: 'atLeast',
    unit: 'fraction',
    tiers: sellTaxRule.tiers,
    unknownPoints: 5,
    unknownGroup: TOKEN_2022,
    note: 'Tiers of the EVM sell tax: the fee is charged on every sell.',
  },
  solanaFlag(
    'transfer_fee_upgradable',
    'Transfer fee can be changed',
    'transfer_fee_upgradable.status',
    authorityStatus('transfer_fee_upgradable'),
    8,
    2,
    { unknownGroup: TOKEN_2022 },
  ),
  solanaFlag(
    'default_account_state',
    'New accounts start frozen',
    'default_account_state = 2',
    defaultFrozen,
    15,
    3,
    {
      unknownGroup: TOKEN_2022,
      trustMitigated: true,
      note: 'Only accounts the freeze authority thaws can trade: a whitelist.',
    },
  ),
  flagRule('transfer_pausable', 'Transfers can be paused', 12, 3, {
    unknownGroup: TOKEN_2022,
    trustMitigated: true,
  }),
  solanaFlag('transfer_hook', 'Transfer hook program', 'transfer_hook[]', hasTransferHook, 10, 3, {
    unknownGroup: TOKEN_2022,
    trustMitigated: true,
    note: 'Every transfer runs the program, which can refuse it.',
  }),
  solanaFlag(
    'transfer_hook_upgradable',
    'Transfer hook can be changed',
    'transfer_hook_upgradable.status',
    authorityStatus('transfer_hook_upgradable'),
    5,
    2,
    { unknownGroup: TOKEN_2022, trustMitigated: true },
  ),
  solanaFlag(
    'default_account_state_upgradable',
    'Default account state can be changed',
    'default_account_state_upgradable.status',
    authorityStatus('default_account_state_upgradable'),
    3,
    1,
    { unknownGroup: TOKEN_2022, trustMitigated: true },
  ),
  solanaFlag(
    'closable',
    'Mint can be closed',
    'closable.status',
    authorityStatus('closable'),
    3,
    1,
    { unknownGroup: TOKEN_2022 },
  ),
  solanaFlag(
    'metadata_mutable',
    'Metadata can be changed',
    'metadata_mutable.status',
    (report) => report.metadata_mutable?.status ?? null,
    5,
    2,
    {
      trustMitigated: true,
      note: 'The name, symbol and image can be changed to imitate another token.',
    },
  ),
  {
    kind: 'flag',
    id: 'metadata',
    label: 'Metadata lacks name or symbol',
    source: 'metadata.name, metadata.symbol',
    read: metadataComplete,
    riskWhen: 0,
    points: 10,
    unknownPoints: 5,
  },
  {
    kind: 'tiered',
    id: 'top_holder',
    label: 'Top holder concentration',
    source: 'holders[].percent (largest)',
    read: topHolderShare,
    direction: 'atLeast',
    unit: 'fraction',
    tiers: [
      { threshold: 0.1, points: 5 },
      { threshold: 0.2, points: 10 },
      { threshold: 0.5, points: 20 },
    ],
    unknownPoints: 8,
  },
  {
    kind: 'tiered',
    id: 'liquidity',
    label: 'Low liquidity',
    source: 'dexDetails[0].tvl',
    read: firstPoolTvl,
    direction: 'below',
    unit: 'usd',
    tiers: [
      { threshold: 100_000, points: 3 },
      { threshold: 20_000, points: 8 },
      { threshold: 5_000, points: 15 },
    ],
    unknownPoints: 10,
    unmeasurableField: 'dexDetails',
  },
  lpLockedRule(8, 'Solana providers often return no LP holders, hence the lower unknown cost.'),
  holderCountRule,
];

/** The rules of a chain family. */
export function rulesFor(family: ChainFamily): readonly ScoreRule[] {
  return family === 'solana' ? SOLANA_RULES : EVM_RULES;
}
