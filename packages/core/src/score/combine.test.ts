import { describe, expect, it } from 'vitest';
import {
  type SecurityReport,
  type SecurityReportField,
  type SecurityReportInput,
} from '../tokens/security-report';
import { securityReportSchema } from '../tokens/security-report';
import type { ScanEvidence } from '../scam/evidence';
import {
  type COMBINE_RULES,
  combineReports,
  engineAnswerText,
  engineVerdictsOf,
  simulatedFields,
} from './combine';
import { scoreSecurityReport } from './score';

const report = (fields: SecurityReportInput): SecurityReport => securityReportSchema.parse(fields);
const authority = (status: 0 | 1) => ({ status, authority: [] });
const holder = (percent: number, is_locked: 0 | 1 = 0) => ({ percent, is_locked });

/** Per field: a safer and a riskier answer, or (facts) two answers where the first engine's wins. */
type Case = { safer: unknown; riskier: unknown } | { fact: [unknown, unknown] };
const CASES: Record<keyof typeof COMBINE_RULES, Case> = {
  hidden_owner: { safer: 0, riskier: 1 },
  selfdestruct: { safer: 0, riskier: 1 },
  is_honeypot: { safer: 0, riskier: 1 },
  honeypot_with_same_creator: { safer: 0, riskier: 3 },
  is_proxy: { safer: 0, riskier: 1 },
  cannot_buy: { safer: 0, riskier: 1 },
  total_supply: { fact: ['1000', '1000.5'] },
  holder_count: { safer: 5000, riskier: 40 },
  transfer_pausable: { safer: 0, riskier: 1 },
  trading_cooldown: { safer: 0, riskier: 1 },
  owner_percent: { safer: 0.01, riskier: 0.3 },
  is_whitelisted: { safer: 0, riskier: 1 },
  is_blacklisted: { safer: 0, riskier: 1 },
  is_in_dex: { safer: 1, riskier: 0 },
  is_open_source: { safer: 1, riskier: 0 },
  sell_tax: { safer: 0.01, riskier: 0.25 },
  buy_tax: { safer: 0, riskier: 0.1 },
  creator_percent: { safer: 0, riskier: 0.5 },
  owner_balance: { fact: ['10', '11'] },
  can_take_back_ownership: { safer: 0, riskier: 1 },
  slippage_modifiable: { safer: 0, riskier: 1 },
  external_call: { safer: 0, riskier: 1 },
  cannot_sell_all: { safer: 0, riskier: 1 },
  personal_slippage_modifiable: { safer: 0, riskier: 1 },
  is_anti_whale: { safer: 0, riskier: 1 },
  is_mintable: { safer: 0, riskier: 1 },
  owner_change_balance: { safer: 0, riskier: 1 },
  anti_whale_modifiable: { safer: 0, riskier: 1 },
  lp_holders: { safer: [holder(0.95, 1)], riskier: [holder(0.2, 1), holder(0.8)] },
  non_transferable: { safer: 0, riskier: 1 },
  dexDetails: { fact: [[{ dex_name: 'raydium', tvl: 10 }], [{ dex_name: 'orca', tvl: 20 }]] },
  holders: { safer: [holder(0.02)], riskier: [holder(0.6)] },
  mintable: { safer: authority(0), riskier: authority(1) },
  freezable: { safer: authority(0), riskier: authority(1) },
  metadata: { fact: [{ name: 'A' }, { name: 'B' }] },
  creators: {
    safer: [{ address: 'x', malicious_address: 0 }],
    riskier: [{ address: 'x', malicious_address: 1 }],
  },
  metadata_mutable: { safer: { status: 0 }, riskier: { status: 1 } },
  transfer_fee: {
    safer: {},
    riskier: { current_fee_rate: { fee_rate: 0.05, maximum_fee: '100' } },
  },
  transfer_fee_upgradable: { safer: authority(0), riskier: authority(1) },
  transfer_hook: { safer: [], riskier: [{ address: 'hook', malicious_address: 0 }] },
  transfer_hook_upgradable: { safer: authority(0), riskier: authority(1) },
  default_account_state: { safer: 1, riskier: 2 },
  default_account_state_upgradable: { safer: authority(0), riskier: authority(1) },
  balance_mutable_authority: { safer: authority(0), riskier: authority(1) },
  closable: { safer: authority(0), riskier: authority(1) },
};

