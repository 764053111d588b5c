import { z } from 'zod';
import type { ScanEvidence } from '../scam/evidence';
import { formatFraction } from '../tokens/display';
import {
  emptySecurityReport,
  lockedLpShare,
  securityReportSchema,
  topHolderShare,
  type Authority,
  type SecurityReport,
  type SecurityReportField,
} from '../tokens/security-report';

/**
 * The combined verdict (issue 10): when more than one engine judged a token (our analyzer, and
 * providers such as GoPlus, Honeypot.is, RugCheck), one report is made of theirs, field by field,
 * and the score engine scores that one. The rule of each field is data ({@link COMBINE_RULES});
 * {@link combineReports} applies it:
 *
 * 1. **Unknown is not an answer.** Only engines that know the field (a non-null value) take
 *    part; when none does, the field stays `null`.
 * 2. **A trade beats a reading.** For the fields a trade measures ({@link TRADE_FIELDS}: honeypot,
 *    taxes, cannot buy / sell all, cooldown, anti-whale), an engine that answered by actually
 *    buying and selling the token (our analyzer's simulation on a fork, Honeypot.is) outweighs
 *    engines that did not: our simulation that sold the token beats a static "cannot sell" flag.
 *    Among several that traded, the next step decides.
 * 3. **Otherwise the riskier answer wins**, by the field's direction: a flag's risky value, the
 *    higher tax or share, the fewer holders, an authority that is not revoked, the less locked
 *    liquidity. Fields that are facts rather than risks (supply, metadata, pools) take the
 *    first engine's answer that knows them.
 * 4. **Ties go to engine order**: the caller lists engines by precedence (our analyzer first,
 *    since it read the chain at a known block and keeps evidence, then providers by name).
 *
 * A field is unmeasurable in the combined report (`unmeasurable_fields`) only when it stays
 * unknown and every engine says it cannot measure it: a provider's plain unknown is charged.
 */

/** One engine's report of a token. */
export interface EngineReport {
  /** `analyzer`, `goplus`, `honeypot-is`, `rugcheck`, `snapshot`… */
  engine: string;
  report: SecurityReport;
  /**
   * Fields this engine answered by trading the token (see {@link simulatedFields}); when absent,
   * {@link SIMULATING_ENGINES} says which fields an engine always answers by trading.
   */
  simulated?: readonly SecurityReportField[];
}

/** How the combined value of a field was chosen. */
export type CombineBasis =
  /** No engine knows it. */
  | 'unknown'
  /** One engine knows it. */
  | 'only'
  /** Every engine that knows it says the same. */
  | 'agree'
  /** The engines that traded the token outweigh the others (and agree among themselves or the riskier won). */
  | 'trade'
  /** They disagree; the riskier answer won. */
  | 'riskier'
  /** They disagree on a fact that is not a risk; the first engine that knows it won. */
  | 'precedence';

/** What each engine said of one field, and which answer the combined report took. */
export interface CombinedField {
  field: SecurityReportField;
  /** Each engine's value in engine order (`null`: that engine does not know it). */
  answers: { engine: string; value: SecurityReport[SecurityReportField] }[];
  /** The engine whose answer the combined report took; `null` when none knew it. */
  chosen: string | null;
  /** Engines that know the field gave different answers. */
  disagree: boolean;
  basis: CombineBasis;
}

/** The combined report and, per field, how it was made. */
export interface CombinedVerdict {
  report: SecurityReport;
  engines: string[];
  fields: CombinedField[];
}

/**
 * How two known answers of a field compare: positive when `a` is riskier than `b`. `first`: the
 * field is a fact, not a risk (engine order decides).
 */
type Riskier<T> = ((a: NonNullable<T>, b: NonNullable<T>) => number) | 'first';

type Rules = {
  [K in Exclude<SecurityReportField, 'unmeasurable_fields'>]: Riskier<SecurityReport[K]>;
};

const flagRisk1 = (a: number, b: number) => a - b;
const flagRisk0 = (a: number, b: number) => b - a;
const higher = (a: number, b: number) => a - b;
const lower = (a: number, b: number) => b - a;
/** An authority that exists (not revoked) is riskier. */
const authority = (a: Authority, b: Authority) => (a.status ?? 0) - (b.status ?? 0);
const shareOr = (value: number | null, unknown: number) => value ?? unknown;

