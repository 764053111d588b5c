import { address as solanaAddress, createSolanaRpc, generateKeyPairSigner } from '@solana/kit';
import { apiPaths } from '@vaultscope/core';
import { eq } from 'drizzle-orm';
import { createPublicClient, http, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../lib/db/client';
import { openTestDatabase, startTestApp, type TestApp } from '../../test/test-app';
import {
  connectWallet,
  SendStopper,
  startTestDevnet,
  WALLET_PASSWORD,
} from '../../test/wallet-test-kit';
import type { SendFaultPoint } from './wallet-sends';
import { walletSends } from '../wallet-tables';

type User = Awaited<ReturnType<typeof connectWallet>>;
const paths = apiPaths.wallet;

let devnet: Awaited<ReturnType<typeof startTestDevnet>>;
let database: { handle: DatabaseHandle; drop: () => Promise<void> };
const apps: TestApp[] = [];
const faults = new SendStopper();

beforeAll(async () => {
  devnet = await startTestDevnet([1, 103]);
  database = await openTestDatabase();
});

afterAll(async () => {
  for (const app of apps) await app.close().catch(() => undefined);
  await database?.handle.close();
  await database?.drop();
  await devnet?.remove();
});

async function startApp(): Promise<TestApp> {
  const t = await startTestApp({}, { devnet, database: database.handle, sendFaults: faults });
  apps.push(t);
  return t;
}

const recordByKey = async (key: string) => {
  const [row] = await database.handle.db
    .select()
    .from(walletSends)
    .where(eq(walletSends.idempotencyKey, key));
  return row!;
};

/** A send stopped at `fault` as a killed process would stop it: the request never finishes. */
async function crashingSend(
  t: TestApp,
  who: User,
  fault: SendFaultPoint,
  path: string,
  payload: Record<string, unknown>,
  key: string,
) {
  faults.stopAt = fault;
  const response = await t.request({
    method: 'POST',
    url: path,
    headers: { ...who.auth, 'idempotency-key': key },
    payload,
  });
  faults.stopAt = undefined;
  expect(response.statusCode).toBe(500);
  return recordByKey(key);
}

describe('start-up reconciliation', () => {
  it('finishes sends a killed process left behind, each landing exactly once', async () => {
    const evm = createPublicClient({ transport: http(devnet.rpcUrl(1)) });
    const solana = createSolanaRpc(devnet.rpcUrl(103));
    const first = await startApp();
    const alice = await connectWallet(first);
    const bob = await connectWallet(first);
    await Promise.all([
      devnet.fundEvm(1, alice.evmAddress),
      devnet.fundEvm(1, bob.evmAddress),
      devnet.fundSolana(103, alice.solanaAddress, { lamports: 1_000_000_000n }),
    ]);
    const [aliceNonce, bobNonce] = await Promise.all([
      evm.getTransactionCount({ address: alice.evmAddress }),
      evm.getTransactionCount({ address: bob.evmAddress }),
    ]);
    const toA = privateKeyToAccount(generatePrivateKey()).address;
    const toB = privateKeyToAccount(generatePrivateKey()).address;
    const toS = (await generateKeyPairSigner()).address;

    const recorded = await crashingSend(
      first,
      alice,
      'afterRecord',
      paths.sendEth,
      { chainId: 1, address: toA, amount: '9' },
      'recorded-only',
    );
    expect(recorded.status).toBe('recorded');
    const signed = await crashingSend(
      first,
      alice,
      'afterSign',
      paths.sendEth,
      { chainId: 1, address: toA, amount: '0.3' },
      'signed-not-sent',
    );
    expect(signed).toMatchObject({ status: 'signed', broadcasts: 0, nonce: aliceNonce });
    const broadcast = await crashingSend(
      first,
      bob,
      'afterBroadcast',
      paths.sendEth,
      { chainId: 1, address: toB, amount: '0.4' },
      'sent-not-followed',
    );
    expect(broadcast).toMatchObject({ status: 'broadcast', broadcasts: 1, nonce: bobNonce });
    const solSigned = await crashingSend(
      first,
      alice,
      'afterSign',
      paths.sendSol,
      { to: toS, amount: '0.2', network: 'devnet' },
      'sol-signed-not-sent',
    );
    expect(solSigned.status).toBe('signed');
    // A Solana send whose blockhash expires before it is sent: its record says valid up to a
    // block height the cluster has passed (as a record 60 s old would).
    const toExpired = (await generateKeyPairSigner()).address;
    const expired = await crashingSend(
      first,
      alice,
      'afterSign',
      paths.sendSol,
      { to: toExpired, amount: '0.1', network: 'devnet' },
      'sol-expired',
    );
    expect(expired.status).toBe('signed');
    await database.handle.db
      .update(walletSends)
      .set({ lastValidBlockHeight: 0 })
      .where(eq(walletSends.id, expired.id));
    // The killed process sent nothing for the signed records.
    expect(await evm.getTransactionCount({ address: alice.evmAddress })).toBe(aliceNonce);
    await first.app.close();

    const second = await startApp();
    const summary = await second.app.services.sendReconciler.reconciled;
    expect(summary).toMatchObject({ open: 5, confirmed: 3, failed: 2, resent: 2, errors: 0 });

    expect(await recordByKey('recorded-only')).toMatchObject({ status: 'failed', hash: null });
    expect(await recordByKey('signed-not-sent')).toMatchObject({
      status: 'confirmed',
      broadcasts: 1,
      hash: signed.hash,
    });
    expect(await recordByKey('sent-not-followed')).toMatchObject({
      status: 'confirmed',
      broadcasts: 1,
      hash: broadcast.hash,
    });
    expect(await recordByKey('sol-signed-not-sent')).toMatchObject({
      status: 'confirmed',
      hash: solSigned.hash,
    });
    expect(await evm.getTransactionCount({ address: alice.evmAddress })).toBe(aliceNonce + 1);
    expect(await evm.getTransactionCount({ address: bob.evmAddress })).toBe(bobNonce + 1);
    expect(await evm.getBalance({ address: toA })).toBe(parseEther('0.3'));
    expect(await evm.getBalance({ address: toB })).toBe(parseEther('0.4'));
    expect((await solana.getBalance(solanaAddress(toS)).send()).value).toBe(200_000_000n);
    expect(await recordByKey('sol-expired')).toMatchObject({
      status: 'failed',
      error: 'Blockhash expired before the transaction landed',
    });
    expect((await solana.getBalance(solanaAddress(toExpired)).send()).value).toBe(0n);

    // The client repeats its request after the restart: the same send, nothing new on chain.
    const unlock = await second.request({
      method: 'POST',
      url: paths.unlock,
      headers: alice.auth,
      payload: { password: WALLET_PASSWORD },
    });
    expect(unlock.statusCode, unlock.body).toBe(200);
    const repeat = await second.request({
      method: 'POST',
      url: paths.sendEth,
      headers: { ...alice.auth, 'idempotency-key': 'signed-not-sent' },
      payload: { chainId: 1, address: toA, amount: '0.3' },
    });
    expect(repeat.statusCode, repeat.body).toBe(200);
    expect(repeat.json().data).toMatchObject({ hash: signed.hash, status: 'confirmed' });
    expect(await evm.getTransactionCount({ address: alice.evmAddress })).toBe(aliceNonce + 1);

    // A third start finds nothing left to do.
    await second.app.close();
    const third = await startApp();
    expect(await third.app.services.sendReconciler.reconciled).toMatchObject({ open: 0 });
  });
});
