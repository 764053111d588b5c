import type { ChainFamily } from '../chains/chains';
import type { Flag, SecurityReport } from '../tokens/security-report';
import { riskLevelForScore, type RiskLevel } from './levels';
import { rulesFor, type ScoreRule, type Tier } from './rubric';

/** Outcome of one rule for one report. */
export type FindingStatus = 'ok' | 'risk' | 'unknown';

/** One rule's finding: what it saw and what it cost. */
export interface ScoreFinding {
  id: string;
  label: string;
  status: FindingStatus;
  /** The value read (0/1 for flags, the number for tiered rules), `null` when unknown. */
  value: number | null;
  /** Points deducted, after trust mitigation. */
  points: number;
  /** Score ceiling set by this finding, or `null`. */
  cap: number | null;
  /**
   * `unknown` only: the report's source says it cannot measure this fact for any token, so its
   * unknown points cap the score (`100 - points`) instead of being deducted.
   */
  unmeasurable?: true;
}

/** The result of scoring a security report. */
export interface ScoreResult {
  /** Integer 0-100. */
  totalScore: number;
  riskLevel: RiskLevel;
  /** Every rule of the family, in rubric order. */
  findings: ScoreFinding[];
}

/** Options of {@link scoreSecurityReport}. */
export interface ScoreOptions {
  /** `trusted_token` of the detail: 1 halves the points of trust-mitigated rules. */
  trustedToken?: Flag;
}

function worstTier(tiers: readonly Tier[], direction: 'atLeast' | 'below', value: number) {
  let points = 0;
  let cap: number | null = null;
  let hit = false;
  for (const tier of tiers) {
    const applies = direction === 'atLeast' ? value >= tier.threshold : value < tier.threshold;
    if (!applies) continue;
    hit = true;
    points = Math.max(points, tier.points);
    if (tier.cap !== undefined) cap = cap === null ? tier.cap : Math.min(cap, tier.cap);
  }
  return { hit, points, cap };
}

function evaluate(rule: ScoreRule, report: SecurityReport, trusted: boolean): ScoreFinding {
  const base = { id: rule.id, label: rule.label };
  const value = rule.read(report);
  if (value === null || Number.isNaN(value)) {
    if (rule.unmeasurableField && report.unmeasurable_fields?.includes(rule.unmeasurableField)) {
      const ceiling = 100 - mitigate(rule, rule.unknownPoints, trusted);
      return {
        ...base,
        status: 'unknown',
        value: null,
        points: 0,
        cap: Math.min(ceiling, rule.unknownCap ?? 100),
        unmeasurable: true,
      };
    }
    return {
      ...base,
      status: 'unknown',
      value: null,
      points: mitigate(rule, rule.unknownPoints, trusted),
      cap: rule.unknownCap ?? null,
    };
  }
  if (rule.kind === 'flag') {
    const risky = value === rule.riskWhen;
    return {
      ...base,
      status: risky ? 'risk' : 'ok',
      value,
      points: risky ? mitigate(rule, rule.points, trusted) : 0,
      cap: risky ? (rule.cap ?? null) : null,
    };
  }
  const tier = worstTier(rule.tiers, rule.direction, value);
  return {
    ...base,
    status: tier.hit ? 'risk' : 'ok',
    value,
    points: mitigate(rule, tier.points, trusted),
    cap: tier.cap,
  };
}

function mitigate(rule: ScoreRule, points: number, trusted: boolean): number {
  return trusted && rule.trustMitigated ? points / 2 : points;
}

/**
 * One gap, one charge: of the unknown findings of a rule group (facts one read gives together),
 * only the costliest keeps its points. Waived (unmeasurable) findings cost nothing already.
 */
function chargeUnknownGroupsOnce(rules: readonly ScoreRule[], findings: ScoreFinding[]): void {
  const costliest = new Map<string, ScoreFinding>();
  rules.forEach((rule, index) => {
    const finding = findings[index]!;
    if (!rule.unknownGroup || finding.status !== 'unknown' || finding.unmeasurable) return;
    const kept = costliest.get(rule.unknownGroup);
    if (!kept || finding.points > kept.points) {
      if (kept) kept.points = 0;
      costliest.set(rule.unknownGroup, finding);
    } else {
      finding.points = 0;
    }
  });
}

/**
 * Scores a security report by the rubric of `packages/core/README-score.md` (the full table,
 * rendered from `EVM_RULES` / `SOLANA_RULES`). In short:
 *
 * | Finding | Deduction | Score at most |
 * | --- | --- | --- |
 * | honeypot (`is_honeypot` = 1) | 60 | 10 |
 * | non-transferable | 40 | 20 |
 * | sell tax >= 50 % | 45 | 20 |
 * | malicious creator (Solana) | 40 | 30 |
 * | cannot buy; sell tax >= 20 %; buy tax >= 50 % | 25 / 30 / 30 | 40 |
 * | owner can change balances, hidden owner, self-destruct, reclaimable ownership | 20-25 each | |
 * | freeze / mint authority (Solana) | 25 / 20 | |
 * | LP locked < 10 % / < 50 % / < 90 % | 20 / 14 / 8 | |
 * | proxy, mintable, pausable, blacklist, tax modifiable, ... | 2-12 each | |
 * | transfer fee (Solana) | the sell-tax tiers | 40 / 20 |
 * | any fact unknown | its "if unknown" points (never more than the risk); the unknowns of one group (the Token-2022 extensions) cost the costliest one's | 60 if `is_honeypot` unknown (EVM) |
 * | a context fact the report's source cannot measure (`unmeasurable_fields`) | 0 | 100 − its "if unknown" points |
 *
 * `totalScore = clamp(round(min(100 - sum of points, lowest cap)), 0, 100)`, and the risk level
 * of that score (low >= 80, medium >= 50, else high). Only a report with every fact known and
 * clean reaches 100. Pure and deterministic; the same function runs on server and client.
 *
 * @param report normalised security report (see `securityReportSchema`)
 * @param family `evm` or `solana`: which rule set applies
 */
export function scoreSecurityReport(
  report: SecurityReport,
  family: ChainFamily,
  options: ScoreOptions = {},
): ScoreResult {
  const trusted = options.trustedToken === 1;
  const rules = rulesFor(family);
  const findings = rules.map((rule) => evaluate(rule, report, trusted));
  chargeUnknownGroupsOnce(rules, findings);
  let points = 0;
  let cap = 100;
  for (const finding of findings) {
    points += finding.points;
    if (finding.cap !== null) cap = Math.min(cap, finding.cap);
  }
  const raw = Math.min(100 - points, cap);
  const totalScore = Math.max(0, Math.min(100, Math.round(raw)));
  return { totalScore, riskLevel: riskLevelForScore(totalScore), findings };
}
