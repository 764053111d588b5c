import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { address, createSolanaRpc } from '@solana/kit';
import { TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METAPLEX_TOKEN_METADATA_PROGRAM, SolanaCluster } from '../solana/cluster';
import { TOKEN_2022_PROGRAM_ADDRESS } from '../solana/spl';
import {
  createSolanaScenarioMint,
  startSolanaScenarioCluster,
  type SolanaScenarioCluster,
} from './solana-scenario-mints';
import { SOLANA_SCENARIO_SUPPLY, SOLANA_SCENARIOS } from './solana-scenarios';

let scenarios: SolanaScenarioCluster;
let rpc: ReturnType<typeof createSolanaRpc>;

beforeAll(async () => {
  scenarios = await startSolanaScenarioCluster();
  rpc = createSolanaRpc(scenarios.rpcUrl);
});

afterAll(async () => {
  await scenarios?.close();
});

describe('Solana scenario mints on a LiteSVM cluster', () => {
  it('has clean and risky scenarios, each with the whole supply spread over its holders', () => {
    expect(SOLANA_SCENARIOS.filter((scenario) => !scenario.risky).length).toBeGreaterThan(0);
    expect(SOLANA_SCENARIOS.filter((scenario) => scenario.risky).length).toBeGreaterThanOrEqual(9);
    for (const scenario of SOLANA_SCENARIOS) {
      const made = scenarios.mints[scenario.name];
      const total = made.holders.reduce((sum, holder) => sum + holder.amount, 0n);
      expect(total, scenario.name).toBe(SOLANA_SCENARIO_SUPPLY);
    }
  });

  it('makes Token-2022 mints with their extensions through the real program', async () => {
    const read = async (mint: string) =>
      (await rpc.getAccountInfo(address(mint), { encoding: 'base64' }).send()).value;
    const clean = await read(scenarios.mints['solana-clean'].mint);
    expect(clean?.owner).toBe(TOKEN_PROGRAM_ADDRESS);
    const fee = await read(scenarios.mints['solana-transfer-fee'].mint);
    expect(fee?.owner).toBe(TOKEN_2022_PROGRAM_ADDRESS);
    // Base mint padded to 165, the account type, then one TLV entry of 4 + 108 bytes.
    expect(fee?.space).toBe(278n);
    const supply = await rpc.getTokenSupply(scenarios.mints['solana-transfer-fee'].mint).send();
    expect(supply.value.amount).toBe(SOLANA_SCENARIO_SUPPLY.toString());
  });

  it('answers getTokenLargestAccounts as a validator does: largest first, with UI amounts', async () => {
    const made = scenarios.mints['solana-concentrated-holders'];
    const { value } = await rpc.getTokenLargestAccounts(made.mint).send();
    expect(value).toHaveLength(made.holders.length);
    expect(value[0]).toEqual({
      address: made.holders[0]!.tokenAccount,
      amount: (800_000n * 10n ** 6n).toString(),
      decimals: 6,
      uiAmount: 800_000,
      uiAmountString: '800000',
    });
    const amounts = value.map((entry) => BigInt(entry.amount));
    expect([...amounts].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0))).toEqual(amounts);
  });

  it('answers at most 20 accounts, and refuses an address that is not a mint', async () => {
    const made = scenarios.mints['solana-clean'];
    expect((await rpc.getTokenLargestAccounts(made.mint).send()).value).toHaveLength(20);
    await expect(rpc.getTokenLargestAccounts(made.holders[0]!.tokenAccount).send()).rejects.toThrow(
      /not a Token mint/,
    );
  });
});

describe('scenario metadata accounts', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vaultscope-solana-metadata-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('survive a restart of the cluster, like token accounts', async () => {
    const cluster = await SolanaCluster.open({ clusterId: 101, dataDir });
    const made = await createSolanaScenarioMint(cluster, 'solana-mutable-metadata');
    cluster.close();
    const reopened = await SolanaCluster.open({ clusterId: 101, dataDir });
    const metadata = reopened.getAccount(made.metadata);
    expect(metadata?.programAddress).toBe(METAPLEX_TOKEN_METADATA_PROGRAM);
    expect(metadata?.data[0]).toBe(4); // MetadataV1
    reopened.close();
  });
});
