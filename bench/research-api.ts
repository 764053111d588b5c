/**
 * Token research API under load: 100,000 pools, the real server, 50 concurrent connections.
 *
 *   npm run bench                                   PGlite, and PostgreSQL when a URL is set
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:54330/postgres npm run bench
 *
 * Settings (environment): BENCH_POOLS (100000), BENCH_DURATION seconds per scenario (15),
 * BENCH_CONNECTIONS (50), BENCH_DATABASE_URL or TEST_DATABASE_URL (a PostgreSQL server where a
 * scratch database is created and dropped), BENCH_ONLY (`pglite` or `postgres`),
 * BENCH_LOG_LEVEL (server log level while measuring, `warn`), BENCH_MODES (`on,off`: the
 * response cache on, off or both), BENCH_CACHE_SECONDS (10), BENCH_SETTLE_SECONDS (5: a load of
 * every scenario's paths before the first, printed, not counted; 0 skips it), BENCH_SCENARIOS
 * (`list,detail`: which scenarios run; the bare route measures its three answers),
 * BENCH_PGLITE_DIR (a PGlite data directory kept between runs: loaded on its first run, reused by
 * the next ones, which then skip the two minutes of loading; by default a scratch directory is
 * loaded and removed each run).
 *
 * What it does:
 * 1. Builds the data once with the seeded snapshot generator (`scripts/snapshot/generate.ts`)
 *    and caches it in .tmp/bench/: enough tokens for the pool count, surplus second pools
 *    dropped so the file holds exactly BENCH_POOLS pools.
 * 2. Per database: starts the real server (`apps/server/src/server.ts`) on an empty database,
 *    which loads the file on first start (the figures of that load are printed, and the token
 *    detail model's load: tokens, time, heap before and after), stops it,
 *    starts it again as a normal restart, waits for its detail model (loaded in the background
 *    after listen, `/api/health`'s `detailModel`), runs the settling load (every scenario's
 *    paths for BENCH_SETTLE_SECONDS, printed, not counted: see `settle`), and measures with
 *    autocannon:
 *    - list: `/check-token`, `/fetch-top`, `/new-pools` with a rotating mix of filters (chain,
 *      age, score, liquidity, volume bands) and pages 1-5 of 20, seeded so runs compare; the
 *      mix holds short and empty pages too (each answer's mean size is printed), so
 *      `/check-token` is also asked for the bare route's own full page alone, like for like;
 *    - detail: `/get-token-details/{address}?network=` of 2,000 different tokens, and the first
 *      of them alone, like for like with the bare route's single detail.
 *    Latencies are recorded per response (exact percentiles, not autocannon's buckets).
 * 3. The ceiling, in the same run, after the same settling load: a bare Fastify route
 *    (`bench/bare-route-server.ts`, its own process) answering from memory, serialised per
 *    request, under the same load; each scenario's req/s is printed as a share of its own
 *    ceiling ("of bare route"), and beside it the ceiling's own p95 ("bare route p95 ms"): with
 *    50 connections on 2 cores most of a p95 is queueing beside the load generator, so a p95
 *    reads against what the bare route got:
 *    - the list scenarios: the bare route's list page (a full page of 20 rows);
 *    - the detail mix: the bare route answering each of the 2,000 tokens its own detail, found
 *      by the path's id and network. This is the mix's honest ceiling: the same bodies for the
 *      same URLs, so what is left between the two is our work (the model, the hooks, the
 *      headers). The first token's detail for every id, the ceiling before, is a body of one
 *      size (2,723 bytes) where the mix's differ (a report's holders, pools and evidence:
 *      2,946 bytes on average), and writing, sending and parsing an answer grows with its size;
 *    - the first token alone: the bare route's single detail for every id, the same body both
 *      sides. Our answers also carry the security headers (555 bytes), which the bare route
 *      does not send: the mean sizes printed include headers.
 *
 * Benchmarks print figures; they do not fail. Client and server share the machine's cores.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import type { HealthResponse, ResearchSnapshot, TokenListResponse } from '@vaultscope/core';
import { createPostgresTestDatabase } from '../apps/server/src/test/test-app';
import { DEFAULT_SNAPSHOT_OPTIONS, generateSnapshot } from '../scripts/snapshot/generate';
import { Random } from '../scripts/snapshot/prng';
import { ROOT, startServer as startServerProcess, stopServer } from './server-process';

const WORK = join(ROOT, '.tmp/bench');
/** The API only: no web build is served while measuring. */
const startServer = (env: Record<string, string>, logFile: string, script?: string) =>
  startServerProcess({ WEB_DIST_DIR: join(WORK, 'no-web-build'), ...env }, logFile, script);
