import type { Flag, SecurityReport } from '../tokens/security-report';
import { lockedLpShare, topHolderShare } from '../tokens/security-report';
import { formatFraction, formatUsdCompact } from '../tokens/display';
import {
  defaultFrozen,
  firstPoolTvl,
  hasTransferHook,
  maliciousCreator,
  metadataComplete,
  transferFeeRate,
} from './rubric';

/**
 * Rows of the token detail's score panel (spec section 4), derived from a security report so
 * that web and server agree. `good` drives the good/bad icon; `null` means unknown.
 */
export interface DetailRow {
  id: string;
  label: string;
  /** Text to show: `Yes`, `No`, `Unknown`, or a formatted figure. */
  display: string;
  good: boolean | null;
}

/** `Yes` / `No` / `Unknown` of a flag. */
export function yesNo(value: Flag | number): 'Yes' | 'No' | 'Unknown' {
  if (value === null) return 'Unknown';
  return value === 0 ? 'No' : 'Yes';
}

/** A row for a flag where `1` is bad. */
function riskRow(id: string, label: string, value: Flag | number | null): DetailRow {
  return { id, label, display: yesNo(value), good: value === null ? null : value === 0 };
}

/** A row for a flag where `1` is good. */
function virtueRow(id: string, label: string, value: Flag): DetailRow {
  return { id, label, display: yesNo(value), good: value === null ? null : value === 1 };
}

/**
 * The six yes/no rows of a non-Solana detail (spec section 4): hidden owner, self-destruct,
 * honeypot, honeypot with same creator, proxy contract, cannot be bought. `Yes` is bad.
 */
export function evmKeyRiskRows(report: SecurityReport): DetailRow[] {
  const sameCreator = report.honeypot_with_same_creator;
  return [
    riskRow('hidden_owner', 'Hidden owner', report.hidden_owner),
    riskRow('selfdestruct', 'Self-destruct', report.selfdestruct),
    riskRow('is_honeypot', 'Honeypot', report.is_honeypot),
    riskRow(
      'honeypot_with_same_creator',
      'Honeypot with same creator',
      sameCreator === null ? null : Math.min(1, sameCreator),
    ),
    riskRow('is_proxy', 'Proxy contract', report.is_proxy),
    riskRow('cannot_buy', 'Cannot be bought', report.cannot_buy),
  ];
}

/** One entry of a feature list: report field and its label. */
export interface FeatureEntry {
  id: keyof SecurityReport;
  label: string;
}

/**
 * The two feature lists of the non-Solana detail's two-column table (spec sections 3 and 4):
 * every flag and figure of the report. Labels are ours (the spec does not show them).
 */
export const EVM_FEATURE_LISTS: readonly [readonly FeatureEntry[], readonly FeatureEntry[]] = [
  [
    { id: 'is_open_source', label: 'Open source' },
    { id: 'is_proxy', label: 'Proxy contract' },
    { id: 'is_mintable', label: 'Mintable' },
    { id: 'can_take_back_ownership', label: 'Can take back ownership' },
    { id: 'owner_change_balance', label: 'Owner can change balance' },
    { id: 'hidden_owner', label: 'Hidden owner' },
    { id: 'selfdestruct', label: 'Self-destruct' },
    { id: 'external_call', label: 'External call' },
    { id: 'transfer_pausable', label: 'Transfer pausable' },
    { id: 'trading_cooldown', label: 'Trading cooldown' },
    { id: 'is_blacklisted', label: 'Blacklist' },
    { id: 'is_whitelisted', label: 'Whitelist' },
    { id: 'is_anti_whale', label: 'Anti-whale' },
    { id: 'anti_whale_modifiable', label: 'Anti-whale modifiable' },
    { id: 'non_transferable', label: 'Non-transferable' },
  ],
  [
    { id: 'is_honeypot', label: 'Honeypot' },
    { id: 'honeypot_with_same_creator', label: 'Honeypots by same creator' },
    { id: 'cannot_buy', label: 'Cannot buy' },
    { id: 'cannot_sell_all', label: 'Cannot sell all' },
    { id: 'buy_tax', label: 'Buy tax' },
    { id: 'sell_tax', label: 'Sell tax' },
    { id: 'slippage_modifiable', label: 'Tax modifiable' },
    { id: 'personal_slippage_modifiable', label: 'Personal tax modifiable' },
    { id: 'is_in_dex', label: 'Listed on a DEX' },
    { id: 'holder_count', label: 'Holders' },
    { id: 'total_supply', label: 'Total supply' },
    { id: 'owner_balance', label: 'Owner balance' },
    { id: 'owner_percent', label: 'Owner share' },
    { id: 'creator_percent', label: 'Creator share' },
    { id: 'lp_holders', label: 'Locked liquidity' },
  ],
];

/**
 * The Solana powers of a Token-2022 mint and its metadata (GoPlus's Solana fields), for the
 * evidence panel: the Solana detail's nine spec rows do not show them.
 */