const fieldOf = (verdict: ReturnType<typeof combineReports>, field: SecurityReportField) =>
  verdict.fields.find((entry) => entry.field === field)!;

describe('combineReports, field by field', () => {
  for (const [field, test] of Object.entries(CASES) as [SecurityReportField, Case][]) {
    if ('fact' in test) {
      it(`${field}: a fact, the first engine that knows it wins`, () => {
        const [a, b] = test.fact.map((value) => report({ [field]: value }));
        const verdict = combineReports([
          { engine: 'analyzer', report: a! },
          { engine: 'goplus', report: b! },
        ]);
        expect(verdict.report[field]).toEqual(a![field]);
        expect(fieldOf(verdict, field)).toMatchObject({
          chosen: 'analyzer',
          disagree: true,
          basis: 'precedence',
        });
      });
      continue;
    }
    it(`${field}: the riskier answer wins in either order`, () => {
      const safer = report({ [field]: test.safer });
      const riskier = report({ [field]: test.riskier });
      for (const [first, second] of [
        [safer, riskier],
        [riskier, safer],
      ] as const) {
        const verdict = combineReports([
          { engine: 'analyzer', report: first },
          { engine: 'goplus', report: second },
        ]);
        expect(verdict.report[field]).toEqual(riskier[field]);
        expect(fieldOf(verdict, field)).toMatchObject({ disagree: true, basis: 'riskier' });
      }
    });
  }

  it('covers every field of the report', () => {
    const fields = securityReportSchema.keyof().options.filter((f) => f !== 'unmeasurable_fields');
    expect(Object.keys(CASES).sort()).toEqual([...fields].sort());
  });
});

describe('combineReports, the general steps', () => {
  it('an unknown is not an answer: the engine that knows the field decides', () => {
    const verdict = combineReports([
      { engine: 'analyzer', report: report({}) },
      { engine: 'goplus', report: report({ is_mintable: 0 }) },
    ]);
    expect(verdict.report.is_mintable).toBe(0);
    expect(fieldOf(verdict, 'is_mintable')).toMatchObject({
      chosen: 'goplus',
      disagree: false,
      basis: 'only',
    });
    expect(fieldOf(verdict, 'hidden_owner')).toMatchObject({ chosen: null, basis: 'unknown' });
  });

  it('agreeing engines: the first one is named', () => {
    const verdict = combineReports([
      { engine: 'analyzer', report: report({ is_proxy: 1 }) },
      { engine: 'goplus', report: report({ is_proxy: 1 }) },
    ]);
    expect(fieldOf(verdict, 'is_proxy')).toMatchObject({
      chosen: 'analyzer',
      disagree: false,
      basis: 'agree',
    });
  });

  it('a trade beats a reading: our simulation that sold the token outweighs a static "cannot sell"', () => {
    const verdict = combineReports([
      {
        engine: 'analyzer',
        report: report({ cannot_sell_all: 0, is_honeypot: 0, sell_tax: 0.02 }),
        simulated: ['cannot_sell_all', 'is_honeypot', 'sell_tax'],
      },
      { engine: 'goplus', report: report({ cannot_sell_all: 1, is_honeypot: 1, sell_tax: 0.5 }) },
    ]);
    expect(verdict.report).toMatchObject({ cannot_sell_all: 0, is_honeypot: 0, sell_tax: 0.02 });
    expect(fieldOf(verdict, 'cannot_sell_all')).toMatchObject({
      chosen: 'analyzer',
      disagree: true,
      basis: 'trade',
    });
  });

  it('a trade outweighs readings only on the fields a trade measures', () => {
    const verdict = combineReports([
      { engine: 'analyzer', report: report({ is_mintable: 0 }), simulated: ['is_mintable'] },
      { engine: 'goplus', report: report({ is_mintable: 1 }) },
    ]);
    expect(verdict.report.is_mintable).toBe(1);
  });

  it('Honeypot.is trades by nature; two engines that traded: the riskier wins', () => {
    const verdict = combineReports([
      { engine: 'analyzer', report: report({ sell_tax: 0.02 }), simulated: ['sell_tax'] },
      { engine: 'goplus', report: report({ sell_tax: 0.9 }) },
      { engine: 'honeypot-is', report: report({ sell_tax: 0.1 }) },
    ]);
    expect(verdict.report.sell_tax).toBe(0.1);
    expect(fieldOf(verdict, 'sell_tax')).toMatchObject({ chosen: 'honeypot-is', basis: 'trade' });
  });

  it('ties keep the earlier engine', () => {
    const verdict = combineReports([
      { engine: 'analyzer', report: report({ mintable: { status: 1, authority: [] } }) },
      {
        engine: 'goplus',
        report: report({ mintable: { status: 1, authority: [{ address: 'a' }] } }),
      },
    ]);
    expect(fieldOf(verdict, 'mintable')).toMatchObject({ chosen: 'analyzer', disagree: true });
  });

  it('unmeasurable only when every engine says so and the field stays unknown', () => {
    const analyzer = report({ unmeasurable_fields: ['is_open_source', 'holder_count'] });
    const alone = combineReports([{ engine: 'analyzer', report: analyzer }]);
    expect(alone.report.unmeasurable_fields).toEqual(['is_open_source', 'holder_count']);
    const withGoPlus = combineReports([
      { engine: 'analyzer', report: analyzer },
      { engine: 'goplus', report: report({ is_open_source: 1 }) },
    ]);
    // GoPlus knows one field and charges its own unknown of the other in full.
    expect(withGoPlus.report.unmeasurable_fields).toBeNull();
    expect(withGoPlus.report.is_open_source).toBe(1);
  });

  it('one engine: its report as is', () => {
    const only = report({ is_honeypot: 1, sell_tax: 0.2, unmeasurable_fields: ['holder_count'] });
    expect(combineReports([{ engine: 'goplus', report: only }]).report).toEqual(only);
  });

  it('the score of a combined report is never safer than the riskier engine on a reading', () => {
    const safe = report({ hidden_owner: 0, is_mintable: 0 });
    const risky = report({ hidden_owner: 1, is_mintable: 1 });
    const combined = combineReports([
      { engine: 'analyzer', report: safe },
      { engine: 'goplus', report: risky },
    ]).report;
    expect(scoreSecurityReport(combined, 'evm').totalScore).toBeLessThanOrEqual(
      scoreSecurityReport(risky, 'evm').totalScore,
    );
  });
});

