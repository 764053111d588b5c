/**
 * Page speed as a phone user feels it: Lighthouse on the built app served by the real server.
 *
 *   npm run bench:web
 *
 * Settings (environment): CHROME_PATH (/usr/bin/chromium), BENCH_WEB_RUNS (1: runs per page; with
 * more, the median run by performance score is printed), BENCH_WEB_PAGES (a comma-separated
 * subset of the page names below), BENCH_WEB_SKIP_BUILD (1: serve the build as it is),
 * BENCH_WEB_TRACE (1: keep each run's Chromium trace beside its report),
 * BENCH_WEB_DIST_DIR (build to and serve this directory instead of apps/web/dist, so that a
 * bench does not replace the files under a server or test run that someone else started).
 *
 * What it does:
 * 1. Builds the web app (`npm run build`: hashed, split, with .br/.gz copies).
 * 2. Starts the real server (`apps/server/src/server.ts`, NODE_ENV=production) on a free port
 *    with a fresh data directory (the shipped snapshots load on first start) and the local chains
 *    without the trade simulator, so the wallet page has chains to read and nothing else runs.
 * 3. Runs Lighthouse (the npm package, Debian's Chromium, headless) with its default mobile
 *    emulation and simulated throttling (slow 4G, 4x CPU slowdown) on `/`, `/home`, `/DEX`,
 *    `/CEX`, two token details (a snapshot token, and one of the devnet's own pools, whose detail
 *    shows its pair address), `/private-sale`, and, logged in (an account signed up through the
 *    API, logged in through the login screen, the session kept for that run, its wallet opened
 *    through the API with that session), `/vaultscope-wallet`, which then shows the wallet.
 * 4. Prints per page: performance, FCP, LCP, TBT, CLS, accessibility and the bytes transferred,
 *    and the goals of issue 12 (performance >= 95, LCP <= 2.5 s, TBT <= 200 ms, CLS <= 0.1,
 *    accessibility 100), with what each page misses and Lighthouse's top opportunities.
 *
 * Each run's full Lighthouse report is kept as .tmp/bench-web/<page>-<run>.json.
 *
 * Benchmarks print figures; they do not fail. Lighthouse and the server share the machine.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { apiPaths, storageKeys } from '@vaultscope/core';
import { loadConfig } from '../apps/server/src/lib/config';
import { decodeSnapshot } from '../apps/server/src/tokens/snapshot-io';
import {
  ROOT,
  startServer as startServerProcess,
  stopServer,
  type RunningServer,
} from './server-process';

const WORK = join(ROOT, '.tmp/bench-web');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 1));
const ONLY = process.env.BENCH_WEB_PAGES?.split(',').map((name) => name.trim());
const DIST_DIR = process.env.BENCH_WEB_DIST_DIR;

const GOALS = { performance: 95, lcpMs: 2500, tbtMs: 200, cls: 0.1, accessibility: 100 };

function log(message: string): void {
  console.log(`[bench:web] ${message}`);
}

/** The server on a fresh data directory, with local chains for the wallet page. */
function startServer(dataDir: string, logFile: string): Promise<RunningServer> {
  return startServerProcess(
    {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...(DIST_DIR ? { WEB_DIST_DIR: DIST_DIR } : {}),
      // Local chains for the wallet page, on free ports, without the trade simulator's load.
      DEVNET: 'true',
      DEVNET_BASE_PORT: '0',
      DEVNET_TRADES: 'false',
    },
    logFile,
  );
}

interface ListedToken {
  tokenAddress: string;
  chainName: string | null;
  symbol?: string;
}

async function listed(url: string, query: string): Promise<ListedToken[]> {
  const res = await fetch(`${url}/check-token?${query}`);
  if (!res.ok) throw new Error(`/check-token?${query} answered ${res.status}`);
  return ((await res.json()) as { tokenDetails: ListedToken[] }).tokenDetails;
}

