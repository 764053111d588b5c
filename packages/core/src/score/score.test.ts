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
