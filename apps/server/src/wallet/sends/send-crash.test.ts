import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiPaths } from '@vaultscope/core';
import { devnetPublicClient } from '@vaultscope/devnet';
import { parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase, newSignup, postgresTestServerUrl } from '../../test/test-app';
import { startTestDevnet, WALLET_PASSWORD } from '../../test/wallet-test-kit';
import type { ReconcileSummary } from './send-reconciler';

/**
 * The send engine against a real crash: the server runs as a child process that kills itself
 * (SIGKILL, `WALLET_CRASH_AT`) at a point of a send, then starts again on the same database
 * and must finish the send exactly once. send-reconciler.test.ts covers the same in-process.
 */

type CrashPoint = 'afterRecord' | 'afterSign' | 'afterBroadcast';

const serverDir = path.resolve(__dirname, '../../..');
const paths = apiPaths.wallet;
const AMOUNT = '0.25';

interface Server {
  url: string;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Log lines written so far, parsed. */
  lines: Record<string, unknown>[];
}

let devnet: Awaited<ReturnType<typeof startTestDevnet>>;
/** A PGlite directory migrated and loaded once (the first start takes seconds), copied per test. */
let template: string | undefined;
const running = new Set<Server>();
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  devnet = await startTestDevnet([1]);
  if (postgresTestServerUrl()) return;
  template = mkdtempSync(path.join(tmpdir(), 'vaultscope-crash-template-'));
  const server = await startServer({ DATA_DIR: template, DATABASE_URL: '' });
  server.child.kill('SIGTERM');
  expect(await server.exited).toEqual({ code: 0, signal: null });
});

afterEach(async () => {
  await Promise.all([...running].map(stopServer));
  for (const cleanup of cleanups.splice(0)) await cleanup().catch(() => undefined);
});

afterAll(async () => {
  await Promise.all([...running].map(stopServer));
  if (template) rmSync(template, { recursive: true, force: true });
  await devnet?.remove();
});

/** A database of its own for one test: a temporary PGlite directory, or a new PostgreSQL one. */
async function freshDatabase(): Promise<Record<string, string>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vaultscope-crash-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const adminUrl = postgresTestServerUrl();
  if (!adminUrl) {
    if (template) cpSync(template, dataDir, { recursive: true });
    return { DATA_DIR: dataDir, DATABASE_URL: '' };
  }
  const { url, drop } = await createPostgresTestDatabase(adminUrl);
  cleanups.push(drop);
  return { DATA_DIR: dataDir, DATABASE_URL: url };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** Starts `src/server.ts` in its own process and waits until it answers its health check. */
async function startServer(database: Record<string, string>, crashAt?: CrashPoint) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    // Only what the server needs: nothing of the test runner's environment leaks in.
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DEVNET: 'false',
      RPC_URL_1: devnet.rpcUrl(1),
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: '/nonexistent-web-dist',
      ...database,
      ...(crashAt ? { WALLET_CRASH_AT: crashAt } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server: Server = {
    url: `http://127.0.0.1:${port}`,
    child,
    exited: new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        running.delete(server);
        resolve({ code, signal });
      }),
    ),
    lines: [],
  };
  running.add(server);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let pending = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const complete = pending.split('\n');
    pending = complete.pop() ?? '';
    for (const line of complete) {
      if (!line.startsWith('{')) continue;
      try {
        server.lines.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        // not a log line
      }
    }
  });
  await waitFor(
    async () => {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`server exited during start-up: ${stderr}`);
      const health = await fetch(`${server.url}${apiPaths.health}`).catch(() => undefined);
      return health?.ok === true;
    },
    20_000,
    'server start-up',
  );
  return server;
}

async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null)
    server.child.kill('SIGKILL');
  await server.exited;
}

