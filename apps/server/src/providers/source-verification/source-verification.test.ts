import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fastClock, FixtureServer } from '../test-kit/fixture-server';
import { ProviderClient } from '../http/provider-client';
import {
  etherscanEndpoint,
  sourcifyEndpoint,
  SourceVerificationProvider,
} from './source-verification';

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >;
const TOAD = '0x3333333333333333333333333333333333333333';
const TRAP = '0x5555555555555555555555555555555555555555';
const KEY = 'etherscan-key-very-secret';

let sourcify: FixtureServer;
let etherscan: FixtureServer;
let logs: { obj: Record<string, unknown>; msg: string }[];

beforeEach(async () => {
  [sourcify, etherscan] = await Promise.all([FixtureServer.start(), FixtureServer.start()]);
  logs = [];
});
afterEach(() => Promise.all([sourcify.close(), etherscan.close()]));

function provider(options: { etherscan?: boolean; timeoutMs?: number } = {}) {
  const log = {
    warn: ((obj: Record<string, unknown>, msg: string) => logs.push({ obj, msg })) as never,
  };
  const runtime = { clock: fastClock().clock, timeoutMs: options.timeoutMs ?? 2_000, log };
  return new SourceVerificationProvider({
    sourcify: new ProviderClient({ ...sourcifyEndpoint(sourcify.url), ...runtime }),
    etherscan: options.etherscan
      ? {
          client: new ProviderClient({ ...etherscanEndpoint(etherscan.url), ...runtime }),
          apiKey: KEY,
        }
      : undefined,
    log,
  });
}

const openSource = async (p: ReturnType<typeof provider>, address: string, chainName = 'eth') =>
  (await p.fetchReports([{ chainName: chainName as 'eth', address }])).map((report) => [
    report.engine,
    report.report.is_open_source,
  ]);

describe('source verification', () => {
  it('a Sourcify match is verified (1); the report answers nothing else', async () => {
    sourcify.on(`/v2/contract/1/${TOAD}`, { body: fixture('sourcify-toad.json') });
    const p = provider();
    const [report] = await p.fetchReports([{ chainName: 'eth', address: TOAD }]);
    expect(report).toMatchObject({ engine: 'source-verification', trusted_token: null });
    expect(report?.report).toMatchObject({ is_open_source: 1, is_honeypot: null, buy_tax: null });
    expect(await openSource(p, TOAD)).toEqual([['source-verification', 1]]);
  });

  it('Sourcify not holding it is no answer without Etherscan (left out, not 0)', async () => {
    sourcify.on(`/v2/contract/56/${TRAP}`, {
      status: 404,
      body: fixture('sourcify-not-found.json'),
    });
    expect(await openSource(provider(), TRAP, 'bsc')).toEqual([]);
    expect(etherscan.requests).toEqual([]);
  });

  it('with a key, Etherscan decides what Sourcify does not hold: source 1, none 0', async () => {
    sourcify.on('/v2/contract/*', { status: 404, body: fixture('sourcify-not-found.json') });
    etherscan.on('/', { body: fixture('etherscan-unverified.json') });
    expect(await openSource(provider({ etherscan: true }), TRAP)).toEqual([
      ['source-verification', 0],
    ]);
    const [request] = etherscan.requests;
    expect(Object.fromEntries(request!.query)).toEqual({
      chainid: '1',
      module: 'contract',
      action: 'getsourcecode',
      address: TRAP,
      apikey: KEY,
    });
    etherscan.on('/', { body: fixture('etherscan-verified.json') });
    expect(await openSource(provider({ etherscan: true }), TRAP, 'polygon_pos')).toEqual([
      ['source-verification', 1],
    ]);
    expect(etherscan.requests.at(-1)?.query.get('chainid')).toBe('137');
  });

  it("retries Etherscan's rate-limit answer, Sourcify's 429 with Retry-After and a 5xx", async () => {
    sourcify.on(
      '/v2/contract/*',
      { status: 429, headers: { 'retry-after': '2' } },
      { status: 500 },
      { status: 404, body: fixture('sourcify-not-found.json') },
    );
    etherscan.on(
      '/',
      { body: { status: '0', message: 'NOTOK', result: 'Max rate limit reached' } },
      { body: fixture('etherscan-verified.json') },
    );
    expect(await openSource(provider({ etherscan: true }), TRAP)).toEqual([
      ['source-verification', 1],
    ]);
    expect(sourcify.requests).toHaveLength(3);
    expect(etherscan.requests).toHaveLength(2);
  });

  it('truncated, wrong-typed, slow and error answers are unknown: nothing stored, the key never logged', async () => {
    const cases = [
      { body: '{"status":"1","message":"OK","result":[{"SourceCode":' },
      { body: { status: '1', message: 'OK', result: [{ SourceCode: 42 }] } },
      { body: { status: '0', message: 'NOTOK', result: `Invalid API Key ${KEY}` } },
    ];
    for (const reply of cases) {
      sourcify.on('/v2/contract/*', { body: { match: 'sure' } });
      etherscan.on('/', reply);
      expect(await openSource(provider({ etherscan: true }), TOAD)).toEqual([]);
    }
    sourcify.on('/v2/contract/*', { body: fixture('sourcify-toad.json'), delayMs: 400 });
    etherscan.on('/', { body: fixture('etherscan-verified.json'), delayMs: 400 });
    expect(await openSource(provider({ etherscan: true, timeoutMs: 100 }), TOAD)).toEqual([]);
    expect(logs.length).toBeGreaterThan(0);
    expect(JSON.stringify(logs)).not.toContain(KEY);
  });

  it('asks nothing about Solana mints or malformed addresses', async () => {
    const reports = await provider({ etherscan: true }).fetchReports([
      { chainName: 'solana', address: '79j8v32Hkkz8d8zYk9tH1q3N7F7bzCv3o6a9PgD5YBVV' },
      { chainName: 'eth', address: '0x12' },
    ]);
    expect(reports).toEqual([]);
    expect([...sourcify.requests, ...etherscan.requests]).toEqual([]);
  });
});
