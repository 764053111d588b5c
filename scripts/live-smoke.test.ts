import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, it, type TestContext } from 'vitest';
import {
  FixtureServer,
  type FixtureReply,
} from '../apps/server/src/providers/test-kit/fixture-server';

/**
 * `scripts/live-smoke.ts` (issue 10) run as the person with internet runs it, a child process
 * with `LIVE=1`, against fixture servers that answer every call it makes in the providers'
 * documented shapes (the adapters' recorded answers under apps/server/src/providers), so the
 * first run against the real services is not the script's first run.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const fixture = (path: string): unknown =>
  JSON.parse(
    readFileSync(new URL(`../apps/server/src/providers/${path}`, import.meta.url), 'utf8'),
  );

/** One recognisable secret per key setting: none may be printed. */
const KEYS = {
  GOPLUS_KEY: 'goplus-smoke-secret-7f3a',
  COINGECKO_KEY: 'CG-smoke-secret-91bd',
  HONEYPOT_IS_KEY: 'honeypot-smoke-secret-2c44',
  RUGCHECK_KEY: 'rugcheck-smoke-secret-e810',
  ETHERSCAN_KEY: 'etherscan-smoke-secret-5d02',
};

const FROG = '0x1111111111111111111111111111111111111111';
const TOAD = '0x3333333333333333333333333333333333333333';
const SOLANA_FROG = '79j8v32Hkkz8d8zYk9tH1q3N7F7bzCv3o6a9PgD5YBVV';

const PROVIDERS = [
  'geckoterminal',
  'dexscreener',
  'goplus',
  'honeypotIs',
  'rugcheck',
  'sourcify',
  'etherscan',
  'coingecko',
  'binance',
] as const;
type Provider = (typeof PROVIDERS)[number];
type Servers = Record<Provider, FixtureServer>;

/** Each provider's scripted paths (a trailing `*` matches any rest): every call the script makes. */
function routes(): Record<Provider, Record<string, FixtureReply>> {
  const evm = fixture('goplus/fixtures/evm-token-security.json') as {
    result: Record<string, unknown>;
  };
  return {
    geckoterminal: {
      '/networks/eth/pools': { body: fixture('geckoterminal/fixtures/eth-pools-page-1.json') },
      '/networks/eth/new_pools': { body: fixture('geckoterminal/fixtures/eth-new-pools.json') },
      '/networks/eth/tokens/multi/*': {
        body: fixture('geckoterminal/fixtures/eth-tokens-multi.json'),
      },
      '/networks/eth/pools/*': { body: fixture('geckoterminal/fixtures/eth-pool-ohlcv-hour.json') },
      '/networks/solana/pools': {
        body: fixture('geckoterminal/fixtures/solana-pools-page-1.json'),
      },
      '/networks/solana/new_pools': { body: { data: [], included: [] } },
      '/networks/solana/tokens/multi/*': {
        body: fixture('geckoterminal/fixtures/solana-tokens-multi.json'),
      },
    },
    dexscreener: {
      '/token-pairs/v1/ethereum/*': {
        body: fixture('dexscreener/fixtures/token-pairs-v1-eth-toad.json'),
      },
      '/latest/dex/search': { body: fixture('dexscreener/fixtures/latest-dex-search-weth.json') },
    },
    goplus: {
      // FROG is unknown to it, as a fresh token often is.
      '/api/v1/token_security/1': {
        body: { code: 1, message: 'OK', result: { [TOAD]: evm.result[TOAD] } },
      },
      '/api/v1/solana/token_security': {
        body: fixture('goplus/fixtures/solana-token-security.json'),
      },
    },
    honeypotIs: {
      '/v2/IsHoneypot': { body: fixture('honeypot-is/fixtures/is-honeypot-toad.json') },
    },
    rugcheck: {
      [`/tokens/${SOLANA_FROG}/report`]: { body: fixture('rugcheck/fixtures/frog-report.json') },
    },
    sourcify: {
      [`/v2/contract/1/${TOAD}`]: {
        body: fixture('source-verification/fixtures/sourcify-toad.json'),
      },
      // Not on Sourcify: Etherscan is asked (with the key).
      [`/v2/contract/1/${FROG}`]: {
        status: 404,
        body: fixture('source-verification/fixtures/sourcify-not-found.json'),
      },
    },
    etherscan: { '/': { body: fixture('source-verification/fixtures/etherscan-verified.json') } },
    coingecko: {
      '/coins/markets': { body: fixture('cex/fixtures/coingecko-markets.json') },
      '/coins/list': { body: fixture('cex/fixtures/coingecko-coins-list.json') },
    },
    binance: { '/api/v3/ticker/24hr': { body: fixture('cex/fixtures/binance-ticker-24hr.json') } },
  };
}

/**
 * The script's settings: every provider URL at its fixture server and every key set. The market
 * of bsc, avax and polygon_pos is left to our own side, so GeckoTerminal is read for eth and
 * solana only, and without the trending list: its client keeps the published 30 calls a minute
 * (five at once, then one every 2 s), so the seven calls of two networks' top and new pools,
 * supplies and a pool's candles wait 4 s, and each further call 2 s more. The rest of the environment is left out, so neither the shell's
 * settings nor a real key reach the child (a `.env` only fills what is unset here).
 */
