/**
 * Wallet portfolio latency: GET getAllChainAssets across the ten local chains.
 *
 *   npx tsx bench/wallet-portfolio.ts
 *
 * Settings (environment): BENCH_REQUESTS (200 sequential requests), BENCH_CONCURRENCY (10),
 * BENCH_LOG_LEVEL (server log level while measuring, `warn`).
 *
 * What it does: starts the devnet (all ten chains, free ports, a temporary dir), the real app
 * (`buildApp`) on PGlite in a temporary dir listening on a free port, signs up a user, sets the
 * wallet password, generates both keys and funds them with the faucet's defaults on every chain.
 * Then it measures GET getAllChainAssets over HTTP: sequential requests, then the same number
 * with BENCH_CONCURRENCY in flight. Latencies are per response (exact percentiles).
 *
 * Benchmarks print figures; they do not fail. Client, server and chains share the machine's cores.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiPaths, type PortfolioResponse } from '@vaultscope/core';
import { DEVNET_EVM_CHAIN_IDS, DEVNET_SOLANA_CLUSTER_IDS, startDevnet } from '@vaultscope/devnet';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/lib/config';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn';

function log(message: string): void {
  console.log(`[bench] ${message}`);
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

function summary(label: string, samples: number[], wallMs: number): void {
  const sorted = [...samples].sort((a, b) => a - b);
  const fmt = (value: number) => value.toFixed(1);
  log(
    `${label}: n=${samples.length} p50=${fmt(percentile(sorted, 50))} ms ` +
      `p95=${fmt(percentile(sorted, 95))} ms p99=${fmt(percentile(sorted, 99))} ms ` +
      `max=${fmt(sorted.at(-1) ?? Number.NaN)} ms ` +
      `(${((samples.length / wallMs) * 1000).toFixed(0)} req/s)`,
  );
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'vaultscope-bench-wallet-'));
  const started = performance.now();
  // Without the local markets and their trade simulator: they would add load to the figures.
  const devnet = await startDevnet({
    dataDir: join(work, 'devnet'),
    basePort: 0,
    markets: false,
    trades: false,
  });
  log(`devnet: ten chains up in ${(performance.now() - started).toFixed(0)} ms`);
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'development',
      LOG_LEVEL,
      DATA_DIR: join(work, 'data'),
      WEB_DIST_DIR: join(work, 'no-web'),
      DEVNET: 'false',
    }),
    devnet,
    loadSnapshots: true,
  });
  try {
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const call = async (
      method: string,
      path: string,
      { token, body }: { token?: string; body?: unknown } = {},
    ) => {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
      return JSON.parse(text) as Record<string, unknown>;
    };

    const email = `bench.${Date.now()}@example.com`;
    const password = 'correct horse battery';
    await call('POST', '/api/user/signup', {
      body: {
        firstName: 'Bench',
        lastName: 'User',
        email,
        mobile: '+1 555 0100',
        country: 'Canada',
        password,
        confirmPassword: password,
      },
    });
    const login = await call('POST', '/api/user/login', { body: { email, password } });
    const token = (login.data as { token: string }).token;
    await call('POST', apiPaths.wallet.setPassword, {
      token,
      body: { password: 'wallet pass phrase 1' },
    });
    const evm = await call('POST', apiPaths.wallet.generateEvm, { token });
    const solana = await call('POST', apiPaths.wallet.generateSolana, { token });
    const evmAddress = (evm.data as { address: string }).address;
    const solanaAddress = (solana.data as { address: string }).address;
    const funding = performance.now();
    await Promise.all([
      ...DEVNET_EVM_CHAIN_IDS.map((chainId) => devnet.fundEvm(chainId, evmAddress)),
      ...DEVNET_SOLANA_CLUSTER_IDS.map((clusterId) => devnet.fundSolana(clusterId, solanaAddress)),
    ]);
    log(`funded on ten chains in ${(performance.now() - funding).toFixed(0)} ms`);

    const portfolio = () =>
      call('GET', apiPaths.wallet.allChainAssets, {
        token,
      }) as Promise<unknown> as Promise<PortfolioResponse>;
    const first = await portfolio();
    log(
      `portfolio: ${first.balances.length} balances, total $${first.totalUsdValue}, ` +
        `unavailable [${first.unavailableChains.join(',')}]`,
    );
    for (let i = 0; i < 10; i++) await portfolio(); // warm-up

    const timed = async () => {
      const t0 = performance.now();
      await portfolio();
      return performance.now() - t0;
    };
    const sequential: number[] = [];
    let wall = performance.now();
    for (let i = 0; i < REQUESTS; i++) sequential.push(await timed());
    summary('sequential', sequential, performance.now() - wall);

    const concurrent: number[] = [];
    let next = 0;
    wall = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next++ < REQUESTS) concurrent.push(await timed());
      }),
    );
    summary(`${CONCURRENCY} concurrent`, concurrent, performance.now() - wall);
  } finally {
    await app.close();
    await devnet.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
