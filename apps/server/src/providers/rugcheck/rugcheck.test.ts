import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockedLpShare } from '@vaultscope/core';
import { fastClock, FixtureServer } from '../test-kit/fixture-server';
import { ProviderClient } from '../http/provider-client';
import { rugCheckEndpoint, RugCheckSecurityProvider } from './rugcheck';

const REPORT = JSON.parse(
  readFileSync(new URL('./fixtures/frog-report.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;
const FROG = '79j8v32Hkkz8d8zYk9tH1q3N7F7bzCv3o6a9PgD5YBVV';
const PATH = `/tokens/${FROG}/report`;

let server: FixtureServer;
let logs: { obj: Record<string, unknown>; msg: string }[];

beforeEach(async () => {
  server = await FixtureServer.start();
  logs = [];
});
afterEach(() => server.close());

function provider(timeoutMs = 2_000) {
  const log = {
    warn: ((obj: Record<string, unknown>, msg: string) => logs.push({ obj, msg })) as never,
  };
  const endpoint = rugCheckEndpoint({ baseUrl: server.url });
  return new RugCheckSecurityProvider({
    client: new ProviderClient({ ...endpoint, clock: fastClock().clock, timeoutMs, log }),
    log,
  });
}

describe('RugCheck security provider', () => {
  it("maps a mint's report to the Solana fields: authorities, holders without pool vaults, locked LP", async () => {
    server.on(PATH, { body: REPORT });
    const [frog, ...rest] = await provider().fetchReports([{ chainName: 'solana', address: FROG }]);
    expect(rest).toEqual([]);
    expect(frog).toMatchObject({
      engine: 'rugcheck',
      chainName: 'solana',
      address: FROG,
      name: 'Frog',
      symbol: 'FROG',
      trusted_token: null,
    });
    const report = frog!.report;
    expect(report).toMatchObject({
      mintable: { status: 0, authority: [] },
      freezable: {
        status: 1,
        authority: [{ address: 'FrEeZe1111111111111111111111111111111111111' }],
      },
      total_supply: '1000000000',
      holder_count: 1530,
      metadata_mutable: { status: 1 },
      metadata: { name: 'Frog', symbol: 'FROG', description: null },
      // EVM fields are not RugCheck's to answer.
      is_honeypot: null,
      buy_tax: null,
      is_open_source: null,
    });
    // The pool's vault (an AMM's account) is not a holder; percent to fractions.
    expect(report.holders?.map((holder) => [holder.address, holder.percent, holder.tag])).toEqual([
      ['OwNeR11111111111111111111111111111111111111', 0.225, 'insider'],
      ['OwNeR22222222222222222222222222222222222222', 0.05, null],
    ]);
    // The largest market first; its LP 97.5 % locked.
    expect(report.dexDetails?.map((dex) => [dex.dex_name, dex.tvl])).toEqual([
      ['raydium', 40_000],
      ['orca', 200],
    ]);
    expect(lockedLpShare(report)).toBeCloseTo(0.975);
  });

  it('reads an authority it was not told about as unknown, not revoked', async () => {
    const { token: _token, ...withoutToken } = REPORT;
    server.on(PATH, { body: { ...withoutToken, freezeAuthority: null } });
    const [frog] = await provider().fetchReports([{ chainName: 'solana', address: FROG }]);
    expect(frog?.report).toMatchObject({
      mintable: null,
      freezable: { status: 0 },
      total_supply: null,
    });
  });

  it('asks nothing about EVM tokens or a malformed mint', async () => {
    const reports = await provider().fetchReports([
      { chainName: 'eth', address: '0x3333333333333333333333333333333333333333' },
      { chainName: 'solana', address: '../../admin' },
    ]);
    expect(reports).toEqual([]);
    expect(server.requests).toEqual([]);
  });

  it('recovers from a 429 with Retry-After and a 503', async () => {
    server.on(
      PATH,
      { status: 429, headers: { 'retry-after': '2' } },
      { status: 503 },
      { body: REPORT },
    );
    const reports = await provider().fetchReports([{ chainName: 'solana', address: FROG }]);
    expect(reports).toHaveLength(1);
    expect(server.requests).toHaveLength(3);
  });

  it('drops truncated JSON, wrong-typed fields, a slow answer and an unknown mint (404)', async () => {
    const text = JSON.stringify(REPORT);
    for (const reply of [
      { body: text.slice(0, 200) },
      { body: { ...REPORT, topHolders: [{ address: 7, pct: 'lots' }] } },
      { body: { ...REPORT, token: { ...(REPORT.token as object), decimals: 'six' } } },
      { status: 404, body: { error: 'not found' } },
    ]) {
      server.on(PATH, reply);
      expect(await provider().fetchReports([{ chainName: 'solana', address: FROG }])).toEqual([]);
    }
    server.on(PATH, { body: REPORT, delayMs: 400 });
    expect(await provider(100).fetchReports([{ chainName: 'solana', address: FROG }])).toEqual([]);
    expect(logs.some((log) => log.msg === 'security report not fetched')).toBe(true);
  });
});
