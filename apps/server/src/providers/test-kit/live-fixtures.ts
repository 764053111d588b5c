import { readFileSync } from 'node:fs';
import { FixtureServer } from './fixture-server';

const readJson = (path: string): unknown =>
  JSON.parse(readFileSync(new URL(`../${path}`, import.meta.url), 'utf8'));

const TOAD = '0x3333333333333333333333333333333333333333';

/**
 * Fixture servers for GeckoTerminal, GoPlus and CoinGecko answering one eth network, one CEX
 * page and TOAD's report, and the settings of `RESEARCH_PROVIDER=live` that point at them.
 */
export async function startFixtureProviders() {
  const [gt, goplus, coingecko] = await Promise.all([
    FixtureServer.start(),
    FixtureServer.start(),
    FixtureServer.start(),
  ]);
  const evm = readJson('goplus/fixtures/evm-token-security.json') as {
    result: Record<string, unknown>;
  };
  const serve = () => {
    gt.on(
      '/networks/eth/pools',
      { body: readJson('geckoterminal/fixtures/eth-pools-page-1.json') },
      { body: { data: [] } },
    );
    gt.on('/networks/eth/new_pools', {
      body: readJson('geckoterminal/fixtures/eth-new-pools.json'),
    });
    gt.on('/networks/eth/tokens/multi/*', {
      body: readJson('geckoterminal/fixtures/eth-tokens-multi.json'),
    });
    goplus.on('/api/v1/token_security/1', {
      body: { code: 1, message: 'OK', result: { [TOAD]: evm.result[TOAD] } },
    });
    coingecko.on('/coins/markets', { body: readJson('cex/fixtures/coingecko-markets.json') });
    coingecko.on('/coins/list', { body: readJson('cex/fixtures/coingecko-coins-list.json') });
  };
  serve();
  return {
    gt,
    goplus,
    coingecko,
    /** Scripts the answers afresh (the pool list's pages are answered in order). */
    serve,
    env: {
      RESEARCH_PROVIDER: 'live',
      GECKOTERMINAL_URL: gt.url,
      GOPLUS_URL: goplus.url,
      GOPLUS_KEY: 'gp-scheduler-test',
      COINGECKO_URL: coingecko.url,
      BINANCE_URL: '',
      // The top and new pools only, and GoPlus alone: trending pools, DexScreener and the other
      // security engines have their own tests.
      GECKOTERMINAL_TRENDING_POOL_PAGES: '0',
      HONEYPOT_IS_URL: '',
      RUGCHECK_URL: '',
      SOURCIFY_URL: '',
      PROVIDER_TIMEOUT_MS: '300',
    },
    close: () => Promise.all([gt.close(), goplus.close(), coingecko.close()]),
  };
}