function settings(servers: Servers): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}),
    GECKOTERMINAL_URL: servers.geckoterminal.url,
    GECKOTERMINAL_POOL_PAGES: '1',
    GECKOTERMINAL_NEW_POOL_PAGES: '1',
    GECKOTERMINAL_TRENDING_POOL_PAGES: '0',
    DEX_PROVIDER: 'geckoterminal',
    DEXSCREENER_URL: servers.dexscreener.url,
    GOPLUS_URL: servers.goplus.url,
    HONEYPOT_IS_URL: servers.honeypotIs.url,
    RUGCHECK_URL: servers.rugcheck.url,
    SOURCIFY_URL: servers.sourcify.url,
    ETHERSCAN_URL: servers.etherscan.url,
    COINGECKO_URL: servers.coingecko.url,
    COINGECKO_MARKET_PAGES: '1',
    BINANCE_URL: servers.binance.url,
    RESEARCH_SOURCES: 'bsc.market=own,avax.market=own,polygon_pos.market=own',
    MARKET_DATA_INDEXED_CHAINS: 'all',
    PROVIDER_TIMEOUT_MS: '2000',
    ...KEYS,
  };
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the script as `npx tsx` would, without blocking this process (the fixture servers live here). */
function runScript(env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/live-smoke.ts'], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * A fixture server per provider answering {@link routes}, closed when the test ends (the test's
 * own hook: the cases run side by side).
 */
async function startServers({ onTestFinished }: TestContext): Promise<Servers> {
  const started = await Promise.all(PROVIDERS.map(() => FixtureServer.start()));
  const servers = Object.fromEntries(PROVIDERS.map((name, i) => [name, started[i]!])) as Servers;
  onTestFinished(async () => {
    await Promise.all(started.map((server) => server.close()));
  });
  const scripted = routes();
  for (const name of PROVIDERS) {
    for (const [path, reply] of Object.entries(scripted[name])) servers[name].on(path, reply);
  }
  return servers;
}

/** The calls each server received that it had no answer for (it answered them 404). */
function unscripted(servers: Servers): string[] {
  const scripted = routes();
  return PROVIDERS.flatMap((name) =>
    servers[name].requests
      .map((request) => request.path)
      .filter(
        (path) =>
          !Object.keys(scripted[name]).some((route) =>
            route.endsWith('*') ? path.startsWith(route.slice(0, -1)) : path === route,
          ),
      )
      .map((path) => `${name} ${path}`),
  );
}

const lastLine = (run: Run) => run.stdout.trimEnd().split('\n').at(-1);

/** Every secret of {@link KEYS} found in `text`. */
const keysIn = (text: string) => Object.values(KEYS).filter((key) => text.includes(key));

