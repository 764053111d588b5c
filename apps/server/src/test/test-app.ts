import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { type BuildAppOptions, buildApp } from '../app';
import type { Clock } from '../lib/clock';
import { loadConfig } from '../lib/config';
import { type DatabaseHandle, openDatabase } from '../lib/db/client';
import type { DevnetClient } from '@vaultscope/devnet';

/** A clock the test moves by hand. */
export class TestClock implements Clock {
  private current = Date.parse('2026-11-21T12:00:00Z');
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current += ms;
  }
}

/**
 * A fresh database per test file: PGlite in memory, or a new database on the PostgreSQL
 * server of `TEST_DATABASE_URL` when the suite runs in its postgres project.
 */
export async function openTestDatabase(): Promise<{
  handle: DatabaseHandle;
  drop: () => Promise<void>;
}> {
  const adminUrl = postgresTestServerUrl();
  if (!adminUrl) {
    const handle = await openDatabase({ dataDir: 'memory://' });
    return { handle, drop: async () => {} };
  }
  const { url, drop } = await createPostgresTestDatabase(adminUrl);
  const handle = await openDatabase({ url, dataDir: 'unused' });
  return { handle, drop };
}

/** The PostgreSQL server of the postgres project, or undefined when the suite runs on PGlite. */
export function postgresTestServerUrl(): string | undefined {
  return process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
}

/** A new, empty database on that server: its URL, and how to drop it (forcing out clients). */
export async function createPostgresTestDatabase(
  adminUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `vaultscope_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  clock: TestClock;
  /** Every log line the app wrote, as raw text. */
  logs(): string;
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function startTestApp(
  env: Record<string, string> = {},
  options: {
    loadSnapshots?: boolean;
    devnet?: DevnetClient;
    database?: DatabaseHandle;
    /** The live research sync's timers and provider runtime (`RESEARCH_PROVIDER=live`). */
    research?: BuildAppOptions['research'];
    /** Asked at each point of a wallet send (`SendStopper` of wallet-test-kit). */
    sendFaults?: BuildAppOptions['sendFaults'];
    /**
     * Wait for the token detail model's first load, which the app runs in the background
     * (default true, so a test's details are answered as a settled server answers them).
     */
    awaitDetailModel?: boolean;
  } = {},
): Promise<TestApp> {
  const clock = new TestClock();
  // A given database outlives this app (a restart test opens a second app on it).
  const { handle, drop } = options.database
    ? { handle: options.database, drop: undefined }
    : await openTestDatabase();
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'debug',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    // Tests that need chains pass a shared devnet (see wallet-test-kit) or turn this on.
    DEVNET: 'false',
    ...env,
  });
  const app = await buildApp({
    config,
    database: handle,
    clock,
    logStream,
    loadSnapshots: options.loadSnapshots ?? false,
    devnet: options.devnet,
    research: options.research,
    sendFaults: options.sendFaults,
    // Low argon2id cost for speed in tests; the KDF itself is covered by key-vault.test.ts.
    walletKdf: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
  });
  await app.ready();
  if (options.awaitDetailModel ?? true) await app.services.details.settled();
  return {
    app,
    clock,
    logs: () => lines.join(''),
    request: (options) => app.inject(options),
    close: async () => {
      await app.close();
      if (drop) {
        await handle.close();
        await drop();
      }
    },
  };
}

let counter = 0;
/** A valid signup body with a unique email. */
export function newSignup(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `ada${counter}.${randomBytes(3).toString('hex')}@example.com`,
    mobile: '+1 555 0100',
    country: 'Canada',
    password: 'correct horse battery',
    confirmPassword: 'correct horse battery',
    ...overrides,
  };
}

/** Signs up and logs in; returns the token and user id. */
export async function signupAndLogin(t: TestApp, overrides: Record<string, unknown> = {}) {
  const body = newSignup(overrides);
  const signup = await t.request({ method: 'POST', url: '/api/user/signup', payload: body });
  if (signup.statusCode !== 201) throw new Error(`signup failed: ${signup.body}`);
  const login = await t.request({
    method: 'POST',
    url: '/api/user/login',
    payload: { email: body.email, password: body.password },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const data = login.json().data as { token: string; user: { _id: string } };
  return {
    ...body,
    token: data.token,
    userId: data.user._id,
    auth: { authorization: `Bearer ${data.token}` },
  };
}
