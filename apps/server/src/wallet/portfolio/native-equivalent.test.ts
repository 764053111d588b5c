import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, type PortfolioResponse } from '@vaultscope/core';
import { cexMarkets } from '../../tokens/research-tables';
import { startTestApp, type TestApp } from '../../test/test-app';
import { connectWallet, startTestDevnet } from '../../test/wallet-test-kit';

const paths = apiPaths.wallet;

let devnet: Awaited<ReturnType<typeof startTestDevnet>>;
let t: TestApp;

beforeAll(async () => {
  // Local Ethereum and Sepolia, as `npm start` runs them.
  devnet = await startTestDevnet([1, 11155111]);
  t = await startTestApp({}, { devnet });
  // The shipped CEX snapshot's ETH price: local Ethereum's ETH takes it, local Sepolia's keeps
  // the devnet table's $3,000 (a testnet coin is not worth its mainnet price).
  await t.app.db.handle.db.insert(cexMarkets).values({
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
}, 60_000);
afterAll(async () => {
  await t?.close();
  await devnet?.remove();
});

async function userFundedOn(chainIds: number[], mode = { showMainnet: true, showTestnet: true }) {
  const user = await connectWallet(t);
  for (const chainId of chainIds) {
    const funded = await t.request({
      method: 'POST',
      url: paths.faucet,
      headers: user.auth,
      payload: { chainId },
    });
    expect(funded.statusCode, funded.body).toBe(200);
  }
  const switched = await t.request({
    method: 'POST',
    url: paths.switchNetworks,
    headers: user.auth,
    payload: mode,
  });
  expect(switched.statusCode, switched.body).toBe(200);
  return user;
}

async function portfolioOf(user: Awaited<ReturnType<typeof connectWallet>>) {
  const response = await t.request({
    method: 'GET',
    url: paths.allChainAssets,
    headers: user.auth,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as PortfolioResponse;
}

const ethRow = (body: PortfolioResponse, chainId: number) =>
  body.balances.find((row) => row.chainId === chainId && row.tokenAddress === 'Native');

describe('nativeEquivalent', () => {
  it('counts the total in ETH at the price of the ETH rows it holds (local Sepolia: $3,000)', async () => {
    for (const mode of [
      { showMainnet: false, showTestnet: true },
      { showMainnet: true, showTestnet: true },
    ]) {
      const body = await portfolioOf(await userFundedOn([11155111], mode));
      expect(ethRow(body, 11155111)).toMatchObject({ usdPrice: '3000', priceSource: 'devnet' });
      // 10 ETH at 3,000 + 10,000 USDV + 1,000 VLT at 0.25
      expect(body.totalUsdValue).toBe('40250.00000000');
      // 40,250 / 3,000, not / 3,300 (the market price of another chain's ETH).
      expect(body.nativeEquivalent).toEqual({ symbol: 'ETH', amount: '13.416666666666666666' });
    }
  });

  it("takes a mainnet's ETH row first when the rows hold ETH of both kinds", async () => {
    const body = await portfolioOf(await userFundedOn([1, 11155111]));
    expect(ethRow(body, 1)).toMatchObject({ usdPrice: '3300', priceSource: 'market' });
    expect(ethRow(body, 11155111)).toMatchObject({ usdPrice: '3000', priceSource: 'devnet' });
    // 33,000 + 10,250 (Ethereum) + 30,000 + 10,250 (Sepolia), over 3,300
    expect(body.totalUsdValue).toBe('83500.00000000');
    expect(body.nativeEquivalent.amount).toBe('25.30303030303030303');
  });

  it('uses the price ETH on Ethereum has in the same answer when it holds no ETH', async () => {
    const body = await portfolioOf(await userFundedOn([]));
    expect(body.balances).toEqual([]);
    expect(body.nativeEquivalent).toEqual({ symbol: 'ETH', amount: '0' });
  });
});