/** A numeric setting from the environment; a value that is not a number stops the bench. */
function numberSetting(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value)) throw new Error(`${name} must be a number of seconds or a count`);
  return value;
}
const POOLS = numberSetting('BENCH_POOLS', 100_000);
const DURATION = numberSetting('BENCH_DURATION', 15);
const SETTLE_SECONDS = numberSetting('BENCH_SETTLE_SECONDS', 5);
const CONNECTIONS = numberSetting('BENCH_CONNECTIONS', 50);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn';
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const ONLY = process.env.BENCH_ONLY;
/** Each scenario runs with the server's response cache on (its default) and off (BENCH_MODES=on,off). */
const CACHE_MODES: [string, string][] = (
  [
    ['on', 'cache on', process.env.BENCH_CACHE_SECONDS ?? '10'],
    ['off', 'cache off', '0'],
  ] as const
)
  .filter(([mode]) => (process.env.BENCH_MODES ?? 'on,off').split(',').includes(mode))
  .map(([, label, seconds]) => [label, seconds]);
/** The kinds of scenario measured (BENCH_SCENARIOS): `list`, `detail` or both. */
const SCENARIO_KINDS = (process.env.BENCH_SCENARIOS ?? 'list,detail').split(',');
const measures = (scenario: string) => SCENARIO_KINDS.some((kind) => scenario.startsWith(kind));
/** Pools per token of the generator (about 18 % of tokens have a second pool). */
const POOLS_PER_TOKEN = 1.14;

function log(message: string): void {
  console.log(`[bench] ${message}`);
}

