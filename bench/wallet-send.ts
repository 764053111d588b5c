/**
 * Wallet sends on a local EVM chain, through the real server over HTTP.
 *
 *   npx tsx bench/wallet-send.ts          (suggested script: "bench:wallet": "tsx bench/wallet-send.ts")
 *
 * Settings (environment): BENCH_SENDS sequential sends (50), BENCH_CONCURRENT sends fired at
 * once from one account (20).
 *
 * What it does: starts a devnet (chain 1 only, free ports, temporary dir) and the server
 * (`buildApp`, PGlite in a temporary dir, log level warn) listening on a free port; signs up a
 * user, sets the wallet password, generates the EVM key and funds it from the faucet; then
 * (a) N sequential native sends, each timed from request to answer (the answer comes once the
 *     record is confirmed), p50/p95/max printed;
 * (b) C concurrent native sends from the same account: total time, all confirmed, and the nonces
 *     of the records (they must be consecutive).
 * Benchmarks print figures; they do not fail. Client, server and Anvil share the machine's cores.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiPaths, IDEMPOTENCY_HEADER } from '@vaultscope/core';
import { startDevnet } from '@vaultscope/devnet';
import { eq } from 'drizzle-orm';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/lib/config';
import { walletSends } from '../apps/server/src/wallet/wallet-tables';

const SENDS = Number(process.env.BENCH_SENDS ?? 50);
const CONCURRENT = Number(process.env.BENCH_CONCURRENT ?? 20);

function log(message: string): void {
  console.log(`[bench:wallet] ${message}`);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'vaultscope-bench-wallet-'));
  // Without the local markets and their trade simulator: they would add load to the figures.
  const devnet = await startDevnet({
    dataDir: join(dir, 'devnet'),
    basePort: 0,
    chains: [1],
    markets: false,
    trades: false,
  });
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: join(dir, 'data'),
    WEB_DIST_DIR: '/nonexistent-web-dist',
    DEVNET: 'false',
  });
  const app = await buildApp({ config, devnet, loadSnapshots: false });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const call = async (method: string, path: string, body?: unknown, headers = {}) => {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await response.json()) as Record<string, unknown>;
      if (!response.ok)
        throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
      return json;
    };
    const email = `bench.${Date.now()}@example.com`;
    const password = 'correct horse battery';
    await call('POST', '/api/user/signup', {
      firstName: 'Bench',
      lastName: 'Mark',
      email,
      mobile: '+1 555 0100',
      country: 'Canada',
      password,
      confirmPassword: password,
    });
    const login = (await call('POST', '/api/user/login', { email, password })) as {
      data: { token: string; user: { _id: string } };
    };
    const auth = { authorization: `Bearer ${login.data.token}` };
    await call(
      'POST',
      apiPaths.wallet.setPassword,
      { email, password: 'wallet pass phrase 1' },
      auth,
    );
    const generated = (await call('POST', apiPaths.wallet.generateEvm, undefined, auth)) as {
      data: { address: string };
    };
    const from = generated.data.address;
    await devnet.fundEvm(1, from, { native: 10n ** 20n });
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const send = (key: string) =>
      call(
        'POST',
        apiPaths.wallet.sendEth,
        { chainId: 1, address: to, amount: '0.001' },
        { ...auth, [IDEMPOTENCY_HEADER]: key },
      ) as Promise<{ data: { status: string; hash: string } }>;

    // Warm-up: first compile of routes and statements.
    await send('warm-up');
    const times: number[] = [];
    for (let index = 0; index < SENDS; index += 1) {
      const started = performance.now();
      const { data } = await send(`seq-${index}`);
      times.push(performance.now() - started);
      if (data.status !== 'confirmed') throw new Error(`send ${index} ended ${data.status}`);
    }
    times.sort((a, b) => a - b);
    log(
      `(a) ${SENDS} sequential native sends, request to confirmed: p50 ${percentile(times, 50).toFixed(1)} ms, ` +
        `p95 ${percentile(times, 95).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms`,
    );

    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: CONCURRENT }, (_, index) => send(`par-${index}`)),
    );
    const total = performance.now() - started;
    const confirmed = results.filter((result) => result.data.status === 'confirmed').length;
    const rows = await app.db.handle.db
      .select({ nonce: walletSends.nonce, key: walletSends.idempotencyKey })
      .from(walletSends)
      .where(eq(walletSends.fromAddress, from));
    const nonces = rows
      .filter((row) => row.key.startsWith('par-'))
      .map((row) => row.nonce ?? -1)
      .sort((a, b) => a - b);
    const consecutive = nonces.every(
      (nonce, index) => index === 0 || nonce === nonces[index - 1]! + 1,
    );
    log(
      `(b) ${CONCURRENT} concurrent sends from one account: ${total.toFixed(0)} ms total, ` +
        `${confirmed}/${CONCURRENT} confirmed, nonces ${consecutive ? 'consecutive' : 'NOT consecutive'}: ` +
        nonces.join(', '),
    );
  } finally {
    await app.close();
    await devnet.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
