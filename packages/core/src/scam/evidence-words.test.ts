import { describe, expect, it } from 'vitest';
import { cleanSolanaReport } from '../tokens/fixtures';
import { emptySecurityReport } from '../tokens/security-report';
import { tokenDetailResponseSchema } from '../tokens/detail-schemas';
import { evidenceItemSchema, type EvidenceItem, type ScanEvidence } from './evidence';
import {
  EVIDENCE_WORDS,
  explainEvidence,
  explainScan,
  formatTokenAmount,
  NOT_MEASURED_WORDS,
  shortText,
} from './evidence-words';

const OWNER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const HOLDER = '0x1111111111111111111111111111111111111111';
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const context = { decimals: 18 };

const mintProbe: EvidenceItem = {
  kind: 'probe',
  caller: OWNER,
  callerRoles: ['owner()', 'storage slot 0'],
  selector: '0x40c10f19',
  args: [HOLDER, '1000000000000000000000000'],
  effect: 'totalSupply rose by 1000000000000000000000000 (1 → 2)',
  measured: { what: 'supply-raised', amount: '1000000000000000000000000' },
  pass: 'as-is',
};

describe('evidence in plain words', () => {
  it('says who can call which selector and by how much it raised the supply, in whole tokens', () => {
    expect(explainEvidence(mintProbe, context)).toBe(
      'the owner (0xf39F…2266) can call 0x40c10f19, which raised the supply by 1,000,000',
    );
  });

  it('names a hidden operator by where the code keeps it, and a renounce-then-reclaim pass', () => {
    expect(
      explainEvidence(
        {
          ...mintProbe,
          callerRoles: ['code constant at 1405'],
          measured: { what: 'not-the-owner', account: OWNER },
        },
        context,
      ),
    ).toBe(
      'an address written into the code (0xf39F…2266) can call 0x40c10f19, which changed the token although owner() is 0xf39F…2266',
    );
    expect(
      explainEvidence(
        {
          ...mintProbe,
          callerRoles: ['storage slot 0x01'],
          selector: '0x12345678',
          pass: 'after-renounce',
          measured: { what: 'ownership-regained', account: OWNER },
        },
        context,
      ),
    ).toBe(
      'after renouncing ownership, an address kept in storage (0xf39F…2266) can call 0x12345678, which made 0xf39F…2266 the owner again after ownership was renounced',
    );
  });

  it('tells a blacklist (one holder stopped) from a pause (everyone stopped)', () => {
    const blocked = (what: 'holder-blocked' | 'all-blocked') =>
      explainEvidence({ ...mintProbe, measured: { what, account: HOLDER } }, context);
    expect(blocked('holder-blocked')).toMatch(
      /stopped one holder \(0x1111…1111\) from transferring/,
    );
    expect(blocked('all-blocked')).toMatch(/stopped every holder from transferring$/);
  });

  it('shows where in the code an opcode is reached, naming the standard selectors', () => {
    expect(
      explainEvidence(
        { kind: 'opcode', address: TOKEN, opcode: 'CALL', offset: 812, selector: '0xa9059cbb' },
        context,
      ),
    ).toBe('transfer (0xa9059cbb) reaches CALL at byte 812: moving tokens calls other code');
    expect(
      explainEvidence(
        { kind: 'opcode', address: TOKEN, opcode: 'SELFDESTRUCT', offset: 90 },
        context,
      ),
    ).toBe(
      'the code of 0x5FbD…0aa3 reaches SELFDESTRUCT at byte 90: the contract can be destroyed',
    );
  });

  it('says why a field is unknown instead of leaving it blank', () => {
    expect(explainEvidence({ kind: 'not-measured', reason: 'simulation-not-built' }, context)).toBe(
      NOT_MEASURED_WORDS['simulation-not-built'],
    );
  });

  it('tells what a simulated trade did through which pool, with the measurement', () => {
    const pool = '0x1111111111111111111111111111111111112222';
    expect(
      explainEvidence(
        {
          kind: 'simulation',
          pool,
          step: 'sell-after-wait',
          outcome: 'reverted',
          amountIn: '1000',
          expectedOut: '990',
          detail: 'the sell reverted, also after waiting 3600 s',
        },
        context,
      ),
    ).toBe(
      'the same sell after waiting through the pool 0x1111…2222 reverted: the sell reverted, also after waiting 3600 s',
    );
    expect(explainEvidence({ kind: 'simulation', pool, step: 'buy', outcome: 'ok' }, context)).toBe(
      'a simulated buy through the pool 0x1111…2222 went through',
    );
  });

  it('has a sentence for every kind of evidence the schema allows', () => {
    const kinds = evidenceItemSchema.options.map((option) => option.shape.kind.value);
    expect(Object.keys(EVIDENCE_WORDS).sort()).toEqual([...kinds].sort());
  });

  it('shows amounts in whole tokens, or in base units when the decimals are unknown', () => {
    expect(formatTokenAmount('1500000000000000000', 18)).toBe('1.5');
    expect(formatTokenAmount('123456789', null)).toBe('123,456,789 base units');
    expect(formatTokenAmount('1000000000', 0)).toBe('1,000,000,000');
  });
});