/** The research snapshot with exactly `pools` pools, generated once and cached. */
function benchSnapshotFile(pools: number): string {
  const file = join(WORK, `research-${pools}-pools.json.gz`);
  if (existsSync(file)) return file;
  mkdirSync(WORK, { recursive: true });
  const started = performance.now();
  const dexTokens = Math.ceil(pools / POOLS_PER_TOKEN);
  log(`generating ${dexTokens} tokens with the seeded generator (about a minute)...`);
  const { snapshot } = generateSnapshot({ ...DEFAULT_SNAPSHOT_OPTIONS, dexTokens });
  trimPools(snapshot, pools);
  writeFileSync(file, gzipSync(Buffer.from(JSON.stringify(snapshot)), { level: 1 }));
  log(
    `wrote ${file}: ${snapshot.dex.tokens.length} tokens, ${snapshot.dex.pools.length} pools ` +
      `in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return file;
}

/** Drops second pools from the end until `target` remain; every token keeps its first pool. */
function trimPools(snapshot: ResearchSnapshot, target: number): void {
  const pools = snapshot.dex.pools;
  if (pools.length < target) {
    throw new Error(`generated ${pools.length} pools, fewer than ${target}: raise POOLS_PER_TOKEN`);
  }
  const perToken = new Map<string, number>();
  for (const pool of pools) {
    const key = `${pool.chainName}:${pool.base_token_address}`;
    perToken.set(key, (perToken.get(key) ?? 0) + 1);
  }
  let surplus = pools.length - target;
  for (let i = pools.length - 1; i >= 0 && surplus > 0; i -= 1) {
    const pool = pools[i]!;
    const key = `${pool.chainName}:${pool.base_token_address}`;
    if ((perToken.get(key) ?? 0) < 2) continue;
    perToken.set(key, perToken.get(key)! - 1);
    pools.splice(i, 1);
    surplus -= 1;
  }
  if (surplus > 0) throw new Error('not enough second pools to trim');
}

/** The `research data loaded` line the server logs after its first-start load. */
function loadSummary(
  logFile: string,
  message = 'research data loaded',
): Record<string, unknown> | undefined {
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.includes(message)) continue;
    try {
      return JSON.parse(line) as Record<string, unknown>;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * The line `message` once it is in the log: `/api/health` may say the model is loaded a moment
 * before its line is written, and the summary then read "not logged". Waits up to 2 s.
 */
async function loggedSummary(
  logFile: string,
  message: string,
): Promise<Record<string, unknown> | undefined> {
  for (let waited = 0; ; waited += 100) {
    const summary = loadSummary(logFile, message);
    if (summary || waited >= 2_000) return summary;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface Figures {
  scenario: string;
  /** Share of answers served from the response cache. */
  hitRate: number;
  /** CPU time per answer of the server process (PGlite runs inside it). */
  serverCpuMs: number;
  /** CPU time per answer of the PostgreSQL backends serving it (0 on PGlite). */
  databaseCpuMs: number;
  /**
   * CPU time per answer of this process, the load generator: on two cores it competes with the
   * server, and parsing an answer's headers and body costs it more for a longer answer.
   */
  clientCpuMs: number;
  /** The machine's 1-minute load average after the run (2 means both cores busy). */
  load: number;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Mean size of an answer, headers included: a scenario's pages are not all full ones. */
  kilobytes: number;
  errors: number;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

/** CPU seconds used so far by each of `pids` (Linux /proc; gone processes are left out). */
function cpuSeconds(pids: number[]): Map<number, number> {
  const seconds = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after "(comm) ": state is field 3, utime 14 and stime 15 (clock ticks of 1/100 s).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      seconds.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // The process has ended.
    }
  }
  return seconds;
}

/** Processes whose CPU a scenario is charged: the server, and the database backends serving it. */
interface Processes {
  server: number;
  database: () => Promise<number[]>;
}

async function cpuNow(processes: Processes) {
  return {
    server: cpuSeconds([processes.server]).get(processes.server) ?? 0,
    database: cpuSeconds(await processes.database()),
  };
}

async function measure(
  url: string,
  scenario: string,
  paths: string[],
  processes: Processes,
  durationSeconds = DURATION,
): Promise<Figures> {
  const rng = new Random(7);
  const cpuBefore = await cpuNow(processes);
  const clientBefore = process.cpuUsage();
  const latencies: number[] = [];
  let errors = 0;
  let hits = 0;
  let bytes = 0;
  const result = await new Promise<autocannon.Result>((resolveRun, reject) => {
    const instance = autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: durationSeconds,
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => ({ ...request, path: rng.pick(paths) }),
            onResponse: (_status, _body, _context, headers) => {
              if (headers?.['x-cache'] === 'hit') hits += 1;
            },
          },
        ],
      },
      (error, finished) => (error ? reject(error) : resolveRun(finished)),
    );
    instance.on('response', (_client, statusCode, responseBytes, responseTime) => {
      latencies.push(responseTime);
      bytes += responseBytes;
      if (statusCode !== 200) errors += 1;
    });
  });
  const client = process.cpuUsage(clientBefore);
  const cpuAfter = await cpuNow(processes);
  let databaseCpu = 0;
  for (const [pid, seconds] of cpuAfter.database) {
    databaseCpu += seconds - (cpuBefore.database.get(pid) ?? 0);
  }
  const sorted = Float64Array.from(latencies).sort();
  const perRequest = (seconds: number) =>
    sorted.length === 0 ? 0 : (seconds * 1000) / sorted.length;
  return {
    load: os.loadavg()[0] ?? 0,
    serverCpuMs: perRequest(cpuAfter.server - cpuBefore.server),
    databaseCpuMs: perRequest(databaseCpu),
    clientCpuMs: perRequest((client.user + client.system) / 1e6),
    scenario,
    hitRate: sorted.length === 0 ? 0 : hits / sorted.length,
    requests: sorted.length,
    rps: result.requests.average,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
    kilobytes: sorted.length === 0 ? 0 : bytes / sorted.length / 1024,
    errors: errors + result.errors + result.timeouts,
  };
}

/**
 * A load of every scenario's paths for BENCH_SETTLE_SECONDS before the first scenario, printed
 * but not counted. A server that has just loaded its detail model and its list index holds
 * hundreds of megabytes of that load's garbage, and the first seconds under load pay its major
 * collection: a step of 135 ms within 336 ms of marking, after scavenges of up to 207 ms
 * (`--trace-gc`, PostgreSQL, 2026-11-28), which fell in whichever scenario came first and raised
 * its p95. A server in service pays that once after a start, not in its steady state, which is
 * what the scenarios measure; the settling load's own figures are printed, so the start's cost
 * stays in view.
 */
async function settle(name: string, url: string, paths: string[], processes: Processes) {
  if (SETTLE_SECONDS <= 0 || paths.length === 0) return;
  const result = await measure(url, 'settling load', paths, processes, SETTLE_SECONDS);
  log(
    `${name}: settling load of every scenario's paths, ${SETTLE_SECONDS} s, not counted: p95 ${result.p95.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, max ${result.max.toFixed(1)} ms, ${Math.round(result.rps)} req/s, ${result.errors} non-200, CPU/req ${result.serverCpuMs.toFixed(2)} ms server`,
  );
}