/** The detail's answer for a listed token (whether it is one of our pools, its pair). */
async function detailOf(
  url: string,
  token: ListedToken,
): Promise<{ isVaultscope: number; pairAddress: string | null } | undefined> {
  const res = await fetch(
    `${url}${apiPaths.tokens.details(token.tokenAddress)}?network=${token.chainName}`,
  );
  return res.ok
    ? ((await res.json()) as { isVaultscope: number; pairAddress: string | null })
    : undefined;
}

const detailPathOf = (token: ListedToken) =>
  `/details/${token.tokenAddress}?chainName=${token.chainName}`;

/**
 * A token detail page of the shipped snapshot: the base token of its EVM pool with the largest
 * reserve, read from the snapshot file itself, whose detail is none of our pools (no pair address
 * shown). Not from the DEX list: once the indexer has listed the devnet's pools, those are the
 * list's EVM rows, and before that the snapshot's are, so what the list offered changed with
 * start timing.
 */
async function snapshotDetailPath(url: string): Promise<string> {
  const snapshot = decodeSnapshot(readFileSync(loadConfig({}).RESEARCH_SNAPSHOT_FILE));
  const pools = snapshot.dex.pools
    .filter((pool) => pool.chainName !== 'solana')
    .sort((a, b) => (b.reserve_in_usd ?? 0) - (a.reserve_in_usd ?? 0));
  for (const pool of pools.slice(0, 20)) {
    const token = { tokenAddress: pool.base_token_address, chainName: pool.chainName };
    if ((await detailOf(url, token))?.isVaultscope === 0) return detailPathOf(token);
  }
  throw new Error("None of the snapshot's most liquid EVM tokens has a detail to open");
}

/** The devnet's pool token the bench opens: on Avalanche, its most liquid market token. */
const OUR_POOL = { chainName: 'avax', symbol: 'QRTZ' } as const;

/**
 * A token detail page of one of our own pools (the devnet's markets, seeded on start by
 * packages/devnet's `POOL_SPECS`; no trades, so its figures stay put): the detail shows its pair
 * address. Waits for the indexer to have listed it (up to 2 minutes after the server is up).
 */
async function ourPoolDetailPath(url: string): Promise<string> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const rows = await listed(url, `page=1&page_size=100&chainName=${OUR_POOL.chainName}`);
    const row = rows.find((r) => r.symbol === OUR_POOL.symbol);
    const detail = row && (await detailOf(url, row));
    if (row && detail?.isVaultscope === 1 && detail.pairAddress) return detailPathOf(row);
    if (Date.now() > deadline) {
      throw new Error(`${OUR_POOL.symbol} on ${OUR_POOL.chainName} is not in our pools' list`);
    }
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}

