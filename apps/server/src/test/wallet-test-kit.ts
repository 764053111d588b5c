import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiPaths } from '@vaultscope/core';
import { type Devnet, type DevnetChainId, startDevnet } from '@vaultscope/devnet';
import { AppError } from '../lib/errors';
import type { SendFaultPoint, SendFaults } from '../wallet/sends/wallet-sends';
import { signupAndLogin, type TestApp } from './test-app';

/**
 * Local chains for one test file, on free ports in a temporary directory. Without the local
 * markets unless asked: their first deployment is a hundred transactions per chain that wallet
 * tests do not need.
 */
export async function startTestDevnet(
  chains?: readonly DevnetChainId[],
  options: { markets?: boolean } = {},
): Promise<Devnet & { remove: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vaultscope-wallet-'));
  const devnet = await startDevnet({
    dataDir,
    basePort: 0,
    chains,
    markets: options.markets ?? false,
  });
  return Object.assign(devnet, {
    remove: async () => {
      await devnet.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  });
}

/**
 * The send engine's fault hook for in-process tests (`startTestApp`'s `sendFaults`): while
 * `stopAt` is set, each send stops there. At `beforeSign` with an ordinary failure (nothing
 * signed); at the other points as a killed process would stop it, its record left as written
 * and the request answered 500. send-crash.test.ts kills a real process instead.
 */
export class SendStopper implements SendFaults {
  stopAt: SendFaultPoint | undefined;

  at(point: SendFaultPoint): void {
    if (point !== this.stopAt) return;
    if (point === 'beforeSign') throw new Error('simulated failure before signing');
    throw new AppError(500, `simulated crash ${point}`);
  }
}

export const WALLET_PASSWORD = 'wallet pass phrase 1';

/**
 * A user with a connected wallet: logged in, wallet password set (which unlocks), EVM and
 * Solana keys generated.
 */
export async function connectWallet(t: TestApp, overrides: Record<string, unknown> = {}) {
  const user = await signupAndLogin(t, overrides);
  const set = await t.request({
    method: 'POST',
    url: apiPaths.wallet.setPassword,
    headers: user.auth,
    payload: { email: user.email, password: WALLET_PASSWORD },
  });
  if (set.statusCode !== 200) throw new Error(`setPassword failed: ${set.body}`);
  const evm = await t.request({
    method: 'POST',
    url: apiPaths.wallet.generateEvm,
    headers: user.auth,
  });
  const solana = await t.request({
    method: 'POST',
    url: apiPaths.wallet.generateSolana,
    headers: user.auth,
  });
  if (evm.statusCode !== 200 || solana.statusCode !== 200)
    throw new Error(`wallet generation failed: ${evm.body} ${solana.body}`);
  return {
    ...user,
    evmAddress: (evm.json() as { data: { address: `0x${string}` } }).data.address,
    solanaAddress: (solana.json() as { data: { address: string } }).data.address,
  };
}
