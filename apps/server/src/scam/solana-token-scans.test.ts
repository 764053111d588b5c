import {
  apiPaths,
  explainScan,
  scoreSecurityReport,
  tokenDetailResponseSchema,
  tokenMessages,
  type TokenDetailResponse,
} from '@vaultscope/core';
import { startSolanaScenarioCluster, type SolanaScenarioCluster } from '@vaultscope/devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app';

/**
 * "Check any token" on Solana, through the real app: a mint with no report is judged by the
 * Solana analyzer on demand, read over JSON-RPC from a LiteSVM cluster holding the scenario
 * mints (configured as `RPC_URL_101`, as a real cluster would be), stored with its slot,
 * evidence and score, and answered by the token detail.
 */

const CHAIN_ID = 101;
let cluster: SolanaScenarioCluster;
let t: TestApp;

beforeAll(async () => {
  cluster = await startSolanaScenarioCluster(CHAIN_ID);
  t = await startTestApp({ RPC_URL_101: cluster.rpcUrl });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await cluster?.close();
});

const detailUrl = (address: string) => `${apiPaths.tokens.details(address)}?network=solana`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function get(url: string) {
  const res = await t.request({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

/** Polls the detail as the screen does, until the scan has landed. */
async function detailWhenReady(address: string): Promise<TokenDetailResponse> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { status, body } = await get(detailUrl(address));
    if (status === 200) return tokenDetailResponseSchema.parse(body);
    expect(status, JSON.stringify(body)).toBe(404);
    expect(body).toEqual({ message: tokenMessages.recordNotFound });
    if (Date.now() > deadline) throw new Error('the scan never landed');
    await sleep(100);
  }
}

const risks = (detail: TokenDetailResponse) =>
  scoreSecurityReport(detail.tokenDetails, 'solana')
    .findings.filter((finding) => finding.status === 'risk')
    .map((finding) => finding.id);

describe('a Solana mint with no report is scanned on demand', () => {
  it('answers a freezable mint’s report with its slot, name and evidence', async () => {
    const made = cluster.mints['solana-freezable'];
    const detail = await detailWhenReady(made.mint);
    expect(detail).toMatchObject({
      tokenAddress: made.mint,
      chainName: 'solana',
      tokenName: 'Scenario freezable',
      symbol: 'SF',
      priceProvider: 'Vaultscope analyzer',
      tokenDetails: {
        freezable: { status: 1, authority: [{ address: cluster.authority }] },
        mintable: { status: 0, authority: [] },
        non_transferable: 0,
        total_supply: '1000000',
      },
      scan: { source: 'analyzer', chainId: CHAIN_ID, decimals: 6, blockHash: null },
    });
    expect(risks(detail)).toEqual(['freezable']);
    const freezable = explainScan(detail.tokenDetails, detail.scan!.evidence, 'solana', {
      decimals: 6,
    }).find((field) => field.field === 'freezable')!;
    expect(freezable.reasons).toEqual([
      `freeze authority of ${made.mint.slice(0, 6)}…${made.mint.slice(-4)} answered ${cluster.authority}`,
    ]);
  }, 60_000);

  it('raises no risk on the clean mint, and finds the 5 % transfer fee', async () => {
    const clean = await detailWhenReady(cluster.mints['solana-clean'].mint);
    expect(risks(clean)).toEqual([]);
    // The scan's gaps (no holder, pool or malicious-address index) cap, they do not deduct.
    expect(clean).toMatchObject({ totalScore: 90, riskLevel: 'low risk' });
    const fee = await detailWhenReady(cluster.mints['solana-transfer-fee'].mint);
    // GoPlus's Solana shape, stored and answered as is; no EVM tax fields.
    expect(fee.tokenDetails).toMatchObject({
      transfer_fee: {
        current_fee_rate: { fee_rate: 0.05, maximum_fee: (10n ** 12n).toString() },
        scheduled_fee_rate: [],
      },
      transfer_fee_upgradable: { status: 1 },
      buy_tax: null,
      sell_tax: null,
    });
    expect(fee.scan!.evidence.transfer_fee?.[0]).toMatchObject({
      call: 'transfer fee (Token-2022)',
    });
    // 100 - 10 (a 5 % fee, the sell-tax tier) - 8 (its authority can change it).
    expect(fee).toMatchObject({ totalScore: 82, riskLevel: 'low risk' });
    expect(risks(fee)).toEqual(['transfer_fee', 'transfer_fee_upgradable']);
  }, 60_000);

  it('is rescanned on the next detail once its mint authority is revoked (a mint emits no events: its powers are compared); nothing changed, nothing rescanned', async () => {
    const made = cluster.mints['solana-mintable'];
    const first = await detailWhenReady(made.mint);
    expect(first.tokenDetails.mintable).toMatchObject({ status: 1 });

    // The mint is as it was: the stored report stands.
    t.clock.advance(60_000);
    await get(detailUrl(made.mint));
    await sleep(300);
    const unchanged = tokenDetailResponseSchema.parse((await get(detailUrl(made.mint))).body);
    expect(unchanged.scan!.scannedAt).toBe(first.scan!.scannedAt);
    expect(unchanged.scan!.rescanning).toBe(false);

    await cluster.revokeAuthority('solana-mintable', 'mint');
    t.clock.advance(60_000);
    const deadline = Date.now() + 30_000;
    let fresh = unchanged;
    while (fresh.scan!.scannedAt === first.scan!.scannedAt || fresh.scan!.rescanning) {
      if (Date.now() > deadline) throw new Error('never rescanned');
      await sleep(100);
      fresh = tokenDetailResponseSchema.parse((await get(detailUrl(made.mint))).body);
    }
    expect(fresh.tokenDetails.mintable).toMatchObject({ status: 0, authority: [] });
    expect(t.logs()).toContain('mintable changed');
  }, 60_000);

  it('an address that is no mint: its own 400, and nothing stored', async () => {
    const wallet = cluster.authority;
    const { status, body } = await get(detailUrl(wallet));
    expect(status).toBe(400);
    expect(body).toEqual({ message: 'This address is not a token mint on this chain' });
    expect(await t.app.services.scans.stored({ chainId: CHAIN_ID, address: wallet })).toBe(
      undefined,
    );
  });
});