export const SOLANA_FEATURE_LIST: readonly FeatureEntry[] = [
  { id: 'transfer_fee', label: 'Transfer fee' },
  { id: 'transfer_fee_upgradable', label: 'Transfer fee can be changed' },
  { id: 'balance_mutable_authority', label: 'Permanent delegate (can move any balance)' },
  { id: 'transfer_hook', label: 'Transfer hook program' },
  { id: 'transfer_hook_upgradable', label: 'Transfer hook can be changed' },
  { id: 'default_account_state', label: 'New accounts start frozen' },
  { id: 'default_account_state_upgradable', label: 'Default account state can be changed' },
  { id: 'closable', label: 'Mint can be closed' },
  { id: 'metadata_mutable', label: 'Metadata can be changed' },
  { id: 'transfer_pausable', label: 'Transfers can be paused' },
];

/** The 0/1 reading of a Solana power field, as the rubric scores it. */
const SOLANA_FLAG_READERS: Partial<Record<keyof SecurityReport, (report: SecurityReport) => Flag>> =
  {
    transfer_hook: hasTransferHook,
    default_account_state: defaultFrozen,
    metadata_mutable: (report) => report.metadata_mutable?.status ?? null,
    mintable: (report) => report.mintable?.status ?? null,
    freezable: (report) => report.freezable?.status ?? null,
    transfer_fee_upgradable: (report) => report.transfer_fee_upgradable?.status ?? null,
    transfer_hook_upgradable: (report) => report.transfer_hook_upgradable?.status ?? null,
    default_account_state_upgradable: (report) =>
      report.default_account_state_upgradable?.status ?? null,
    balance_mutable_authority: (report) => report.balance_mutable_authority?.status ?? null,
    closable: (report) => report.closable?.status ?? null,
  };

const FRACTION_FIELDS = new Set<keyof SecurityReport>([
  'buy_tax',
  'sell_tax',
  'owner_percent',
  'creator_percent',
]);

/**
 * The text of one feature-table cell: flags as `Yes`/`No` (0 means No), fractions as
 * percentages, LP holders as the locked share, counts and amounts as they are, `Unknown` when
 * missing.
 */
export function featureDisplay(report: SecurityReport, id: keyof SecurityReport): string {
  if (id === 'lp_holders') {
    const share = lockedLpShare(report);
    return share === null ? 'Unknown' : formatFraction(share);
  }
  if (id === 'transfer_fee') {
    const rate = transferFeeRate(report);
    return rate === null ? 'Unknown' : formatFraction(rate);
  }
  const solanaFlag = SOLANA_FLAG_READERS[id];
  if (solanaFlag) return yesNo(solanaFlag(report));
  const value = report[id];
  if (value === null || value === undefined) return 'Unknown';
  if (FRACTION_FIELDS.has(id) && typeof value === 'number') return formatFraction(value);
  if (id === 'honeypot_with_same_creator' || id === 'holder_count') return String(value);
  if (value === 0 || value === 1) return yesNo(value);
  if (typeof value === 'string') return value;
  return 'Unknown';
}

/**
 * The nine rows of a Solana detail (spec section 4): Liquidity Score (`dexDetails[0].tvl`),
 * Holder Distribution (largest `holders[].percent`), Locked LP Tokens, Transferability,
 * Mintability, Freeze Authority, Metadata Accuracy (Yes only if name and symbol exist), Security
 * Factors (Yes if any creator is malicious) and Trusted Token Flag.
 */
export function solanaDetailRows(report: SecurityReport, trustedToken: Flag): DetailRow[] {
  const tvl = firstPoolTvl(report);
  const topHolder = topHolderShare(report);
  const locked = lockedLpShare(report);
  const nonTransferable = report.non_transferable;
  return [
    {
      id: 'liquidity',
      label: 'Liquidity Score',
      display: formatUsdCompact(tvl),
      good: tvl === null ? null : tvl >= 100_000,
    },
    {
      id: 'holders',
      label: 'Holder Distribution',
      display: formatFraction(topHolder),
      good: topHolder === null ? null : topHolder < 0.1,
    },
    {
      id: 'lp_locked',
      label: 'Locked LP Tokens',
      display: locked === null ? 'Unknown' : formatFraction(locked),
      good: locked === null ? null : locked >= 0.9,
    },
    {
      id: 'transferable',
      label: 'Transferability',
      display: nonTransferable === null ? 'Unknown' : nonTransferable === 0 ? 'Yes' : 'No',
      good: nonTransferable === null ? null : nonTransferable === 0,
    },
    riskRow('mintable', 'Mintability', report.mintable?.status ?? null),
    riskRow('freezable', 'Freeze Authority', report.freezable?.status ?? null),
    // "Yes only if name and symbol exist": missing metadata reads No, not Unknown.
    virtueRow('metadata', 'Metadata Accuracy', metadataComplete(report) === 1 ? 1 : 0),
    riskRow('creators', 'Security Factors', maliciousCreator(report)),
    virtueRow('trusted_token', 'Trusted Token Flag', trustedToken),
  ];
}
