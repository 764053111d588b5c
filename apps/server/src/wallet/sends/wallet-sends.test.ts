import { randomUUID } from 'node:crypto';
import { address as solanaAddress, createSolanaRpc, generateKeyPairSigner } from '@solana/kit';
import { findAssociatedTokenPda, getTokenSize, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { apiPaths, walletMessages } from '@vaultscope/core';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import {
  createPublicClient,
  erc20Abi,
  formatEther,
  formatUnits,
  type Hex,
  http,
  parseEther,
  parseUnits,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { connectWallet, SendStopper, startTestDevnet } from '../../test/wallet-test-kit';
import { walletSends } from '../wallet-tables';
import { EvmSender } from './evm-sender';
import { SendRecords } from './send-records';

type User = Awaited<ReturnType<typeof connectWallet>>;
type Devnet = Awaited<ReturnType<typeof startTestDevnet>>;

const paths = apiPaths.wallet;
const newEvmAddress = () => privateKeyToAccount(generatePrivateKey()).address;
const newSolanaAddress = async () => (await generateKeyPairSigner()).address;

let devnet: Devnet;
let t: TestApp;
let user: User;
let evm: ReturnType<typeof createPublicClient>;
let solana: ReturnType<typeof createSolanaRpc>;
let usdv: Hex;
let usdvMint: string;
/** Stops sends at a point of the engine, as a crash or a failure before signing would. */
const faults = new SendStopper();
/** Every response body, searched for secrets at the end. */
const bodies: string[] = [];

async function post(
  path: string,
  who: User,
  payload: Record<string, unknown>,
  key?: string,
): Promise<LightMyRequestResponse> {
  const response = await t.request({
    method: 'POST',
    url: path,
    headers: { ...who.auth, ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
  bodies.push(response.body);
  return response;
}

async function fundedUser(): Promise<User> {
  const who = await connectWallet(t);
  await devnet.fundEvm(1, who.evmAddress);
  await devnet.fundSolana(103, who.solanaAddress, {
    lamports: 2_000_000_000n,
    mints: { USDV: 50_000_000n },
  });
  return who;
}

const recordsOf = (userId: string) =>
  t.app.db.handle.db.select().from(walletSends).where(eq(walletSends.userId, userId));

const nonceOf = (who: User) => evm.getTransactionCount({ address: who.evmAddress });
const lamportsOf = async (owner: string) =>
  (await solana.getBalance(solanaAddress(owner)).send()).value;
async function splBalanceOf(owner: string): Promise<bigint> {
  const [ata] = await findAssociatedTokenPda({
    owner: solanaAddress(owner),
    mint: solanaAddress(usdvMint),
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  });
  const account = await solana.getAccountInfo(ata, { encoding: 'base64' }).send();
  if (!account.value) return 0n;
  return BigInt((await solana.getTokenAccountBalance(ata).send()).value.amount);
}

beforeAll(async () => {
  devnet = await startTestDevnet([1, 103]);
  t = await startTestApp({}, { devnet, sendFaults: faults });
  evm = createPublicClient({ transport: http(devnet.rpcUrl(1)) });
  solana = createSolanaRpc(devnet.rpcUrl(103));
  usdv = devnet.tokens[1]!.find((token) => token.symbol === 'USDV')!.address as Hex;
  usdvMint = devnet.tokens[103]!.find((token) => token.symbol === 'USDV')!.address;
  user = await fundedUser();
});

afterAll(async () => {
  await t?.close();
  await devnet?.remove();
});

describe('sends on EVM', () => {
  it('sends ETH: receiver gets the amount, sender pays amount plus the reported fee', async () => {
    const to = newEvmAddress();
    const before = await evm.getBalance({ address: user.evmAddress });
    const response = await post(paths.sendEth, user, { chainId: 1, address: to, amount: '0.25' });
    expect(response.statusCode, response.body).toBe(200);
    const { message, data } = response.json();
    expect(message).toBe(walletMessages.sendSuccess);
    expect(data).toMatchObject({
      chainId: 1,
      to,
      from: user.evmAddress,
      type: 'native',
      symbol: 'ETH',
      amount: '0.25',
      value: '0.25',
      status: 'confirmed',
      link: `/tx/1/${data.hash}`,
    });
    expect(await evm.getBalance({ address: to })).toBe(parseEther('0.25'));
    const fee = parseEther(data.fee);
    expect(fee).toBeGreaterThan(0n);
    expect(before - (await evm.getBalance({ address: user.evmAddress }))).toBe(
      parseEther('0.25') + fee,
    );
    const receipt = await evm.getTransactionReceipt({ hash: data.hash });
    expect(receipt.gasUsed * receipt.effectiveGasPrice).toBe(fee);
    const [record] = (await recordsOf(user.userId)).filter((row) => row.id === data._id);
    expect(record).toMatchObject({
      status: 'confirmed',
      broadcasts: 1,
      amount: '250000000000000000',
    });
  });

  it('sends an ERC-20: token moves, native pays only the fee', async () => {
    const to = newEvmAddress();
    const read = (owner: Hex) =>
      evm.readContract({ address: usdv, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
    const [tokenBefore, nativeBefore] = await Promise.all([
      read(user.evmAddress),
      evm.getBalance({ address: user.evmAddress }),
    ]);
    const response = await post(paths.sendErc20, user, {
      chainId: 1,
      to,
      amount: '12.5',
      tokenAddress: usdv.toLowerCase(),
    });
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({
      type: 'token',
      symbol: 'USDV',
      amount: '12.5',
      status: 'confirmed',
    });
    expect(await read(to)).toBe(12_500_000n);
    expect(tokenBefore - (await read(user.evmAddress))).toBe(12_500_000n);
    expect(nativeBefore - (await evm.getBalance({ address: user.evmAddress }))).toBe(
      parseEther(data.fee),
    );
  });

  it('lands 20 concurrent sends from one account with consecutive nonces', async () => {
    const sender = await fundedUser();
    const to = newEvmAddress();
    const start = await nonceOf(sender);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(paths.sendEth, sender, { chainId: 1, address: to, amount: '0.01' }),
      ),
    );
    for (const response of responses) {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data.status).toBe('confirmed');
    }
    const nonces = (await recordsOf(sender.userId)).map((row) => row.nonce).sort((a, b) => a! - b!);
    expect(nonces).toEqual(Array.from({ length: 20 }, (_, index) => start + index));
    expect(await nonceOf(sender)).toBe(start + 20);
    expect(await evm.getBalance({ address: to })).toBe(parseEther('0.2'));
  });

  it('refuses concurrent token sends that together overdraw, so none reverts', async () => {
    const sender = await fundedUser();
    const to = newEvmAddress();
    const read = (owner: Hex) =>
      evm.readContract({ address: usdv, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
    const balance = await read(sender.evmAddress);
    const part = (balance * 2n) / 5n; // three of these overdraw, two do not
    const start = await nonceOf(sender);
    const responses = await Promise.all(
      Array.from({ length: 3 }, () =>
        post(paths.sendErc20, sender, {
          chainId: 1,
          to,
          amount: formatUnits(part, 6),
          tokenAddress: usdv,
        }),
      ),
    );
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes, responses.map((response) => response.body).join('\n')).toEqual([200, 200, 400]);
    for (const response of responses)
      if (response.statusCode === 200) expect(response.json().data.status).toBe('confirmed');
      else expect(response.json().message).toBe(walletMessages.insufficientBalance);
    // Only two transactions reached the chain, and both succeeded.
    expect(await nonceOf(sender)).toBe(start + 2);
    const rows = await recordsOf(sender.userId);
    for (const row of rows.filter((row) => row.hash)) {
      const receipt = await evm.getTransactionReceipt({ hash: row.hash as Hex });
      expect(receipt.status).toBe('success');
    }
    expect(rows.filter((row) => row.status === 'failed')).toMatchObject([
      { hash: null, signedTransaction: null },
    ]);
    expect(await read(to)).toBe(part * 2n);
  });

  it('sends after a lost transaction: resends it first instead of leaving a nonce gap', async () => {
    const sender = await fundedUser();
    const reconciler = t.app.services.sendReconciler;
    const start = await nonceOf(sender);
    const to = newEvmAddress();
    // A send signed and marked broadcast (as after a transport error) that the node never got,
    // already sent as often as the reconciler used to allow.
    faults.stopAt = 'afterSign';
    const lost = await post(
      paths.sendEth,
      sender,
      { chainId: 1, address: to, amount: '0.1' },
      'lost',
    );
    faults.stopAt = undefined;
    expect(lost.statusCode).toBe(500);
    await t.app.db.handle.db
      .update(walletSends)
      .set({ status: 'broadcast', broadcasts: 2 })
      .where(eq(walletSends.idempotencyKey, 'lost'));

    const next = await post(paths.sendEth, sender, { chainId: 1, address: to, amount: '0.2' });
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json().data.status).toBe('confirmed');
    const byKey = async (key: string) =>
      (await recordsOf(sender.userId)).find((row) => row.idempotencyKey === key)!;
    expect((await byKey('lost')).nonce).toBe(start);
    expect(
      (await recordsOf(sender.userId)).find((row) => row.id === next.json().data._id),
    ).toMatchObject({ nonce: start + 1, status: 'confirmed' });
    expect(await nonceOf(sender)).toBe(start + 2);
    expect(await evm.getBalance({ address: to })).toBe(parseEther('0.3'));

    // The periodic pass settles the resent record; the key then answers, no longer 409.
    await reconciler.reconcileNow();
    expect(await byKey('lost')).toMatchObject({ status: 'confirmed', broadcasts: 3 });
    const repeat = await post(
      paths.sendEth,
      sender,
      { chainId: 1, address: to, amount: '0.1' },
      'lost',
    );
    expect(repeat.statusCode, repeat.body).toBe(200);
    expect(await nonceOf(sender)).toBe(start + 2);
  });

  it('keeps a refused resend open, refuses new sends meanwhile, and confirms it once mined', async () => {
    const sender = await fundedUser();
    const reconciler = t.app.services.sendReconciler;
    const start = await nonceOf(sender);
    const to = newEvmAddress();
    const byKey = async (key: string) =>
      (await recordsOf(sender.userId)).find((row) => row.idempotencyKey === key)!;
    faults.stopAt = 'afterSign';
    const first = await post(
      paths.sendEth,
      sender,
      { chainId: 1, address: to, amount: '0.1' },
      'r',
    );
    faults.stopAt = undefined;
    expect(first.statusCode).toBe(500);
    await t.app.db.handle.db
      .update(walletSends)
      .set({ status: 'broadcast', broadcasts: 1 })
      .where(eq(walletSends.idempotencyKey, 'r'));

    // Behind a load-balanced RPC a lagging backend refuses the resend of R, and knows no R.
    const refuse = vi
      .spyOn(EvmSender.prototype, 'broadcast')
      .mockRejectedValueOnce(new Error('nonce too low'));
    const body = { chainId: 1, address: to, amount: '0.2' };
    const blocked = await post(paths.sendEth, sender, body, 's');
    refuse.mockRestore();
    expect(blocked.statusCode, blocked.body).toBe(409);
    expect(blocked.json().message).toBe(walletMessages.previousSendPending);
    // R is not failed and keeps its nonce; S signed nothing.
    expect(await byKey('r')).toMatchObject({ status: 'broadcast', nonce: start });
    expect(await byKey('s')).toMatchObject({ status: 'failed', signedTransaction: null });
    expect(await nonceOf(sender)).toBe(start);

    // Another backend had R after all, and it is mined.
    const hash = await evm.sendRawTransaction({
      serializedTransaction: (await byKey('r')).signedTransaction as Hex,
    });
    await evm.waitForTransactionReceipt({ hash });
    await reconciler.reconcileNow();
    expect(await byKey('r')).toMatchObject({ status: 'confirmed', hash });

    // The user sends S again: it goes out at the next nonce, and each send paid once.
    const retry = await post(paths.sendEth, sender, body, 's');
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().data.status).toBe('confirmed');
    expect(await byKey('s')).toMatchObject({ nonce: start + 1 });
    expect(await nonceOf(sender)).toBe(start + 2);
    expect(await evm.getBalance({ address: to })).toBe(parseEther('0.3'));
  });

  it('confirms a signed send marked failed once the chain shows its receipt', async () => {
    const sender = await fundedUser();
    const to = newEvmAddress();
    const sent = await post(paths.sendEth, sender, { chainId: 1, address: to, amount: '0.1' }, 'f');
    expect(sent.statusCode, sent.body).toBe(200);
    // As a lagging node made the old rules do: failed, though the transaction was mined.
    await t.app.db.handle.db
      .update(walletSends)
      .set({ status: 'failed', fee: null, error: 'refused' })
      .where(eq(walletSends.idempotencyKey, 'f'));
    const summary = await t.app.services.sendReconciler.reconcileNow();
    expect(summary.revived).toBeGreaterThanOrEqual(1);
    const [row] = await recordsOf(sender.userId);
    expect(row).toMatchObject({ status: 'confirmed', error: null, hash: sent.json().data.hash });
    expect(row!.fee).not.toBeNull();
  });

  it('lets only one of two racing changes of a send land', async () => {
    const records = new SendRecords(t.app.db.handle.db, t.clock);
    const insert = async () =>
      (await records.insert({
        userId: user.userId,
        idempotencyKey: randomUUID(),
        requestHash: 'race',
        chainId: 1,
        kind: 'native',
        symbol: 'ETH',
        decimals: 18,
        fromAddress: user.evmAddress,
        toAddress: newEvmAddress(),
        amount: '1',
      }))!;
    const row = await insert();
    const expected = { status: 'recorded' as const, version: row.version };
    const results = await Promise.all([
      records.update(row.id, expected, { status: 'failed', error: 'Not sent: stale' }),
      records.update(row.id, expected, {
        status: 'signed',
        hash: '0x01',
        // As long as a real one: the custody test looks for every row's signed bytes in the
        // logs, where a short '0x02' turned up as the start of a random hash.
        signedTransaction: `0x02${'f1'.repeat(100)}`,
      }),
    ]);
    const winners = results.filter((result) => result !== undefined);
    expect(winners).toHaveLength(1);
    expect((await records.byId(row.id))!.status).toBe(winners[0]!.status);

    // The right status is not enough once the row changed since it was read.
    const other = await insert();
    t.clock.advance(1);
    expect(await records.update(other.id, { status: 'recorded' }, { error: 'x' })).toBeDefined();
    expect(
      await records.update(
        other.id,
        { status: 'recorded', version: other.version },
        { status: 'failed' },
      ),
    ).toBeUndefined();
    expect((await records.byId(other.id))!.status).toBe('recorded');
  });

  it('drops its signature when another process failed the send and a retry took it', async () => {
    const sender = await fundedUser();
    const records = new SendRecords(t.app.db.handle.db, t.clock);
    const to = newEvmAddress();
    const start = await nonceOf(sender);
    const body = { chainId: 1, address: to, amount: '0.1' };
    const original = EvmSender.prototype.assertFunds;
    let retry: Promise<LightMyRequestResponse> | undefined;
    const spy = vi.spyOn(EvmSender.prototype, 'assertFunds').mockImplementationOnce(async function (
      this: EvmSender,
      ...args
    ) {
      await original.apply(this, args);
      // While A waits, process B's reconciler finds the record stale and fails it...
      const [row] = await recordsOf(sender.userId);
      const failed = await records.update(
        row!.id,
        { status: 'recorded', version: row!.version },
        { status: 'failed', error: 'Not sent: the server stopped' },
      );
      expect(failed).toBeDefined();
      // ...and the client's retry with the same key takes it up again.
      t.clock.advance(10);
      retry = post(paths.sendEth, sender, body, 'race');
      await vi.waitFor(
        async () => expect((await recordsOf(sender.userId))[0]!.status).not.toBe('failed'),
        { timeout: 5_000 },
      );
    });
    const first = await post(paths.sendEth, sender, body, 'race');
    spy.mockRestore();
    expect(first.statusCode, first.body).toBe(200);
    const second = await retry!;
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.status).toBe('confirmed');
    expect(await recordsOf(sender.userId)).toHaveLength(1);
    // One transaction, one payment.
    expect(await nonceOf(sender)).toBe(start + 1);
    expect(await evm.getBalance({ address: to })).toBe(parseEther('0.1'));
  });

  it('lets a key run again after a send that failed before signing', async () => {
    const sender = await fundedUser();
    const to = newEvmAddress();
    const body = { chainId: 1, address: to, amount: '0.05' };
    const key = randomUUID();
    faults.stopAt = 'beforeSign';
    const failed = await post(paths.sendEth, sender, body, key);
    faults.stopAt = undefined;
    expect(failed.statusCode).toBe(400);
    expect(failed.json().message).toBe(walletMessages.sendFailed);
    const [row] = await recordsOf(sender.userId);
    expect(row).toMatchObject({ status: 'failed', signedTransaction: null });

    const retry = await post(paths.sendEth, sender, body, key);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().data).toMatchObject({ _id: row!.id, status: 'confirmed' });
    expect(await evm.getBalance({ address: to })).toBe(parseEther('0.05'));
    expect(await recordsOf(sender.userId)).toHaveLength(1);
    // Once signed and sent, the key answers the same send again.
    const again = await post(paths.sendEth, sender, body, key);
    expect(again.json().data.hash).toBe(retry.json().data.hash);
    expect(await evm.getBalance({ address: to })).toBe(parseEther('0.05'));
  });

  it('sends once for a repeated idempotency key, and refuses the key for another send', async () => {
    const to = newEvmAddress();
    const key = randomUUID();
    const start = await nonceOf(user);
    const body = { chainId: 1, address: to, amount: '0.1' };
    const [first, second] = await Promise.all([
      post(paths.sendEth, user, body, key),
      post(paths.sendEth, user, { ...body, amount: '0.100' }, key),
    ]);
    const third = await post(paths.sendEth, user, body, key);
    for (const response of [first, second, third])
      expect(response.statusCode, response.body).toBe(200);
    const hashes = new Set([first, second, third].map((response) => response.json().data.hash));
    const ids = new Set([first, second, third].map((response) => response.json().data._id));
    expect(hashes.size).toBe(1);
    expect(ids.size).toBe(1);
    expect(await nonceOf(user)).toBe(start + 1);
    expect(await evm.getBalance({ address: to })).toBe(parseEther('0.1'));

    const reused = await post(paths.sendEth, user, { ...body, amount: '0.2' }, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toBe(walletMessages.idempotencyKeyReused);
    expect(await nonceOf(user)).toBe(start + 1);
  });
});

describe('sends on Solana', () => {
  it('sends SOL on devnet: receiver gets the amount, sender pays amount plus fee', async () => {
    const to = await newSolanaAddress();
    const before = await lamportsOf(user.solanaAddress);
    const response = await post(paths.sendSol, user, {
      to,
      amount: '0.5',
      generatedKey: true,
      network: 'devnet',
    });
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({
      chainId: 103,
      from: user.solanaAddress,
      to,
      type: 'native',
      symbol: 'SOL',
      amount: '0.5',
      status: 'confirmed',
      fee: '0.000005',
    });
    expect(await lamportsOf(to)).toBe(500_000_000n);
    expect(before - (await lamportsOf(user.solanaAddress))).toBe(500_000_000n + 5_000n);
  });

  it('sends an SPL token, creating the receiver token account', async () => {
    const to = await newSolanaAddress();
    const [lamportsBefore, tokenBefore] = await Promise.all([
      lamportsOf(user.solanaAddress),
      splBalanceOf(user.solanaAddress),
    ]);
    const response = await post(paths.sendSplToken, user, {
      tokenMintAddress: usdvMint,
      recieverAddress: to,
      amount: '1.5',
      generatedKey: true,
      network: 'devnet',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      type: 'token',
      symbol: 'USDV',
      amount: '1.5',
      status: 'confirmed',
      fee: '0.000005',
    });
    expect(await splBalanceOf(to)).toBe(1_500_000n);
    expect(tokenBefore - (await splBalanceOf(user.solanaAddress))).toBe(1_500_000n);
    const rent = await solana.getMinimumBalanceForRentExemption(BigInt(getTokenSize())).send();
    expect(lamportsBefore - (await lamportsOf(user.solanaAddress))).toBe(5_000n + rent);
  });

  it('keeps two equal transfers in one slot apart', async () => {
    const to = await newSolanaAddress();
    const body = { to, amount: '0.01', network: 'devnet' };
    const responses = await Promise.all([
      post(paths.sendSol, user, body),
      post(paths.sendSol, user, body),
    ]);
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    expect(responses[0]!.json().data.hash).not.toBe(responses[1]!.json().data.hash);
    expect(await lamportsOf(to)).toBe(20_000_000n);
    // What sets them apart is a memo with the record id, which the cluster's memo program ran.
    for (const response of responses) {
      const { _id: id, hash } = response.json().data;
      const [row] = (await recordsOf(user.userId)).filter((record) => record.id === id);
      const wire = Buffer.from(row!.signedTransaction!, 'base64').toString('latin1');
      expect(wire).toContain(`vaultscope:${id}`);
      const landed = await solana
        .getTransaction(hash, { encoding: 'json', maxSupportedTransactionVersion: 0 })
        .send();
      expect(landed?.meta?.err ?? null).toBeNull();
    }
  });
});

describe('refused sends', () => {
  it('answers 400 with the wallet messages and records or sends nothing', async () => {
    const who = await fundedUser();
    const to = newEvmAddress();
    const nonce = await nonceOf(who);
    const balance = await evm.getBalance({ address: who.evmAddress });
    const badChecksum = (() => {
      const index = [...to].findIndex((char, i) => i > 1 && /[a-f]/i.test(char));
      const flipped =
        to[index] === to[index]!.toLowerCase()
          ? to[index]!.toUpperCase()
          : to[index]!.toLowerCase();
      return `${to.slice(0, index)}${flipped}${to.slice(index + 1)}`;
    })();
    const solTo = await newSolanaAddress();
    const cases: [string, Record<string, unknown>, string][] = [
      [paths.sendEth, { chainId: 1, address: to, amount: '0' }, walletMessages.amountNotPositive],
      [paths.sendEth, { chainId: 1, address: to, amount: '-1' }, walletMessages.amountNotPositive],
      [paths.sendEth, { chainId: 1, address: to, amount: 'abc' }, walletMessages.amountNotPositive],
      [paths.sendEth, { chainId: 1, address: to, amount: '' }, walletMessages.amountRequired],
      [
        paths.sendEth,
        { chainId: 1, address: to, amount: '0.0000000000000000001' },
        walletMessages.amountTooPrecise(18),
      ],
      [
        paths.sendErc20,
        { chainId: 1, to, amount: '1.0000001', tokenAddress: usdv },
        walletMessages.amountTooPrecise(6),
      ],
      [
        paths.sendEth,
        { chainId: 1, address: to, amount: '100000' },
        walletMessages.insufficientBalance,
      ],
      [
        paths.sendEth,
        { chainId: 1, address: to, amount: formatEther(balance) },
        walletMessages.insufficientForFee,
      ],
      [
        paths.sendErc20,
        { chainId: 1, to, amount: '20000', tokenAddress: usdv },
        walletMessages.insufficientBalance,
      ],
      [paths.sendEth, { chainId: 1, address: solTo, amount: '1' }, walletMessages.invalidRecipient],
      [
        paths.sendEth,
        { chainId: 1, address: badChecksum, amount: '1' },
        walletMessages.invalidRecipient,
      ],
      [paths.sendSol, { to, amount: '1', network: 'devnet' }, walletMessages.invalidRecipient],
      [
        paths.sendErc20,
        { chainId: 1, to, amount: '1', tokenAddress: newEvmAddress() },
        walletMessages.unknownToken,
      ],
      [
        paths.sendSplToken,
        { tokenMintAddress: solTo, recieverAddress: solTo, amount: '1', network: 'devnet' },
        walletMessages.unknownToken,
      ],
      [
        paths.sendSol,
        { to: solTo, amount: '5', network: 'devnet' },
        walletMessages.insufficientBalance,
      ],
      [
        paths.sendSol,
        { to: solTo, amount: '2', network: 'devnet' },
        walletMessages.insufficientForFee,
      ],
      [
        paths.sendEth,
        { chainId: 137, address: to, amount: '1' },
        walletMessages.unsupportedNetwork,
      ],
      [paths.sendEth, { chainId: 5, address: to, amount: '1' }, walletMessages.unsupportedNetwork],
      [
        paths.sendEth,
        { chainId: 103, address: to, amount: '1' },
        walletMessages.unsupportedNetwork,
      ],
      // No network: Solana mainnet (101), which this test's devnet does not run.
      [paths.sendSol, { to: solTo, amount: '1' }, walletMessages.unsupportedNetwork],
    ];
    for (const [path, payload, message] of cases) {
      const response = await post(path, who, payload, randomUUID());
      expect(response.statusCode, `${path} ${JSON.stringify(payload)}: ${response.body}`).toBe(400);
      expect(response.json().message, JSON.stringify(payload)).toBe(message);
    }
    expect(await recordsOf(who.userId)).toEqual([]);
    expect(await nonceOf(who)).toBe(nonce);
    expect(await lamportsOf(solTo)).toBe(0n);
  });

  it('answers 403 without a session or with the wallet locked', async () => {
    const body = { chainId: 1, address: newEvmAddress(), amount: '0.01' };
    const anonymous = await t.request({ method: 'POST', url: paths.sendEth, payload: body });
    expect(anonymous.statusCode).toBe(403);
    const who = await fundedUser();
    await t.request({ method: 'POST', url: paths.lock, headers: who.auth });
    const locked = await post(paths.sendEth, who, body);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().message).toBe(walletMessages.notConnected);
    expect(await recordsOf(who.userId)).toEqual([]);
  });
});

describe('fee estimate', () => {
  it('gives the network fee in the native coin', async () => {
    const get = (query: string) =>
      t.request({ method: 'GET', url: `${paths.estimateFee}?${query}`, headers: user.auth });
    const eth = await get('chainId=1');
    expect(eth.statusCode, eth.body).toBe(200);
    expect(eth.json()).toMatchObject({ chainId: 1, symbol: 'ETH' });
    expect(parseUnits(eth.json().fee, 18)).toBeGreaterThanOrEqual(21_000n);
    const token = await get(`chainId=1&tokenAddress=${usdv}`);
    expect(parseUnits(token.json().fee, 18)).toBeGreaterThan(parseUnits(eth.json().fee, 18));
    expect((await get('chainId=103')).json()).toEqual({
      chainId: 103,
      symbol: 'SOL',
      fee: '0.000005',
    });
    expect((await get('chainId=137')).json().message).toBe(walletMessages.unsupportedNetwork);
  });
});

describe('custody', () => {
  it('never writes a private key to logs or responses', async () => {
    const wallet = t.app.services.wallet;
    const secrets = [
      ...(await wallet.withSecret(user.userId, 'evm', async (secret) => {
        const bytes = Buffer.from(secret);
        return [bytes.toString('hex'), bytes.toString('base64')];
      })),
      ...(await wallet.withSecret(user.userId, 'solana', async (secret) => {
        const bytes = Buffer.from(secret);
        return [bytes.toString('hex'), bytes.toString('base64')];
      })),
    ];
    const logs = t.logs().toLowerCase();
    expect(logs).toContain('wallet send');
    const all = bodies.join('\n').toLowerCase();
    for (const secret of secrets) {
      expect(logs).not.toContain(secret.toLowerCase());
      expect(all).not.toContain(secret.toLowerCase());
    }
    // Signed transactions stay in the database: the logs show hashes, not raw bytes, also of
    // sends that failed or were refused (earlier tests ran those paths).
    const rows = await t.app.db.handle.db.select().from(walletSends);
    expect(rows.some((row) => row.status === 'failed')).toBe(true);
    for (const row of rows)
      if (row.signedTransaction) expect(logs).not.toContain(row.signedTransaction.toLowerCase());
    expect(logs).toContain('not sent');
  });
});