describe('simulatedFields', () => {
  it('names the fields whose evidence holds a simulation step', () => {
    const evidence: ScanEvidence = {
      sell_tax: [{ kind: 'simulation', pool: '0xp', step: 'sell', outcome: 'ok' }],
      is_mintable: [{ kind: 'checked', address: '0xt', detail: 'no mint' }],
    };
    expect(simulatedFields(evidence)).toEqual(['sell_tax']);
  });
});

describe('engineAnswerText', () => {
  it('writes each kind of value briefly', () => {
    expect(engineAnswerText('is_honeypot', 1)).toBe('Yes');
    expect(engineAnswerText('is_honeypot', null)).toBe('Unknown');
    expect(engineAnswerText('sell_tax', 0.05)).toBe('5%');
    expect(engineAnswerText('holder_count', 1200)).toBe('1,200');
    expect(engineAnswerText('mintable', { status: 0, authority: [] })).toBe('No (revoked)');
    expect(engineAnswerText('default_account_state', 2)).toBe('frozen');
    expect(
      engineAnswerText('lp_holders', [
        { address: null, tag: null, is_contract: null, balance: null, percent: 0.4, is_locked: 1 },
      ]),
    ).toBe('40% locked');
    expect(
      engineAnswerText('transfer_fee', { current_fee_rate: null, scheduled_fee_rate: [] }),
    ).toBe('None');
  });
});

describe('engineVerdictsOf', () => {
  it('is null for one engine and lists the known fields for two', () => {
    const one = combineReports([{ engine: 'goplus', report: report({ is_proxy: 1 }) }]);
    expect(engineVerdictsOf(one)).toBeNull();
    const two = combineReports([
      { engine: 'analyzer', report: report({ is_proxy: 0 }) },
      { engine: 'goplus', report: report({ is_proxy: 1, sell_tax: 0.1 }) },
    ]);
    expect(engineVerdictsOf(two)).toEqual({
      engines: ['analyzer', 'goplus'],
      fields: [
        {
          field: 'is_proxy',
          answers: ['No', 'Yes'],
          chosen: 'goplus',
          disagree: true,
          basis: 'riskier',
        },
        {
          field: 'sell_tax',
          answers: ['Unknown', '10%'],
          chosen: 'goplus',
          disagree: false,
          basis: 'only',
        },
      ],
    });
  });
});
