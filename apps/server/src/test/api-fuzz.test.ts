import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  AGE_BAND_VALUES,
  AMOUNT_BAND_VALUES,
  apiPaths,
  CHAIN_CODE_VALUES,
  SCORE_BAND_VALUES,
} from '@vaultscope/core';
import { DEVNET_EVM_OWNER } from '@vaultscope/devnet';
import { sha256 } from '../lib/hash';
import { TooManyRequestsError } from '../lib/errors';
import {
  type Caller,
  type FuzzRequest,
  type Hints,
  type Operation,
  operationsOf,
  requestArbitrary,
} from './openapi-fuzz';
import { signupAndLogin, startTestApp, type TestApp } from './test-app';
import { startTestDevnet } from './wallet-test-kit';

/**
 * The API answers no request with a 5xx, whatever it is sent. Requests drawn with a fixed seed
 * from the server's own OpenAPI document (see `openapi-fuzz.ts`) go to every operation:
 * anonymous, with a session, with an unlocked wallet and with a junk token. First the whole
 * API with the shipped snapshots and no chains (DEVNET off: chain calls answer at once), then
 * the wallet's operations on two live local chains with a funded wallet, so that sends, fees,
 * balances and transaction reads run for real.
 *
 * Another seed or more requests: `FUZZ_SEED=123 FUZZ_RUNS=20000 npx vitest run
 * --project server:pglite src/test/api-fuzz.test.ts` (FUZZ_VERBOSE=1 prints the answers by
 * operation and status).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_121);
const RUNS = Number(process.env.FUZZ_RUNS ?? 3_000);
/** The chain phase costs more per request (real sends): a fifth as many. */
const CHAIN_RUNS = Math.ceil(RUNS / 5);
const WALLET_PASSWORD = 'wallet password 1';

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
    `#${index} ${status} ${request.method} ${cut(request.url)} as ${request.caller} from ${request.remoteAddress}`,
    `  headers: ${cut(JSON.stringify(request.headers))}`,
    request.payload === undefined ? '' : `  payload: ${cut(JSON.stringify(request.payload))}`,
    `  answer: ${cut(body)}`,
  ]
    .filter(Boolean)
    .join('\n');
}

/**
 * Two callers: one logged in, one with a wallet password set and the wallet unlocked. Answers
 * them and the headers of a caller, its token made live (and unlocked) again if an earlier
 * request ended it.
 */
async function callers(t: TestApp) {
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

  async function authorization(caller: Caller): Promise<Record<string, string>> {
    if (caller === 'anonymous' || caller === 'bogus') return {};
    const user = caller === 'session' ? member : holder;
    if (!(await sessions.findUser(tokens[caller])))
      tokens[caller] = await sessions.create(user.userId);
    const token = tokens[caller];
    if (caller === 'unlocked' && !wallet.isUnlocked(user.userId, sha256(token))) {
      // Fuzzed unlock attempts may have used up the throttle: wait it out on the test clock.
      const unlock = () => wallet.unlock(user.userId, sha256(token), WALLET_PASSWORD, '127.0.0.1');
      await unlock().catch(async (error) => {
        if (!(error instanceof TooManyRequestsError)) throw error;
        t.clock.advance(3_600_000);
        await unlock();
      });
    }
    return { authorization: `Bearer ${token}` };
  }
  return { member, holder, authorization };
}

/** Sends the requests one after the other; any 5xx (or a request that throws) is a failure. */
async function fuzz(
  t: TestApp,
  operations: Operation[],
  hints: Hints,
  runs: number,
  authorization: (caller: Caller) => Promise<Record<string, string>>,
) {
  const requests = fc.sample(requestArbitrary(operations, hints), { seed: SEED, numRuns: runs });
  const failures: Failure[] = [];
  /** Answers by operation and status. */
  const statuses = new Map<string, Record<number, number>>();
  for (const [index, request] of requests.entries()) {
    // Time passes (20 s a request), so throttle windows, reset codes and unlocks expire now and
    // then, as they would between real requests.
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
    `${failures.length} of ${runs} requests failed (FUZZ_SEED=${SEED}); the first of each operation:`,
    ...[...new Map(failures.map((failure) => [failure.request.operation, failure])).values()].map(
      describeFailure,
    ),
  ].join('\n');
  const answered2xx = [...statuses.values()]
    .flatMap((counts) => Object.entries(counts))
    .filter(([status]) => Number(status) < 300)
    .reduce((sum, [, count]) => sum + count, 0);
  return { failures, report, statuses, answered2xx };
}

async function operationsOfApp(t: TestApp): Promise<Operation[]> {
  return operationsOf((await t.request({ method: 'GET', url: apiPaths.openapi })).json());
}

