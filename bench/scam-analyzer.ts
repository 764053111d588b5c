/**
 * Scam analyzer: accuracy over the scenario corpus and scan times, through the real server.
 *
 *   npx tsx bench/scam-analyzer.ts        (npm run bench:analyzer)
 *
 * Settings (environment): BENCH_CACHED_REPEATS (10 detail requests per scanned token),
 * BENCH_POLL_MS (50, the interval of the polling through the 404), BENCH_LOG_LEVEL (`warn`).
 *
 * What it does: starts the devnet for chain 1 only, with its local market and without the trade
 * simulator, deploys every EVM scenario token with a pool on that market (as
 * evm-trading-simulation.test.ts does) and a LiteSVM cluster with every Solana scenario mint
 * (`startSolanaScenarioCluster`, given to the server as `RPC_URL_101`), then starts the real app
 * (`buildApp`, PGlite in a temporary dir) on a free port. Each token is asked for by
 * GET /get-token-details/{address}?network=… over HTTP, polled through the 404 'will get back
 * shortly' as the screen does, one token at a time; its first-scan time is from the first request
 * to the 200. Then its detail is asked for again: the first time after the 200 (the stored
 * report) and the next ones (which the server may answer from its response cache) apart.
 * Each token's requests carry their own X-Forwarded-For (TRUST_PROXY on) so that the per-address
 * limit of new scans does not stop the corpus.
 *
 * Accuracy: per report field, over the tokens whose manifest scores it, a field is expected risky
 * when the manifest's value is the risky one (1, or a tax > 0) and predicted risky when the
 * report's is (1, or a tax > TAX_TOLERANCE). Precision = TP / (TP + FP), recall = TP / (TP + FN);
 * a null (unknown) answer is never a predicted risk, so on a risky field it counts as a miss for
 * recall, and it is also counted in its own column. Solana is scored on the fields of core's
 * report (the analyzer's `solana` part, metadata and the holder share are not in the detail).
 *
 * Benchmarks print figures; they do not fail. Client, server and chains share the machine's cores.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiPaths } from '@vaultscope/core';
import {
  DEVNET_EVM_OWNER,
  deployScenarioWithPool,
  devnetViemChain,
  SCENARIOS,
  SOLANA_SCENARIOS,
  startDevnet,
  startSolanaScenarioCluster,
  TAX_TOLERANCE,
} from '@vaultscope/devnet';
import { createWalletClient, http, publicActions } from 'viem';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/lib/config';

const CACHED_REPEATS = Number(process.env.BENCH_CACHED_REPEATS ?? 10);
const POLL_MS = Number(process.env.BENCH_POLL_MS ?? 50);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn';
const CHAIN_ID = 1;
const SOLANA_CLUSTER_ID = 101;
const TAX_FIELDS = new Set(['buy_tax', 'sell_tax']);

function log(message: string): void {
  console.log(`[bench] ${message}`);
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

function times(label: string, samples: number[]): void {
  const sorted = [...samples].sort((a, b) => a - b);
  const fmt = (value: number) => value.toFixed(1);
  log(
    `${label}: n=${samples.length} p50=${fmt(percentile(sorted, 50))} ms ` +
      `p95=${fmt(percentile(sorted, 95))} ms max=${fmt(sorted.at(-1) ?? Number.NaN)} ms`,
  );
}

interface Tally {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
  nulls: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isRisky = (field: string, value: unknown, tolerance: number): boolean =>
  TAX_FIELDS.has(field)
    ? typeof value === 'number' && value > tolerance
    : value === 1 || value === '1';

/** The token being scored, named in the false positives and misses printed. */
let currentToken = '';

function score(tallies: Map<string, Tally>, field: string, expected: unknown, actual: unknown) {
  const tally = tallies.get(field) ?? { tp: 0, fp: 0, fn: 0, tn: 0, nulls: 0 };
  tallies.set(field, tally);
  const wanted = isRisky(field, expected, 0);
  const found = actual !== null && actual !== undefined && isRisky(field, actual, TAX_TOLERANCE);
  if (actual === null || actual === undefined) tally.nulls++;
  if (wanted && found) tally.tp++;
  else if (found) {
    tally.fp++;
    log(`false positive: ${field} of ${currentToken}`);
  } else if (wanted) {
    tally.fn++;
    log(`missed: ${field} of ${currentToken}`);
  } else tally.tn++;
}

