/**
 * Checks the live research adapters against the real services (issue 10), for a person with
 * internet access; not part of `npm test`. Reads the same settings as the server (`.env` and the
 * environment: `GECKOTERMINAL_URL`, `DEX_PROVIDER`, `DEXSCREENER_URL`, `GOPLUS_URL`, `GOPLUS_KEY`,
 * `HONEYPOT_IS_URL`, `RUGCHECK_URL`, `SOURCIFY_URL`, `ETHERSCAN_KEY`, `COINGECKO_URL`,
 * `COINGECKO_KEY`, `BINANCE_URL`, …), one page of each list by default, and prints what each adapter and security engine delivered.
 *
 *   LIVE=1 npx tsx scripts/live-smoke.ts
 *
 * Exits 1 when an adapter or a configured engine delivered nothing. Keys are never printed.
 */
import { CHAIN_CODE_VALUES, addressKey, type ChainCode } from '@vaultscope/core';
import { loadConfig, loadDotEnv } from '../apps/server/src/lib/config';
import {
  DexScreenerDexProvider,
  dexScreenerEndpoints,
} from '../apps/server/src/providers/dexscreener/dexscreener';
import { HONEYPOT_IS_CHAINS } from '../apps/server/src/providers/honeypot-is/honeypot-is';
import {
  ProviderClient,
  type ProviderLog,
} from '../apps/server/src/providers/http/provider-client';
import { createResearchProviders } from '../apps/server/src/research-providers';

/** Tokens per chain whose security report is asked for (GoPlus without a key: one per call). */
const REPORTS_PER_CHAIN = 3;
/** The chains each security engine answers for. */
const ENGINE_CHAINS: Record<string, readonly ChainCode[]> = {
  goplus: ['eth', 'bsc', 'solana', 'avax', 'polygon_pos'],
  'honeypot-is': HONEYPOT_IS_CHAINS,
  rugcheck: ['solana'],
  'source-verification': ['eth', 'bsc', 'avax', 'polygon_pos'],
};