async function waitFor(check: () => Promise<boolean> | boolean, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function call(
  server: Server,
  method: 'GET' | 'POST',
  url: string,
  options: { token?: string; body?: unknown; key?: string } = {},
) {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.key ? { 'idempotency-key': options.key } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return JSON.parse(text) as unknown;
}

/** The `data` of a wrapped answer. */
async function data(...args: Parameters<typeof call>) {
  return ((await call(...args)) as { data: unknown }).data;
}

/** Signs up, logs in, sets the wallet password (which unlocks) and generates the EVM key. */
async function connect(server: Server) {
  const signup = newSignup();
  await call(server, 'POST', apiPaths.signup, { body: signup });
  const login = (await data(server, 'POST', apiPaths.login, {
    body: { email: signup.email, password: signup.password },
  })) as { token: string };
  await call(server, 'POST', paths.setPassword, {
    token: login.token,
    body: { email: signup.email, password: WALLET_PASSWORD },
  });
  const evm = (await data(server, 'POST', paths.generateEvm, { token: login.token })) as {
    address: `0x${string}`;
  };
  return { token: login.token, address: evm.address };
}

describe('a send killed with its server (SIGKILL), then start-up reconciliation', () => {
  const chain = () => devnetPublicClient(1, devnet.rpcUrl(1));

  it.each<[CrashPoint, 'confirmed' | 'failed']>([
    ['afterRecord', 'failed'],
    ['afterSign', 'confirmed'],
    ['afterBroadcast', 'confirmed'],
  ])('killed %s: the record ends %s and the transfer lands at most once', async (at, ends) => {
    const database = await freshDatabase();
    const first = await startServer(database, at);
    const user = await connect(first);
    await devnet.fundEvm(1, user.address);
    const nonce = await chain().getTransactionCount({ address: user.address });
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const body = { chainId: 1, address: to, amount: AMOUNT };
    const key = `crash-${at}`;

    // The process dies mid-request: the client sees the connection drop, not an answer.
    await expect(
      call(first, 'POST', paths.sendEth, { token: user.token, body, key }),
    ).rejects.toThrow(/fetch failed/);
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });

    const second = await startServer(database);
    await waitFor(
      () => second.lines.some((line) => line.msg === 'wallet send reconciliation done'),
      20_000,
      'start-up reconciliation',
    );
    const summary = second.lines.find(
      (line) => line.msg === 'wallet send reconciliation done',
    ) as unknown as ReconcileSummary;
    // The record the killed process wrote is there (the database kept it) and was finished.
    expect(summary).toMatchObject({
      open: 1,
      confirmed: ends === 'confirmed' ? 1 : 0,
      failed: ends === 'failed' ? 1 : 0,
      resent: at === 'afterSign' ? 1 : 0,
      errors: 0,
    });

    // Exactly one transfer on chain for a signed send, none for one only recorded.
    const landed = ends === 'confirmed' ? 1 : 0;
    expect(await chain().getTransactionCount({ address: user.address })).toBe(nonce + landed);
    expect(await chain().getBalance({ address: to })).toBe(parseEther(AMOUNT) * BigInt(landed));

    // The session outlived the crash; the unlock did not (it lives in memory).
    await call(second, 'POST', paths.unlock, {
      token: user.token,
      body: { password: WALLET_PASSWORD },
    });
    const history = (await call(second, 'GET', paths.transactions, { token: user.token })) as {
      transactions: { hash: string; status: string; to: string }[];
    };
    const sends = history.transactions.filter((row) => row.to.toLowerCase() === to.toLowerCase());
    expect(sends).toEqual([expect.objectContaining({ status: ends })]);

    // The client repeats its request after the restart.
    const repeat = (await data(second, 'POST', paths.sendEth, {
      token: user.token,
      body,
      key,
    })) as { hash: string; status: string };
    if (ends === 'confirmed') {
      // The same send: same hash, nothing new on chain.
      expect(repeat).toMatchObject({ hash: sends[0]?.hash, status: 'confirmed' });
      expect(await chain().getTransactionCount({ address: user.address })).toBe(nonce + 1);
    } else {
      // Never signed, so never sent: the key may run again, and then it sends exactly once.
      expect(repeat.status).toBe('confirmed');
      const again = (await data(second, 'POST', paths.sendEth, {
        token: user.token,
        body,
        key,
      })) as { hash: string };
      expect(again.hash).toBe(repeat.hash);
      expect(await chain().getTransactionCount({ address: user.address })).toBe(nonce + 1);
    }
    expect(await chain().getBalance({ address: to })).toBe(parseEther(AMOUNT));
  });
});
