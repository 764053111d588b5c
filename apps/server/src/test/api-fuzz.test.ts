import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AGE_BAND_VALUES,
  AMOUNT_BAND_VALUES,
  apiPaths,
  CHAIN_CODE_VALUES,
  SCORE_BAND_VALUES,
} from '@vaultscope/core';
import { sha256 } from '../auth/tokens';
import { TooManyRequestsError } from '../lib/errors';
import {
  type Caller,
  type FuzzRequest,
  type Hints,
  operationsOf,
  requestArbitrary,
} from './openapi-fuzz';
import { signupAndLogin, startTestApp, type TestApp } from './test-app';

/**
 * The API answers no request with a 5xx, whatever it is sent. A few thousand requests, drawn
 * with a fixed seed from the server's own OpenAPI document (see `openapi-fuzz.ts`), go to every
 * operation: anonymous, with a session, with an unlocked wallet and with a junk token.
 * The app runs with the shipped snapshots and without chains (DEVNET off), so chain calls
 * answer at once; sends and balances on a live chain are covered by the wallet tests.
 *
 * Another seed or more requests: `FUZZ_SEED=123 FUZZ_RUNS=20000 npx vitest run
 * --project server:pglite src/test/api-fuzz.test.ts`.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_121);
const RUNS = Number(process.env.FUZZ_RUNS ?? 3_000);
const WALLET_PASSWORD = 'wallet password 1';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { loadSnapshots: true });
}, 120_000);
afterAll(() => t?.close());

interface Failure {
  index: number;
  request: FuzzRequest;
  status: number | 'threw';
  body: string;
}

/** A request as a reader can replay it; long values cut, control characters escaped. */
function describeFailure({ index, request, status, body }: Failure): string {
  const cut = (text: string) =>
    text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text;
  return [
    `#${index} ${status} ${request.method} ${cut(request.url)} as ${request.caller}`,
    `  headers: ${cut(JSON.stringify(request.headers))}`,
    request.payload === undefined ? '' : `  payload: ${cut(JSON.stringify(request.payload))}`,
    `  answer: ${cut(body)}`,
  ]
    .filter(Boolean)
    .join('\n');
}

describe('API fuzzing', () => {
  it(`answers ${RUNS} generated requests without a 5xx (seed ${SEED})`, async () => {
    const document = (await t.request({ method: 'GET', url: apiPaths.openapi })).json();
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(50);

    // Two callers: one logged in, one with a wallet password set and the wallet unlocked.
    const member = await signupAndLogin(t);
    const holder = await signupAndLogin(t);
    const setPassword = await t.request({
      method: 'POST',
      url: apiPaths.wallet.setPassword,
      headers: holder.auth,
      payload: { password: WALLET_PASSWORD },
    });
    expect(setPassword.statusCode).toBe(200);
    const tokens = { session: member.token, unlocked: holder.token };
    const { sessions, wallet } = t.app.services;

    /** The caller's token, made live (and unlocked) again if an earlier request ended it. */
    async function authorization(caller: Caller): Promise<Record<string, string>> {
      if (caller === 'anonymous' || caller === 'bogus') return {};
      const user = caller === 'session' ? member : holder;
      if (!(await sessions.findUser(tokens[caller])))
        tokens[caller] = await sessions.create(user.userId);
      const token = tokens[caller];
      if (caller === 'unlocked' && !wallet.isUnlocked(user.userId, sha256(token))) {
        // Fuzzed unlock attempts may have used up the throttle: wait it out on the test clock.
        await wallet
          .unlock(user.userId, sha256(token), WALLET_PASSWORD, '127.0.0.1')
          .catch(async (error) => {
            if (!(error instanceof TooManyRequestsError)) throw error;
            t.clock.advance(3_600_000);
            await wallet.unlock(user.userId, sha256(token), WALLET_PASSWORD, '127.0.0.1');
          });
      }
      return { authorization: `Bearer ${token}` };
    }

    // Real ids, so that some requests find what they ask for.
    const ids = new Set<string>();
    for (const url of [
      apiPaths.tokens.checkToken,
      apiPaths.cex.tokens,
      apiPaths.ico.active,
      apiPaths.ico.upcoming,
    ]) {
      const rows = (await t.request({ method: 'GET', url })).json().tokenDetails as Record<
        string,
        unknown
      >[];
      for (const row of rows.slice(0, 5))
        for (const key of ['id', '_id', 'tokenAddress'])
          if (typeof row[key] === 'string') ids.add(row[key] as string);
    }
    const hints: Hints = {
      ids: [...ids],
      userIds: [member.userId, holder.userId],
      ownUserIds: { session: member.userId, unlocked: holder.userId },
      emails: [member.email, holder.email],
      passwords: [member.password, WALLET_PASSWORD],
      chainIds: [1, 56, 101, 103, 11155111, 0, 999_999],
      values: {
        chainName: ['all', ...CHAIN_CODE_VALUES],
        network: CHAIN_CODE_VALUES,
        age: AGE_BAND_VALUES,
        score: SCORE_BAND_VALUES,
        liquidity: AMOUNT_BAND_VALUES,
        volume: AMOUNT_BAND_VALUES,
      },
    };

    const requests = fc.sample(requestArbitrary(operations, hints), { seed: SEED, numRuns: RUNS });
    const failures: Failure[] = [];
    /** Answers by operation and status, printed with FUZZ_VERBOSE=1. */
    const statuses = new Map<string, Record<number, number>>();
    let answered2xx = 0;
    for (const [index, request] of requests.entries()) {
      // Time passes (the run spans about 17 hours of the test clock), so throttle windows, reset
      // codes and unlocks expire now and then, as they would between real requests.
      t.clock.advance(20_000);
      const auth = await authorization(request.caller);
      try {
        const res = await t.request({
          method: request.method as 'GET',
          url: request.url,
          remoteAddress: request.remoteAddress,
          headers: { ...request.headers, ...auth },
          ...(request.payload !== undefined ? { payload: request.payload } : {}),
        });
        if (res.statusCode < 300) answered2xx += 1;
        const counts = statuses.get(request.operation) ?? {};
        counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1;
        statuses.set(request.operation, counts);
        if (res.statusCode >= 500)
          failures.push({ index, request, status: res.statusCode, body: res.body });
      } catch (error) {
        failures.push({ index, request, status: 'threw', body: String(error) });
      }
    }

    if (process.env.FUZZ_VERBOSE)
      for (const [operation, counts] of statuses) console.log(operation, JSON.stringify(counts));
    const report = [
      `${failures.length} of ${RUNS} requests failed (FUZZ_SEED=${SEED}); the first of each operation:`,
      ...[...new Map(failures.map((failure) => [failure.request.operation, failure])).values()].map(
        describeFailure,
      ),
    ].join('\n');
    expect(failures.length, report).toBe(0);
    // The fuzzer reached every operation, and got past validation often enough to mean something.
    expect(
      operations.filter((operation) => !statuses.has(`${operation.method} ${operation.path}`)),
    ).toEqual([]);
    expect(answered2xx).toBeGreaterThan(RUNS / 10);
    // And the app is still up.
    expect((await t.request({ method: 'GET', url: apiPaths.health })).statusCode).toBe(200);
  }, 180_000);
});
