import { createSolanaRpc, generateKeyPairSigner, type Rpc, type SolanaRpcApi } from '@solana/kit';
import {
  emptySecurityReport,
  scanEvidenceSchema,
  scoreSecurityReport,
  securityReportSchema,
  type SecurityReport,
} from '@vaultscope/core';
import {
  SOLANA_SCENARIOS,
  startSolanaScenarioCluster,
  type SolanaScenarioCluster,
  type SolanaScenarioExpectation,
  type SolanaScenarioName,
} from '@vaultscope/devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChainUnavailableError } from './errors';
import {
  InvalidSolanaAddressError,
  NoSolanaAccountError,
  NotATokenMintError,
} from './solana-errors';
import {
  analyzeSolanaToken,
  SolanaTokenAnalyzer,
  type SolanaTokenAnalysis,
} from './solana-token-analyzer';

let cluster: SolanaScenarioCluster;
let rpc: Rpc<SolanaRpcApi>;
const analyses = new Map<SolanaScenarioName, SolanaTokenAnalysis>();

beforeAll(async () => {
  cluster = await startSolanaScenarioCluster();
  rpc = createSolanaRpc(cluster.rpcUrl);
  for (const scenario of SOLANA_SCENARIOS) {
    analyses.set(scenario.name, await analyzeSolanaToken(rpc, cluster.mints[scenario.name].mint));
  }
});

afterAll(async () => {
  await cluster?.close();
});

const analysis = (name: SolanaScenarioName) => analyses.get(name)!;

/**
 * An analysis in the manifest's terms: statuses of authorities, the largest share. The manifest
 * names the Token-2022 powers by the EVM fields of the same meaning; the report by GoPlus's
 * Solana fields (the fee on every transfer is the buy and the sell tax, and so on).
 */
function asExpected(result: SolanaTokenAnalysis): SolanaScenarioExpectation {
  const { fields } = result;
  const fee = fields.transfer_fee?.current_fee_rate?.fee_rate ?? 0;
  return {
    mintable: fields.mintable?.status,
    freezable: fields.freezable?.status,
    non_transferable: fields.non_transferable,
    buy_tax: fee,
    sell_tax: fee,
    slippage_modifiable: fields.transfer_fee_upgradable?.status,
    owner_change_balance: fields.balance_mutable_authority?.status,
    external_call: fields.transfer_hook && (fields.transfer_hook.length > 0 ? 1 : 0),
    is_whitelisted: fields.default_account_state === 2 ? 1 : 0,
    metadata: fields.metadata?.name ? 1 : 0,
    top_holder_percent: fields.holders?.[0]?.percent,
    metadata_mutable: fields.metadata_mutable?.status,
    default_account_state: fields.default_account_state,
  } as SolanaScenarioExpectation;
}

