import { formatUnits } from 'viem';
import type { ChainFamily } from '../chains/chains';
import { EVM_FEATURE_LISTS, featureDisplay, SOLANA_FEATURE_LIST } from '../score/detail-rows';
import { rulesFor } from '../score/rubric';
import { scoreSecurityReport } from '../score/score';
import type { SecurityReport } from '../tokens/security-report';
import type {
  EvidenceField,
  EvidenceItem,
  EvidenceKind,
  ProbeEffect,
  ScanEvidence,
} from './evidence';

/**
 * The analyzer's evidence in plain words, as data (like the score rubric): one rule per kind of
 * evidence, one per probe effect and one per reason a field was not measured. The web's score
 * panel shows these sentences under each flag; a test pins them.
 *
 * Sentences start lower-case and carry no final stop, so the panel can list them or join them.
 * Addresses are shortened (`0xf39F…2266`); selectors are shown as they are, because names are
 * hints only (an obfuscated mint is a selector like any other).
 */

/** What the words need beside the evidence item. */
export interface EvidenceWordsContext {
  /** The token's decimals, to show base-unit amounts in whole tokens; null shows base units. */
  decimals: number | null;
}

/** `0x1234…abcd` of an address, slot or hash; short text as it is. */
export function shortText(address: string): string {
  return address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

/** A base-unit amount in whole tokens with thousands separators: `1000000e18` → `1,000,000`. */
export function formatTokenAmount(baseUnits: string, decimals: number | null): string {
  if (decimals === null) return `${groupDigits(baseUnits)} base units`;
  const [whole = '0', fraction] = formatUnits(BigInt(baseUnits), decimals).split('.');
  const shown = fraction ? `.${fraction.slice(0, 6).replace(/0+$/, '')}` : '';
  return `${groupDigits(whole)}${shown === '.' ? '' : shown}`;
}

function groupDigits(digits: string): string {
  const negative = digits.startsWith('-');
  const plain = negative ? digits.slice(1) : digits;
  return `${negative ? '-' : ''}${plain.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
}

/** Selectors every ERC-20 shares: named in the words since their meaning is fixed. */
export const KNOWN_SELECTORS: Readonly<Record<string, string>> = {
  '0xa9059cbb': 'transfer',
  '0x23b872dd': 'transferFrom',
  '0x095ea7b3': 'approve',
  '0x715018a6': 'renounceOwnership',
  '0x5c60da1b': 'implementation()',
};

const selectorWords = (selector: string) =>
  KNOWN_SELECTORS[selector] ? `${KNOWN_SELECTORS[selector]} (${selector})` : selector;

/**
 * Who a caller is, from the roles the probe found it by, most telling first: the owner, then
 * an address the code or storage compares the caller with.
 */
export const CALLER_ROLE_WORDS: readonly { match: RegExp; words: string }[] = [
  { match: /^owner\(\)$/, words: 'the owner' },
  { match: /^getOwner\(\)$/, words: 'the owner' },
  { match: /^storage slot 0$/, words: 'the address in storage slot 0' },
  { match: /^code constant at \d+$/, words: 'an address written into the code' },
  { match: /^storage slot 0x/, words: 'an address kept in storage' },
];

function callerWords(caller: string, roles: readonly string[]): string {
  for (const rule of CALLER_ROLE_WORDS) {
    if (roles.some((role) => rule.match.test(role))) return `${rule.words} (${shortText(caller)})`;
  }
  return shortText(caller);
}

/** What a privileged call did, by effect. */
export const PROBE_EFFECT_WORDS: {
  readonly [W in ProbeEffect['what']]: (
    effect: ProbeEffect,
    context: EvidenceWordsContext,
  ) => string;
} = {
  'supply-raised': (effect, { decimals }) =>
    `raised the supply by ${formatTokenAmount(effect.amount ?? '0', decimals)}`,
  'balance-taken': (effect, { decimals }) =>
    `took ${formatTokenAmount(effect.amount ?? '0', decimals)} from ${shortText(effect.account ?? '?')}, a holder who did nothing`,
  'balance-given': (effect, { decimals }) =>
    `gave holders ${formatTokenAmount(effect.amount ?? '0', decimals)} that nobody paid or minted`,
  'holder-blocked': (effect) =>
    `stopped one holder (${shortText(effect.account ?? '?')}) from transferring while others still can`,
  'all-blocked': () => 'stopped every holder from transferring',
  'ownership-regained': (effect) =>
    `made ${shortText(effect.account ?? '?')} the owner again after ownership was renounced`,
  'not-the-owner': (effect) =>
    `changed the token although owner() is ${effect.account ? shortText(effect.account) : 'absent'}`,
};

/** Why a field has no value. */
export const NOT_MEASURED_WORDS: {
  readonly [R in Extract<EvidenceItem, { kind: 'not-measured' }>['reason']]: string;
} = {
  'simulation-not-built': 'not measured: the buy and sell simulation is not built yet',
  'no-pool': 'not measured: the token has no pool to trade through',
  'no-holder-test':
    'not measured: test holders could not be given tokens, so transfers could not be tried',
  'no-code': 'not measured: there is no code behind the token to read',
  budget: 'not decided: the probe reached its call budget before trying every function',
  'no-source-verifier': 'not checked: no source-verification service is configured',
  'no-holder-index':
    'not measured: the whole holder list needs every Transfer since the token began, which neither the market indexer nor this scan has',
  'not-answered': 'not answered: the token does not answer this call',
  'simulation-failed': 'not measured: an earlier step of the buy and sell simulation failed',
  'node-failed':
    "not decided: the chain's node failed some of the calls this needs (not the token refusing them); a re-scan tries again",
};

/** Each simulated trade step, as words. */
const SIMULATION_STEP_WORDS: Readonly<
  Record<Extract<EvidenceItem, { kind: 'simulation' }>['step'], string>
> = {
  buy: 'a simulated buy',
  sell: 'a simulated sell',
  'second-sell': 'a second sell right after the first',
  'sell-after-wait': 'the same sell after waiting',
  'sell-all': 'selling the whole balance',
  'sell-99': 'selling 99 % of the balance',
  'large-buy': 'a large simulated buy',
  'large-transfer': 'sending on the tokens of a large buy',
  'privileged-call': 'a simulation after a privileged call',
};

const opcodeMeaning: Readonly<Record<string, string>> = {
  SELFDESTRUCT: 'the contract can be destroyed',
  CALL: 'moving tokens calls other code',
  CALLCODE: 'moving tokens runs other code',
  DELEGATECALL: 'moving tokens runs other code in the token’s own storage',
  STATICCALL: 'moving tokens reads other code',
};

/** The sentence of each kind of evidence. */
export const EVIDENCE_WORDS: {
  readonly [K in EvidenceKind]: (
    item: Extract<EvidenceItem, { kind: K }>,
    context: EvidenceWordsContext,
  ) => string;
} = {
  opcode: (item) => {
    const where = item.selector
      ? `${selectorWords(item.selector)} reaches ${item.opcode} at byte ${item.offset}`
      : `the code of ${shortText(item.address)} reaches ${item.opcode} at byte ${item.offset}`;
    const meaning = opcodeMeaning[item.opcode];
    return meaning ? `${where}: ${meaning}` : where;
  },
  'storage-slot': (item) =>
    `${shortText(item.address)} is a proxy (${item.standard}): slot ${shortText(item.slot)} points to the code at ${shortText(item.value)}, which can be replaced`,
  'beacon-call': (item) =>
    `the beacon ${shortText(item.address)} answers ${selectorWords(item.selector)} with ${shortText(item.value)}`,
  'bytecode-pattern': (item) =>
    `${shortText(item.address)} is an ${item.standard} running the code at ${shortText(item.value)}`,
  checked: (item) => `checked ${shortText(item.address)}: ${item.detail}`,
  probe: (item, context) => {
    const who = callerWords(item.caller, item.callerRoles);
    const what = item.measured
      ? PROBE_EFFECT_WORDS[item.measured.what](item.measured, context)
      : item.effect;
    const after = item.pass === 'after-renounce' ? 'after renouncing ownership, ' : '';
    return `${after}${who} can call ${selectorWords(item.selector)}, which ${what}`;
  },
  read: (item) => `${item.call} of ${shortText(item.address)} answered ${item.value}`,
  simulation: (item) =>
    `${SIMULATION_STEP_WORDS[item.step]} through the pool ${shortText(item.pool)} ${item.outcome === 'ok' ? 'went through' : 'reverted'}${item.detail ? `: ${item.detail}` : ''}`,
  'not-measured': (item) =>
    item.detail
      ? `${NOT_MEASURED_WORDS[item.reason]} (${item.detail})`
      : NOT_MEASURED_WORDS[item.reason],
};

/** One evidence item in plain words. */
export function explainEvidence(item: EvidenceItem, context: EvidenceWordsContext): string {
  const words = EVIDENCE_WORDS[item.kind] as (
    item: EvidenceItem,
    context: EvidenceWordsContext,
  ) => string;
  return words(item, context);
}

/** A field of the report with its reasons. */
export interface ExplainedField {
  field: EvidenceField;
  label: string;
  /** `risk` / `ok` / `unknown` as the score engine judged it; `info` for figures it does not score. */
  status: 'risk' | 'unknown' | 'ok' | 'info';
  /** The value as the feature table shows it (`Yes`, `No`, `5%`, `Unknown`). */
  display: string;
  reasons: string[];
}

const FEATURE_LABELS: Readonly<Record<ChainFamily, ReadonlyMap<string, string>>> = {
  evm: new Map(EVM_FEATURE_LISTS.flat().map((entry) => [entry.id, entry.label])),
  // A Solana mint's powers by their own names (transfer fee, permanent delegate, hook...).
  solana: new Map(
    [...EVM_FEATURE_LISTS.flat(), ...SOLANA_FEATURE_LIST].map((entry) => [entry.id, entry.label]),
  ),
};
const STATUS_ORDER = { risk: 0, unknown: 1, ok: 2, info: 3 } as const;

/**
 * Every field that has evidence or a risk, with its reasons in plain words: risks first, then
 * unknowns, then what was checked and found clean, then plain figures. A risk without evidence
 * (a report from elsewhere) is listed with no reasons.
 */
export function explainScan(
  report: SecurityReport,
  evidence: ScanEvidence,
  family: ChainFamily,
  context: EvidenceWordsContext,
): ExplainedField[] {
  const status = new Map(
    scoreSecurityReport(report, family).findings.map((finding) => [finding.id, finding.status]),
  );
  const fields = new Set<EvidenceField>(Object.keys(evidence) as EvidenceField[]);
  for (const [id, state] of status) {
    if (state === 'risk' && id in report) fields.add(id as EvidenceField);
  }
  // The family's feature label, else the rubric's (Solana rows), else the field's name.
  const ruleLabels = new Map(rulesFor(family).map((rule) => [rule.id, rule.label]));
  const explained: ExplainedField[] = [...fields].map((field) => ({
    field,
    label: FEATURE_LABELS[family].get(field) ?? ruleLabels.get(field) ?? field.replaceAll('_', ' '),
    status: status.get(field) ?? 'info',
    display: featureDisplay(report, field),
    reasons: (evidence[field] ?? []).map((item) => explainEvidence(item, context)),
  }));
  return explained.sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status]);
}
