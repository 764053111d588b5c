import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { securityReportSchema } from '@vaultscope/core';
import { fastClock, FixtureServer } from '../test-kit/fixture-server';
import { ProviderClient } from '../http/provider-client';
import { goPlusBatchSize, goPlusEndpoint, GoPlusSecurityProvider } from './goplus';

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as {
    code: number;
    result: Record<string, Record<string, unknown>>;
  };
const EVM = fixture('evm-token-security.json');
const SOLANA = fixture('solana-token-security.json');
const TOAD = '0x3333333333333333333333333333333333333333';
const CFROG = '0x6666666666666666666666666666666666666666';
const FROG = '79j8v32Hkkz8d8zYk9tH1q3N7F7bzCv3o6a9PgD5YBVV';
const BSC_PATH = '/api/v1/token_security/56';
const SOLANA_PATH = '/api/v1/solana/token_security';
const ACCESS_TOKEN = 'gp-access-token-very-secret';

/** The EVM answer holding only the named tokens, as GoPlus answers a batch. */
function evmAnswer(...addresses: string[]) {
  return {
    code: 1,
    message: 'OK',
    result: Object.fromEntries(addresses.map((address) => [address, EVM.result[address]])),
  };
}

let server: FixtureServer;
let logs: { obj: Record<string, unknown>; msg: string }[];
let sleeps: number[];

beforeEach(async () => {
  server = await FixtureServer.start();
  logs = [];
});
afterEach(() => server.close());

function provider(options: { accessToken?: string; timeoutMs?: number } = {}) {
  const fast = fastClock();
  sleeps = fast.sleeps;
  const log = {
    warn: ((obj: Record<string, unknown>, msg: string) => logs.push({ obj, msg })) as never,
  };
  const endpoint = goPlusEndpoint({ baseUrl: server.url, accessToken: options.accessToken });
  return new GoPlusSecurityProvider({
    client: new ProviderClient({
      ...endpoint,
      clock: fast.clock,
      timeoutMs: options.timeoutMs ?? 2_000,
      log,
    }),
    batchSize: goPlusBatchSize(options.accessToken),
    log,
  });
}

