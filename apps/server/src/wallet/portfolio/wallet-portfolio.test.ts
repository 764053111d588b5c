import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  apiPaths,
  type PortfolioResponse,
  walletMessages,
  type WalletTransaction,
} from '@vaultscope/core';
import { DEVNET_EVM_OWNER, devnetPublicClient, devnetViemChain } from '@vaultscope/devnet';
import { createWalletClient, getAddress, http } from 'viem';
import { cexMarkets } from '../../tokens/research-tables';
import { startTestApp, type TestApp } from '../../test/test-app';
import { connectWallet, startTestDevnet } from '../../test/wallet-test-kit';
import { readChainBalances } from './chain-balances';
import type { EvmChainAccess } from '../wallet-chains';
import { walletSends } from '../wallet-tables';

const paths = apiPaths.wallet;

let devnet: Awaited<ReturnType<typeof startTestDevnet>>;
let t: TestApp;
let user: Awaited<ReturnType<typeof connectWallet>>;

beforeAll(async () => {
  devnet = await startTestDevnet([1, 137, 103]);
  t = await startTestApp({}, { devnet });
  user = await connectWallet(t);
  for (const chainId of [1, 103]) {
    const funded = await t.request({
      method: 'POST',
      url: paths.faucet,
      headers: user.auth,
      payload: { chainId },
    });
    expect(funded.statusCode, funded.body).toBe(200);
  }
}, 60_000);
afterAll(async () => {
  await t?.close();
  await devnet?.remove();
});

const get = (url: string, headers: Record<string, string> = user.auth) =>
  t.request({ method: 'GET', url, headers });
const portfolio = async () => {
  const response = await get(paths.allChainAssets);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as PortfolioResponse;
};
const bySymbol = (body: PortfolioResponse, chainId: number, symbol: string) =>
  body.balances.find((balance) => balance.chainId === chainId && balance.symbol === symbol);

