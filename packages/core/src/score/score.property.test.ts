import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChainFamily } from '../chains/chains';
import type { Flag, Holder, SecurityReport } from '../tokens/security-report';
import { cleanEvmReport, cleanSolanaReport } from '../tokens/fixtures';
import {
  emptySecurityReport,
  SECURITY_FLAG_KEYS,
  type SecurityReportField,
} from '../tokens/security-report';
import { EVM_RULES, SOLANA_RULES } from './rubric';
import { ratingForScore, riskLevelForScore } from './levels';
import { scoreSecurityReport } from './score';

// Arbitraries covering every field, unknowns included.
const flag: fc.Arbitrary<Flag> = fc.oneof(
  { arbitrary: fc.constant(0 as const), weight: 6 },
  { arbitrary: fc.constant(1 as const), weight: 2 },
  { arbitrary: fc.constant(null), weight: 2 },
);
const fraction = fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null });
const count = fc.option(fc.nat({ max: 100_000 }), { nil: null });
const holder: fc.Arbitrary<Holder> = fc.record({
  address: fc.constant(null),
  tag: fc.constant(null),
  is_contract: flag,
  balance: fc.constant(null),
  percent: fraction,
  is_locked: flag,
});
const holders = fc.option(fc.array(holder, { maxLength: 4 }), { nil: null });
const flagged = fc.record({
  address: fc.constant('Creator11111111111111111111111111111111111'),
  malicious_address: flag,
});
const authority = fc.option(
  fc.record({ status: flag, authority: fc.array(flagged, { maxLength: 2 }) }),
  {
    nil: null,
  },
);

const feeRate = fc.record({
  fee_rate: fc.double({ min: 0, max: 1, noNaN: true }),
  maximum_fee: fc.constant('1000000'),
});
/** Fields a source may declare it cannot measure: the waivable ones, and some that never are. */
const declarable: SecurityReportField[] = [
  ...new Set(
    [...EVM_RULES, ...SOLANA_RULES].flatMap((rule) =>
      rule.unmeasurableField ? [rule.unmeasurableField] : [],
    ),
  ),
  'is_honeypot',
  'sell_tax',
  'mintable',
  'transfer_fee',
];

const anyReportArb: fc.Arbitrary<SecurityReport> = fc.record({
  hidden_owner: flag,
  selfdestruct: flag,
  is_honeypot: flag,
  honeypot_with_same_creator: fc.option(fc.nat({ max: 5 }), { nil: null }),
  is_proxy: flag,
  cannot_buy: flag,
  total_supply: fc.constant(null),
  holder_count: count,
  transfer_pausable: flag,
  trading_cooldown: flag,
  owner_percent: fraction,
  is_whitelisted: flag,
  is_blacklisted: flag,
  is_in_dex: flag,
  is_open_source: flag,
  sell_tax: fraction,
  buy_tax: fraction,
  creator_percent: fraction,
  owner_balance: fc.constant(null),
  can_take_back_ownership: flag,
  slippage_modifiable: flag,
  external_call: flag,
  cannot_sell_all: flag,
  personal_slippage_modifiable: flag,
  is_anti_whale: flag,
  is_mintable: flag,
  owner_change_balance: flag,
  anti_whale_modifiable: flag,
  lp_holders: holders,
  non_transferable: flag,
  dexDetails: fc.option(
    fc.array(
      fc.record({
        dex_name: fc.constant('raydium'),
        id: fc.constant(null),
        type: fc.constant(null),
        tvl: fc.option(fc.double({ min: 0, max: 1e8, noNaN: true }), { nil: null }),
        burn_percent: fc.constant(null),
      }),
      { maxLength: 2 },
    ),
    { nil: null },
  ),
  holders,
  mintable: authority,
  freezable: authority,
  metadata: fc.option(
    fc.record({
      name: fc.option(fc.constantFrom('', 'Frog'), { nil: null }),
      symbol: fc.option(fc.constantFrom('', 'FROG'), { nil: null }),
      description: fc.constant(null),
      uri: fc.constant(null),
    }),
    { nil: null },
  ),
  creators: fc.option(fc.array(flagged, { maxLength: 3 }), { nil: null }),
  metadata_mutable: fc.option(
    fc.record({ status: flag, metadata_upgrade_authority: fc.array(flagged, { maxLength: 1 }) }),
    { nil: null },
  ),
  transfer_fee: fc.option(
    fc.record({
      current_fee_rate: fc.option(feeRate, { nil: null }),
      scheduled_fee_rate: fc.array(
        feeRate.map((rate) => ({ ...rate, epoch: '900' })),
        { maxLength: 1 },
      ),
    }),
    { nil: null },
  ),
  transfer_fee_upgradable: authority,
  transfer_hook: fc.option(fc.array(flagged, { maxLength: 1 }), { nil: null }),
  transfer_hook_upgradable: authority,
  default_account_state: fc.constantFrom(0 as const, 1 as const, 2 as const, null),
  default_account_state_upgradable: authority,
  balance_mutable_authority: authority,
  closable: authority,
  unmeasurable_fields: fc.option(fc.subarray(declarable), { nil: null }),
});
/**
 * Mostly near-clean reports (a clean fixture with up to 4 fields replaced), so that scores land
 * across the whole 0..100 range instead of piling up at 0; sometimes fully random ones.
 */
