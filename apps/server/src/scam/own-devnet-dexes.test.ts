import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiPaths, tokenDetailResponseSchema } from '@vaultscope/core';
import { DEVNET_EVM_OWNER, deployScenarioWithPool, devnetViemChain } from '@vaultscope/devnet';
import { createWalletClient, http, publicActions } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app';

/**
 * Under `npm start` nobody hands the app a devnet: it starts its own local chains. The analyzer
 * must then trade through those chains' markets as it does when a test passes a devnet in
 * (it once took the DEXes of the devnet it was given, none, and judged every local token as
 * having no pool).
 */

const CHAIN_ID = 1;
let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'vaultscope-own-devnet-'));
  t = await startTestApp({
    DEVNET: 'true',
    DEVNET_DATA_DIR: dataDir,
    DEVNET_BASE_PORT: '0',
  });
}, 120_000);

afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the analyzer on the chains the app started itself', () => {
  it('trades a honeypot through the local market and finds the reverted sell', async () => {
    const devnet = t.app.services.walletChains.devnet!;
    const rpcUrl = devnet.rpcUrls[CHAIN_ID]!;
    const deployer = createWalletClient({
      account: DEVNET_EVM_OWNER,
      chain: devnetViemChain(CHAIN_ID, rpcUrl),
      transport: http(rpcUrl),
      pollingInterval: 20,
    }).extend(publicActions);
    const { address } = await deployScenarioWithPool(
      deployer,
      'honeypot-sell-reverts',
      devnet.markets[CHAIN_ID]!,
      { supplyBps: 5_000, lp: { burnBps: 5_000, lockBps: 3_000, lockDays: 30 } },
    );
    const url = `${apiPaths.tokens.details(address)}?network=eth`;
    const deadline = Date.now() + 60_000;
    let res = await t.request({ method: 'GET', url });
    while (res.statusCode === 404 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      res = await t.request({ method: 'GET', url });
    }
    expect(res.statusCode, res.body).toBe(200);
    const detail = tokenDetailResponseSchema.parse(res.json());
    expect(detail.tokenDetails).toMatchObject({ is_in_dex: 1, is_honeypot: 1 });
  }, 120_000);
});
