import {
  apiPaths,
  scamMessages,
  tokenDetailResponseSchema,
  tokenMessages,
  type TokenDetailResponse,
} from '@vaultscope/core';
import {
  DEVNET_EVM_OWNER,
  deployScenario,
  devnetViemChain,
  type ScenarioName,
} from '@vaultscope/devnet';
import { createWalletClient, getAddress, http, parseAbi, publicActions, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../lib/config';
import { startTestApp, type TestApp } from '../test/test-app';
import { startTestDevnet } from '../test/wallet-test-kit';
import { DEFAULT_SCAN_OPTIONS, scanOptionsFromConfig } from './token-scans';

/**
 * The scan queue's settings come from the environment, and a stored report is rescanned as soon
 * as the token emits an owner-only event (ownership moved, a pause…) after the scan's block,
 * rather than waiting out its TTL; ordinary transfers do not count.
 */

const CHAIN_ID = 1;
let devnet: Awaited<ReturnType<typeof startTestDevnet>>;
let deployer: ReturnType<typeof deployerFor>;
const tokens = new Map<ScenarioName, Address>();
const NEW_OWNER: Address = getAddress('0x00000000000000000000000000000000000b0b01');
const ownable = parseAbi([
  'function transferOwnership(address newOwner)',
  'function transfer(address to, uint256 value) returns (bool)',
]);

function deployerFor(rpcUrl: string) {
  return createWalletClient({
    account: DEVNET_EVM_OWNER,
    chain: devnetViemChain(CHAIN_ID, rpcUrl),
    transport: http(rpcUrl),
    pollingInterval: 50,
  }).extend(publicActions);
}

beforeAll(async () => {
  devnet = await startTestDevnet([CHAIN_ID]);
  deployer = deployerFor(devnet.rpcUrl(CHAIN_ID));
  for (const name of ['plain-mint', 'blacklist', 'clean-plain'] as const) {
    tokens.set(name, (await deployScenario(deployer, name)).address);
  }
}, 120_000);

afterAll(async () => {
  await devnet?.remove();
});

const detailUrl = (address: string) => `${apiPaths.tokens.details(address)}?network=eth`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function get(t: TestApp, url: string, remoteAddress = '127.0.0.1') {
  const res = await t.request({ method: 'GET', url, remoteAddress });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

async function detailWhen(
  t: TestApp,
  address: string,
  done: (detail: TokenDetailResponse) => boolean,
): Promise<TokenDetailResponse> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { status, body } = await get(t, detailUrl(address));
    if (status === 200) {
      const detail = tokenDetailResponseSchema.parse(body);
      if (done(detail)) return detail;
    } else expect(body).toEqual({ message: tokenMessages.recordNotFound });
    if (Date.now() > deadline) throw new Error('the awaited report never landed');
    await sleep(200);
  }
}

/** The owner the report read from `owner()`, as its evidence shows it. */
const ownerRead = (detail: TokenDetailResponse) =>
  detail.scan!.evidence.owner_percent?.find(
    (item) => item.kind === 'read' && item.call === 'owner()',
  );

describe('the scan queue’s settings', () => {
  it('default to the documented values, which the environment overrides', () => {
    const defaults = scanOptionsFromConfig(loadConfig({ NODE_ENV: 'test' }));
    expect(defaults).toEqual({
      concurrency: DEFAULT_SCAN_OPTIONS.concurrency,
      maxQueued: DEFAULT_SCAN_OPTIONS.maxQueued,
      budgetMs: 2_000,
      ttlMs: 6 * 3_600_000,
      anonymousLimit: DEFAULT_SCAN_OPTIONS.anonymousLimit,
    });
    expect(
      scanOptionsFromConfig(
        loadConfig({
          NODE_ENV: 'test',
          ANALYZER_CONCURRENCY: '2',
          ANALYZER_QUEUE_DEPTH: '5',
          ANALYZER_BUDGET_MS: '500',
          ANALYZER_TTL_HOURS: '0.5',
          ANALYZER_ANONYMOUS_LIMIT: '3',
          ANALYZER_ANONYMOUS_WINDOW_MINUTES: '1',
        }),
      ),
    ).toEqual({
      concurrency: 2,
      maxQueued: 5,
      budgetMs: 500,
      ttlMs: 1_800_000,
      anonymousLimit: { limit: 3, windowMs: 60_000 },
    });
    expect(() => loadConfig({ NODE_ENV: 'test', ANALYZER_FORK_POOL_SIZE: '0' })).toThrow(
      /ANALYZER_FORK_POOL_SIZE/,
    );
  });

  it('the anonymous limit of new scans is the configured one (a 429 at the second here)', async () => {
    const t = await startTestApp(
      { ANALYZER_ANONYMOUS_LIMIT: '1', ANALYZER_FORK_POOL_SIZE: '1' },
      { devnet },
    );
    try {
      const first = await get(t, detailUrl(tokens.get('blacklist')!), '10.1.1.1');
      expect([200, 404]).toContain(first.status);
      const second = await get(t, detailUrl(tokens.get('clean-plain')!), '10.1.1.1');
      expect(second.status).toBe(429);
      expect(second.body).toEqual({ message: scamMessages.tooManyScans });
      // Another address still may.
      const other = await get(t, detailUrl(tokens.get('clean-plain')!), '10.1.1.2');
      expect([200, 404]).toContain(other.status);
      await detailWhen(t, tokens.get('clean-plain')!, () => true);
    } finally {
      await t.close();
    }
  }, 120_000);
});

describe('a stored report after an owner-only event of its token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ RESEARCH_CACHE_SECONDS: '0' }, { devnet });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is rescanned on the next detail once ownership moved, and the new report shows the new owner; a plain transfer changes nothing', async () => {
    const token = tokens.get('plain-mint')!;
    const first = await detailWhen(t, token, () => true);
    expect(ownerRead(first)).toMatchObject({ value: DEVNET_EVM_OWNER });

    // A transfer is no owner-only event: the stored report stands.
    await deployer.waitForTransactionReceipt({
      hash: await deployer.writeContract({
        address: token,
        abi: ownable,
        functionName: 'transfer',
        args: [NEW_OWNER, 1n],
      }),
    });
    t.clock.advance(60_000);
    await get(t, detailUrl(token));
    await sleep(500);
    const unchanged = tokenDetailResponseSchema.parse((await get(t, detailUrl(token))).body);
    expect(unchanged.scan!.blockNumber).toBe(first.scan!.blockNumber);
    expect(unchanged.scan!.rescanning).toBe(false);

    await deployer.waitForTransactionReceipt({
      hash: await deployer.writeContract({
        address: token,
        abi: ownable,
        functionName: 'transferOwnership',
        args: [NEW_OWNER],
      }),
    });
    t.clock.advance(60_000);
    const fresh = await detailWhen(
      t,
      token,
      (detail) => detail.scan!.blockNumber !== first.scan!.blockNumber && !detail.scan!.rescanning,
    );
    expect(ownerRead(fresh)).toMatchObject({ value: NEW_OWNER });
    // The new owner holds none of the supply.
    expect(fresh.tokenDetails.owner_percent).toBe(0);
    expect(t.logs()).toContain('owner-only event');
  }, 120_000);
});
