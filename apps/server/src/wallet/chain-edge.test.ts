import { apiPaths, IDEMPOTENCY_HEADER, walletMessages } from '@vaultscope/core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeClosedPort, secretRpcUrl, startRpcProxy, startSilentNode } from '../test/rpc-faults';
import { startTestApp, type TestApp } from '../test/test-app';
import { connectWallet, startTestDevnet } from '../test/wallet-test-kit';
import { walletSends } from './wallet-tables';

/**
 * Issue 9, item 2: a chain that fails answers 502/503 with a message a person understands, fast,
 * and neither the answer nor any log line carries the RPC URL, its key or the node's raw answer.
 * Every route that talks to a chain, on an EVM chain and a Solana cluster, against a port that
 * refuses connections and a node that accepts and never answers.
 */
const paths = apiPaths.wallet;
const EVM = 43114;
const SOLANA = 101;
const RPC_TIMEOUT_MS = 400;
/** Well above one time-out, well below what a hung call without one would take. */
const QUICK_MS = 3_000;

const EVM_HASH = `0x${'ab'.repeat(32)}`;
const SOLANA_SIGNATURE = '5'.repeat(88);
const USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

const timed = async (run: () => Promise<LightMyRequestResponse>) => {
  const started = Date.now();
  const response = await run();
  return { response, ms: Date.now() - started };
};

const nodes = [
  [
    'a port that refuses connections',
    async () => ({ port: await freeClosedPort(), close: async () => {} }),
  ],
  ['a node that accepts and never answers', startSilentNode],
] as const;