/**
 * Waits until the server's `/api/health` says its token detail model is loaded (it loads in the
 * background after listen); the wait in ms. Throws if its load failed.
 */
async function detailModelLoaded(url: string): Promise<number> {
  const started = performance.now();
  for (;;) {
    const res = await fetch(`${url}/api/health`);
    const { detailModel } = (await res.json()) as HealthResponse;
    if (detailModel === 'loaded') return performance.now() - started;
    if (detailModel === 'not loaded') throw new Error('token detail model not loaded');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A seeded mix of list URLs: every chain, every band, pages 1-5. */
function listPaths(base: string): string[] {
  const rng = new Random(42);
  const chains = ['all', 'all', 'all', 'eth', 'solana', 'bsc', 'avax', 'polygon_pos'];
  const ages = ['all', 'all', '0-1hr', '1hr-24hr', '1week', '1month'];
  const scores = ['all', 'all', 'gt70', 'lt60', 'gt80'];
  const amounts = ['all', 'all', 'all', '10k-100k', '100k-500k', '500k-1m', 'gt1m'];
  return Array.from({ length: 500 }, () => {
    const query = new URLSearchParams({
      chainName: rng.pick(chains),
      age: rng.pick(ages),
      score: rng.pick(scores),
      liquidity: rng.pick(amounts),
      volume: rng.pick(amounts),
      page: String(rng.int(1, 5)),
      page_size: '20',
    });
    return `${base}?${query}`;
  });
}

/**
 * The bare route's list page: the first of the scenarios' pages with a full page of rows, and
 * its path. The first query alone may match nothing (its age band moves on with the clock), and
 * an empty page served from memory is no ceiling for a page of twenty rows.
 */
async function fullListPage(url: string): Promise<{ path: string; body: TokenListResponse }> {
  for (const path of listPaths('/check-token')) {
    const body = (await (await fetch(`${url}${path}`)).json()) as TokenListResponse;
    if (body.tokenDetails.length === 20) return { path, body };
  }
  throw new Error('no list query of the bench answers a full page of 20 rows');
}

/** Detail URLs of 2,000 different tokens, read from the all-token list. */
async function detailPaths(url: string): Promise<string[]> {
  const paths: string[] = [];
  for (let page = 1; paths.length < 2_000; page += 1) {
    const res = await fetch(`${url}/api/token/all-tokens?page=${page * 7}&page_size=100`);
    const body = (await res.json()) as TokenListResponse;
    if (body.tokenDetails.length === 0) break;
    for (const item of body.tokenDetails) {
      paths.push(`/get-token-details/${item.tokenAddress}?network=${item.chainName}`);
    }
  }
  return paths;
}

/** The scenario asking our route for the bare route's single detail alone. */
const DETAIL_ALONE = "detail /get-token-details, the bare route's token";

/**
 * What the bare route answers, captured from the first server measured: a real list page, the
 * first detail path's answer, and every detail path's own answer by `{address}?network={chain}`.
 */
interface BarePages {
  list: unknown;
  detail: unknown;
  details: Record<string, unknown>;
}
let barePages: BarePages | undefined;
/** The path of the bare route's list page, asked of each server as a scenario of its own. */
let bareListPath: string | undefined;
/** The detail paths the first server was measured with, asked of the bare route as well. */
let bareDetailPaths: string[] = [];

const DETAIL_PREFIX = '/get-token-details/';

/** Each path's answer (200s only: an id without one is a 404 on the bare route too). */
async function detailAnswers(url: string, paths: string[]): Promise<Record<string, unknown>> {
  const answers: Record<string, unknown> = {};
  // A few at a time: 2,000 one after another is most of a minute on a busy machine.
  for (let start = 0; start < paths.length; start += 8) {
    await Promise.all(
      paths.slice(start, start + 8).map(async (path) => {
        const res = await fetch(`${url}${path}`);
        if (res.ok) answers[path.slice(DETAIL_PREFIX.length)] = await res.json();
        else await res.arrayBuffer();
      }),
    );
  }
  return answers;
}

/** The bare route's figures: its list page, its single detail, and each token's own detail. */
interface BareFigures {
  list: Figures;
  detail: Figures;
  detailEach: Figures;
}

/** The ceiling a scenario's share is taken against (see the header, 3). */
function ceilingOf(scenario: string, bare: BareFigures): Figures {
  if (!scenario.startsWith('detail')) return bare.list;
  return scenario.startsWith(DETAIL_ALONE) ? bare.detail : bare.detailEach;
}

/**
 * The ceiling: the same list page and details served from memory by a bare Fastify route in its
 * own process (bench/bare-route-server.ts), under the same load. Each scenario's req/s is
 * printed as a share of its own ceiling (`ceilingOf`).
 */
async function benchBareRoute(): Promise<BareFigures | undefined> {
  if (!barePages) return undefined;
  const pagesFile = join(WORK, 'bare-pages.json');
  writeFileSync(pagesFile, JSON.stringify(barePages));
  const logFile = join(WORK, 'server-bare.log');
  const bare = await startServer(
    { BARE_PAGES_FILE: pagesFile },
    logFile,
    'bench/bare-route-server.ts',
  );
  try {
    const processes = { server: bare.child.pid ?? 0, database: async () => [] };
    // The same URLs' shape as the real routes (a path parameter, the same query strings), so
    // the ceiling parses and routes what they do.
    const detailPaths =
      bareDetailPaths.length > 0
        ? bareDetailPaths.map((path) => path.replace(DETAIL_PREFIX, '/detail/'))
        : ['/detail/0x0'];
    const eachDetailPaths = detailPaths.map((path) => path.replace('/detail/', '/details/'));
    // The same settling load as the real server gets, so both sides are measured settled.
    await settle(
      'bare',
      bare.url,
      [...listPaths('/list'), ...detailPaths, ...eachDetailPaths],
      processes,
    );
    const figures = {
      list: await measure(
        bare.url,
        'bare Fastify, the same list page',
        listPaths('/list'),
        processes,
      ),
      detail: await measure(bare.url, 'bare Fastify, the same detail', detailPaths, processes),
      detailEach: await measure(
        bare.url,
        "bare Fastify, each token's own detail",
        eachDetailPaths,
        processes,
      ),
    };
    for (const result of [figures.list, figures.detail, figures.detailEach]) {
      log(
        `bare: ${result.scenario}: p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms, ${Math.round(result.rps)} req/s, ${result.kilobytes.toFixed(1)} KB/answer, CPU/req ${result.serverCpuMs.toFixed(2)} ms server, ${result.clientCpuMs.toFixed(2)} ms client`,
      );
    }
    return figures;
  } finally {
    await stopServer(bare);
  }
}

async function benchDatabase(
  name: string,
  env: Record<string, string>,
  snapshotFile: string,
  databasePids: () => Promise<number[]> = async () => [],
): Promise<Figures[]> {
  const logFile = join(WORK, `server-${name}.log`);
  rmSync(logFile, { force: true });
  log(`${name}: first start (loads ${POOLS} pools into an empty database)...`);
  const first = await startServer(
    { ...env, RESEARCH_SNAPSHOT_FILE: snapshotFile, LOG_LEVEL: 'info' },
    logFile,
  );
  const summary = loadSummary(logFile);
  log(
    `${name}: first start ${(first.startMs / 1000).toFixed(1)} s; load ${JSON.stringify(summary ? { tokens: summary.tokens, pools: summary.pools, fetchMs: summary.fetchMs, writeMs: summary.writeMs } : 'not logged')}`,
  );
  // The token detail's read model (`TokenDetailModel`), loaded in the background after listen.
  const modelMs = await detailModelLoaded(first.url);
  const model = await loggedSummary(logFile, 'token detail model loaded');
  log(
    `${name}: token detail model ${model ? `${String(model.tokens)} tokens loaded in ${String(model.ms)} ms, heap ${String(model.heapBeforeMb)} -> ${String(model.heapAfterMb)} MB (garbage included), ${String(model.jsonMb)} MB of written JSON held` : 'not logged'}; loaded ${(modelMs / 1000).toFixed(1)} s after listen`,
  );
  await stopServer(first);

  const figures: Figures[] = [];
  for (const [mode, cacheSeconds] of CACHE_MODES) {
    const server = await startServer(
      {
        ...env,
        RESEARCH_SNAPSHOT_FILE: snapshotFile,
        LOG_LEVEL: LOG_LEVEL,
        RESEARCH_CACHE_SECONDS: cacheSeconds,
      },
      logFile,
    );
    // Listening at once; details are measured from the read model, once it has loaded.
    const modelAfterMs = await detailModelLoaded(server.url);
    log(
      `${name}: restart ${(server.startMs / 1000).toFixed(1)} s to listen, detail model loaded ${(modelAfterMs / 1000).toFixed(1)} s later (${mode})`,
    );
    try {
      const details = await detailPaths(server.url);
      if (bareDetailPaths.length === 0) bareDetailPaths = details;
      if (!barePages) {
        const page = await fullListPage(server.url);
        bareListPath = page.path;
        barePages = {
          list: page.body,
          detail: await (await fetch(`${server.url}${details[0]}`)).json(),
          details: await detailAnswers(server.url, details),
        };
      }
      const scenarios = (
        [
          // The bare route's own page, asked of this server: the like-for-like ratio, where
          // the scenarios below mix full, short and empty pages.
          ["list /check-token, the bare route's page", bareListPath ? [bareListPath] : []],
          ['list /check-token', listPaths('/check-token')],
          ['list /fetch-top', listPaths('/fetch-top')],
          ['list /new-pools', listPaths('/new-pools')],
          ['detail /get-token-details', details],
          // The first token alone, the bare route's single detail: the like-for-like pair of
          // one answer's size, beside the mix and its ceiling of each token's own detail.
          [DETAIL_ALONE, bareDetailPaths.slice(0, 1)],
        ] satisfies [string, string[]][]
      ).filter(([scenario]) => measures(scenario));
      await settle(
        name,
        server.url,
        scenarios.flatMap(([, paths]) => paths),
        { server: server.child.pid ?? 0, database: databasePids },
      );
      for (const [scenario, paths] of scenarios) {
        // Warm-up: plans, the list index and the JIT, as after a few seconds of real traffic.
        for (const path of paths.slice(0, 50)) await fetch(`${server.url}${path}`);
        const result = await measure(server.url, `${scenario}, ${mode}`, paths, {
          server: server.child.pid ?? 0,
          database: databasePids,
        });
        log(
          `${name}: ${result.scenario}: p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, ${Math.round(result.rps)} req/s, ${(result.hitRate * 100).toFixed(0)} % cached, CPU/req ${result.serverCpuMs.toFixed(2)} ms server + ${result.databaseCpuMs.toFixed(2)} ms database, ${result.clientCpuMs.toFixed(2)} ms client, load ${result.load.toFixed(1)}`,
        );
        figures.push(result);
      }
    } finally {
      await stopServer(server);
    }
  }
  return figures;
}

async function withScratchDatabase<T>(
  adminUrl: string,
  run: (url: string, backendPids: () => Promise<number[]>) => Promise<T>,
): Promise<T> {
  const { url, drop } = await createPostgresTestDatabase(adminUrl);
  const name = new URL(url).pathname.slice(1);
  const monitor = new pg.Client({ connectionString: adminUrl });
  await monitor.connect();
  const backendPids = async () =>
    (
      await monitor.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [
        name,
      ])
    ).rows.map((row) => row.pid);
  try {
    return await run(url, backendPids);
  } finally {
    await monitor.end();
    await drop();
  }
}

function table(name: string, figures: Figures[], bare?: BareFigures): void {
  console.log(`\n${name}: ${POOLS} pools, ${CONNECTIONS} connections, ${DURATION} s per scenario`);
  console.log(
    '| scenario | p50 ms | p95 ms | p99 ms | max ms | req/s | of bare route | bare route p95 ms | KB/answer | cached | server CPU ms/req | db CPU ms/req | client CPU ms/req | load | non-200 |',
  );
  console.log(
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const f of figures) {
    const ceiling = bare ? ceilingOf(f.scenario, bare) : undefined;
    const share = ceiling ? `${((f.rps / ceiling.rps) * 100).toFixed(0)} %` : 'n/a';
    // The ceiling's own p95 in the same run: with 50 connections on 2 cores most of a p95 is
    // queueing beside the load generator, so ours is read against what the bare route gets.
    const ceilingP95 = ceiling ? ceiling.p95.toFixed(1) : 'n/a';
    console.log(
      `| ${f.scenario} | ${f.p50.toFixed(1)} | ${f.p95.toFixed(1)} | ${f.p99.toFixed(1)} | ${f.max.toFixed(1)} | ${Math.round(f.rps)} | ${share} | ${ceilingP95} | ${f.kilobytes.toFixed(1)} | ${(f.hitRate * 100).toFixed(0)} % | ${f.serverCpuMs.toFixed(2)} | ${f.databaseCpuMs.toFixed(2)} | ${f.clientCpuMs.toFixed(2)} | ${f.load.toFixed(1)} | ${f.errors} |`,
    );
  }
}

async function main(): Promise<void> {
  log(
    `${os.cpus().length} CPU cores (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}`,
  );
  const snapshotFile = benchSnapshotFile(POOLS);
  const results: [string, Figures[]][] = [];
  if (ONLY !== 'postgres') {
    const kept = process.env.BENCH_PGLITE_DIR;
    const dataDir = kept ?? join(WORK, `pglite-${randomBytes(4).toString('hex')}`);
    try {
      results.push(['PGlite', await benchDatabase('pglite', { DATA_DIR: dataDir }, snapshotFile)]);
    } finally {
      if (!kept) rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (ONLY !== 'pglite') {
    if (PG_URL) {
      results.push([
        'PostgreSQL',
        await withScratchDatabase(PG_URL, (url, backendPids) =>
          benchDatabase('postgres', { DATABASE_URL: url }, snapshotFile, backendPids),
        ),
      ]);
    } else {
      log('PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL)');
    }
  }
  const bare = await benchBareRoute();
  if (bare) {
    table('Bare Fastify route (the ceiling: the same answers from memory)', [
      bare.list,
      bare.detail,
      bare.detailEach,
    ]);
  }
  for (const [name, figures] of results) table(name, figures, bare);
}

await main();
