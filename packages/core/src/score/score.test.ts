import { describe, expect, it } from 'vitest';
import { cleanEvmReport, cleanSolanaReport, honeypotEvmReport } from '../tokens/fixtures';
import { emptySecurityReport } from '../tokens/security-report';
import {
  RATING_STEPS,
  ratingForScore,
  riskLevelColour,
  riskLevelForScore,
  scoreColour,
} from './levels';
import { scoreSecurityReport } from './score';

describe('scoreSecurityReport', () => {
  it('gives a perfect report 100, low risk, five stars', () => {
    for (const [report, family] of [
      [cleanEvmReport(), 'evm'],
      [cleanSolanaReport(), 'solana'],
    ] as const) {
      const result = scoreSecurityReport(report, family);
      expect(result.totalScore).toBe(100);
      expect(result.riskLevel).toBe('low risk');
      expect(ratingForScore(result.totalScore).stars).toBe(5);
      expect(result.findings.every((finding) => finding.points === 0 && finding.cap === null)).toBe(
        true,
      );
    }
  });

  it('caps a honeypot at 10, high risk, one star', () => {
    const result = scoreSecurityReport(honeypotEvmReport(), 'evm');
    expect(result.totalScore).toBeLessThanOrEqual(10);
    expect(result.riskLevel).toBe('high risk');
    expect(ratingForScore(result.totalScore).label).toBe('Avoid - Not investable');
    // Even an otherwise perfect token that cannot be sold.
    expect(scoreSecurityReport(cleanEvmReport({ is_honeypot: 1 }), 'evm').totalScore).toBe(10);
    expect(scoreSecurityReport(cleanSolanaReport({ is_honeypot: 1 }), 'solana').totalScore).toBe(
      10,
    );
  });

  it('never treats missing data as safe', () => {
    const evm = scoreSecurityReport(emptySecurityReport(), 'evm');
    const solana = scoreSecurityReport(emptySecurityReport(), 'solana');
    expect(evm.totalScore).toBeLessThan(60);
    expect(solana.totalScore).toBeLessThan(60);
    expect(evm.findings.some((finding) => finding.status === 'unknown')).toBe(true);
    // One unknown fact is enough to lose the fifth star.
    expect(
      scoreSecurityReport(cleanEvmReport({ hidden_owner: null }), 'evm').totalScore,
    ).toBeLessThan(100);
    // An unverified sell caps at 60.
    expect(scoreSecurityReport(cleanEvmReport({ is_honeypot: null }), 'evm').totalScore).toBe(60);
  });

  it('deducts the points of the worst tier reached', () => {
    const score = (sell_tax: number) =>
      scoreSecurityReport(cleanEvmReport({ sell_tax }), 'evm').totalScore;
    expect(score(0.005)).toBe(100);
    expect(score(0.05)).toBe(90);
    expect(score(0.12)).toBe(80);
    expect(score(0.25)).toBe(40);
    expect(score(0.6)).toBe(20);
    expect(score(1)).toBe(20);
  });

  it('scores a typical mid-risk EVM token', () => {
    const report = cleanEvmReport({
      is_mintable: 1,
      slippage_modifiable: 1,
      buy_tax: 0.03,
      sell_tax: 0.05,
      owner_percent: 0.08,
      holder_count: 640,
    });
    // 100 - 10 (mintable) - 8 (tax modifiable) - 3 (buy 3 %) - 10 (sell 5 %) - 4 (owner 8 %) - 2 (< 1000 holders)
    expect(scoreSecurityReport(report, 'evm').totalScore).toBe(63);
  });

  it('scores Solana authorities, metadata and creators', () => {
    const score = (report: Parameters<typeof cleanSolanaReport>[0]) =>
      scoreSecurityReport(cleanSolanaReport(report), 'solana').totalScore;
    expect(score({ mintable: { status: 1, authority: [] } })).toBe(80);
    expect(score({ freezable: { status: 1, authority: [] } })).toBe(75);
    expect(score({ metadata: { name: 'Frog', symbol: null, description: null, uri: null } })).toBe(
      90,
    );
    expect(
      score({
        creators: [
          { address: 'So11111111111111111111111111111111111111112', malicious_address: 1 },
        ],
      }),
    ).toBe(30);
    expect(score({ non_transferable: 1 })).toBe(20);
    expect(score({ dexDetails: [] })).toBe(90);
  });

  it('scores a Token-2022 mint’s powers: transfer fee tiers, delegate, hook, frozen default, metadata', () => {
    const score = (report: Parameters<typeof cleanSolanaReport>[0]) =>
      scoreSecurityReport(cleanSolanaReport(report), 'solana').totalScore;
    const fee = (fee_rate: number, scheduled: number[] = []) => ({
      transfer_fee: {
        current_fee_rate: { fee_rate, maximum_fee: '1000000' },
        scheduled_fee_rate: scheduled.map((rate) => ({
          epoch: '900',
          fee_rate: rate,
          maximum_fee: '1000000',
        })),
      },
    });
    // The EVM sell-tax tiers: a 5 % fee costs what a 5 % sell tax does.
    expect(score(fee(0.005))).toBe(100);
    expect(score(fee(0.05))).toBe(90);
    expect(score(fee(0.12))).toBe(80);
    expect(score(fee(0.25))).toBe(40);
    expect(score(fee(0.6))).toBe(20);
    // A raise already scheduled for a later epoch counts as made.
    expect(score(fee(0, [0.05]))).toBe(90);
    const authority = { status: 1 as const, authority: [] };
    expect(score({ transfer_fee_upgradable: authority })).toBe(92);
    expect(score({ balance_mutable_authority: authority })).toBe(75);
    expect(
      score({
        transfer_hook: [
          { address: 'Hook1111111111111111111111111111111111111111', malicious_address: null },
        ],
      }),
    ).toBe(90);
    expect(score({ transfer_hook_upgradable: authority })).toBe(95);
    expect(score({ default_account_state: 2 })).toBe(85);
    expect(score({ default_account_state_upgradable: authority })).toBe(97);
    expect(score({ closable: authority })).toBe(97);
    expect(score({ metadata_mutable: { status: 1, metadata_upgrade_authority: [] } })).toBe(95);
    expect(score({ transfer_pausable: 1 })).toBe(88);
    // Mintable, freezable and soul-bound as before.
    expect(score({ non_transferable: 1 })).toBe(20);
  });

  it('charges the unknown Token-2022 facts once, as the one read they come from', () => {
    const unknownExtensions = cleanSolanaReport({
      non_transferable: null,
      transfer_fee: null,
      transfer_fee_upgradable: null,
      transfer_hook: null,
      transfer_hook_upgradable: null,
      default_account_state: null,
      default_account_state_upgradable: null,
      balance_mutable_authority: null,
      closable: null,
      transfer_pausable: null,
    });
    // The costliest of them (5: non_transferable, transfer_fee, balance_mutable_authority), once.
    expect(scoreSecurityReport(unknownExtensions, 'solana').totalScore).toBe(95);
    const charged = scoreSecurityReport(unknownExtensions, 'solana').findings.filter(
      (finding) => finding.status === 'unknown' && finding.points > 0,
    );
    expect(charged).toHaveLength(1);
    // A known risk among them is charged in full beside the group's one unknown charge.
    expect(
      scoreSecurityReport({ ...unknownExtensions, default_account_state: 2 }, 'solana').totalScore,
    ).toBe(80);
  });

  it('lands a clean analyzer report in the good band: a fact out of the engine’s reach caps, it does not deduct', () => {
    // What our EVM analyzer answers for a clean token launched a moment ago: two holders (the
    // pool and the deployer), no source verifier, no index of the creator's earlier tokens, no
    // whitelist probe, and owner() not answered.
    const analyzed = cleanEvmReport({
      holder_count: 2,
      is_open_source: null,
      honeypot_with_same_creator: null,
      owner_percent: null,
      is_whitelisted: null,
      unmeasurable_fields: ['is_open_source', 'honeypot_with_same_creator'],
    });
    const result = scoreSecurityReport(analyzed, 'evm');
    // 100 - 10 (fewer than 50 holders) - 4 (owner share unknown) - 2 (whitelist unknown), under
    // the ceiling 90 of the missing source verification (100 - its 10 unknown points).
    expect(result.totalScore).toBe(84);
    expect(result.riskLevel).toBe('low risk');
    expect(ratingForScore(result.totalScore).label).toBe('Good - Investable with caution');
    expect(result.findings.find((finding) => finding.id === 'is_open_source')).toMatchObject({
      status: 'unknown',
      points: 0,
      cap: 90,
      unmeasurable: true,
    });
    // A provider's report with the same gaps, undeclared, pays them in full.
    expect(scoreSecurityReport({ ...analyzed, unmeasurable_fields: null }, 'evm').totalScore).toBe(
      69,
    );
    // Even with a thousand holders, a report with a gap is never "Excellent".
    expect(scoreSecurityReport({ ...analyzed, holder_count: 5000 }, 'evm').totalScore).toBe(90);
    // One risky field still scores low.
    expect(scoreSecurityReport({ ...analyzed, is_honeypot: 1 }, 'evm').totalScore).toBe(10);
    expect(scoreSecurityReport({ ...analyzed, owner_change_balance: 1 }, 'evm').riskLevel).toBe(
      'medium risk',
    );
    expect(scoreSecurityReport({ ...analyzed, sell_tax: 0.25 }, 'evm').totalScore).toBe(40);
    // Only context facts are waived: a source that cannot trade the token still pays for it.
    expect(
      scoreSecurityReport(
        { ...analyzed, is_honeypot: null, unmeasurable_fields: ['is_open_source', 'is_honeypot'] },
        'evm',
      ).totalScore,
    ).toBeLessThanOrEqual(60);
  });

  it('lands a clean analyzer mint in the good band: no holder, pool or creator index, all said so', () => {
    const analyzed = cleanSolanaReport({
      holder_count: null,
      dexDetails: null,
      lp_holders: null,
      creators: [
        { address: 'So11111111111111111111111111111111111111112', malicious_address: null },
      ],
      unmeasurable_fields: ['holder_count', 'creators', 'dexDetails', 'lp_holders'],
    });
    // The lowest ceiling: 100 - 10 for the unknown pool liquidity.
    expect(scoreSecurityReport(analyzed, 'solana').totalScore).toBe(90);
    // Undeclared, the same gaps cost 5 + 5 + 10 + 8.
    expect(
      scoreSecurityReport({ ...analyzed, unmeasurable_fields: null }, 'solana').totalScore,
    ).toBe(72);
    expect(
      scoreSecurityReport(
        { ...analyzed, balance_mutable_authority: { status: 1, authority: [] } },
        'solana',
      ).totalScore,
    ).toBe(75);
  });

  it('halves central-power penalties for trusted tokens, never caps', () => {
    const report = cleanSolanaReport({
      mintable: { status: 1, authority: [] },
      freezable: { status: 1, authority: [] },
    });
    expect(scoreSecurityReport(report, 'solana').totalScore).toBe(55);
    expect(scoreSecurityReport(report, 'solana', { trustedToken: 1 }).totalScore).toBe(78);
    expect(
      scoreSecurityReport(cleanEvmReport({ is_honeypot: 1 }), 'evm', { trustedToken: 1 })
        .totalScore,
    ).toBe(10);
  });
});

