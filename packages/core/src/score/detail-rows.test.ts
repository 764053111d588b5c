import { describe, expect, it } from 'vitest';
import { cleanEvmReport, cleanSolanaReport, honeypotEvmReport } from '../tokens/fixtures';
import { emptySecurityReport } from '../tokens/security-report';
import {
  EVM_FEATURE_LISTS,
  evmKeyRiskRows,
  featureDisplay,
  SOLANA_FEATURE_LIST,
  solanaDetailRows,
} from './detail-rows';

describe('detail rows', () => {
  it('gives the six EVM yes/no rows', () => {
    expect(
      evmKeyRiskRows(cleanEvmReport()).map((row) => [row.label, row.display, row.good]),
    ).toEqual([
      ['Hidden owner', 'No', true],
      ['Self-destruct', 'No', true],
      ['Honeypot', 'No', true],
      ['Honeypot with same creator', 'No', true],
      ['Proxy contract', 'No', true],
      ['Cannot be bought', 'No', true],
    ]);
    const honeypot = evmKeyRiskRows(honeypotEvmReport({ honeypot_with_same_creator: 3 }));
    expect(honeypot[2]).toMatchObject({ display: 'Yes', good: false });
    expect(honeypot[3]).toMatchObject({ display: 'Yes', good: false });
    expect(evmKeyRiskRows(emptySecurityReport())[0]).toMatchObject({
      display: 'Unknown',
      good: null,
    });
  });

  it('covers every report field in the two feature lists, once', () => {
    const ids = [...EVM_FEATURE_LISTS[0], ...EVM_FEATURE_LISTS[1]].map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    const solanaOnly = [
      'dexDetails',
      'holders',
      'mintable',
      'freezable',
      'metadata',
      'creators',
      ...SOLANA_FEATURE_LIST.map((entry) => entry.id).filter((id) => id !== 'transfer_pausable'),
      // Not a fact of the token: what its source cannot measure.
      'unmeasurable_fields',
    ];
    const expected = Object.keys(emptySecurityReport()).filter((key) => !solanaOnly.includes(key));
    expect([...ids].sort()).toEqual(expected.sort());
  });

  it('formats the Solana powers: the fee as a share, authorities and the hook as Yes/No', () => {
    const report = cleanSolanaReport({
      transfer_fee: {
        current_fee_rate: { fee_rate: 0.02, maximum_fee: '1000' },
        scheduled_fee_rate: [{ epoch: '900', fee_rate: 0.05, maximum_fee: '1000' }],
      },
      balance_mutable_authority: { status: 1, authority: [] },
      default_account_state: 2,
      transfer_hook: null,
    });
    expect(featureDisplay(report, 'transfer_fee')).toBe('5%');
    expect(featureDisplay(cleanSolanaReport(), 'transfer_fee')).toBe('0%');
    expect(featureDisplay(report, 'balance_mutable_authority')).toBe('Yes');
    expect(featureDisplay(report, 'closable')).toBe('No');
    expect(featureDisplay(report, 'default_account_state')).toBe('Yes');
    expect(featureDisplay(report, 'transfer_hook')).toBe('Unknown');
    expect(featureDisplay(cleanSolanaReport(), 'transfer_hook')).toBe('No');
  });

  it('formats feature cells (0 means No)', () => {
    const report = cleanEvmReport({ sell_tax: 0.12, is_mintable: 1, is_proxy: null });
    expect(featureDisplay(report, 'sell_tax')).toBe('12%');
    expect(featureDisplay(report, 'is_mintable')).toBe('Yes');
    expect(featureDisplay(report, 'hidden_owner')).toBe('No');
    expect(featureDisplay(report, 'is_proxy')).toBe('Unknown');
    expect(featureDisplay(report, 'lp_holders')).toBe('95.5%');
    expect(featureDisplay(report, 'holder_count')).toBe('12400');
    expect(featureDisplay(report, 'total_supply')).toBe('1000000000');
  });

  it('gives the nine Solana rows', () => {
    const rows = solanaDetailRows(cleanSolanaReport(), 0);
    expect(rows.map((row) => row.label)).toEqual([
      'Liquidity Score',
      'Holder Distribution',
      'Locked LP Tokens',
      'Transferability',
      'Mintability',
      'Freeze Authority',
      'Metadata Accuracy',
      'Security Factors',
      'Trusted Token Flag',
    ]);
    expect(rows.map((row) => row.display)).toEqual([
      '$250K',
      '5.2%',
      '99.2%',
      'Yes',
      'No',
      'No',
      'Yes',
      'No',
      'No',
    ]);
    const risky = solanaDetailRows(
      cleanSolanaReport({
        metadata: null,
        creators: [
          { address: 'So11111111111111111111111111111111111111112', malicious_address: 1 },
        ],
        mintable: { status: 1, authority: [] },
      }),
      1,
    );
    expect(risky.find((row) => row.id === 'metadata')).toMatchObject({
      display: 'No',
      good: false,
    });
    expect(risky.find((row) => row.id === 'creators')).toMatchObject({
      display: 'Yes',
      good: false,
    });
    expect(risky.find((row) => row.id === 'mintable')).toMatchObject({
      display: 'Yes',
      good: false,
    });
    expect(risky.find((row) => row.id === 'trusted_token')).toMatchObject({
      display: 'Yes',
      good: true,
    });
  });
});