describe('GoPlus security provider', () => {
  it('normalises an EVM report: "1"/"0" to flags, taxes and shares to fractions, missing to null', async () => {
    server.on(BSC_PATH, { body: evmAnswer(TOAD, CFROG) });
    const reports = await provider({ accessToken: ACCESS_TOKEN }).fetchReports([
      { chainName: 'bsc', address: TOAD },
      { chainName: 'bsc', address: CFROG },
    ]);
    expect(reports).toHaveLength(2);
    const [toad, cfrog] = reports;
    expect(toad).toMatchObject({
      chainName: 'bsc',
      address: TOAD,
      name: 'Moon Toad',
      symbol: 'TOAD',
      trusted_token: 0,
    });
    expect(toad?.report).toMatchObject({
      is_mintable: 1,
      is_proxy: 0,
      buy_tax: 0.05,
      sell_tax: 0.12,
      owner_percent: 0.02,
      holder_count: 812,
      total_supply: '1000000000',
      owner_balance: '20000000',
      honeypot_with_same_creator: 0,
      non_transferable: null,
      mintable: null,
      dexDetails: [
        {
          dex_name: 'PancakeV2',
          id: '0x4444444444444444444444444444444444444444',
          type: 'UniV2',
          tvl: 40210.77,
          burn_percent: null,
        },
      ],
    });
    expect(toad?.report.holders?.[1]).toEqual({
      address: '0x5555555555555555555555555555555555555555',
      tag: null,
      is_contract: 0,
      balance: '20000000',
      percent: 0.02,
      is_locked: 0,
    });
    // A share above 1 (seen in captures) is clamped.
    expect(toad?.report.lp_holders?.map((holder) => holder.percent)).toEqual([0.89945, 1]);
    expect(securityReportSchema.parse(toad?.report)).toEqual(toad?.report);

    // Unverified source: the flags GoPlus leaves out and the empty taxes are unknown, not safe.
    expect(cfrog?.trusted_token).toBe(1);
    expect(cfrog?.report).toMatchObject({
      is_open_source: 0,
      is_honeypot: null,
      hidden_owner: null,
      buy_tax: null,
      sell_tax: null,
      holder_count: 15,
      dexDetails: [],
      holders: null,
    });
    // One request for the batch, with the access token.
    expect(server.requestsTo(BSC_PATH)).toHaveLength(1);
    expect(server.requests[0]?.query.get('contract_addresses')).toBe(`${TOAD},${CFROG}`);
    expect(server.requests[0]?.headers.authorization).toBe(ACCESS_TOKEN);
  });

  it('asks one address per request without an access token', async () => {
    server.on(BSC_PATH, { body: evmAnswer(TOAD) }, { body: evmAnswer(CFROG) });
    const reports = await provider().fetchReports([
      { chainName: 'bsc', address: TOAD },
      { chainName: 'bsc', address: CFROG.toUpperCase().replace('0X', '0x') },
    ]);
    expect(reports.map((report) => report.symbol)).toEqual(['TOAD', 'CFROG']);
    expect(server.requests.map((request) => request.query.get('contract_addresses'))).toEqual([
      TOAD,
      CFROG,
    ]);
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('normalises a Solana report: authorities, metadata, holders under either key, pools', async () => {
    server.on(SOLANA_PATH, { body: SOLANA });
    const [frog] = await provider().fetchReports([{ chainName: 'solana', address: FROG }]);
    expect(frog).toMatchObject({ address: FROG, name: 'Frog', symbol: 'FROG', trusted_token: 0 });
    expect(frog?.report).toMatchObject({
      mintable: { status: 0, authority: [] },
      freezable: {
        status: 1,
        authority: [
          { address: '82gsUUAm1J8HzsZdHB9tSocqyquRhZpBUFyVnWZSNpPq', malicious_address: 0 },
        ],
      },
      metadata_mutable: { status: 1 },
      default_account_state: 1,
      transfer_fee: { current_fee_rate: null, scheduled_fee_rate: [] },
      transfer_hook: [],
      non_transferable: 0,
      creators: [{ address: '9ncLbLThWNQckLhnMCt4QgP7MueSTkj6NpqyAYQfWp3Z', malicious_address: 1 }],
      holder_count: 2310,
      total_supply: '999999000',
      lp_holders: [],
      is_open_source: null,
      is_mintable: null,
      metadata: { name: 'Frog', symbol: 'FROG', description: null },
      dexDetails: [
        {
          dex_name: 'raydium',
          type: 'Standard',
          id: '8uec2uKEFqGTNc8hpCRVsmebAkj79fmbEV44bQjQQ4vP',
          tvl: 15200.5,
          burn_percent: 99.2,
        },
      ],
    });
    expect(frog?.report.holders?.map((holder) => [holder.address, holder.percent])).toEqual([
      ['Afa59mcAkuYn85Gb5dkLmrVvmdYi46NAaWRzxa7kAaMZ', 0.21],
      ['82gsUUAm1J8HzsZdHB9tSocqyquRhZpBUFyVnWZSNpPq', 0.055],
    ]);
    expect(server.requests[0]?.query.get('contract_addresses')).toBe(FROG);
  });

  it('backs off a rate limit answered as HTTP 200 code 4029, and a 429 with Retry-After, then reads the answer', async () => {
    server.on(
      BSC_PATH,
      { body: { code: 4029, message: 'request limit reached', result: null } },
      { status: 429, headers: { 'retry-after': '3' }, body: {} },
      { body: evmAnswer(TOAD) },
    );
    const reports = await provider().fetchReports([{ chainName: 'bsc', address: TOAD }]);
    expect(reports.map((report) => report.symbol)).toEqual(['TOAD']);
    expect(server.requests).toHaveLength(3);
    expect(sleeps[1]).toBe(3_000);
  });

  it('retries a 5xx and a slow answer past the time-out', async () => {
    server.on(
      BSC_PATH,
      { status: 502, body: 'Bad Gateway' },
      { delayMs: 1_000, body: evmAnswer(TOAD) },
      { body: evmAnswer(TOAD) },
    );
    const reports = await provider({ timeoutMs: 150 }).fetchReports([
      { chainName: 'bsc', address: TOAD },
    ]);
    expect(reports.map((report) => report.symbol)).toEqual(['TOAD']);
    expect(server.requests).toHaveLength(3);
  });

  it('drops a truncated answer and keeps the other batches', async () => {
    const truncated = JSON.stringify(evmAnswer(TOAD)).slice(0, 200);
    server.on(BSC_PATH, { body: truncated }, { body: evmAnswer(CFROG) });
    const reports = await provider().fetchReports([
      { chainName: 'bsc', address: TOAD },
      { chainName: 'bsc', address: CFROG },
    ]);
    expect(reports.map((report) => report.symbol)).toEqual(['CFROG']);
    expect(logs.map((log) => log.msg)).toContain('provider answer is not JSON, dropped');
  });

  it('drops the token with wrong-typed fields and keeps the rest of the batch', async () => {
    const answer = evmAnswer(TOAD, CFROG);
    answer.result[TOAD] = { ...answer.result[TOAD], is_honeypot: { yes: true }, holders: 'many' };
    server.on(BSC_PATH, { body: answer });
    const reports = await provider({ accessToken: ACCESS_TOKEN }).fetchReports([
      { chainName: 'bsc', address: TOAD },
      { chainName: 'bsc', address: CFROG },
    ]);
    expect(reports.map((report) => report.symbol)).toEqual(['CFROG']);
    const dropped = logs.find((log) => log.msg === 'security report has the wrong shape, dropped');
    expect(dropped?.obj).toMatchObject({ provider: 'goplus', path: BSC_PATH, address: TOAD });
  });

  it('drops an answer whose envelope is wrong-typed', async () => {
    server.on(BSC_PATH, { body: { code: '1', result: [] } });
    const reports = await provider().fetchReports([{ chainName: 'bsc', address: TOAD }]);
    expect(reports).toEqual([]);
  });

  it('leaves out tokens GoPlus does not know, error codes and invalid addresses', async () => {
    server.on(BSC_PATH, { body: { code: 1, message: 'OK', result: {} } });
    server.on('/api/v1/token_security/1', {
      body: { code: 2004, message: 'contract address format error!', result: null },
    });
    const reports = await provider().fetchReports([
      { chainName: 'bsc', address: TOAD },
      { chainName: 'eth', address: CFROG },
      { chainName: 'eth', address: 'not-an-address' },
    ]);
    expect(reports).toEqual([]);
    expect(server.requests).toHaveLength(2);
  });

  it('never logs the access token or the base URL', async () => {
    server.on(BSC_PATH, { status: 500, body: {} });
    await provider({ accessToken: ACCESS_TOKEN }).fetchReports([
      { chainName: 'bsc', address: TOAD },
    ]);
    expect(logs.length).toBeGreaterThan(0);
    const text = JSON.stringify(logs);
    expect(text).not.toContain(ACCESS_TOKEN);
    expect(text).not.toContain(server.url);
  });
});
