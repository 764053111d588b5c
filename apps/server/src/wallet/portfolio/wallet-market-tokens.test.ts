import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, type PortfolioResponse, type WalletTransaction } from '@vaultscope/core';
import { DEVNET_EVM_OWNER } from '@vaultscope/devnet';
import { getAddress } from 'viem';
import { cexMarketContracts, cexMarkets } from '../../tokens/research-tables';
import { startTestApp, type TestApp } from '../../test/test-app';
import { connectWallet, startTestDevnet } from '../../test/wallet-test-kit';
import { walletSends } from '../wallet-tables';

/*
 * Ethereum through a configured RPC URL (the local node stands in for it), so chain 1 is a real
 * mainnet to the app: its tokens are the CEX snapshot's coins with an `eth` contract.
 */

const paths = apiPaths.wallet;

let devnet: Awaited<ReturnType<typeof startTestDevnet>>;
let t: TestApp;
let user: Awaited<ReturnType<typeof connectWallet>>;
let usdv: string;

beforeAll(async () => {
  devnet = await startTestDevnet([1]);
  usdv = getAddress(devnet.tokens[1]![0]!.address);
  t = await startTestApp({ RPC_URL_1: devnet.rpcUrl(1) });
  const market = { provider: 'test', updated_at: new Date(), change_h24: null };
  const otherUsdv = getAddress(`0x${'5d'.repeat(20)}`);
  await t.app.db.handle.db.insert(cexMarkets).values([
    {
      ...market,
      id: 'ethereum',
      symbol: 'eth',
      name: 'Ethereum',
      platforms: {},
      token_address: 'ethereum',
      current_price: 3300,
      market_cap_rank: 2,
    },
    {
      ...market,
      id: 'vault-usd',
      symbol: 'usdv',
      name: 'Vault USD',
      platforms: { eth: usdv },
      chain_name: 'eth',
      token_address: usdv,
      current_price: 0.999,
      change_h24: -0.02,
      market_cap_rank: 9,
    },
    // Same symbol, better rank, another contract (none deployed there): prices nothing of ours.
    {
      ...market,
      id: 'other-usdv',
      symbol: 'usdv',
      name: 'Other USDV',
      platforms: { eth: otherUsdv },
      chain_name: 'eth',
      token_address: otherUsdv,
      current_price: 5,
      market_cap_rank: 1,
    },
  ]);
  await t.app.db.handle.db.insert(cexMarketContracts).values([
    { market_id: 'vault-usd', chain_name: 'eth', address: usdv, address_key: usdv.toLowerCase() },
    {
      market_id: 'other-usdv',
      chain_name: 'eth',
      address: otherUsdv,
      address_key: otherUsdv.toLowerCase(),
    },
  ]);
  user = await connectWallet(t);
  // A first scan of a real chain only records where it starts.
  await t.app.services.transferScanner.scan();
  await devnet.fundEvm(1, user.evmAddress);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await devnet?.remove();
});

const get = async (url: string) => {
  const response = await t.request({ method: 'GET', url, headers: user.auth });
  expect(response.statusCode, response.body).toBe(200);
  return response;
};

describe('tokens of a real mainnet', () => {
  it('lists the held market tokens, priced by contract at the market price', async () => {
    const body = (await get(paths.allChainAssets)).json() as PortfolioResponse;
    expect(body.unavailableChains).toEqual([]);
    // VLT is held but not in the market's list; the other USDV has no contract on this chain.
    expect(body.balances.map((b) => `${b.chainId}:${b.symbol}:${b.balance}`)).toEqual([
      '1:ETH:10',
      '1:USDV:10000',
    ]);
    expect(body.balances[1]).toMatchObject({
      name: 'Vault USD',
      decimals: 6,
      tokenAddress: usdv,
      mint: null,
      usdPrice: '0.999',
      usd_value: '9990',
      change24h: -0.02,
      priceSource: 'market',
    });
    // 33,000 + 9,990
    expect(body.totalUsdValue).toBe('42990.00000000');
  });

  it('shows the same tokens by chain, decimals read from the chain', async () => {
    const body = (await get(`${paths.assetsByChain}?chainId=1`)).json();
    expect(body.Assets).toEqual([
      expect.objectContaining({ address: 'Native', symbol: 'ETH', balance: '10' }),
      {
        address: usdv,
        symbol: 'USDV',
        name: 'Vault USD',
        decimals: 6,
        balance: '10000',
        logo: expect.any(String),
      },
    ]);
  });

  it('values token receives and sends in the history by the same rule', async () => {
    await t.app.services.transferScanner.scan();
    await t.app.db.handle.db.insert(walletSends).values({
      userId: user.userId,
      idempotencyKey: 'market-token-send',
      requestHash: 'x',
      chainId: 1,
      kind: 'token',
      // Lower case: an EVM contract matches whatever its case.
      tokenAddress: usdv.toLowerCase(),
      symbol: 'USDV',
      decimals: 6,
      fromAddress: user.evmAddress,
      toAddress: DEVNET_EVM_OWNER,
      amount: '2000000',
      status: 'confirmed',
      hash: `0x${'ab'.repeat(32)}`,
      createdAt: new Date(Date.now() + 60_000),
    });
    const rows = (await get(`${paths.transactions}?page_size=100`)).json()
      .transactions as WalletTransaction[];
    const usdvRows = rows.filter((row) => row.symbol === 'USDV');
    expect(usdvRows.map((row) => [row.type, row.value, row.valueUSD])).toEqual([
      ['send', '2', '1.998'],
      ['receive', '10000', '9990'],
    ]);
    // VLT is not a market token of this chain: received, but worth no price here.
    expect(rows.find((row) => row.symbol === 'VLT')).toMatchObject({ valueUSD: null });
  });
});