/** The direction of every field of the report: the rule of step 3. */
export const COMBINE_RULES: Rules = {
  hidden_owner: flagRisk1,
  selfdestruct: flagRisk1,
  is_honeypot: flagRisk1,
  honeypot_with_same_creator: higher,
  is_proxy: flagRisk1,
  cannot_buy: flagRisk1,
  total_supply: 'first',
  holder_count: lower,
  transfer_pausable: flagRisk1,
  trading_cooldown: flagRisk1,
  owner_percent: higher,
  is_whitelisted: flagRisk1,
  is_blacklisted: flagRisk1,
  is_in_dex: flagRisk0,
  is_open_source: flagRisk0,
  sell_tax: higher,
  buy_tax: higher,
  creator_percent: higher,
  owner_balance: 'first',
  can_take_back_ownership: flagRisk1,
  slippage_modifiable: flagRisk1,
  external_call: flagRisk1,
  cannot_sell_all: flagRisk1,
  personal_slippage_modifiable: flagRisk1,
  is_anti_whale: flagRisk1,
  is_mintable: flagRisk1,
  owner_change_balance: flagRisk1,
  anti_whale_modifiable: flagRisk1,
  // Less of the pool's LP locked is riskier; an empty list counts as nothing locked.
  lp_holders: (a, b) =>
    shareOr(lockedLpShare({ lp_holders: b }), 0) - shareOr(lockedLpShare({ lp_holders: a }), 0),
  non_transferable: flagRisk1,
  dexDetails: 'first',
  // A larger top holder is riskier.
  holders: (a, b) =>
    shareOr(topHolderShare({ holders: a }), 0) - shareOr(topHolderShare({ holders: b }), 0),
  mintable: authority,
  freezable: authority,
  metadata: 'first',
  // A creator flagged malicious by one engine is riskier.
  creators: (a, b) => maliciousCount(a) - maliciousCount(b),
  metadata_mutable: (a, b) => (a.status ?? 0) - (b.status ?? 0),
  transfer_fee: (a, b) => (a.current_fee_rate?.fee_rate ?? 0) - (b.current_fee_rate?.fee_rate ?? 0),
  transfer_fee_upgradable: authority,
  transfer_hook: (a, b) => a.length - b.length,
  transfer_hook_upgradable: authority,
  // Frozen new accounts (2) are the risk; the other two states are alike.
  default_account_state: (a, b) => Number(a === 2) - Number(b === 2),
  default_account_state_upgradable: authority,
  balance_mutable_authority: authority,
  closable: authority,
};

function maliciousCount(list: readonly { malicious_address: 0 | 1 | null }[]): number {
  return list.filter((item) => item.malicious_address === 1).length;
}

/** The fields a buy and a sell measure: where a trade outweighs a reading (step 2). */
export const TRADE_FIELDS = [
  'is_honeypot',
  'cannot_buy',
  'cannot_sell_all',
  'sell_tax',
  'buy_tax',
  'trading_cooldown',
  'is_anti_whale',
] as const satisfies readonly SecurityReportField[];

/** Provider engines that answer the trade fields by simulating a buy and a sell. */
export const SIMULATING_ENGINES: Readonly<Record<string, readonly SecurityReportField[]>> = {
  'honeypot-is': ['is_honeypot', 'sell_tax', 'buy_tax', 'cannot_buy', 'cannot_sell_all'],
};

/** The fields our analyzer answered by trading on a fork: those with a simulation step in their evidence. */
export function simulatedFields(evidence: ScanEvidence): SecurityReportField[] {
  return (Object.keys(evidence) as SecurityReportField[]).filter((field) =>
    evidence[field]?.some((item) => item.kind === 'simulation'),
  );
}

const COMBINED_FIELDS = securityReportSchema
  .keyof()
  .options.filter(
    (field): field is Exclude<SecurityReportField, 'unmeasurable_fields'> =>
      field !== 'unmeasurable_fields',
  );

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Combines the reports of several engines into one by {@link COMBINE_RULES} (see the module
 * comment); engines are given in precedence order. With one engine its report is returned as is.
 */
export function combineReports(engines: readonly EngineReport[]): CombinedVerdict {
  const report = emptySecurityReport();
  const fields: CombinedField[] = [];
  const names = engines.map((engine) => engine.engine);
  const traded = engines.map(
    (engine) => new Set(engine.simulated ?? SIMULATING_ENGINES[engine.engine] ?? []),
  );
  for (const field of COMBINED_FIELDS) {
    const answers = engines.map((engine) => ({
      engine: engine.engine,
      value: engine.report[field],
    }));
    const known = answers.flatMap((answer, i) => (answer.value === null ? [] : [{ ...answer, i }]));
    const disagree = known.some((answer) => !same(answer.value, known[0]!.value));
    let candidates = known;
    let basis: CombineBasis =
      known.length === 0 ? 'unknown' : known.length === 1 ? 'only' : disagree ? 'riskier' : 'agree';
    const isTradeField = (TRADE_FIELDS as readonly string[]).includes(field);
    if (disagree && isTradeField) {
      const byTrade = known.filter((answer) => traded[answer.i]!.has(field));
      if (byTrade.length > 0 && byTrade.length < known.length) {
        candidates = byTrade;
        basis = 'trade';
      }
    }
    const rule = COMBINE_RULES[field] as Riskier<unknown>;
    if (disagree && rule === 'first' && basis === 'riskier') basis = 'precedence';
    let pick = candidates[0];
    if (rule !== 'first') {
      for (const answer of candidates.slice(1)) {
        // Strictly riskier only: a tie keeps the earlier engine.
        if (rule(answer.value as never, pick!.value as never) > 0) pick = answer;
      }
    }
    (report as Record<string, unknown>)[field] = pick?.value ?? null;
    fields.push({ field, answers, chosen: pick?.engine ?? null, disagree, basis });
  }
  report.unmeasurable_fields = unmeasurable(engines, report);
  if (engines.length === 1) report.unmeasurable_fields = engines[0]!.report.unmeasurable_fields;
  return { report, engines: names, fields };
}

