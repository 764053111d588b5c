import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cleanEvmReport,
  scamMessages,
  tokenDetailResponseSchema,
  tokenListItemSchema,
  tokenMessages,
} from '@vaultscope/core';
import { bulkInsert } from '../lib/db/bulk';
import { expectedTokens, shippedSnapshot, type ExpectedToken } from '../test/research-data';
import { signupAndLogin, startTestApp, type TestApp } from '../test/test-app';
import { reportRow } from './research-ingest';
import { securityReports } from './research-tables';

let t: TestApp;
let expected: ExpectedToken[];
let evm: ExpectedToken;
let solana: ExpectedToken;
let honeypot: ExpectedToken;

beforeAll(async () => {
  t = await startTestApp({}, { loadSnapshots: true });
  expected = expectedTokens(shippedSnapshot(), t.clock.now());
  evm = expected.find((token) => token.chainName === 'eth' && token.token.trusted_token === 0)!;
  solana = expected.find(
    (token) => token.chainName === 'solana' && token.token.security.mintable?.status === 1,
  )!;
  honeypot = expected.find((token) => token.token.security.is_honeypot === 1)!;
});
afterAll(() => t.close());

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await t.request({ method: 'GET', url, headers });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

function expectDetailOf(body: unknown, want: ExpectedToken) {
  const detail = tokenDetailResponseSchema.parse(body);
  expect(detail).toMatchObject({
    id: want.id,
    tokenName: want.token.name,
    symbol: want.token.symbol,
    tokenAddress: want.token.address,
    chainName: want.chainName,
    price: want.pool.base_token_price_usd,
    fdv: want.pool.fdv_usd,
    liquidity: want.pool.reserve_in_usd,
    priceProvider: 'Vaultscope snapshot',
    pairAddress: want.pool.address,
    isVaultscope: 1,
    totalScore: want.score,
    riskLevel: want.riskLevel,
    trusted_token: want.token.trusted_token,
    is_favourite: 0,
  });
  expect(detail.tokenDetails).toEqual(want.token.security);
  return detail;
}