const reportArb: fc.Arbitrary<SecurityReport> = fc.oneof(
  { arbitrary: anyReportArb, weight: 1 },
  {
    arbitrary: fc
      .tuple(
        fc.constantFrom(cleanEvmReport(), cleanSolanaReport()),
        anyReportArb,
        fc.subarray(Object.keys(emptySecurityReport()) as (keyof SecurityReport)[], {
          maxLength: 4,
        }),
      )
      .map(([clean, random, keys]) => ({
        ...clean,
        ...Object.fromEntries(keys.map((key) => [key, random[key]])),
      })),
    weight: 4,
  },
);
const familyArb = fc.constantFrom<ChainFamily>('evm', 'solana');
const trustArb = fc.constantFrom<Flag>(0, 1, null);

/** Flags where 1 is the risk. */
const RISK_FLAGS = SECURITY_FLAG_KEYS.filter(
  (key) => key !== 'is_open_source' && key !== 'is_in_dex',
);

type Worsen = (report: SecurityReport, u: number) => SecurityReport;

const raise = (value: number | null, u: number) =>
  value === null ? null : value + (1 - value) * u;

/** Ways to add risk to a report; `u` in [0, 1] picks how much. None can raise the score. */
const WORSENINGS: Record<string, Worsen> = {
  ...Object.fromEntries(
    RISK_FLAGS.map((key) => [`set ${key}`, (r: SecurityReport) => ({ ...r, [key]: 1 })]),
  ),
  'close source': (r) => ({ ...r, is_open_source: 0 }),
  'leave the DEX': (r) => ({ ...r, is_in_dex: 0 }),
  'raise sell tax': (r, u) => ({ ...r, sell_tax: raise(r.sell_tax, u) }),
  'raise buy tax': (r, u) => ({ ...r, buy_tax: raise(r.buy_tax, u) }),
  'raise owner share': (r, u) => ({ ...r, owner_percent: raise(r.owner_percent, u) }),
  'raise creator share': (r, u) => ({ ...r, creator_percent: raise(r.creator_percent, u) }),
  'more honeypots by creator': (r, u) => ({
    ...r,
    honeypot_with_same_creator:
      r.honeypot_with_same_creator === null
        ? null
        : r.honeypot_with_same_creator + Math.ceil(u * 3),
  }),
  'fewer holders': (r, u) => ({
    ...r,
    holder_count: r.holder_count === null ? null : Math.floor(r.holder_count * (1 - u)),
  }),
  'unlock LP': (r, u) => ({
    ...r,
    lp_holders:
      r.lp_holders?.map((h, i) =>
        i === Math.floor(u * r.lp_holders!.length) ? { ...h, is_locked: 0 as const } : h,
      ) ?? null,
  }),
  'shrink locked LP': (r, u) => ({
    ...r,
    lp_holders:
      r.lp_holders?.map((h) =>
        h.is_locked === 1 && h.percent !== null ? { ...h, percent: h.percent * u } : h,
      ) ?? null,
  }),
  'mint authority': (r) => ({
    ...r,
    mintable: { status: 1, authority: r.mintable?.authority ?? [] },
  }),
  ...Object.fromEntries(
    (
      [
        'transfer_fee_upgradable',
        'transfer_hook_upgradable',
        'default_account_state_upgradable',
        'balance_mutable_authority',
        'closable',
      ] as const
    ).map((key) => [
      `set ${key}`,
      (r: SecurityReport) => ({ ...r, [key]: { status: 1, authority: r[key]?.authority ?? [] } }),
    ]),
  ),
  'raise transfer fee': (r, u) => ({
    ...r,
    transfer_fee: r.transfer_fee && {
      ...r.transfer_fee,
      current_fee_rate: r.transfer_fee.current_fee_rate && {
        ...r.transfer_fee.current_fee_rate,
        fee_rate: raise(r.transfer_fee.current_fee_rate.fee_rate, u)!,
      },
    },
  }),
  'schedule a higher transfer fee': (r, u) => ({
    ...r,
    transfer_fee: r.transfer_fee && {
      ...r.transfer_fee,
      scheduled_fee_rate: [
        ...r.transfer_fee.scheduled_fee_rate,
        { epoch: '901', fee_rate: u, maximum_fee: '1' },
      ],
    },
  }),
  'set a transfer hook': (r) => ({
    ...r,
    transfer_hook: [
      { address: 'Hook111111111111111111111111111111111111111', malicious_address: null },
    ],
  }),
  'start accounts frozen': (r) => ({ ...r, default_account_state: 2 }),
  'make metadata mutable': (r) => ({
    ...r,
    metadata_mutable: {
      status: 1,
      metadata_upgrade_authority: r.metadata_mutable?.metadata_upgrade_authority ?? [],
    },
  }),
  'freeze authority': (r) => ({
    ...r,
    freezable: { status: 1, authority: r.freezable?.authority ?? [] },
  }),
  'malicious creator': (r) => ({
    ...r,
    creators: [
      ...(r.creators ?? []),
      { address: 'Bad1111111111111111111111111111111111111111', malicious_address: 1 as const },
    ],
  }),
  'drop symbol': (r) => (r.metadata ? { ...r, metadata: { ...r.metadata, symbol: null } } : r),
  'concentrate top holder': (r, u) => ({
    ...r,
    holders: r.holders?.map((h) => ({ ...h, percent: raise(h.percent, u) })) ?? null,
  }),
  'drain liquidity': (r, u) => ({
    ...r,
    dexDetails:
      r.dexDetails?.map((d, i) =>
        i === 0 && d.tvl !== null ? { ...d, tvl: d.tvl * (1 - u) } : d,
      ) ?? null,
  }),
};