describe('assets by chain', () => {
  it('lists the native coin first, then the known tokens, with exact balances', async () => {
    const response = await get(`${paths.assetsByChain}?chainId=1`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.chainId).toBe(1);
    expect(body.address).toBe(user.evmAddress);
    expect(body.Assets).toEqual([
      {
        address: 'Native',
        symbol: 'ETH',
        name: 'ETH',
        decimals: 18,
        balance: '10',
        logo: '/logos/eth.svg',
      },
      expect.objectContaining({ symbol: 'USDV', decimals: 6, balance: '10000' }),
      expect.objectContaining({ symbol: 'VLT', decimals: 18, balance: '1000' }),
    ]);
    expect(body.Assets[1].address).toBe(devnet.tokens[1]![0]!.address);
  });

  it('reads SPL balances on Solana and zeros on an unfunded chain', async () => {
    const solana = (await get(`${paths.assetsByChain}?chainId=103`)).json();
    expect(solana.address).toBe(user.solanaAddress);
    expect(
      solana.Assets.map((a: { symbol: string; balance: string }) => [a.symbol, a.balance]),
    ).toEqual([
      ['SOL', '10'],
      ['USDV', '10000'],
      ['VLT', '1000'],
    ]);
    const polygon = (await get(`${paths.assetsByChain}?chainId=137`)).json();
    expect(polygon.Assets.map((a: { balance: string }) => a.balance)).toEqual(['0', '0', '0']);
  });

  it('refuses a chain that is not configured', async () => {
    for (const chainId of [56, 999]) {
      const response = await get(`${paths.assetsByChain}?chainId=${chainId}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(walletMessages.unsupportedNetwork);
    }
  });
});

/**
 * A contract that answers every call with 32 zero bytes (so `balanceOf` is 0) but reverts
 * `decimals()`: init code that copies the 25-byte runtime below and returns it.
 */
const NO_DECIMALS_TOKEN = `0x${[
  '601980600b6000396000f3', // init: CODECOPY the runtime, RETURN it
  '60003560e01c', // selector = calldata[0..4]
  '63313ce56714601457', // if selector == decimals() jump to revert
  '60206000f3', // return 32 zero bytes
  '5b600080fd', // revert
].join('')}` as const;

describe('a local token whose decimals cannot be read', () => {
  it('keeps its listed decimals and the rest of the chain, and logs a short warning', async () => {
    const rpcUrl = devnet.rpcUrl(1);
    const wallet = createWalletClient({
      account: DEVNET_EVM_OWNER,
      chain: devnetViemChain(1, rpcUrl),
      transport: http(rpcUrl),
    });
    const hash = await wallet.deployContract({ abi: [], bytecode: NO_DECIMALS_TOKEN });
    const { contractAddress } = await devnetPublicClient(1, rpcUrl).waitForTransactionReceipt({
      hash,
    });
    const odd = { address: getAddress(contractAddress!), symbol: 'ODD', name: 'Odd', decimals: 9 };
    const chain = t.app.services.walletChains.evm(1)!;
    // A copy of the chain: the token facts cache is per chain access.
    const access: EvmChainAccess = { ...chain, tokens: [...chain.tokens, odd] };
    const warn = vi.fn();
    const balances = await readChainBalances(access, user.evmAddress, { log: { warn } });
    expect(balances.map((b) => `${b.symbol}:${b.decimals}:${b.units}`)).toEqual([
      'ETH:18:10000000000000000000',
      'USDV:6:10000000000',
      'VLT:18:1000000000000000000000',
      'ODD:9:0',
    ]);
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]![0]).toMatchObject({ chainId: 1, failed: 1, tokens: [odd.address] });
    expect(JSON.stringify(warn.mock.calls[0])).not.toContain(rpcUrl);
  });
});

describe('portfolio of all chains', () => {
  it('values non-zero balances with the devnet price table, exactly', async () => {
    const body = await portfolio();
    expect(body.unavailableChains).toEqual([]);
    expect(body.balances.map((b) => `${b.chainId}:${b.symbol}:${b.balance}`).sort()).toEqual(
      [
        '1:ETH:10',
        '1:USDV:10000',
        '1:VLT:1000',
        '103:SOL:10',
        '103:USDV:10000',
        '103:VLT:1000',
      ].sort(),
    );
    expect(bySymbol(body, 1, 'ETH')).toMatchObject({
      chainName: 'Ethereum',
      tokenAddress: 'Native',
      mint: null,
      usdPrice: '3000',
      usd_value: '30000',
      change24h: null,
      priceSource: 'devnet',
    });
    expect(bySymbol(body, 103, 'USDV')).toMatchObject({
      tokenAddress: null,
      mint: devnet.tokens[103]![0]!.address,
      usd_value: '10000',
    });
    expect(bySymbol(body, 103, 'VLT')?.usd_value).toBe('250');
    // 30,000 + 10,000 + 250 (chain 1) + 1,500 + 10,000 + 250 (Solana devnet)
    expect(body.totalUsdValue).toBe('52000.00000000');
    expect(body.nativeEquivalent).toEqual({ symbol: 'ETH', amount: '17.333333333333333333' });
  });

  it('follows the network mode', async () => {
    const switchTo = async (showMainnet: boolean, showTestnet: boolean) => {
      const response = await t.request({
        method: 'POST',
        url: paths.switchNetworks,
        headers: user.auth,
        payload: { showMainnet, showTestnet },
      });
      expect(response.statusCode).toBe(200);
    };
    await switchTo(false, true);
    expect(new Set((await portfolio()).balances.map((b) => b.chainId))).toEqual(new Set([103]));
    await switchTo(true, false);
    const mainnet = await portfolio();
    expect(new Set(mainnet.balances.map((b) => b.chainId))).toEqual(new Set([1]));
    expect(mainnet.totalUsdValue).toBe('40250.00000000');
    await switchTo(true, true);
  });

  it('prefers the CEX market price and its 24 h change for native coins', async () => {
    const now = new Date();
    const market = {
      platforms: {},
      provider: 'test',
      updated_at: now,
      market_cap_rank: 2,
    };
    await t.app.db.handle.db.insert(cexMarkets).values([
      {
        ...market,
        id: 'ethereum',
        symbol: 'eth',
        name: 'Ethereum',
        token_address: 'ethereum',
        current_price: 3300,
        change_h24: 2.42,
      },
      {
        ...market,
        id: 'solana',
        symbol: 'sol',
        name: 'Solana',
        token_address: 'solana',
        current_price: 185.5,
        change_h24: -0.11,
        market_cap_rank: 6,
      },
    ]);
    t.clock.advance(60_000); // past the price cache
    const body = await portfolio();
    expect(bySymbol(body, 1, 'ETH')).toMatchObject({
      usdPrice: '3300',
      usd_value: '33000',
      change24h: 2.42,
      priceSource: 'market',
    });
    // A testnet coin is not worth its mainnet price: the local Solana devnet keeps the table.
    expect(bySymbol(body, 103, 'SOL')).toMatchObject({
      usd_value: '1500',
      change24h: null,
      priceSource: 'devnet',
    });
    // Local tokens keep the devnet table.
    expect(bySymbol(body, 1, 'USDV')?.priceSource).toBe('devnet');
    // 33,000 + 1,500 + 20,500
    expect(body.totalUsdValue).toBe('55000.00000000');
    expect(body.nativeEquivalent.amount).toBe('16.666666666666666666');
  });

  it('reports an unreachable chain without failing the call, and never logs its RPC URL', async () => {
    const secretUrl = 'http://127.0.0.1:1/v3/SECRETKEY123';
    const other = await startTestApp({ RPC_URL_43114: secretUrl }, { devnet });
    try {
      const someone = await connectWallet(other);
      await other.request({
        method: 'POST',
        url: paths.faucet,
        headers: someone.auth,
        payload: { chainId: 137 },
      });
      const response = await other.request({
        method: 'GET',
        url: paths.allChainAssets,
        headers: someone.auth,
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as PortfolioResponse;
      expect(body.unavailableChains).toEqual([43114]);
      expect(new Set(body.balances.map((b) => b.chainId))).toEqual(new Set([137]));
      // 10 MATIC at 0.50 + 10,000 USDV + 1,000 VLT at 0.25
      expect(body.totalUsdValue).toBe('10255.00000000');
      // The history's receive scan reads the same chain and fails the same way.
      const scan = await other.app.services.transferScanner.scan();
      expect(scan.failed).toContain(43114);
      const logs = other.logs();
      expect(logs).toContain('portfolio: chain unavailable');
      expect(logs).toContain('transfer scan of a chain failed');
      expect(logs).not.toContain('SECRETKEY123');
      expect(logs).not.toContain(secretUrl);
    } finally {
      await other.close();
    }
  }, 30_000);

  it('gives a real testnet (RPC_URL set) no price, in the portfolio and the history', async () => {
    // Sepolia through a configured URL (the local Ethereum node stands in for its RPC).
    const other = await startTestApp({ RPC_URL_11155111: devnet.rpcUrls[1]! }, { devnet });
    try {
      await other.app.db.handle.db.insert(cexMarkets).values({
        platforms: {},
        provider: 'test',
        updated_at: new Date(),
        market_cap_rank: 2,
        id: 'ethereum',
        symbol: 'eth',
        name: 'Ethereum',
        token_address: 'ethereum',
        current_price: 3300,
        change_h24: 2.42,
      });
      const someone = await connectWallet(other);
      const funded = await other.request({
        method: 'POST',
        url: paths.faucet,
        headers: someone.auth,
        payload: { chainId: 1 },
      });
      expect(funded.statusCode, funded.body).toBe(200);
      const response = await other.request({
        method: 'GET',
        url: paths.allChainAssets,
        headers: someone.auth,
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json() as PortfolioResponse;
      expect(bySymbol(body, 11155111, 'ETH')).toMatchObject({
        balance: '10',
        usdPrice: null,
        usd_value: null,
        change24h: null,
        priceSource: null,
      });
      expect(bySymbol(body, 1, 'ETH')).toMatchObject({ usd_value: '33000', priceSource: 'market' });
      // Sepolia's 10 ETH count for nothing: 33,000 + 10,000 + 250 (chain 1 only).
      expect(body.totalUsdValue).toBe('43250.00000000');

      await other.app.db.handle.db.insert(walletSends).values({
        userId: someone.userId,
        idempotencyKey: 'testnet-price',
        requestHash: 'x',
        chainId: 11155111,
        kind: 'native',
        tokenAddress: null,
        symbol: 'ETH',
        decimals: 18,
        fromAddress: someone.evmAddress,
        toAddress: DEVNET_EVM_OWNER,
        amount: '1000000000000000000',
        status: 'confirmed',
        hash: `0x${'cd'.repeat(32)}`,
        createdAt: new Date(Date.now() + 60_000),
      });
      const history = await other.request({
        method: 'GET',
        url: `${paths.transactions}?page_size=100`,
        headers: someone.auth,
      });
      expect(history.statusCode, history.body).toBe(200);
      const rows = history.json().transactions as WalletTransaction[];
      expect(rows.find((row) => row.chainId === 11155111)).toMatchObject({
        value: '1',
        valueUSD: null,
      });
      expect(rows.find((row) => row.chainId === 1 && row.symbol === 'ETH')?.valueUSD).toBe('33000');
    } finally {
      await other.close();
    }
  }, 30_000);
});

describe('access', () => {
  it('answers 403 without a token and while the wallet is locked', async () => {
    const someone = await connectWallet(t);
    const calls = [
      { method: 'GET' as const, url: `${paths.assetsByChain}?chainId=1` },
      { method: 'GET' as const, url: paths.allChainAssets },
      { method: 'GET' as const, url: paths.transactions },
      { method: 'POST' as const, url: paths.faucet, payload: { chainId: 1 } },
    ];
    for (const call of calls) {
      const anonymous = await t.request(call);
      expect(anonymous.statusCode, call.url).toBe(403);
      expect(anonymous.json().message).toBe(walletMessages.notConnected);
    }
    await t.request({ method: 'POST', url: paths.lock, headers: someone.auth });
    for (const call of calls) {
      const locked = await t.request({ ...call, headers: someone.auth });
      expect(locked.statusCode, call.url).toBe(403);
    }
  });
});