function printTallies(label: string, tallies: Map<string, Tally>): void {
  log(`${label}: field                      precision recall   TP FP FN TN null`);
  const ratio = (a: number, b: number) => (b === 0 ? '   -  ' : (a / b).toFixed(2).padStart(6));
  let all: Tally = { tp: 0, fp: 0, fn: 0, tn: 0, nulls: 0 };
  for (const [field, t] of tallies) {
    all = {
      tp: all.tp + t.tp,
      fp: all.fp + t.fp,
      fn: all.fn + t.fn,
      tn: all.tn + t.tn,
      nulls: all.nulls + t.nulls,
    };
    log(
      `${label}: ${field.padEnd(26)} ${ratio(t.tp, t.tp + t.fp)}    ${ratio(t.tp, t.tp + t.fn)}` +
        `  ${[t.tp, t.fp, t.fn, t.tn, t.nulls].map((n) => String(n).padStart(2)).join(' ')}`,
    );
  }
  log(
    `${label}: ${'all fields'.padEnd(26)} ${ratio(all.tp, all.tp + all.fp)}    ` +
      `${ratio(all.tp, all.tp + all.fn)}  ` +
      [all.tp, all.fp, all.fn, all.tn, all.nulls].map((n) => String(n).padStart(2)).join(' '),
  );
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'vaultscope-bench-analyzer-'));
  let started = performance.now();
  const devnet = await startDevnet({
    dataDir: join(work, 'devnet'),
    basePort: 0,
    chains: [CHAIN_ID],
    markets: true,
    trades: false,
  });
  const cluster = await startSolanaScenarioCluster(SOLANA_CLUSTER_ID);
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    log(
      `devnet chain ${CHAIN_ID} with its market and the Solana scenario cluster up in ${(performance.now() - started).toFixed(0)} ms`,
    );
    started = performance.now();
    const rpcUrl = devnet.rpcUrl(CHAIN_ID);
    const deployer = createWalletClient({
      account: DEVNET_EVM_OWNER,
      chain: devnetViemChain(CHAIN_ID, rpcUrl),
      transport: http(rpcUrl),
      pollingInterval: 20,
    }).extend(publicActions);
    const market = devnet.markets[CHAIN_ID]!;
    const evmTokens: { name: string; address: string; expected: Record<string, unknown> }[] = [];
    for (const scenario of SCENARIOS) {
      const options = scenario.risky
        ? { supplyBps: 5_000, lp: { burnBps: 5_000, lockBps: 3_000, lockDays: 30 } }
        : { supplyBps: 9_900, lp: { burnBps: 6_000, lockBps: 4_000, lockDays: 365 } };
      const deployed = await deployScenarioWithPool(deployer, scenario.name, market, options);
      evmTokens.push({
        name: scenario.name,
        address: deployed.address,
        expected: {
          ...scenario.expected.code,
          ...scenario.expected.privileges,
          ...scenario.expected.trading,
        },
      });
    }
    log(
      `${evmTokens.length} EVM scenario tokens deployed with pools in ${(performance.now() - started).toFixed(0)} ms`,
    );

    app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'development',
        LOG_LEVEL,
        DATA_DIR: join(work, 'data'),
        WEB_DIST_DIR: join(work, 'no-web'),
        DEVNET: 'false',
        DEV_TOOLS: 'false',
        TRUST_PROXY: 'true',
        // Only the measured scans run: no indexer, no background scans of indexed tokens.
        INDEXER: 'false',
        ANALYZER_SCAN_INDEXED: 'false',
        [`RPC_URL_${SOLANA_CLUSTER_ID}`]: cluster.rpcUrl,
      }),
      devnet,
      loadSnapshots: false,
    });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });

    let client = 0;
    const get = async (url: string, forwardedFor: string) => {
      const response = await fetch(`${base}${url}`, {
        headers: { 'x-forwarded-for': forwardedFor },
      });
      const body = (await response.json()) as Record<string, unknown>;
      return { status: response.status, body };
    };
    /** First scan: polls through the 404 as the screen does; then the stored detail, repeatedly. */
    const scan = async (address: string, network: string) => {
      const url = `${apiPaths.tokens.details(address)}?network=${network}`;
      const from = `10.0.${Math.floor(++client / 250)}.${client % 250}`;
      const t0 = performance.now();
      for (;;) {
        const { status, body } = await get(url, from);
        if (status === 200) break;
        if (status !== 404) throw new Error(`${url}: ${status} ${JSON.stringify(body)}`);
        if (performance.now() - t0 > 180_000) throw new Error(`${url}: the scan never landed`);
        await sleep(POLL_MS);
      }
      const first = performance.now() - t0;
      const cached: number[] = [];
      let detail: Record<string, unknown> = {};
      for (let i = 0; i < CACHED_REPEATS; i++) {
        const t1 = performance.now();
        detail = (await get(url, from)).body;
        cached.push(performance.now() - t1);
      }
      return { first, cached, report: detail.tokenDetails as Record<string, unknown> };
    };

    const evmFirst: number[] = [];
    const evmCached: number[] = [];
    const evmStored: number[] = [];
    const evmTallies = new Map<string, Tally>();
    for (const token of evmTokens) {
      const result = await scan(token.address, 'eth');
      evmFirst.push(result.first);
      evmStored.push(result.cached[0]!);
      evmCached.push(...result.cached.slice(1));
      currentToken = token.name;
      for (const [field, expected] of Object.entries(token.expected))
        score(evmTallies, field, expected, result.report[field]);
      log(`evm ${token.name}: first scan ${result.first.toFixed(0)} ms`);
    }

    const solanaFirst: number[] = [];
    const solanaCached: number[] = [];
    const solanaStored: number[] = [];
    const solanaTallies = new Map<string, Tally>();
    for (const scenario of SOLANA_SCENARIOS) {
      const result = await scan(cluster.mints[scenario.name].mint, 'solana');
      currentToken = scenario.name;
      solanaFirst.push(result.first);
      solanaStored.push(result.cached[0]!);
      solanaCached.push(...result.cached.slice(1));
      const report = result.report;
      const status = (value: unknown) => (value as { status?: unknown } | null)?.status ?? null;
      // The report names a mint's powers as GoPlus's Solana fields; the manifest by the EVM
      // fields of the same meaning (the fee on every transfer is the buy and the sell tax).
      const fee = report.transfer_fee as { current_fee_rate?: { fee_rate?: number } | null } | null;
      const feeRate = fee === null ? null : (fee.current_fee_rate?.fee_rate ?? 0);
      const hook = report.transfer_hook as unknown[] | null;
      const state = report.default_account_state;
      const actual: Record<string, unknown> = {
        mintable: status(report.mintable),
        freezable: status(report.freezable),
        non_transferable: report.non_transferable,
        buy_tax: feeRate,
        sell_tax: feeRate,
        slippage_modifiable: status(report.transfer_fee_upgradable),
        owner_change_balance: status(report.balance_mutable_authority),
        external_call: hook === null ? null : hook.length > 0 ? 1 : 0,
        is_whitelisted: state === null || state === undefined ? null : state === 2 ? 1 : 0,
        metadata_mutable: status(report.metadata_mutable),
      };
      for (const [field, value] of Object.entries(actual))
        score(
          solanaTallies,
          field,
          scenario.expected[field as keyof typeof scenario.expected],
          value,
        );
      log(`solana ${scenario.name}: first scan ${result.first.toFixed(0)} ms`);
    }

    log(
      `--- accuracy (${evmTokens.length} EVM tokens, ${SOLANA_SCENARIOS.length} Solana mints; null counts as no risk found, so a miss for recall)`,
    );
    printTallies('evm', evmTallies);
    printTallies('solana', solanaTallies);
    log(`--- scan times (polling every ${POLL_MS} ms, one token at a time)`);
    times('evm never-seen token (first scan)', evmFirst);
    times('evm stored report, first detail after the scan', evmStored);
    times(`evm cached detail (the next ${CACHED_REPEATS - 1} per token)`, evmCached);
    times('solana never-seen mint (first scan)', solanaFirst);
    times('solana stored report, first detail after the scan', solanaStored);
    times(`solana cached detail (the next ${CACHED_REPEATS - 1} per mint)`, solanaCached);
  } finally {
    await app?.close();
    await cluster.close();
    await devnet.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