describe.each(nodes)('a chain behind %s', (_label, startNode) => {
  let node: { port: number; close(): Promise<void> };
  let t: TestApp;
  let user: Awaited<ReturnType<typeof connectWallet>>;
  let url: string;

  beforeAll(async () => {
    node = await startNode();
    url = secretRpcUrl(node.port);
    t = await startTestApp({
      RPC_URL_43114: url,
      RPC_URL_101: url,
      RPC_TIMEOUT_MS: String(RPC_TIMEOUT_MS),
    });
    user = await connectWallet(t);
    // Transactions of the user's own, so the chain transaction page asks the chain for them.
    const own = (chainId: number, hash: string, fromAddress: string) => ({
      userId: user.userId,
      idempotencyKey: `own-${chainId}`,
      requestHash: 'x',
      chainId,
      kind: 'native' as const,
      symbol: 'X',
      decimals: 18,
      fromAddress,
      toAddress: fromAddress,
      amount: '1',
      status: 'confirmed' as const,
      hash,
    });
    await t.app.db.handle.db
      .insert(walletSends)
      .values([
        own(EVM, EVM_HASH, user.evmAddress),
        own(SOLANA, SOLANA_SIGNATURE, user.solanaAddress),
      ]);
  }, 30_000);

  afterAll(async () => {
    await t?.close();
    await node?.close();
  });

  const expectSafe = (response: LightMyRequestResponse) => {
    expect(response.body).not.toContain('SECRETKEY');
    expect(response.body).not.toContain('127.0.0.1');
  };

  const notResponding = (chainName: string) => walletMessages.chainNotResponding(chainName);

  const failing = [
    {
      route: 'getAssetsByChain (EVM)',
      chain: 'Avalanche Mainnet',
      send: () => ({ method: 'GET', url: `${paths.assetsByChain}?chainId=${EVM}` }),
    },
    {
      route: 'getAssetsByChain (Solana)',
      chain: 'Solana Mainnet',
      send: () => ({ method: 'GET', url: `${paths.assetsByChain}?chainId=${SOLANA}` }),
    },
    {
      route: 'estimateFee (EVM)',
      chain: 'Avalanche Mainnet',
      send: () => ({ method: 'GET', url: `${paths.estimateFee}?chainId=${EVM}` }),
    },
    {
      route: 'estimateFee (Solana token)',
      chain: 'Solana Mainnet',
      send: () => ({
        method: 'GET',
        url: `${paths.estimateFee}?chainId=${SOLANA}&tokenAddress=${USDC_MINT}`,
      }),
    },
    {
      route: 'sendEth',
      chain: 'Avalanche Mainnet',
      send: () => ({
        method: 'POST',
        url: paths.sendEth,
        payload: { chainId: EVM, address: user.evmAddress, amount: '0.1' },
      }),
    },
    {
      route: 'sendErc20',
      chain: 'Avalanche Mainnet',
      send: () => ({
        method: 'POST',
        url: paths.sendErc20,
        payload: {
          chainId: EVM,
          to: user.evmAddress,
          tokenAddress: '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E',
          amount: '1',
        },
      }),
    },
    {
      route: 'sendSol',
      chain: 'Solana Mainnet',
      send: () => ({
        method: 'POST',
        url: paths.sendSol,
        payload: { to: user.solanaAddress, amount: '0.1', network: 'mainnet' },
      }),
    },
    {
      route: 'sendSplToken',
      chain: 'Solana Mainnet',
      send: () => ({
        method: 'POST',
        url: paths.sendSplToken,
        payload: {
          tokenMintAddress: USDC_MINT,
          recieverAddress: user.solanaAddress,
          amount: '1',
          network: 'mainnet',
        },
      }),
    },
    {
      route: 'the chain transaction page (EVM)',
      chain: 'Avalanche Mainnet',
      send: () => ({ method: 'GET', url: paths.chainTransaction(EVM, EVM_HASH) }),
    },
    {
      route: 'the chain transaction page (Solana)',
      chain: 'Solana Mainnet',
      send: () => ({ method: 'GET', url: paths.chainTransaction(SOLANA, SOLANA_SIGNATURE) }),
    },
  ] as const;

  it.each(failing)('$route answers 503 with a clear message, quickly', async (call) => {
    const { response, ms } = await timed(() =>
      t.request({
        ...(call.send() as { method: 'GET' | 'POST'; url: string; payload?: object }),
        headers: user.auth,
      }),
    );
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json()).toEqual({ message: notResponding(call.chain) });
    expect(ms).toBeLessThan(QUICK_MS);
    expectSafe(response);
  });

  it('getAllChainAssets lists both chains as unavailable, quickly', async () => {
    const { response, ms } = await timed(() =>
      t.request({ method: 'GET', url: paths.allChainAssets, headers: user.auth }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().unavailableChains).toEqual([EVM, SOLANA]);
    expect(ms).toBeLessThan(QUICK_MS);
    expectSafe(response);
  });

  it('getTransactions answers the recorded history, quickly', async () => {
    const { response, ms } = await timed(() =>
      t.request({ method: 'GET', url: paths.transactions, headers: user.auth }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().count).toBe(2);
    expect(ms).toBeLessThan(QUICK_MS);
    expectSafe(response);
  });

  it('no log line carries the RPC URL or its key', () => {
    const logs = t.logs();
    expect(logs).toContain('request failed: service unavailable');
    expect(logs).not.toContain('SECRETKEY');
    expect(logs).not.toContain(url);
    expect(logs).not.toContain(`127.0.0.1:${node.port}`);
  });
});

describe('the circuit breaker of a chain', () => {
  it('opens after repeated failures: the next call fails fast, without reaching the node', async () => {
    const node = await startSilentNode();
    const t = await startTestApp({
      RPC_URL_43114: secretRpcUrl(node.port),
      RPC_TIMEOUT_MS: '300',
    });
    try {
      const user = await connectWallet(t);
      const read = () =>
        timed(() =>
          t.request({
            method: 'GET',
            url: `${paths.assetsByChain}?chainId=${EVM}`,
            headers: user.auth,
          }),
        );
      // Each read waits out one time-out (the background receive scan adds failures too).
      const first = await read();
      expect(first.response.statusCode).toBe(503);
      expect(first.ms).toBeGreaterThanOrEqual(250);
      let fast: Awaited<ReturnType<typeof read>> | undefined;
      let reached = 0;
      for (let reads = 0; reads < 8 && !fast; reads += 1) {
        const before = node.connections();
        const next = await read();
        expect(next.response.statusCode).toBe(503);
        if (next.ms < 100) {
          fast = next;
          reached = node.connections() - before;
        }
      }
      expect(fast, 'no read failed fast').toBeDefined();
      expect(reached).toBe(0);
      expect(fast!.response.json()).toEqual({
        message: walletMessages.chainNotResponding('Avalanche Mainnet'),
      });
      expect(Number(fast!.response.headers['retry-after'])).toBeGreaterThan(0);
      expect(t.logs()).toContain('chain circuit open');
      expect(t.logs()).not.toContain('SECRETKEY');
    } finally {
      await t.close();
      await node.close();
    }
  }, 30_000);
});

/**
 * Issue 9, item 3: a send whose broadcast hangs holds its account's send lock only as long as
 * the broadcast's time-out, and a send queued behind it gives up with a clear 503 instead of
 * waiting without end. The node is real (Anvil, LiteSVM) behind a proxy that forwards the
 * broadcast and never answers it: the transaction lands, and is broadcast once.
 */
describe('the send lock behind a hung broadcast', () => {
  let devnet: Awaited<ReturnType<typeof startTestDevnet>>;
  beforeAll(async () => {
    devnet = await startTestDevnet([1, 103]);
  }, 60_000);
  afterAll(async () => {
    await devnet?.remove();
  });

  const families = [
    {
      family: 'EVM',
      chainId: 1 as const,
      broadcast: 'eth_sendRawTransaction',
      fund: (user: Awaited<ReturnType<typeof connectWallet>>) => devnet.fundEvm(1, user.evmAddress),
      send: (user: Awaited<ReturnType<typeof connectWallet>>) => ({
        method: 'POST' as const,
        url: paths.sendEth,
        payload: { chainId: 1, address: user.evmAddress, amount: '0.01' },
      }),
    },
    {
      family: 'Solana',
      chainId: 103 as const,
      broadcast: 'sendTransaction',
      fund: (user: Awaited<ReturnType<typeof connectWallet>>) =>
        devnet.fundSolana(103, user.solanaAddress),
      send: (user: Awaited<ReturnType<typeof connectWallet>>) => ({
        method: 'POST' as const,
        url: paths.sendSol,
        payload: { to: user.solanaAddress, amount: '0.01', network: 'devnet' },
      }),
    },
  ];

  it.each(families)(
    '$family: the waiting send answers 503, the hung one lands once',
    async ({ chainId, broadcast, fund, send }) => {
      const proxy = await startRpcProxy(devnet.rpcUrl(chainId), (method) => method === broadcast);
      const t = await startTestApp(
        {
          [`RPC_URL_${chainId}`]: secretRpcUrl(proxy.port),
          RPC_TIMEOUT_MS: '1500',
          WALLET_SEND_LOCK_WAIT_MS: '300',
        },
        { devnet },
      );
      try {
        const user = await connectWallet(t);
        await fund(user);
        const request = (key: string) =>
          timed(() =>
            t.request({ ...send(user), headers: { ...user.auth, [IDEMPOTENCY_HEADER]: key } }),
          );
        const [a, b] = await Promise.all([request('send-a'), request('send-b')]);
        const [held, waited] = a.response.statusCode === 503 ? [b, a] : [a, b];
        expect(waited.response.statusCode, waited.response.body).toBe(503);
        expect(waited.response.json()).toEqual({ message: walletMessages.accountSendBusy });
        expect(waited.response.headers['retry-after']).toBeDefined();
        expect(waited.ms).toBeLessThan(1_500);
        // The broadcast timed out, was not sent again, and its transaction landed.
        expect(held.response.statusCode, held.response.body).toBe(200);
        expect(held.response.json().data.status).toBe('confirmed');
        expect(proxy.swallowed).toEqual([broadcast]);
        // Nothing was signed for the send that gave up: its key may run again.
        const again = await request(waited === a ? 'send-a' : 'send-b');
        expect(again.response.statusCode, again.response.body).toBe(200);
        expect(again.response.json().data.status).toBe('confirmed');
        expect(proxy.swallowed).toEqual([broadcast, broadcast]);
        expect(t.logs()).not.toContain('SECRETKEY');
      } finally {
        await t.close();
        await proxy.close();
      }
    },
    60_000,
  );
});
