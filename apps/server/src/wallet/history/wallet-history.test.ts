import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, type WalletTransaction, walletMessages } from '@vaultscope/core';
import { DEVNET_EVM_OWNER, devnetPublicClient, devnetViemChain } from '@vaultscope/devnet';
import { createWalletClient, getAddress, type Hex, http, keccak256, toHex } from 'viem';
import { startTestApp, type TestApp } from '../../test/test-app';
import { connectWallet, startTestDevnet } from '../../test/wallet-test-kit';
import { cexMarkets } from '../../tokens/research-tables';
import { MAX_TOKEN_TRANSFERS } from './chain-transaction';
import { TransferScanner } from './transfer-scanner';
import { walletScanCursors, walletSends, walletTransfers } from '../wallet-tables';

const paths = apiPaths.wallet;

/**
 * Init code of a contract that emits `count` ERC-20 `Transfer` logs (values 1, 2, …, from the
 * zero address to `to`) and deploys no code, so its `decimals()` and `symbol()` answer nothing.
 */
function transferLogsInitCode(count: number, to: Hex): Hex {
  const topic = keccak256(toHex('Transfer(address,address,uint256)')).slice(2);
  const push1 = (value: number) => `60${value.toString(16).padStart(2, '0')}`;
  const emitOne = (value: number) =>
    // MSTORE value at 0; LOG3(offset 0, size 32, Transfer, from 0, to)
    `${push1(value)}${push1(0)}52` +
    `73${to.slice(2).toLowerCase()}${push1(0)}7f${topic}${push1(32)}${push1(0)}a3`;
  const body = Array.from({ length: count }, (_, index) => emitOne(index + 1)).join('');
  return `0x${body}00`;
}

let devnet: Awaited<ReturnType<typeof startTestDevnet>>;
let t: TestApp;
let user: Awaited<ReturnType<typeof connectWallet>>;
const faucet: Record<number, { symbol: string; amount: string; hash: string }[]> = {};

