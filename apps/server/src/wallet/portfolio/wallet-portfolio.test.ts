import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, type PortfolioResponse, walletMessages } from '@vaultscope/core';
import { cexMarkets } from '../../tokens/research-tables';
import { startTestApp, type TestApp } from '../../test/test-app';
import { connectWallet, startTestDevnet } from '../../test/wallet-test-kit';

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
    expect(bySymbol(body, 103, 'SOL')).toMatchObject({ usd_value: '1855', change24h: -0.11 });
    // Local tokens keep the devnet table.
    expect(bySymbol(body, 1, 'USDV')?.priceSource).toBe('devnet');
    // 33,000 + 1,855 + 20,500
    expect(body.totalUsdValue).toBe('55355.00000000');
    expect(body.nativeEquivalent.amount).toBe('16.774242424242424242');
  });

  it('reports an unreachable chain in unavailableChains without failing the call', async () => {
    const other = await startTestApp({ RPC_URL_43114: 'http://127.0.0.1:1' }, { devnet });
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
      expect(other.logs()).toContain('portfolio: chain unavailable');
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