/** Fields that stay unknown and that every engine says it cannot measure. */
function unmeasurable(
  engines: readonly EngineReport[],
  report: SecurityReport,
): SecurityReportField[] | null {
  if (engines.length === 0) return null;
  const [first, ...rest] = engines.map((engine) => engine.report.unmeasurable_fields ?? []);
  const common = first!.filter(
    (field) => report[field] === null && rest.every((list) => list.includes(field)),
  );
  return common.length > 0 ? common : null;
}

/** A field's value as short text for the side-by-side table: `Yes`, `5%`, `revoked`, `Unknown`. */
export function engineAnswerText(
  field: SecurityReportField,
  value: SecurityReport[SecurityReportField],
): string {
  if (value === null) return 'Unknown';
  if (typeof value === 'number') {
    if (field === 'default_account_state')
      return ['uninitialized', 'initialized', 'frozen'][value] ?? String(value);
    if (FRACTION_FIELDS.has(field)) return formatFraction(value);
    if (field === 'holder_count' || field === 'honeypot_with_same_creator')
      return value.toLocaleString('en-US');
    return value === 1 ? 'Yes' : 'No';
  }
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    if (field === 'lp_holders') {
      const locked = lockedLpShare({ lp_holders: value as SecurityReport['lp_holders'] });
      return locked === null ? 'none listed' : `${formatFraction(locked)} locked`;
    }
    if (field === 'holders') {
      const top = topHolderShare({ holders: value as SecurityReport['holders'] });
      return top === null ? 'none listed' : `top holder ${formatFraction(top)}`;
    }
    if (field === 'creators' || field === 'transfer_hook') {
      const flagged = maliciousCount(value as { malicious_address: 0 | 1 | null }[]);
      return value.length === 0
        ? 'None'
        : `${value.length}${flagged > 0 ? `, ${flagged} malicious` : ''}`;
    }
    return `${value.length} listed`;
  }
  if ('status' in value)
    return value.status === null ? 'Unknown' : value.status === 1 ? 'Yes' : 'No (revoked)';
  if ('current_fee_rate' in value) {
    return value.current_fee_rate ? formatFraction(value.current_fee_rate.fee_rate) : 'None';
  }
  if ('name' in value) return [value.name, value.symbol].filter(Boolean).join(' / ') || 'empty';
  return 'Known';
}

const FRACTION_FIELDS: ReadonlySet<SecurityReportField> = new Set([
  'owner_percent',
  'sell_tax',
  'buy_tax',
  'creator_percent',
]);

/** The bases of {@link CombineBasis}, for the answer's schema. */
export const COMBINE_BASES = [
  'unknown',
  'only',
  'agree',
  'trade',
  'riskier',
  'precedence',
] as const satisfies readonly CombineBasis[];

/**
 * The token detail's `engineVerdicts` (issue 10): each engine's answer per field side by side,
 * as short text, with the engine the combined report took and whether they disagree. Only
 * fields some engine knows are listed; `null` when fewer than two engines judged the token.
 */
export const engineVerdictsSchema = z.object({
  /** The engines, in precedence order: the columns of the table. */
  engines: z.array(z.string()).min(2),
  fields: z.array(
    z.object({
      field: securityReportSchema.keyof(),
      /** Each engine's answer as text (`Unknown` when it does not know), in `engines` order. */
      answers: z.array(z.string()),
      /** The engine whose answer the combined report (and the score) took. */
      chosen: z.string().nullable(),
      disagree: z.boolean(),
      basis: z.enum(COMBINE_BASES),
    }),
  ),
});
export type EngineVerdicts = z.output<typeof engineVerdictsSchema>;

/** The detail's side-by-side table of a combined verdict; `null` with fewer than two engines. */
export function engineVerdictsOf(verdict: CombinedVerdict): EngineVerdicts | null {
  if (verdict.engines.length < 2) return null;
  return {
    engines: verdict.engines,
    fields: verdict.fields
      .filter((entry) => entry.basis !== 'unknown')
      .map((entry) => ({
        field: entry.field,
        answers: entry.answers.map((answer) => engineAnswerText(entry.field, answer.value)),
        chosen: entry.chosen,
        disagree: entry.disagree,
        basis: entry.basis,
      })),
  };
}
