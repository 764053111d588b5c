import { EVM_RULES, SOLANA_RULES, type RuleUnit, type ScoreRule } from './rubric';
import { RATING_STEPS, RISK_LEVEL_THRESHOLDS, SCORE_COLOUR_THRESHOLDS } from './levels';

function formatThreshold(value: number, unit: RuleUnit): string {
  if (unit === 'fraction') return `${+(value * 100).toFixed(2)} %`;
  if (unit === 'usd') {
    if (value >= 1_000_000) return `$${value / 1_000_000}M`;
    if (value >= 1_000) return `$${value / 1_000}k`;
    return `$${value}`;
  }
  return String(value);
}

function deduction(points: number, cap: number | undefined): string {
  const text = points === 0 ? '0' : `−${points}`;
  return cap === undefined ? text : `${text}, score ≤ ${cap}`;
}

function riskCell(rule: ScoreRule): string {
  if (rule.kind === 'flag') return `= ${rule.riskWhen}: ${deduction(rule.points, rule.cap)}`;
  const sign = rule.direction === 'atLeast' ? '≥' : '<';
  return rule.tiers
    .map(
      (tier) =>
        `${sign} ${formatThreshold(tier.threshold, rule.unit)}: ${deduction(tier.points, tier.cap)}`,
    )
    .join(' · ');
}

function ruleRow(rule: ScoreRule): string {
  const notes = [
    rule.trustMitigated ? 'half points when `trusted_token` = 1' : '',
    rule.unknownGroup ? `unknown: charged once per group (${rule.unknownGroup})` : '',
    rule.unmeasurableField
      ? `unknown and \`${rule.unmeasurableField}\` in \`unmeasurable_fields\`: score ≤ ${100 - rule.unknownPoints} instead`
      : '',
    rule.note ?? '',
  ]
    .filter(Boolean)
    .join('; ');
  return `| ${rule.label} | \`${rule.source}\` | ${riskCell(rule)} | ${deduction(rule.unknownPoints, rule.unknownCap)} | ${notes} |`;
}

function table(rules: readonly ScoreRule[]): string {
  return [
    '| Check | Report field | Deduction when risky | If unknown | Notes |',
    '| --- | --- | --- | --- | --- |',
    ...rules.map(ruleRow),
  ].join('\n');
}

/**
 * Normalises markdown for comparison: trims lines, collapses runs of spaces and of table-rule
 * dashes, so a table reformatted by prettier still equals the rendered one.
 */
export function normaliseMarkdown(text: string): string {
  return text
    .split('\n')
    .map((line) => line.trim().replace(/ {2,}/g, ' ').replace(/-{3,}/g, '---'))
    .filter((line) => line !== '')
    .join('\n');
}

/**
 * The rubric as markdown, rendered from the rule data. `packages/core/README-score.md` embeds
 * this text between `<!-- rubric:start -->` and `<!-- rubric:end -->`; a test checks they match.
 */
export function rubricMarkdown(): string {
  const rating = RATING_STEPS.map((step, index) =>
    Number.isFinite(step.min)
      ? `| ≥ ${step.min} | ${'★'.repeat(step.stars)} | ${step.label} |`
      : `| below ${RATING_STEPS[index - 1]?.min} | ${'★'.repeat(step.stars)} | ${step.label} |`,
  );
  return [
    '### EVM chains (eth, bsc, avax, polygon_pos)',
    '',
    table(EVM_RULES),
    '',
    '### Solana',
    '',
    table(SOLANA_RULES),
    '',
    '### From score to risk level, stars and colours',
    '',
    `- Risk level: \`low risk\` at ${RISK_LEVEL_THRESHOLDS.low} or more, \`medium risk\` at ${RISK_LEVEL_THRESHOLDS.medium} or more, else \`high risk\`.`,
    `- Colour: green at ${SCORE_COLOUR_THRESHOLDS.green} or more, yellow at ${SCORE_COLOUR_THRESHOLDS.yellow} or more, else red.`,
    '- Risk level colour: red for `high risk`, green for `low risk`, red otherwise.',
    '',
    '| totalScore | Stars | Label |',
    '| --- | --- | --- |',
    ...rating,
  ].join('\n');
}