describe('Solana mint analysis of the scenario corpus on a real LiteSVM cluster', () => {
  it.each(SOLANA_SCENARIOS.map((scenario) => [scenario.name, scenario.expected] as const))(
    '%s: finds the expected fields',
    (name, expected) => {
      expect(asExpected(analysis(name))).toEqual(expected);
    },
  );

  it('raises no risk on the clean mints, by the Solana score rubric, and scores them good', () => {
    for (const scenario of SOLANA_SCENARIOS.filter((entry) => !entry.risky)) {
      const report = securityReportSchema.parse(analysis(scenario.name).fields);
      const score = scoreSecurityReport(report, 'solana');
      expect(
        score.findings.filter((finding) => finding.status === 'risk'),
        scenario.name,
      ).toEqual([]);
      // No pool, holder or malicious-address index here, and the report says so: those gaps cap
      // the score at 90 (100 - the 10 points of unknown liquidity) instead of costing 28 points.
      expect(report.unmeasurable_fields).toEqual([
        'holder_count',
        'creators',
        'dexDetails',
        'lp_holders',
      ]);
      expect(score.totalScore, scenario.name).toBe(90);
      expect(score.riskLevel).toBe('low risk');
    }
  });

  it('lowers the score of each risky mint by its Token-2022 power', () => {
    const scores = Object.fromEntries(
      SOLANA_SCENARIOS.map((scenario) => [
        scenario.name,
        scoreSecurityReport(securityReportSchema.parse(analysis(scenario.name).fields), 'solana')
          .totalScore,
      ]),
    );
    expect(scores).toMatchObject({
      // The fee as a 5 % sell tax (10) and its authority (8).
      'solana-transfer-fee': 82,
      // The permanent delegate moves any holder's tokens (25).
      'solana-permanent-delegate': 75,
      // A hook program (10) that its authority can change (5).
      'solana-transfer-hook': 85,
      // Frozen new accounts (15), the freeze authority (25), and who can change the default (3).
      'solana-default-frozen': 57,
      'solana-non-transferable': 20,
      // 100 - 5 is above the ceiling of the scan's gaps: the risk shows in the findings only.
      'solana-mutable-metadata': 90,
    });
    for (const scenario of SOLANA_SCENARIOS.filter((entry) => entry.risky)) {
      const report = securityReportSchema.parse(analysis(scenario.name).fields);
      expect(
        scoreSecurityReport(report, 'solana').findings.some((finding) => finding.status === 'risk'),
        scenario.name,
      ).toBe(true);
    }
  });

  it('names the authorities, the fee, the hook program and the delegate it found', () => {
    const authority = { address: cluster.authority, malicious_address: null };
    expect(analysis('solana-mintable').fields.mintable).toEqual({
      status: 1,
      authority: [authority],
    });
    expect(analysis('solana-clean').fields.mintable).toEqual({ status: 0, authority: [] });
    expect(analysis('solana-freezable').fields.freezable).toEqual({
      status: 1,
      authority: [authority],
    });
    const fee = analysis('solana-transfer-fee').fields;
    expect(fee.transfer_fee).toEqual({
      current_fee_rate: { fee_rate: 0.05, maximum_fee: (10n ** 12n).toString() },
      scheduled_fee_rate: [],
    });
    expect(fee.transfer_fee_upgradable).toEqual({ status: 1, authority: [authority] });
    const hook = analysis('solana-transfer-hook').fields;
    expect(hook.transfer_hook).toEqual([
      {
        address: cluster.mints['solana-transfer-hook'].transferHookProgram,
        malicious_address: null,
      },
    ]);
    expect(hook.transfer_hook_upgradable?.status).toBe(1);
    expect(analysis('solana-permanent-delegate').fields.balance_mutable_authority).toEqual({
      status: 1,
      authority: [authority],
    });
    expect(analysis('solana-default-frozen').fields.default_account_state_upgradable?.status).toBe(
      1,
    );
    expect(analysis('solana-clean-token-2022').solana).toEqual({
      token_program: 'spl-token-2022',
      extensions: [],
    });
    // GoPlus's "none" of each power: known, not unknown.
    expect(analysis('solana-clean-token-2022').fields).toMatchObject({
      transfer_fee: { current_fee_rate: null, scheduled_fee_rate: [] },
      transfer_fee_upgradable: { status: 0, authority: [] },
      transfer_hook: [],
      transfer_hook_upgradable: { status: 0, authority: [] },
      default_account_state: 1,
      default_account_state_upgradable: { status: 0, authority: [] },
      balance_mutable_authority: { status: 0, authority: [] },
      closable: { status: 0, authority: [] },
      transfer_pausable: 0,
    });
    expect(analysis('solana-transfer-fee').solana.extensions).toEqual(['TransferFeeConfig']);
  });

  it('reads Metaplex metadata: name, symbol, URI, creators and who may change it', () => {
    const mutable = analysis('solana-mutable-metadata');
    expect(mutable.fields.metadata).toEqual({
      name: 'Scenario mutable-metadata',
      symbol: 'SMM',
      description: null,
      uri: 'https://scenarios.vaultscope.invalid/solana-mutable-metadata.json',
    });
    expect(mutable.fields.creators).toEqual([
      { address: cluster.authority, malicious_address: null },
    ]);
    expect(mutable.fields.metadata_mutable).toEqual({
      status: 1,
      metadata_upgrade_authority: [{ address: cluster.authority, malicious_address: null }],
    });
    expect(analysis('solana-clean').fields.metadata_mutable).toEqual({
      status: 0,
      metadata_upgrade_authority: [],
    });
  });

  it('lists the largest holders by owner wallet, with whole-token balances and shares', () => {
    const made = cluster.mints['solana-concentrated-holders'];
    const { fields, decimals, slot } = analysis('solana-concentrated-holders');
    expect(decimals).toBe(6);
    expect(slot).toBeGreaterThanOrEqual(0n);
    expect(fields.total_supply).toBe('1000000');
    expect(fields.holder_count).toBeNull();
    expect(fields.holders?.[0]).toEqual({
      address: made.holders[0]!.owner,
      tag: null,
      is_contract: null,
      balance: '800000',
      percent: 0.8,
      is_locked: null,
    });
    expect(fields.holders?.map((holder) => holder.percent)).toEqual([0.8, 0.05, 0.05, 0.05, 0.05]);
  });

  it('gives evidence for every field it decides, in the shape a scan stores', () => {
    for (const scenario of SOLANA_SCENARIOS) {
      const { fields, evidence } = analysis(scenario.name);
      for (const field of Object.keys(fields).filter((key) => key !== 'unmeasurable_fields')) {
        expect(
          evidence[field as keyof typeof evidence],
          `${scenario.name}: ${field}`,
        ).not.toHaveLength(0);
      }
      expect(scanEvidenceSchema.safeParse(evidence).success, scenario.name).toBe(true);
    }
    expect(analysis('solana-transfer-fee').evidence.transfer_fee?.[0]).toMatchObject({
      kind: 'read',
      call: 'transfer fee (Token-2022)',
      value: expect.stringContaining('500 basis points'),
    });
  });
});