beforeAll(async () => {
  devnet = await startTestDevnet([1, 103]);
  t = await startTestApp({}, { devnet });
  user = await connectWallet(t);
  for (const chainId of [1, 103]) {
    const response = await t.request({
      method: 'POST',
      url: paths.faucet,
      headers: user.auth,
      payload: { chainId },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(walletMessages.faucetDone);
    faucet[chainId] = response.json().data.transfers;
  }
}, 60_000);
afterAll(async () => {
  await t?.close();
  await devnet?.remove();
});

const history = async (query = '') => {
  const response = await t.request({
    method: 'GET',
    url: `${paths.transactions}${query}`,
    headers: user.auth,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { transactions: WalletTransaction[]; count: number };
};

describe('faucet', () => {
  it('answers the amounts sent as decimal text with their hashes', () => {
    expect(faucet[1]!.map(({ symbol, amount }) => [symbol, amount])).toEqual([
      ['ETH', '10'],
      ['USDV', '10000'],
      ['VLT', '1000'],
    ]);
    expect(faucet[103]!.map(({ symbol, amount }) => [symbol, amount])).toEqual([
      ['SOL', '10'],
      ['USDV', '10000'],
      ['VLT', '1000'],
    ]);
  });

  it('refuses a chain that is not local', async () => {
    const other = await startTestApp({ RPC_URL_43114: 'http://127.0.0.1:1' }, { devnet });
    try {
      const someone = await connectWallet(other);
      const post = (chainId: number) =>
        other.request({
          method: 'POST',
          url: paths.faucet,
          headers: someone.auth,
          payload: { chainId },
        });
      const remote = await post(43114);
      expect(remote.statusCode).toBe(400);
      expect(remote.json().message).toBe(walletMessages.faucetUnavailable);
      expect((await post(56)).json().message).toBe(walletMessages.unsupportedNetwork);
    } finally {
      await other.close();
    }
  });

  it('does not exist in production', async () => {
    const prod = await startTestApp({ NODE_ENV: 'production' }, { devnet });
    try {
      const response = await prod.request({
        method: 'POST',
        url: paths.faucet,
        payload: { chainId: 1 },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe('history', () => {
  it('shows the faucet receives on EVM and Solana, native and tokens, newest first', async () => {
    const body = await history();
    expect(body.count).toBe(6);
    const rows = body.transactions;
    expect(rows.every((row) => row.type === 'receive' && row.status === 'confirmed')).toBe(true);
    const times = rows.map((row) => Date.parse(row.timestamp));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const view = rows.map((row) => `${row.chainId}:${row.symbol}:${row.value}`).sort();
    expect(view).toEqual(
      [
        '1:ETH:10',
        '1:USDV:10000',
        '1:VLT:1000',
        '103:SOL:10',
        '103:USDV:10000',
        '103:VLT:1000',
      ].sort(),
    );
    const eth = rows.find((row) => row.chainId === 1 && row.symbol === 'ETH')!;
    expect(eth).toMatchObject({
      hash: faucet[1]![0]!.hash,
      from: DEVNET_EVM_OWNER,
      to: user.evmAddress,
      tokenAddress: null,
      transactionFee: null,
      valueUSD: '30000',
      chainName: 'Ethereum',
      transactionUrl: `/tx/1/${faucet[1]![0]!.hash}`,
    });
    const usdv = rows.find((row) => row.chainId === 1 && row.symbol === 'USDV')!;
    expect(usdv.tokenAddress).toBe(devnet.tokens[1]![0]!.address);
    expect(usdv.from).toBe('0x0000000000000000000000000000000000000000');
    const sol = rows.filter((row) => row.chainId === 103);
    expect(new Set(sol.map((row) => row.hash))).toEqual(new Set([faucet[103]![0]!.hash]));
    expect(sol.every((row) => row.to === user.solanaAddress)).toBe(true);
    expect(sol.find((row) => row.symbol === 'VLT')?.valueUSD).toBe('250');
  });

  it('values a local testnet at the devnet table, never at the market price', async () => {
    await t.app.db.handle.db.insert(cexMarkets).values({
      platforms: {},
      provider: 'test',
      updated_at: new Date(),
      market_cap_rank: 6,
      id: 'solana',
      symbol: 'sol',
      name: 'Solana',
      token_address: 'solana',
      current_price: 185.5,
      change_h24: -0.11,
    });
    t.clock.advance(60_000); // past the price cache
    const sol = (await history()).transactions.find(
      (row) => row.chainId === 103 && row.symbol === 'SOL',
    );
    expect(sol?.valueUSD).toBe('1500');
  });

  it('pages with page_size and keeps the total count', async () => {
    const all = (await history()).transactions.map((row) => row._id);
    const first = await history('?page=1&page_size=4');
    const second = await history('?page=2&page_size=4');
    expect(first.count).toBe(6);
    expect(first.transactions.map((row) => row._id)).toEqual(all.slice(0, 4));
    expect(second.transactions.map((row) => row._id)).toEqual(all.slice(4));
    const bad = await t.request({
      method: 'GET',
      url: `${paths.transactions}?page_size=500`,
      headers: user.auth,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('lists the user’s sends with their status, value and fee', async () => {
    const hash = `0x${randomBytes(32).toString('hex')}`;
    await t.app.db.handle.db.insert(walletSends).values({
      userId: user.userId,
      idempotencyKey: 'history-test',
      requestHash: 'x',
      chainId: 1,
      kind: 'token',
      tokenAddress: devnet.tokens[1]![0]!.address,
      symbol: 'USDV',
      decimals: 6,
      fromAddress: user.evmAddress,
      toAddress: DEVNET_EVM_OWNER,
      amount: '1500000',
      status: 'broadcast',
      hash,
      fee: '21000000000000',
      createdAt: new Date(Date.now() + 60_000),
    });
    const body = await history('?page_size=1');
    expect(body.count).toBe(7);
    expect(body.transactions[0]).toMatchObject({
      type: 'send',
      status: 'pending',
      hash,
      value: '1.5',
      symbol: 'USDV',
      transactionFee: '0.000021',
      valueUSD: '1.5',
      to: DEVNET_EVM_OWNER,
    });
  });

  it("shows a send between users as the sender's send and the receiver's receive only", async () => {
    const receiver = await connectWallet(t);
    const sent = await t.request({
      method: 'POST',
      url: paths.sendEth,
      headers: { ...user.auth, 'idempotency-key': `history-${randomBytes(4).toString('hex')}` },
      payload: { chainId: 1, address: receiver.evmAddress, amount: '0.5' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const hash = sent.json().data.hash as string;
    const mine = (await history('?page_size=100')).transactions.filter((row) => row.hash === hash);
    expect(mine.map((row) => [row.type, row.value, row.status])).toEqual([
      ['send', '0.5', 'confirmed'],
    ]);
    expect(mine[0]!.transactionFee).toMatch(/^0\.\d+$/);
    const theirs = await t.request({
      method: 'GET',
      url: paths.transactions,
      headers: receiver.auth,
    });
    expect(theirs.json().count).toBe(1);
    expect(theirs.json().transactions[0]).toMatchObject({
      type: 'receive',
      hash,
      from: user.evmAddress,
      to: receiver.evmAddress,
      value: '0.5',
      transactionFee: null,
    });
  });

  it('scans idempotently: a repeated scan, even from scratch, records nothing twice', async () => {
    const { db } = t.app.db.handle;
    const scanner = new TransferScanner(
      db,
      t.app.services.walletChains,
      t.app.log,
      t.app.services.clock,
    );
    const before = await db.select().from(walletTransfers);
    await scanner.scan();
    await db.delete(walletScanCursors);
    const report = await scanner.scan();
    expect(report.failed).toEqual([]);
    expect(Object.values(report.recorded).reduce((a, b) => a + b, 0)).toBe(0);
    expect((await db.select().from(walletTransfers)).length).toBe(before.length);
  });
});

describe('chain transaction page', () => {
  const page = (chainId: number, hash: string, headers: Record<string, string> = user.auth) =>
    t.request({ method: 'GET', url: paths.chainTransaction(chainId, hash), headers });

  it('answers 403 without a live session: it is no open proxy to the RPC', async () => {
    const anonymous: Record<string, string>[] = [{}, { authorization: 'Bearer not-a-session' }];
    for (const headers of anonymous) {
      const response = await page(1, faucet[1]![0]!.hash, headers);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(walletMessages.notConnected);
    }
  });

  it('reads an EVM faucet transaction and its token transfer', async () => {
    const native = await page(1, faucet[1]![0]!.hash);
    expect(native.statusCode, native.body).toBe(200);
    expect(native.json()).toMatchObject({
      chainId: 1,
      chainName: 'Ethereum',
      status: 'success',
      from: DEVNET_EVM_OWNER,
      to: user.evmAddress,
      value: '10',
      symbol: 'ETH',
      tokenTransfers: [],
    });
    expect(native.json().fee).toMatch(/^0\.\d+$/);
    expect(native.json().timestamp).not.toBeNull();
    const token = (await page(1, faucet[1]![1]!.hash)).json();
    expect(token.value).toBe('0');
    expect(token.tokenTransfers).toEqual([
      {
        token: 'USDV',
        from: '0x0000000000000000000000000000000000000000',
        to: user.evmAddress,
        amount: '10000',
      },
    ]);
  });

  it('reads a Solana faucet transaction from its balance changes', async () => {
    const response = await page(103, faucet[103]![0]!.hash);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      status: 'success',
      to: user.solanaAddress,
      value: '10',
      symbol: 'SOL',
    });
    expect(body.fee).toMatch(/^0\.\d+$/);
    expect(
      body.tokenTransfers.map((tr: { token: string; to: string; amount: string }) => [
        tr.token,
        tr.to,
        tr.amount,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['USDV', user.solanaAddress, '10000'],
        ['VLT', user.solanaAddress, '1000'],
      ]),
    );
  });

  it('answers 404 for an unknown hash, 400 for a bad one or an unsupported chain', async () => {
    const unknown = await page(1, `0x${'ab'.repeat(32)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(walletMessages.transactionNotFound);
    expect((await page(103, '5'.repeat(88))).statusCode).toBe(404);
    const badHash = await page(1, '0x1234');
    expect(badHash.statusCode).toBe(400);
    expect(badHash.json().message).toBe(walletMessages.notTransactionHash);
    const badSignature = await page(103, 'not-base58!');
    expect(badSignature.statusCode).toBe(400);
    expect(badSignature.json().message).toBe(walletMessages.notTransactionSignature);
    const unsupported = await page(56, `0x${'ab'.repeat(32)}`);
    expect(unsupported.statusCode).toBe(400);
    expect(unsupported.json().message).toBe(walletMessages.unsupportedNetwork);
  });

  it(`shows the first ${MAX_TOKEN_TRANSFERS} token transfers of a transaction`, async () => {
    const rpcUrl = devnet.rpcUrl(1);
    const wallet = createWalletClient({
      account: DEVNET_EVM_OWNER,
      chain: devnetViemChain(1, rpcUrl),
      transport: http(rpcUrl),
    });
    const hash = await wallet.deployContract({
      abi: [],
      bytecode: transferLogsInitCode(MAX_TOKEN_TRANSFERS + 5, DEVNET_EVM_OWNER),
    });
    const receipt = await devnetPublicClient(1, rpcUrl).waitForTransactionReceipt({ hash });
    expect(receipt.logs).toHaveLength(MAX_TOKEN_TRANSFERS + 5);
    const token = getAddress(receipt.contractAddress!);
    const response = await page(1, hash);
    expect(response.statusCode, response.body).toBe(200);
    const transfers = response.json().tokenTransfers as { token: string; amount: string }[];
    expect(transfers).toHaveLength(MAX_TOKEN_TRANSFERS);
    // No symbol or decimals on chain: named by address, amounts in base units.
    expect(transfers.map((transfer) => `${transfer.token}:${transfer.amount}`)).toEqual(
      Array.from({ length: MAX_TOKEN_TRANSFERS }, (_, index) => `${token}:${index + 1}`),
    );
  });

  it('answers only the caller’s own transactions of a real chain, any of a local one', async () => {
    // Chain 1 through a configured RPC URL (the local node stands in for a paid provider).
    const other = await startTestApp({ RPC_URL_1: devnet.rpcUrl(1) }, { devnet });
    try {
      const someone = await connectWallet(other);
      const read = (chainId: number, hash: string) =>
        other.request({
          method: 'GET',
          url: paths.chainTransaction(chainId, hash),
          headers: someone.auth,
        });
      const [sentHash, receivedHash] = [faucet[1]![0]!.hash, faucet[1]![1]!.hash];

      const foreign = await read(1, sentHash);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().message).toBe(walletMessages.transactionNotFound);
      expect((await read(1, receivedHash)).statusCode).toBe(404);
      // A local chain stays open to any signed-in user.
      expect((await read(103, faucet[103]![0]!.hash)).statusCode).toBe(200);

      const { db } = other.app.db.handle;
      await db.insert(walletSends).values({
        userId: someone.userId,
        idempotencyKey: 'own-hash',
        requestHash: 'x',
        chainId: 1,
        kind: 'native',
        symbol: 'ETH',
        decimals: 18,
        fromAddress: someone.evmAddress,
        toAddress: DEVNET_EVM_OWNER,
        amount: '1',
        status: 'confirmed',
        hash: sentHash,
      });
      await db.insert(walletTransfers).values({
        chainId: 1,
        hash: receivedHash,
        position: 0,
        fromAddress: DEVNET_EVM_OWNER,
        toAddress: someone.evmAddress,
        tokenAddress: devnet.tokens[1]![0]!.address,
        symbol: 'USDV',
        decimals: 6,
        amount: '1',
        blockTime: new Date(),
      });
      const sent = await read(1, sentHash);
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json()).toMatchObject({ hash: sentHash, value: '10' });
      expect((await read(1, `0x${sentHash.slice(2).toUpperCase()}`)).statusCode).toBe(200);
      const received = await read(1, receivedHash);
      expect(received.statusCode, received.body).toBe(200);
      expect(received.json().tokenTransfers).toHaveLength(1);
      // Only the hashes owned: the faucet's third transfer is still someone else's.
      expect((await read(1, faucet[1]![2]!.hash)).statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });
});
