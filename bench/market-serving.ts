/**
 * Serving the indexed market (issue 13), the serving half of `npm run bench:indexer`:
 *
 *   npx tsx bench/market-serving.ts     (or through bench/indexer.ts, which calls runMarketServing)
 *
 * Settings (environment): BENCH_SWAPS (30 measured swaps), BENCH_DURATION seconds of load (15),
 * BENCH_CONNECTIONS (50), BENCH_TRADE_MS (pace of the live trades during the load, 250 ms),
 * BENCH_CACHE_SECONDS (the server's response cache, 10 as by default; 0 measures the uncached
 * path).
 *
 * What it does: the real server in a process of its own on an empty PGlite database, pointed at a
 * local Ethereum with its Uniswap V2 market (packages/devnet) by RPC_URL_1 and DEX_CONFIG_FILE,
 * with its own indexer on it:
 * 1. Freshness: BENCH_SWAPS buys through the router, one at a time; for each, the time from its
 *    block (the receipt, Anvil mining at once) until `/check-token?chainName=eth` and the token's
 *    detail each show a price other than before. Goal: p95 <= 2 s.
 * 2. List under live updates: autocannon with BENCH_CONNECTIONS connections on `/check-token`
 *    (rotating filters and pages) while the trade simulator swaps every BENCH_TRADE_MS and the
 *    index takes each block; p50/p95/p99 of every response. Goal: p95 <= 10 ms.
 *
 * Benchmarks print figures; they do not fail. Client, server, indexer and chain share the cores.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createWalletClient, http, parseEther, publicActions, type Address } from 'viem';
import { apiPaths, tokenDetailResponseSchema, tokenListResponseSchema } from '@vaultscope/core';
import {
  DEVNET_EVM_OWNER,
  devnetViemChain,
  startDevnet,
  startTradeSimulator,
  uniswapV2RouterAbi,
} from '@vaultscope/devnet';
import { startServer, stopServer } from './server-process';

const SWAPS = Number(process.env.BENCH_SWAPS ?? 30);
const DURATION = Number(process.env.BENCH_DURATION ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const TRADE_MS = Number(process.env.BENCH_TRADE_MS ?? 250);
const CACHE_SECONDS = process.env.BENCH_CACHE_SECONDS ?? '10';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;

/** Runs both measurements and prints their figures. */
export async function runMarketServing(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vaultscope-bench-market-'));
  const devnet = await startDevnet({
    dataDir: path.join(dataDir, 'devnet'),
    basePort: 0,
    chains: [1],
    markets: true,
    trades: false,
  });
  // The server in its own process, as in production: the load generator below must not share
  // its event loop. It reaches the local chain as any node, through RPC_URL_1 and a DEX file
  // naming the local market, so it indexes and scans a DEX it did not deploy.
  const dexFile = path.join(dataDir, 'dexes.json');
  writeFileSync(dexFile, JSON.stringify({ 1: devnet.dexConfig[1] }));
  const server = await startServer(
    {
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      DEVNET: 'false',
      DEV_TOOLS: 'false',
      WEB_DIST_DIR: '/nonexistent-web-dist',
      RPC_URL_1: devnet.rpcUrl(1),
      DEX_CONFIG_FILE: dexFile,
      // The app's own indexer follows the chain, as under `npm start`; the analyzer scans only
      // what a detail asks for, so its forks do not share the cores with the measured serving.
      INDEXER: 'true',
      ANALYZER_SCAN_INDEXED: 'false',
      RESEARCH_CACHE_SECONDS: CACHE_SECONDS,
    },
    path.join(dataDir, 'server.log'),
  );
  const market = devnet.markets[1]!;
  try {
    const base = server.url;
    const weth = market.wrappedNative.address;
    const pool = market.pools
      .filter((item) => item.quote.address === weth)
      .sort((a, b) => b.liquidityUsd - a.liquidityUsd)[0]!;
    const token = pool.base.address;
    const listUrl = `${base}${apiPaths.tokens.checkToken}?chainName=eth&page_size=100`;
    const detailUrl = `${base}${apiPaths.tokens.details(token)}?network=eth`;
    const listPrice = async () => {
      const body = tokenListResponseSchema.parse(await (await fetch(listUrl)).json());
      return body.tokenDetails.find((row) => row.tokenAddress === token)?.price ?? null;
    };
    const detailPrice = async () => {
      const response = await fetch(detailUrl);
      if (response.status !== 200) return null;
      return tokenDetailResponseSchema.parse(await response.json()).price;
    };
    // The market's history indexed and the token's first detail scanned by the analyzer.
    const ready = Date.now();
    while ((await listPrice()) === null || (await detailPrice()) === null) {
      if (Date.now() - ready > 120_000) throw new Error('the indexed token never showed');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    console.log(`market indexed and token scanned in ${ms(Date.now() - ready)}`);

    const wallet = createWalletClient({
      account: DEVNET_EVM_OWNER,
      chain: devnetViemChain(1, devnet.rpcUrl(1)),
      transport: http(devnet.rpcUrl(1)),
    }).extend(publicActions);
    const list: number[] = [];
    const detail: number[] = [];
    for (let swap = 0; swap < SWAPS; swap += 1) {
      const [listBefore, detailBefore] = [await listPrice(), await detailPrice()];
      const hash = await wallet.writeContract({
        address: market.dex.router as Address,
        abi: uniswapV2RouterAbi,
        functionName: 'swapExactETHForTokens',
        args: [0n, [weth, token], DEVNET_EVM_OWNER, BigInt(Math.floor(Date.now() / 1000) + 600)],
        value: parseEther('0.05'),
        // No estimate: a pair's first swap in a new second writes its price accumulators too,
        // so an estimate taken a second earlier runs out of gas (see the trade simulator).
        gas: 5_000_000n,
      });
      const receipt = await wallet.waitForTransactionReceipt({ hash, pollingInterval: 5 });
      if (receipt.status !== 'success') throw new Error(`swap ${hash} reverted`);
      const mined = performance.now();
      let listAt: number | undefined;
      let detailAt: number | undefined;
      while (
        (listAt === undefined || detailAt === undefined) &&
        performance.now() - mined < 10_000
      ) {
        const [nowList, nowDetail] = await Promise.all([listPrice(), detailPrice()]);
        if (listAt === undefined && nowList !== listBefore) listAt = performance.now() - mined;
        if (detailAt === undefined && nowDetail !== detailBefore)
          detailAt = performance.now() - mined;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      list.push(listAt ?? Number.POSITIVE_INFINITY);
      detail.push(detailAt ?? Number.POSITIVE_INFINITY);
    }
    console.log(
      `\nfreshness, swap's block to the new price shown (${SWAPS} swaps; goal p95 <= 2 s)`,
    );
    for (const [name, values] of [
      ['list', list],
      ['detail', detail],
    ] as const) {
      console.log(
        `  ${name.padEnd(7)} p50 ${ms(percentile(values, 50))}  p95 ${ms(percentile(values, 95))}  max ${ms(Math.max(...values))}`,
      );
    }

    // The list under load while the market trades and the index takes every block.
    const trader = startTradeSimulator([{ chainId: 1, rpcUrl: devnet.rpcUrl(1), market }], {
      intervalMs: TRADE_MS,
      launchEvery: 1_000,
    });
    const filters = [
      'chainName=eth',
      'chainName=all',
      'liquidity=10k-100k',
      'volume=all&score=all',
    ];
    const paths = ['/check-token', '/fetch-top', '/new-pools'];
    let n = 0;
    const latencies: number[] = [];
    const result = await new Promise<autocannon.Result>((resolveRun, reject) => {
      const instance = autocannon(
        {
          url: base,
          connections: CONNECTIONS,
          duration: DURATION,
          requests: [
            {
              method: 'GET',
              setupRequest: (request) => {
                n += 1;
                const query = `${filters[n % filters.length]}&page=${(n % 3) + 1}`;
                return { ...request, path: `${paths[n % paths.length]}?${query}` };
              },
            },
          ],
        },
        (error, finished) => (error ? reject(error) : resolveRun(finished)),
      );
      instance.on('response', (_client, _status, _bytes, responseTime) => {
        latencies.push(responseTime);
      });
    });
    await trader.stop();
    console.log(
      `\nlist under ${CONNECTIONS} connections for ${DURATION} s while trading every ${TRADE_MS} ms, response cache ${CACHE_SECONDS === '0' ? 'off' : `${CACHE_SECONDS} s`} (goal p95 <= 10 ms)`,
    );
    console.log(
      `  ${Math.round(result.requests.average)} req/s, p50 ${ms(percentile(latencies, 50))}  p95 ${ms(percentile(latencies, 95))}  p99 ${ms(percentile(latencies, 99))}, errors ${result.errors + result.non2xx}`,
    );
  } finally {
    await stopServer(server);
    await devnet.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runMarketServing().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
