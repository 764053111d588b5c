import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

/**
 * e2e: the built web app (apps/web/dist, built by `npm run test:e2e`) served by the real server
 * on its own port, with a fresh database and mail kept in the dev outbox.
 */
const root = fileURLToPath(new URL('.', import.meta.url));
const PORT = Number(process.env.E2E_PORT ?? 3100);
const BASE_URL = `http://127.0.0.1:${PORT}`;
/** Wiped before every run; give parallel runs (another port) their own with E2E_DATA_DIR. */
const DATA_DIR = path.resolve(root, process.env.E2E_DATA_DIR ?? '.tmp/e2e-data');
/** The built web app to serve; E2E_WEB_DIST_DIR lets a parallel run test its own build. */
const WEB_DIST_DIR = path.resolve(root, process.env.E2E_WEB_DIST_DIR ?? 'apps/web/dist');
/** Traces and screenshots; a parallel run needs its own, as each run empties it first. */
const OUTPUT_DIR = process.env.E2E_OUTPUT_DIR ?? 'test-results';

export default defineConfig({
  testDir: 'e2e',
  outputDir: OUTPUT_DIR,
  fullyParallel: false,
  // Two cores: one browser at a time keeps the server and the timings steady.
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: BASE_URL,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    viewport: { width: 1280, height: 800 },
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    // A fresh database on every run: the data directory is wiped before the server starts.
    command: `rm -rf "${DATA_DIR}" && npm run start -w @vaultscope/server`,
    cwd: root,
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      WEB_DIST_DIR,
      MAIL_TRANSPORT: 'outbox',
      LOG_LEVEL: 'warn',
      // The server starts the local chains itself (state under DATA_DIR); free ports let
      // several runs share the machine.
      DEVNET_BASE_PORT: '0',
      // Our indexer feeds Avalanche's lists (market-freshness.spec.ts); the other chains keep the
      // research snapshot, whose fixed figures the other specs read.
      MARKET_DATA_INDEXED_CHAINS: 'avax',
    },
  },
});