describe('a scan explained field by field', () => {
  const report = {
    ...emptySecurityReport(),
    is_mintable: 1 as const,
    is_proxy: 0 as const,
    sell_tax: null,
  };
  const evidence: ScanEvidence = {
    is_mintable: [mintProbe],
    is_proxy: [{ kind: 'checked', address: TOKEN, detail: 'not an EIP-1167 clone' }],
    sell_tax: [{ kind: 'not-measured', reason: 'simulation-not-built' }],
  };

  it('lists risks first with their reasons, then unknowns, then what was checked clean', () => {
    const explained = explainScan(report, evidence, 'evm', context);
    expect(explained.map((field) => [field.field, field.status])).toEqual([
      ['is_mintable', 'risk'],
      ['sell_tax', 'unknown'],
      ['is_proxy', 'ok'],
    ]);
    expect(explained[0]).toMatchObject({
      label: 'Mintable',
      display: 'Yes',
      reasons: [
        'the owner (0xf39F…2266) can call 0x40c10f19, which raised the supply by 1,000,000',
      ],
    });
  });

  it('labels Solana findings with the rubric’s words', () => {
    const solana = { ...emptySecurityReport(), mintable: { status: 1 as const, authority: [] } };
    const [mintable] = explainScan(
      solana,
      {
        mintable: [{ kind: 'read', address: TOKEN, call: 'mint account', value: 'authority set' }],
      },
      'solana',
      { decimals: 6 },
    );
    expect(mintable).toMatchObject({
      field: 'mintable',
      label: 'Mint authority not revoked',
      status: 'risk',
    });
  });

  it('names a Token-2022 mint’s powers by their own fields: the fee, the delegate, the hook', () => {
    const report = cleanSolanaReport({
      transfer_fee: {
        current_fee_rate: { fee_rate: 0.05, maximum_fee: '1000000000000' },
        scheduled_fee_rate: [],
      },
      balance_mutable_authority: {
        status: 1,
        authority: [{ address: TOKEN, malicious_address: null }],
      },
    });
    const read = (call: string, value: string) => [
      { kind: 'read' as const, address: TOKEN, call, value },
    ];
    const explained = explainScan(
      report,
      {
        transfer_fee: read('transfer fee (Token-2022)', '500 basis points of every transfer'),
        balance_mutable_authority: read('permanent delegate (Token-2022)', TOKEN),
        transfer_hook: [{ kind: 'checked', address: TOKEN, detail: 'no transfer hook' }],
      },
      'solana',
      { decimals: 6 },
    );
    expect(
      explained.map(({ field, label, status, display }) => ({ field, label, status, display })),
    ).toEqual([
      {
        field: 'transfer_fee',
        label: 'Transfer fee',
        status: 'risk',
        display: '5%',
      },
      {
        field: 'balance_mutable_authority',
        label: 'Permanent delegate (can move any balance)',
        status: 'risk',
        display: 'Yes',
      },
      { field: 'transfer_hook', label: 'Transfer hook program', status: 'ok', display: 'No' },
    ]);
    expect(explained[0]?.reasons).toEqual([
      `transfer fee (Token-2022) of ${shortText(TOKEN)} answered 500 basis points of every transfer`,
    ]);
  });

  it('travels in the token detail answer and back unchanged', () => {
    const scan = {
      source: 'analyzer',
      chainId: 1,
      blockNumber: '42',
      blockHash: null,
      scannedAt: '2026-11-21T12:00:00.000Z',
      decimals: 18,
      evidence,
      rescanning: false,
    };
    const detail = tokenDetailResponseSchema.parse({
      id: 'eth_x',
      tokenName: 'X',
      tokenAddress: TOKEN,
      chainName: 'eth',
      price: null,
      fdv: null,
      liquidity: null,
      priceProvider: 'Vaultscope analyzer',
      pairAddress: null,
      isVaultscope: 0,
      totalScore: 50,
      riskLevel: 'medium risk',
      trusted_token: null,
      tokenDetails: report,
      is_favourite: 0,
      scan,
    });
    expect(detail.scan).toEqual(scan);
  });
});