describe('GET /get-token-details/{id}?network=', () => {
  it('answers an EVM token with its figures, score, risk level and whole report', async () => {
    const { status, body } = await get(
      `/get-token-details/${evm.token.address}?network=${evm.chainName}`,
    );
    expect(status).toBe(200);
    const detail = expectDetailOf(body, evm);
    // The Solana parts appear only on Solana details.
    expect(detail.dexDetails).toBeUndefined();
    expect(body).not.toHaveProperty('holders');
  });

  it('takes ?chainid=&network= and a lower-case address, and answers the checksummed one', async () => {
    const { status, body } = await get(
      `/get-token-details/${evm.token.address.toLowerCase()}?chainid=1&network=eth`,
    );
    expect(status).toBe(200);
    expect(body.tokenAddress).toBe(evm.token.address);
  });

  it('answers a Solana token with the Solana parts at the top level too', async () => {
    const { status, body } = await get(`/get-token-details/${solana.token.address}?network=solana`);
    expect(status).toBe(200);
    const detail = expectDetailOf(body, solana);
    const report = solana.token.security;
    expect(detail.dexDetails).toEqual(report.dexDetails);
    expect(detail.dexDetails?.[0]?.tvl).toEqual(expect.any(Number));
    expect(detail.holders?.[0]?.percent).toEqual(report.holders?.[0]?.percent);
    expect(detail.mintable?.status).toBe(1);
    expect(detail.freezable).toEqual(report.freezable);
    expect(detail.metadata).toEqual(report.metadata);
    expect(detail.creators).toEqual(report.creators);
    const chainId = await get(
      `/get-token-details/${solana.token.address}?chainid=101&network=solana`,
    );
    expect(chainId.status).toBe(200);
  });

  it('scores a honeypot as high risk, 10 at most', async () => {
    const { body } = await get(
      `/get-token-details/${honeypot.token.address}?network=${honeypot.chainName}`,
    );
    expect(body.totalScore).toBeLessThanOrEqual(10);
    expect(body.riskLevel).toBe('high risk');
    expect(body.tokenDetails.is_honeypot).toBe(1);
  });

  it('says so when a token has no report and this server reaches no chain to scan it', async () => {
    // This app runs without chains (DEVNET off, no RPC_URL_<id>); with one, the analyzer scans
    // the token on demand (scam/token-scans.test.ts).
    for (const url of [
      '/get-token-details/0x000000000000000000000000000000000000dEaD?network=eth',
      // The right address on the wrong chain is another token.
      `/get-token-details/${evm.token.address}?network=bsc`,
      '/get-token-details/So11111111111111111111111111111111111111112?network=solana',
    ]) {
      const { status, body } = await get(url);
      expect(status, url).toBe(400);
      expect(body).toEqual({ message: scamMessages.chainNotScannable });
    }
  });

  it.each([
    ['0x12?network=eth', 'Enter a valid Ethereum token address.'],
    [
      '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed?network=bsc',
      'Enter a valid Binance token address.',
    ],
    ['not-base58-0OIl?network=solana', 'Enter a valid Solana token address.'],
    [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed?network=solana',
      'Enter a valid Solana token address.',
    ],
    [
      'HNRuoi9XKf57ctD7XtaPKo7WcH7cu6d6ENcEDpfiLCMU?network=polygon_pos',
      'Enter a valid Polygon token address.',
    ],
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed?network=tron', tokenMessages.invalidChain],
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', tokenMessages.invalidChain],
    [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed?chainid=56&network=eth',
      tokenMessages.invalidChain,
    ],
    [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed?chainid=x&network=eth',
      tokenMessages.invalidChain,
    ],
  ])('400s %s', async (path, message) => {
    const { status, body } = await get(`/get-token-details/${path}`);
    expect(status).toBe(400);
    expect(body.message).toBe(message);
  });

  it('sets isVaultscope to 0 for a reported token that is not in our pool data', async () => {
    const address = '0x6B175474E89094C44Da98b954EedeAC495271d0F';
    const row = reportRow(
      {
        chainName: 'eth',
        address,
        name: 'Dai Stablecoin',
        symbol: 'DAI',
        trusted_token: 1,
        report: cleanEvmReport(),
      },
      'test',
      t.clock.now(),
    );
    await bulkInsert(t.app.db.handle.db, securityReports, [row]);
    const { status, body } = await get(`/get-token-details/${address.toLowerCase()}?network=eth`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: `eth_${address.toLowerCase()}`,
      tokenName: 'Dai Stablecoin',
      symbol: 'DAI',
      tokenAddress: address,
      isVaultscope: 0,
      price: null,
      fdv: null,
      liquidity: null,
      pairAddress: null,
      priceProvider: 'test',
      totalScore: 100,
      riskLevel: 'low risk',
      trusted_token: 1,
    });
  });

  it('shows a logged-in caller whether the token is a favourite', async () => {
    const user = await signupAndLogin(t);
    const url = `/get-token-details/${evm.token.address}?network=eth`;
    await t.request({
      method: 'POST',
      url: '/api/favourite/toggle-favourite',
      headers: user.auth,
      payload: { itemId: evm.id, type: 'DEX', userId: user.userId },
    });
    expect((await get(url, user.auth)).body.is_favourite).toBe(1);
    expect((await get(url)).body.is_favourite).toBe(0);
    const other = await signupAndLogin(t);
    expect((await get(url, other.auth)).body.is_favourite).toBe(0);
  });
});

describe('GET /api/token/get-token-by-id/{address}?chainName=', () => {
  it('answers the token as a list row', async () => {
    const { status, body } = await get(
      `/api/token/get-token-by-id/${solana.token.address}?chainName=solana`,
    );
    expect(status).toBe(200);
    const row = tokenListItemSchema.parse(body.tokenDetails);
    expect(row).toMatchObject({
      id: solana.id,
      CoinName: solana.token.name,
      liquidity: solana.pool.reserve_in_usd,
      score: solana.score,
      is_favourite: 0,
    });
  });

  it('404s an unknown token and 400s bad input', async () => {
    const missing = await get(
      '/api/token/get-token-by-id/0x000000000000000000000000000000000000dEaD?chainName=eth',
    );
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(tokenMessages.recordNotFound);
    const badChain = await get(`/api/token/get-token-by-id/${evm.token.address}?chainName=eth2`);
    expect(badChain.status).toBe(400);
    expect(badChain.body.message).toBe(tokenMessages.invalidChain);
    const badAddress = await get('/api/token/get-token-by-id/0xabc?chainName=avax');
    expect(badAddress.status).toBe(400);
    expect(badAddress.body.message).toBe('Enter a valid Avalanche token address.');
  });
});