describe('rating (spec section 4)', () => {
  it('maps thresholds to stars and the exact labels', () => {
    expect(
      [100, 99, 80, 79, 60, 59, 40, 39, 0].map((score) => ratingForScore(score).stars),
    ).toEqual([5, 4, 4, 3, 3, 2, 2, 1, 1]);
    expect(RATING_STEPS.map((step) => step.label)).toEqual([
      'Excellent - Highly investable',
      'Good - Investable with caution',
      'Moderate - Medium risk, requires due diligence',
      'Risky - High-risk investment',
      'Avoid - Not investable',
    ]);
    expect(ratingForScore(Number.NaN).stars).toBe(1);
  });

  it('colours scores and risk levels', () => {
    expect([100, 80, 79, 60, 59, 0].map(scoreColour)).toEqual([
      'green',
      'green',
      'yellow',
      'yellow',
      'red',
      'red',
    ]);
    expect(riskLevelColour('high risk')).toBe('red');
    expect(riskLevelColour('low risk')).toBe('green');
    expect(riskLevelColour('medium risk')).toBe('red');
    expect(riskLevelColour('')).toBe('red');
  });

  it('derives risk levels from the score', () => {
    expect([100, 80, 79, 50, 49, 0].map(riskLevelForScore)).toEqual([
      'low risk',
      'low risk',
      'medium risk',
      'medium risk',
      'high risk',
      'high risk',
    ]);
  });
});