/** Signs up through the API; the login happens in the browser, so the app keeps its session. */
async function signUp(url: string): Promise<{ email: string; password: string }> {
  const id = randomBytes(4).toString('hex');
  const user = {
    firstName: 'Bench',
    lastName: 'Web',
    email: `bench-web-${id}@example.com`,
    mobile: '+44 20 7946 0000',
    country: 'UK',
    password: `pw-${id}-secret`,
  };
  const res = await fetch(`${url}/api/user/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...user, confirmPassword: user.password }),
  });
  if (res.status !== 201) throw new Error(`signup answered ${res.status}: ${await res.text()}`);
  return { email: user.email, password: user.password };
}

/**
 * Opens the account's wallet for the browser's session, as /connect-wal does after its wallet
 * login: the wallet password set the first time (which unlocks) or entered after, then both
 * wallets made (idempotent), and the browser's `passwordVerified` flag. Without it the wallet's
 * first call answers 403 and the page measured was /connect-wal's form.
 */
async function openWallet(
  url: string,
  token: string,
  account: { password: string; walletPasswordSet: boolean },
): Promise<void> {
  const call = async (path: string, body: object) => {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  };
  const password = walletPassword(account.password);
  await call(account.walletPasswordSet ? apiPaths.wallet.unlock : apiPaths.wallet.setPassword, {
    password,
  });
  account.walletPasswordSet = true;
  await call(apiPaths.wallet.generateEvm, {});
  await call(apiPaths.wallet.generateSolana, {});
}

/** The bench account's wallet password: not its account password, as a user would choose. */
const walletPassword = (accountPassword: string) => `wallet-${accountPassword}`;

/**
 * Logs in through the login screen in Lighthouse's browser, leaving the session in storage, and
 * opens the account's wallet for that session.
 */
async function logInInBrowser(
  port: number,
  url: string,
  account: { email: string; password: string; walletPasswordSet: boolean },
): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    await page.goto(`${url}/`, { waitUntil: 'networkidle0' });
    await page.type('input[name="email"]', account.email);
    await page.type('input[name="password"]', account.password);
    await Promise.all([
      page.waitForFunction("location.pathname === '/home'", { timeout: 15_000 }),
      page.click('button[type="submit"]'),
    ]);
    // Expressions, run in the page (the bench is compiled without the DOM's types).
    const token = (await page.evaluate(
      `localStorage.getItem(${JSON.stringify(storageKeys.token)})`,
    )) as string | null;
    if (!token) throw new Error('The login left no session token in storage');
    await openWallet(url, token, account);
    await page.evaluate(
      `localStorage.setItem(${JSON.stringify(storageKeys.passwordVerified)}, 'true')`,
    );
    // The login warmed the HTTP cache; the measured visit starts cold like the others, with only
    // the session in storage.
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

interface PageFigures {
  name: string;
  path: string;
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  accessibility: number;
  bytes: number;
  opportunities: string[];
}

function figures(name: string, path: string, result: RunnerResult): PageFigures {
  const { lhr } = result;
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const opportunities = Object.values(lhr.audits)
    .filter(
      (item) =>
        item.score !== null &&
        item.score < 0.9 &&
        (item.details?.type === 'opportunity' || item.scoreDisplayMode === 'metricSavings'),
    )
    .map((item) => `${item.title}${item.displayValue ? ` (${item.displayValue})` : ''}`)
    .slice(0, 4);
  return {
    name,
    path,
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    bytes: audit('total-byte-weight'),
    opportunities,
  };
}

function misses(page: PageFigures): string[] {
  const missed: string[] = [];
  if (page.performance < GOALS.performance) missed.push(`performance ${page.performance}`);
  if (page.lcpMs > GOALS.lcpMs) missed.push(`LCP ${(page.lcpMs / 1000).toFixed(2)} s`);
  if (page.tbtMs > GOALS.tbtMs) missed.push(`TBT ${Math.round(page.tbtMs)} ms`);
  if (page.cls > GOALS.cls) missed.push(`CLS ${page.cls.toFixed(3)}`);
  if (page.accessibility < GOALS.accessibility) missed.push(`accessibility ${page.accessibility}`);
  return missed;
}

async function main(): Promise<void> {
  mkdirSync(WORK, { recursive: true });
  if (process.env.BENCH_WEB_SKIP_BUILD !== '1') {
    log('building the web app...');
    const built = DIST_DIR
      ? spawnSync('npx', ['vite', 'build', '--outDir', DIST_DIR, '--emptyOutDir'], {
          cwd: join(ROOT, 'apps/web'),
          stdio: 'inherit',
        })
      : spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('npm run build failed');
  }
  const dataDir = join(WORK, `data-${Date.now()}`);
  const server = await startServer(dataDir, join(WORK, 'server.log'));
  log(`server at ${server.url} (data in ${dataDir})`);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  const results: PageFigures[] = [];
  try {
    // A path that must be looked up is looked up only for a page that is measured.
    const pages: { name: string; path: string | (() => Promise<string>); loggedIn?: boolean }[] = [
      { name: 'login', path: '/' },
      { name: 'home', path: '/home' },
      { name: 'DEX', path: '/DEX' },
      { name: 'CEX', path: '/CEX' },
      { name: 'token detail', path: () => snapshotDetailPath(server.url) },
      { name: 'token detail (our pool)', path: () => ourPoolDetailPath(server.url) },
      { name: 'private sale', path: '/private-sale' },
      { name: 'wallet (logged in)', path: '/vaultscope-wallet', loggedIn: true },
    ];
    const account = { ...(await signUp(server.url)), walletPasswordSet: false };
    for (const page of pages.filter((p) => !ONLY || ONLY.includes(p.name))) {
      const path = typeof page.path === 'string' ? page.path : await page.path();
      log(`${page.name}: ${path}`);
      const runs: PageFigures[] = [];
      // A run whose trace Lighthouse could not read (NO_NAVSTART and the like, seen on a loaded
      // machine) has no figures: it is logged and run again, up to RUNS more times, instead of
      // entering the median as NaN.
      let failed = 0;
      for (let run = 0; run < RUNS; run += 1) {
        if (page.loggedIn) await logInInBrowser(chrome.port, server.url, account);
        const flags: Flags = {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          // A logged-in page keeps the session the login left in storage; others start clean.
          disableStorageReset: page.loggedIn === true,
        };
        const result = await lighthouse(`${server.url}${path}`, flags);
        if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
        if (result.lhr.runtimeError && failed < RUNS) {
          failed += 1;
          log(`${page.name}: run ${run + 1} failed (${result.lhr.runtimeError.code}); again`);
          run -= 1;
          continue;
        }
        runs.push(figures(page.name, path, result));
        // The whole report, for what the summary leaves out (LCP element, long tasks, requests).
        writeFileSync(
          join(WORK, `${page.name.replace(/\W+/g, '-')}-${run + 1}.json`),
          JSON.stringify(result.lhr),
        );
        // The run's own trace, to see which tasks make the blocking time (Lighthouse's report
        // gives the simulated long tasks without what ran in them).
        if (process.env.BENCH_WEB_TRACE === '1') {
          writeFileSync(
            join(WORK, `${page.name.replace(/\W+/g, '-')}-${run + 1}.trace.json`),
            JSON.stringify(result.artifacts.Trace),
          );
        }
      }
      runs.sort((a, b) => a.performance - b.performance);
      const median = runs[Math.floor(runs.length / 2)]!;
      results.push(median);
      log(
        `${page.name}: performance ${median.performance}, LCP ${(median.lcpMs / 1000).toFixed(2)} s`,
      );
    }
  } finally {
    await chrome.kill();
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }

  console.log(
    `\nLighthouse ${RUNS > 1 ? `(median of ${RUNS} runs) ` : ''}mobile emulation, simulated slow 4G and 4x CPU slowdown`,
  );
  console.log(
    '| page | performance | FCP | LCP | TBT | CLS | accessibility | bytes |\n|---|---|---|---|---|---|---|---|',
  );
  for (const page of results) {
    console.log(
      `| ${page.name} | ${page.performance} | ${(page.fcpMs / 1000).toFixed(2)} s | ` +
        `${(page.lcpMs / 1000).toFixed(2)} s | ${Math.round(page.tbtMs)} ms | ${page.cls.toFixed(3)} | ` +
        `${page.accessibility} | ${(page.bytes / 1024).toFixed(0)} KiB |`,
    );
  }
  console.log(
    `\nGoals: performance >= ${GOALS.performance}, LCP <= ${GOALS.lcpMs / 1000} s, TBT <= ${GOALS.tbtMs} ms, ` +
      `CLS <= ${GOALS.cls}, accessibility ${GOALS.accessibility}`,
  );
  for (const page of results) {
    const missed = misses(page);
    console.log(
      missed.length === 0
        ? `  ${page.name}: all goals met`
        : `  ${page.name}: misses ${missed.join(', ')}; Lighthouse suggests: ${page.opportunities.join('; ') || 'nothing specific'}`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