describe('addresses that are no mint', () => {
  it('refuses text that is not a Solana address', async () => {
    for (const bad of ['not-an-address', '0x5FbDB2315678afecb367f032d93F642f64180aa3', '']) {
      await expect(analyzeSolanaToken(rpc, bad)).rejects.toBeInstanceOf(InvalidSolanaAddressError);
    }
    await expect(analyzeSolanaToken(rpc, 'x')).rejects.toMatchObject({
      statusCode: 400,
      message: 'This is not a valid Solana address',
    });
  });

  it('tells an empty address from an account that is not a mint', async () => {
    const nobody = (await generateKeyPairSigner()).address;
    await expect(analyzeSolanaToken(rpc, nobody)).rejects.toMatchObject({
      statusCode: 400,
      message: 'No account exists at this address on this chain',
    });
    await expect(analyzeSolanaToken(rpc, nobody)).rejects.toBeInstanceOf(NoSolanaAccountError);
    const made = cluster.mints['solana-clean'];
    // A wallet, a token account, a metadata account and a program: none is a mint.
    for (const notMint of [
      cluster.authority,
      made.holders[0]!.tokenAccount,
      made.metadata,
      made.tokenProgram,
    ]) {
      await expect(analyzeSolanaToken(rpc, notMint), notMint).rejects.toMatchObject({
        statusCode: 400,
        message: 'This address is not a token mint on this chain',
      });
    }
    await expect(analyzeSolanaToken(rpc, made.metadata)).rejects.toBeInstanceOf(NotATokenMintError);
  });

  it('says the chain cannot be reached when the node does not answer, without its URL', async () => {
    const down = createSolanaRpc('http://127.0.0.1:1/secret-key');
    const error = await analyzeSolanaToken(down, cluster.mints['solana-clean'].mint).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ChainUnavailableError);
    expect((error as ChainUnavailableError).statusCode).toBe(503);
    expect((error as Error).message).not.toContain('secret-key');
  });
});

describe('the refresh check of a stored Solana report', () => {
  it.each(SOLANA_SCENARIOS.map((scenario) => [scenario.name] as const))(
    '%s: a mint nobody touched since its scan has no owner-only event',
    async (name) => {
      const analyzer = new SolanaTokenAnalyzer({
        solana: (chainId) => (chainId === 103 ? { rpc } : undefined),
      });
      const { mint, slot, fields } = analysis(name);
      const report = JSON.parse(
        JSON.stringify({ ...emptySecurityReport(), ...fields }),
      ) as SecurityReport;
      // An earlier slot than the scan's, so the powers are read and compared rather than skipped.
      expect(await analyzer.ownerEventSince(103, mint, slot - 1n, report)).toBeUndefined();
    },
  );
});