describe('score engine properties', () => {
  it('an unknown never costs more than the worst risk of its rule', () => {
    for (const rule of [...EVM_RULES, ...SOLANA_RULES]) {
      const worst =
        rule.kind === 'flag' ? rule.points : Math.max(...rule.tiers.map((tier) => tier.points));
      expect(rule.unknownPoints, rule.id).toBeLessThanOrEqual(worst);
    }
  });

  it('a report that knows nothing is never good, whatever its source says it cannot measure', () => {
    fc.assert(
      fc.property(
        familyArb,
        trustArb,
        fc.option(fc.subarray(declarable), { nil: null }),
        (family, trustedToken, unmeasurable_fields) => {
          const report = { ...emptySecurityReport(), unmeasurable_fields };
          const { totalScore, riskLevel } = scoreSecurityReport(report, family, { trustedToken });
          // Below "Good" (80) and never low risk; without declarations it stays below 60 (score.test.ts).
          expect(totalScore).toBeLessThan(80);
          expect(riskLevel).not.toBe('low risk');
        },
      ),
      { numRuns: 200 },
    );
  });

  it('saying a fact cannot be measured never lowers a score, and a report with such a gap never reaches 100', () => {
    fc.assert(
      fc.property(reportArb, familyArb, fc.subarray(declarable), (report, family, declared) => {
        const plain = scoreSecurityReport({ ...report, unmeasurable_fields: null }, family);
        const waived = scoreSecurityReport({ ...report, unmeasurable_fields: declared }, family);
        expect(waived.totalScore).toBeGreaterThanOrEqual(plain.totalScore);
        if (waived.findings.some((finding) => finding.unmeasurable))
          expect(waived.totalScore).toBeLessThan(100);
      }),
      { numRuns: 300 },
    );
  });

  it('every report gives an integer score in 0..100 and a consistent risk level and rating', () => {
    fc.assert(
      fc.property(reportArb, familyArb, trustArb, (report, family, trustedToken) => {
        const { totalScore, riskLevel } = scoreSecurityReport(report, family, { trustedToken });
        expect(Number.isInteger(totalScore)).toBe(true);
        expect(totalScore).toBeGreaterThanOrEqual(0);
        expect(totalScore).toBeLessThanOrEqual(100);
        expect(riskLevel).toBe(riskLevelForScore(totalScore));
        if (totalScore < 100) expect(ratingForScore(totalScore).stars).toBeLessThan(5);
      }),
      { numRuns: 500 },
    );
  });

  it('a honeypot never scores above 40 (in fact 10) and is high risk', () => {
    fc.assert(
      fc.property(reportArb, familyArb, trustArb, (report, family, trustedToken) => {
        const result = scoreSecurityReport({ ...report, is_honeypot: 1 }, family, { trustedToken });
        expect(result.totalScore).toBeLessThanOrEqual(40);
        expect(result.totalScore).toBeLessThanOrEqual(10);
        expect(result.riskLevel).toBe('high risk');
      }),
      { numRuns: 300 },
    );
  });

  it.each(Object.keys(WORSENINGS))('adding a risk (%s) never raises the score', (name) => {
    const worsen = WORSENINGS[name]!;
    fc.assert(
      fc.property(
        reportArb,
        familyArb,
        trustArb,
        fc.double({ min: 0, max: 1, noNaN: true }),
        (report, family, trustedToken, u) => {
          const before = scoreSecurityReport(report, family, { trustedToken }).totalScore;
          const after = scoreSecurityReport(worsen(report, u), family, { trustedToken }).totalScore;
          expect(after).toBeLessThanOrEqual(before);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('losing the trusted flag never raises the score', () => {
    fc.assert(
      fc.property(reportArb, familyArb, (report, family) => {
        const trusted = scoreSecurityReport(report, family, { trustedToken: 1 }).totalScore;
        expect(
          scoreSecurityReport(report, family, { trustedToken: 0 }).totalScore,
        ).toBeLessThanOrEqual(trusted);
        expect(
          scoreSecurityReport(report, family, { trustedToken: null }).totalScore,
        ).toBeLessThanOrEqual(trusted);
      }),
    );
  });

  it('stacking risks in any order never raises the score at any step', () => {
    const names = Object.keys(WORSENINGS);
    fc.assert(
      fc.property(
        reportArb,
        familyArb,
        fc.array(fc.tuple(fc.constantFrom(...names), fc.double({ min: 0, max: 1, noNaN: true })), {
          maxLength: 8,
        }),
        (report, family, steps) => {
          let current = report;
          let score = scoreSecurityReport(current, family).totalScore;
          for (const [name, u] of steps) {
            current = WORSENINGS[name]!(current, u);
            const next = scoreSecurityReport(current, family).totalScore;
            expect(next).toBeLessThanOrEqual(score);
            score = next;
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