async function main(): Promise<number> {
  if (process.env.LIVE !== '1') {
    console.log(
      'Calls the real GeckoTerminal, DexScreener, GoPlus, Honeypot.is, RugCheck, Sourcify, CoinGecko and Binance APIs.',
    );
    console.log('Run with LIVE=1 to do so: LIVE=1 npx tsx scripts/live-smoke.ts');
    return 0;
  }
  loadDotEnv();
  const config = loadConfig({
    GECKOTERMINAL_POOL_PAGES: '1',
    GECKOTERMINAL_NEW_POOL_PAGES: '1',
    COINGECKO_MARKET_PAGES: '1',
    ...process.env,
    RESEARCH_PROVIDER: 'live',
    NODE_ENV: 'development',
    // No server listens here: the dev tools' checks of HOST and TRUST_PROXY would refuse a
    // deployment's settings (HOST=0.0.0.0) that the adapters do not read.
    DEV_TOOLS: 'false',
  });
  const log: ProviderLog = {
    warn: ((obj: unknown, msg: string) =>
      console.warn(`  warn: ${msg} ${JSON.stringify(obj)}`)) as never,
  };
  const providers = createResearchProviders(config, { log });
  const now = new Date();
  /** What delivered nothing, named in the last line. */
  const failed: string[] = [];

  const dexStarted = performance.now();
  const dex = await providers.dex.fetchDex(now).catch((error: unknown) => {
    console.error(`DEX (${providers.dex.name}) failed: ${(error as Error).message}`);
    return null;
  });
  if (dex) {
    console.log(
      `DEX (${providers.dex.name}): ${dex.tokens.length} tokens, ${dex.pools.length} pools in ${seconds(dexStarted)}`,
    );
    const byChain = countBy(dex.pools.map((pool) => pool.chainName));
    console.log(`  pools per chain: ${JSON.stringify(byChain)}`);
    const newest = [...dex.pools].sort((a, b) =>
      b.pool_created_at.localeCompare(a.pool_created_at),
    )[0];
    if (newest) {
      console.log(
        `  newest pool: ${newest.chainName} ${newest.name} created ${newest.pool_created_at}, ` +
          `$${newest.base_token_price_usd} price, $${newest.reserve_in_usd} liquidity`,
      );
    }
  }
  if (!dex || dex.pools.length === 0) failed.push(`DEX (${providers.dex.name})`);

  const deepest = [...(dex?.pools ?? [])].sort((a, b) => b.reserve_in_usd - a.reserve_in_usd)[0];
  if (deepest && providers.dex.fetchCandles) {
    const candles = await providers.dex
      .fetchCandles(deepest.chainName, deepest.address, '1h', { limit: 24 })
      .catch((error: unknown) => {
        console.error(`  candles failed: ${(error as Error).message}`);
        return [];
      });
    console.log(`  ${candles.length} hourly candles of ${deepest.name}`);
    if (candles.length === 0) failed.push(`candles (${providers.dex.name})`);
  }

  const reportTokens: { chainName: ChainCode; address: string }[] = [];
  /** The DEX's symbol of each token asked about, by chain and address key. */
  const symbols = new Map<string, string | null>();
  const keyOf = (token: { chainName: ChainCode; address: string }) =>
    `${token.chainName}:${addressKey(token.chainName, token.address)}`;
  for (const token of dex?.tokens ?? []) {
    if (reportTokens.filter((t) => t.chainName === token.chainName).length < REPORTS_PER_CHAIN) {
      reportTokens.push({ chainName: token.chainName, address: token.address });
      symbols.set(keyOf(token), token.symbol);
    }
  }
  const reportsStarted = performance.now();
  const reports = await providers.security.fetchReports(reportTokens);
  // Each engine reports a token on its own: tokens reported, not reports, against tokens asked.
  const reported = new Set(reports.map(keyOf)).size;
  console.log(
    `Security (${providers.security.name}): ${reported} of ${reportTokens.length} tokens reported ` +
      `(${reports.length} reports) in ${seconds(reportsStarted)}`,
  );
  const byEngine = countBy(reports.map((report) => report.engine ?? providers.security.name));
  console.log(`  reports per engine: ${JSON.stringify(byEngine)}`);
  for (const report of reports.slice(0, 8)) {
    const { is_honeypot, buy_tax, sell_tax, is_open_source, mintable } = report.report;
    console.log(
      `  ${report.engine ?? providers.security.name} ${report.chainName} ${symbols.get(keyOf(report)) ?? report.symbol ?? '?'}: honeypot ${String(is_honeypot)}, taxes ` +
        `${String(buy_tax)}/${String(sell_tax)}, open source ${String(is_open_source)}, ` +
        `mint authority ${String(mintable?.status ?? null)}`,
    );
  }
  if (reportTokens.length > 0 && reports.length === 0)
    failed.push(`Security (${providers.security.name})`);
  // Each configured engine that had tokens on its chains must have answered one.
  const asked = new Set(reportTokens.map((token) => token.chainName));
  for (const [engine, chains] of Object.entries(ENGINE_CHAINS)) {
    if (!providers.security.name.split('+').includes(engine)) continue;
    if (chains.some((chain) => asked.has(chain)) && !byEngine[engine]) {
      console.error(`  ${engine} reported no token`);
      failed.push(engine);
    }
  }

  // DexScreener's token pairs and search, whichever DEX_PROVIDER lists the pools.
  if (config.DEXSCREENER_URL) {
    const endpoints = dexScreenerEndpoints(config.DEXSCREENER_URL);
    const timeoutMs = config.PROVIDER_TIMEOUT_MS;
    const dexscreener = new DexScreenerDexProvider({
      profiles: new ProviderClient({ ...endpoints.profiles, timeoutMs, log }),
      pairs: new ProviderClient({ ...endpoints.pairs, timeoutMs, log }),
      tokenFacts: async () => ({ facts: new Map(), complete: true }),
      chains: CHAIN_CODE_VALUES,
      log,
    });
    const dsStarted = performance.now();
    const probe = dex?.tokens[0];
    const pairs = probe ? await dexscreener.tokenPairs(probe.chainName, probe.address) : [];
    const found = await dexscreener.search('WETH');
    console.log(
      `DexScreener: ${pairs.length} pools of ${probe?.symbol ?? 'no token'}, ${found.length} pools found for "WETH" in ${seconds(dsStarted)}`,
    );
    if (found.length === 0) failed.push('DexScreener search');
  }

  const cexStarted = performance.now();
  const markets = await providers.cex.fetchMarkets(now).then(
    (listing) => listing.markets,
    (error: unknown) => {
      console.error(`CEX (${providers.cex.name}) failed: ${(error as Error).message}`);
      return null;
    },
  );
  if (markets) {
    const withContracts = markets.filter((m) => Object.keys(m.platforms).length > 0).length;
    console.log(
      `CEX (${providers.cex.name}): ${markets.length} markets, ${withContracts} with a research-chain contract, in ${seconds(cexStarted)}`,
    );
    for (const market of markets.slice(0, 3)) {
      console.log(
        `  #${String(market.market_cap_rank)} ${market.symbol}: $${String(market.current_price)}, ` +
          `24 h ${String(market.price_change_percentage_24h_in_currency)} %`,
      );
    }
  }
  if (!markets || markets.length === 0) failed.push(`CEX (${providers.cex.name})`);

  console.log(
    failed.length === 0
      ? 'All adapters delivered.'
      : `${failed.length} adapter(s) delivered nothing: ${failed.join(', ')}.`,
  );
  return failed.length === 0 ? 0 : 1;
}

function seconds(started: number): string {
  return `${((performance.now() - started) / 1000).toFixed(1)} s`;
}

function countBy(values: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