// Each case runs its own child and servers, side by side: most of a run is waiting.
describe.concurrent('live-smoke.ts against fixture servers', () => {
  it('says what each adapter and engine delivered, exits 0, and prints no key', async (context) => {
    const { expect } = context;
    const servers = await startServers(context);
    const run = await runScript({
      ...settings(servers),
      LIVE: '1',
      // A deployed server's settings (where the script is likely run), which no adapter reads.
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      TRUST_PROXY: 'true',
    });
    const output = run.stdout + run.stderr;
    expect(run.code, output).toBe(0);

    // Every endpoint it called had an answer, and every answer was asked for.
    expect(unscripted(servers)).toEqual([]);
    for (const [name, paths] of Object.entries(routes()) as [Provider, object][]) {
      for (const path of Object.keys(paths))
        expect(servers[name].requestsTo(path).length, `${name} ${path}`).toBeGreaterThan(0);
    }

    const lines = run.stdout.split('\n');
    const line = (start: string) => lines.find((text) => text.trimStart().startsWith(start));
    expect(line('DEX (geckoterminal):')).toMatch(/^DEX \(geckoterminal\): 3 tokens, 3 pools in /);
    expect(line('pools per chain:')).toBe('  pools per chain: {"eth":2,"solana":1}');
    expect(line('newest pool:')).toMatch(/eth FROG \/ WETH created 2026-03-01T10:15:00.000Z/);
    // The deepest pool's day of candles (the fixture's five rows, three of them malformed).
    expect(run.stdout).toContain('  2 hourly candles of TOAD / WETH');
    expect(line('Security')).toMatch(
      /^Security \(goplus\+honeypot-is\+rugcheck\+source-verification\): 3 of 3 tokens reported \(7 reports\) in /,
    );
    expect(line('reports per engine:')).toBe(
      '  reports per engine: {"goplus":2,"honeypot-is":2,"rugcheck":1,"source-verification":2}',
    );
    // Each report line names its engine and the token asked about, with what it judged.
    expect(lines).toEqual(
      expect.arrayContaining([
        '  goplus eth TOAD: honeypot 0, taxes 0.05/0.12, open source 1, mint authority null',
        '  goplus solana FROG: honeypot null, taxes null/null, open source null, mint authority 0',
        '  honeypot-is eth TOAD: honeypot 0, taxes 0.05/0.22, open source 1, mint authority null',
        '  rugcheck solana FROG: honeypot null, taxes null/null, open source null, mint authority 0',
        '  source-verification eth FROG: honeypot null, taxes null/null, open source 1, mint authority null',
      ]),
    );
    expect(line('DexScreener:')).toMatch(
      /^DexScreener: 1 pools of FROG, 1 pools found for "WETH" in /,
    );
    expect(line('CEX (coingecko+binance):')).toMatch(
      /^CEX \(coingecko\+binance\): 3 markets, 1 with a research-chain contract, in /,
    );
    expect(run.stdout).toContain('  #150 toad: $0.42, 24 h 5.26 %');
    expect(lastLine(run)).toBe('All adapters delivered.');

    // The keys were sent, each where its provider reads it, and never printed.
    const first = (name: Provider) => servers[name].requests[0]!;
    expect(first('goplus').headers.authorization).toBe(KEYS.GOPLUS_KEY);
    expect(first('coingecko').headers['x-cg-demo-api-key']).toBe(KEYS.COINGECKO_KEY);
    expect(first('honeypotIs').headers['x-api-key']).toBe(KEYS.HONEYPOT_IS_KEY);
    expect(first('rugcheck').headers['x-api-key']).toBe(KEYS.RUGCHECK_KEY);
    expect(first('etherscan').query.get('apikey')).toBe(KEYS.ETHERSCAN_KEY);
    expect(keysIn(output)).toEqual([]);
  });

  it('with DEX_PROVIDER=dexscreener lists the tokens of its latest profiles', async (context) => {
    const { expect } = context;
    const servers = await startServers(context);
    // TOAD's profile on bsc, its pools (one without a 5-minute window is left out), and its
    // supply from GeckoTerminal (DexScreener has none).
    const evm = fixture('goplus/fixtures/evm-token-security.json');
    servers.dexscreener
      .on('/token-profiles/latest/v1', {
        body: fixture('dexscreener/fixtures/token-profiles-latest.json'),
      })
      .on('/tokens/v1/bsc/*', { body: fixture('dexscreener/fixtures/tokens-v1-bsc-toad.json') })
      .on('/token-pairs/v1/bsc/*', {
        body: fixture('dexscreener/fixtures/tokens-v1-bsc-toad.json'),
      });
    servers.geckoterminal.on('/networks/bsc/tokens/multi/*', {
      body: fixture('geckoterminal/fixtures/eth-tokens-multi.json'),
    });
    servers.goplus.on('/api/v1/token_security/56', { body: evm });
    servers.sourcify.on(`/v2/contract/56/${TOAD}`, {
      body: fixture('source-verification/fixtures/sourcify-toad.json'),
    });
    const run = await runScript({
      ...settings(servers),
      LIVE: '1',
      DEX_PROVIDER: 'dexscreener',
      RESEARCH_SOURCES: '',
    });
    const output = run.stdout + run.stderr;
    expect(run.code, output).toBe(0);
    expect(run.stdout).toMatch(/^DEX \(dexscreener\): 1 tokens, 1 pools in /m);
    expect(run.stdout).toContain('  pools per chain: {"bsc":1}');
    expect(run.stdout).toContain(
      '  reports per engine: {"goplus":1,"honeypot-is":1,"source-verification":1}',
    );
    expect(run.stdout).toMatch(/^DexScreener: 1 pools of TOAD, 1 pools found for "WETH" in /m);
    expect(lastLine(run)).toBe('All adapters delivered.');
    expect(keysIn(output)).toEqual([]);
  });

  it.for([
    [
      'CoinGecko answers no market',
      'coingecko',
      '/coins/markets',
      { body: [] },
      'CEX (coingecko+binance)',
    ],
    [
      'RugCheck does not know the mint',
      'rugcheck',
      `/tokens/${SOLANA_FROG}/report`,
      { status: 404, body: { error: 'not found' } },
      'rugcheck',
    ],
  ] as const)('%s: exits 1 naming it', async ([, provider, path, reply, named], context) => {
    const { expect } = context;
    const servers = await startServers(context);
    servers[provider].on(path, reply);
    const run = await runScript({
      ...settings(servers),
      LIVE: '1',
      // The top pools alone: five GeckoTerminal calls, within its burst.
      GECKOTERMINAL_NEW_POOL_PAGES: '0',
    });
    const output = run.stdout + run.stderr;
    expect(run.code, output).toBe(1);
    expect(lastLine(run)).toBe(`1 adapter(s) delivered nothing: ${named}.`);
    expect(keysIn(output)).toEqual([]);
  });

  it('without LIVE=1 says how to run it and calls nothing', async (context) => {
    const { expect } = context;
    const servers = await startServers(context);
    const run = await runScript(settings(servers));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Run with LIVE=1 to do so: LIVE=1 npx tsx scripts/live-smoke.ts');
    expect(PROVIDERS.flatMap((name) => servers[name].requests)).toEqual([]);
  });
});