describe('API fuzzing', () => {
  let t: TestApp | undefined;
  afterAll(() => t?.close());

  it(`answers ${RUNS} requests over every operation without a 5xx (seed ${SEED})`, async () => {
    t = await startTestApp({}, { loadSnapshots: true });
    const app = t;
    const operations = await operationsOfApp(app);
    expect(operations.length).toBeGreaterThan(50);
    const { member, holder, authorization } = await callers(app);

    // Real ids, so that some requests find what they ask for.
    const ids = new Set<string>();
    for (const url of [
      apiPaths.tokens.checkToken,
      apiPaths.cex.tokens,
      apiPaths.ico.active,
      apiPaths.ico.upcoming,
    ]) {
      const rows = (await app.request({ method: 'GET', url })).json().tokenDetails as Record<
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

    const { failures, report, statuses, answered2xx } = await fuzz(
      app,
      operations,
      hints,
      RUNS,
      authorization,
    );
    expect(failures.length, report).toBe(0);
    // It reached every operation, and got past validation often enough to mean something.
    expect(
      operations.filter((operation) => !statuses.has(`${operation.method} ${operation.path}`)),
    ).toEqual([]);
    expect(answered2xx).toBeGreaterThan(RUNS / 10);
    expect((await app.request({ method: 'GET', url: apiPaths.health })).statusCode).toBe(200);
    await app.close();
    t = undefined;
  }, 240_000);

  it(`answers ${CHAIN_RUNS} wallet requests on live local chains without a 5xx (seed ${SEED})`, async () => {
    const devnet = await startTestDevnet([1, 103]);
    try {
      t = await startTestApp({}, { devnet });
      const app = t;
      const operations = (await operationsOfApp(app)).filter(
        (operation) =>
          operation.path.startsWith('/wallet/') ||
          operation.path.startsWith('/api/chain/') ||
          operation.path === apiPaths.wallet.updateWalletStatus,
      );
      const { member, holder, authorization } = await callers(app);
      // The holder's keys, funded on both chains, so that right sends really send.
      const holderAuth = await authorization('unlocked');
      const addresses: string[] = [];
      for (const url of [apiPaths.wallet.generateEvm, apiPaths.wallet.generateSolana]) {
        const res = await app.request({ method: 'POST', url, headers: holderAuth });
        expect(res.statusCode, res.body).toBe(200);
        addresses.push(res.json().data.address as string);
      }
      const hashes: string[] = [];
      for (const chainId of [1, 103]) {
        const res = await app.request({
          method: 'POST',
          url: apiPaths.wallet.faucet,
          headers: holderAuth,
          payload: { chainId },
        });
        expect(res.statusCode, res.body).toBe(200);
        for (const transfer of res.json().data.transfers as { hash: string }[])
          hashes.push(transfer.hash);
      }
      const [evmAddress = '', solanaAddress = ''] = addresses;
      const tokensOn = (chainId: 1 | 103) =>
        (devnet.tokens[chainId] ?? []).map((token) => token.address as string);
      // Right values by field name, so that a good share of sends is right and really sends.
      const hints: Hints = {
        ids: [...addresses, DEVNET_EVM_OWNER, ...tokensOn(1), ...tokensOn(103), ...hashes],
        userIds: [member.userId, holder.userId],
        ownUserIds: { session: member.userId, unlocked: holder.userId },
        emails: [member.email, holder.email],
        passwords: [member.password, WALLET_PASSWORD],
        chainIds: [1, 103, 101, 56, 0],
        values: {
          chainId: ['1', '103', '1', '103', '56'],
          importedKey: [false],
          generatedKey: [true],
          address: [DEVNET_EVM_OWNER, evmAddress],
          to: [DEVNET_EVM_OWNER, solanaAddress, tokensOn(103)[0] ?? ''],
          recieverAddress: [
            solanaAddress,
            tokensOn(103)[1] ?? '',
            '11111111111111111111111111111111',
          ],
          tokenAddress: tokensOn(1),
          tokenMintAddress: tokensOn(103),
          hash: hashes,
          amount: ['0.001', '1', '0', '0.000000000000000001', '1000000', '1e-3', '-1', '.5'],
        },
      };

      const { failures, report, statuses } = await fuzz(
        app,
        operations,
        hints,
        CHAIN_RUNS,
        authorization,
      );
      expect(failures.length, report).toBe(0);
      // Some sends went through on the chains.
      const sent = ['sendEth', 'sendErc20', 'sendSol', 'sendSplToken'].map(
        (name) => statuses.get(`POST /wallet/wallet/${name}`)?.[200] ?? 0,
      );
      expect(sent.reduce((sum, count) => sum + count, 0)).toBeGreaterThan(0);
      await app.close();
      t = undefined;
    } finally {
      await t?.close();
      t = undefined;
      await devnet.remove();
    }
  }, 240_000);
});
