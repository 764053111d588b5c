import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fastClock, FixtureServer } from '../test-kit/fixture-server';
import { ProviderClient } from '../http/provider-client';
import { honeypotIsEndpoint, HoneypotIsSecurityProvider } from './honeypot-is';

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;
const TOAD_ANSWER = fixture('is-honeypot-toad.json');
const TRAP_ANSWER = fixture('is-honeypot-trap.json');
const TOAD = '0x3333333333333333333333333333333333333333';
const TRAP = '0x5555555555555555555555555555555555555555';
const PATH = '/v2/IsHoneypot';

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
  const endpoint = honeypotIsEndpoint({ baseUrl: server.url, apiKey: 'hp-key-very-secret' });
  return new HoneypotIsSecurityProvider({
    client: new ProviderClient({ ...endpoint, clock: fastClock().clock, timeoutMs, log }),
    log,
  });
}

describe('Honeypot.is security provider', () => {
  it('maps a simulation: percent taxes to fractions, a buy that went through, the rest unknown', async () => {
    server.on(PATH, { body: TOAD_ANSWER });
    const [toad, ...rest] = await provider().fetchReports([{ chainName: 'bsc', address: TOAD }]);
    expect(rest).toEqual([]);
    expect(toad).toMatchObject({
      engine: 'honeypot-is',
      chainName: 'bsc',
      address: TOAD,
      name: 'Moon Toad',
      symbol: 'TOAD',
      trusted_token: null,
    });
    expect(toad?.report).toMatchObject({
      is_honeypot: 0,
      buy_tax: 0.05,
      sell_tax: 0.22,
      cannot_buy: 0,
      cannot_sell_all: 0,
      holder_count: 812,
      is_open_source: 1,
      // Not judged by a simulation: unknown, never 0.
      hidden_owner: null,
      is_mintable: null,
      owner_percent: null,
      is_proxy: null,
      mintable: null,
    });
    const [request] = server.requests;
    expect(Object.fromEntries(request!.query)).toEqual({ address: TOAD, chainID: '56' });
    expect(request!.headers['x-api-key']).toBe('hp-key-very-secret');
  });

  it('a honeypot whose simulation failed: is_honeypot 1, sell limit flagged, taxes unknown', async () => {
    server.on(PATH, { body: TRAP_ANSWER });
    const [trap] = await provider().fetchReports([{ chainName: 'eth', address: TRAP }]);
    expect(trap?.report).toMatchObject({
      is_honeypot: 1,
      cannot_sell_all: 1,
      buy_tax: null,
      sell_tax: null,
      cannot_buy: null,
      is_open_source: null,
    });
    expect(Object.fromEntries(server.requests[0]!.query)).toMatchObject({ chainID: '1' });
  });

  it('asks nothing about chains it does not simulate on, nor twice about one token', async () => {
    server.on(PATH, { body: TOAD_ANSWER });
    const reports = await provider().fetchReports([
      { chainName: 'solana', address: '79j8v32Hkkz8d8zYk9tH1q3N7F7bzCv3o6a9PgD5YBVV' },
      { chainName: 'polygon_pos', address: TOAD },
      { chainName: 'bsc', address: TOAD },
      { chainName: 'bsc', address: TOAD.toUpperCase().replace('0X', '0x') },
      { chainName: 'bsc', address: 'not an address' },
    ]);
    expect(reports).toHaveLength(1);
    expect(server.requests).toHaveLength(1);
  });

  it('waits out a 429 with Retry-After and a 5xx, then stores the answer', async () => {
    server.on(
      PATH,
      { status: 429, headers: { 'retry-after': '3' }, body: { error: 'slow down' } },
      { status: 502, body: 'bad gateway' },
      { body: TOAD_ANSWER },
    );
    const reports = await provider().fetchReports([{ chainName: 'bsc', address: TOAD }]);
    expect(reports[0]?.report.sell_tax).toBe(0.22);
    expect(server.requests).toHaveLength(3);
  });

  it('drops a truncated, a wrong-typed and a slow answer, and a token it refuses (400), storing nothing', async () => {
    const text = JSON.stringify(TOAD_ANSWER);
    const cases = [
      { body: text.slice(0, text.length / 2) },
      { body: { ...TOAD_ANSWER, simulationSuccess: 'yes' } },
      { status: 400, body: { code: 400, error: 'invalid token address' } },
    ];
    for (const reply of cases) {
      server.on(PATH, reply);
      expect(await provider().fetchReports([{ chainName: 'bsc', address: TOAD }])).toEqual([]);
    }
    server.on(PATH, { body: TOAD_ANSWER, delayMs: 400 });
    expect(await provider(100).fetchReports([{ chainName: 'bsc', address: TOAD }])).toEqual([]);
    expect(logs.map((log) => log.msg)).toContain('provider answer has the wrong shape, dropped');
    expect(JSON.stringify(logs)).not.toContain('hp-key-very-secret');
  });

  it('drops a tax it cannot store (above 100 %) as unknown instead of a wrong number', async () => {
    server.on(PATH, {
      body: { ...TOAD_ANSWER, simulationResult: { buyTax: 140, sellTax: -3, transferTax: 0 } },
    });
    const [toad] = await provider().fetchReports([{ chainName: 'bsc', address: TOAD }]);
    expect(toad?.report).toMatchObject({ buy_tax: null, sell_tax: null, is_honeypot: 0 });
  });
});
