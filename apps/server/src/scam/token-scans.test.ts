import {
  apiPaths,
  cleanEvmReport,
  explainScan,
  SECURITY_FLAG_KEYS,
  scamMessages,
  scoreSecurityReport,
  tokenDetailResponseSchema,
  tokenListResponseSchema,
  tokenMessages,
  type TokenDetailResponse,
} from '@vaultscope/core';
import {
  DEVNET_EVM_OWNER,
  deployScenario,
  devnetViemChain,
  type ScenarioName,
} from '@vaultscope/devnet';
import { createWalletClient, http, publicActions, type Address } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app';
import { startTestDevnet } from '../test/wallet-test-kit';
import type { ResearchProviders } from '../tokens/providers';
import { ResearchIngest } from '../tokens/research-ingest';
import { providedPool } from '../test/research-data';

/**
 * "Check any token": a token with no report is scanned by the analyzer on demand, on a real
 * local Anvil chain, through the real app. The detail answers within its time budget or 404s
 * 'Record not found, will get back shortly' until the scan lands; the report, its evidence, the
 * block and the score are stored and answered; re-scans and the TTL refresh it; each failure
 * has its own message and stores nothing.
 */

const CHAIN_ID = 1;
let devnet: Awaited<ReturnType<typeof startTestDevnet>>;
let t: TestApp;
const tokens = new Map<ScenarioName, Address>();

beforeAll(async () => {
  devnet = await startTestDevnet([CHAIN_ID]);
  const rpcUrl = devnet.rpcUrl(CHAIN_ID);
  const deployer = createWalletClient({
    account: DEVNET_EVM_OWNER,
    chain: devnetViemChain(CHAIN_ID, rpcUrl),
    transport: http(rpcUrl),
    pollingInterval: 50,
  }).extend(publicActions);
  for (const name of ['plain-mint', 'blacklist', 'clean-plain'] as const) {
    tokens.set(name, (await deployScenario(deployer, name)).address);
  }
  t = await startTestApp({}, { devnet });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await devnet?.remove();
});

const token = (name: ScenarioName) => tokens.get(name)!;
const detailUrl = (address: string, network = 'eth') =>
  `${apiPaths.tokens.details(address)}?network=${network}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function get(url: string, remoteAddress = '127.0.0.1') {
  const res = await t.request({ method: 'GET', url, remoteAddress });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

/** Polls the detail as the screen does: 404 'will get back shortly' until the report is there. */
async function detailWhenReady(address: string): Promise<TokenDetailResponse> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const { status, body } = await get(detailUrl(address));
    if (status === 200) return tokenDetailResponseSchema.parse(body);
    expect(status, JSON.stringify(body)).toBe(404);
    expect(body).toEqual({ message: tokenMessages.recordNotFound });
    if (Date.now() > deadline) throw new Error('the scan never landed');
    await sleep(250);
  }
}

describe('a token with no report is scanned on demand', () => {
  it('answers the analyzer’s report of a mintable token, with the block, the time and the evidence', async () => {
    const first = await get(detailUrl(token('plain-mint')));
    // Within the 2 s budget, or the spec's 404 while the scan runs on.
    expect([200, 404]).toContain(first.status);
    const detail = await detailWhenReady(token('plain-mint'));
    expect(detail).toMatchObject({
      tokenAddress: token('plain-mint'),
      chainName: 'eth',
      isVaultscope: 0,
      priceProvider: 'Vaultscope analyzer',
      tokenDetails: { is_mintable: 1, is_proxy: 0, selfdestruct: 0, is_honeypot: null },
      scan: { source: 'analyzer', chainId: CHAIN_ID, decimals: 18, rescanning: false },
    });
    expect(detail.tokenName).not.toBe(token('plain-mint'));
    expect(Number(detail.scan!.blockNumber)).toBeGreaterThan(0);
    expect(detail.scan!.blockHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(detail.scan!.scannedAt).toBe(t.clock.now().toISOString());
    // The score is core's, of the report answered.
    expect(detail.totalScore).toBe(scoreSecurityReport(detail.tokenDetails, 'evm').totalScore);
    // The mint is explained by who called what and what it did, in whole tokens.
    const explained = explainScan(detail.tokenDetails, detail.scan!.evidence, 'evm', {
      decimals: detail.scan!.decimals,
    });
    const mintable = explained.find((field) => field.field === 'is_mintable')!;
    expect(mintable.status).toBe('risk');
    expect(mintable.reasons[0]).toMatch(
      /^the owner \(0xf39F…2266\) can call 0x[0-9a-f]{8}, which raised the supply by [\d,.]+$/,
    );
    // Unknown is null with its reason, never 0 (this devnet runs without its markets).
    expect(detail.scan!.evidence.sell_tax).toEqual([
      { kind: 'not-measured', reason: 'no-pool', detail: 'no DEX is configured for this chain' },
    ]);
  }, 120_000);

  it('finds the blacklist, and no risk flag on a clean token', async () => {
    const blacklist = await detailWhenReady(token('blacklist'));
    expect(blacklist.tokenDetails).toMatchObject({ is_blacklisted: 1, transfer_pausable: 0 });
    const clean = await detailWhenReady(token('clean-plain'));
    const riskFlags = SECURITY_FLAG_KEYS.filter(
      (key) => key !== 'is_open_source' && key !== 'is_in_dex' && clean.tokenDetails[key] === 1,
    );
    expect(riskFlags).toEqual([]);
    const risks = (detail: TokenDetailResponse) =>
      scoreSecurityReport(detail.tokenDetails, 'evm')
        .findings.filter((finding) => finding.status === 'risk')
        .map((finding) => finding.id);
    // The blacklist's owner still holds the whole supply: a real risk, read from the chain.
    // Its Transfer logs say the same of the creator, the only holder.
    expect(risks(blacklist)).toEqual([
      'is_blacklisted',
      'owner_percent',
      'creator_percent',
      'holder_count',
    ]);
    expect(blacklist.tokenDetails.owner_percent).toBe(1);
    // The clean token has no flag; only its figures: deployed a moment ago, unlisted, one holder.
    expect(risks(clean)).toEqual(['creator_percent', 'holder_count']);
    // The clean token has no owner() to ask: unknown, with the reason.
    expect(clean.tokenDetails.owner_percent).toBeNull();
    expect(clean.scan!.evidence.owner_percent).toEqual([
      { kind: 'not-measured', reason: 'not-answered', detail: 'owner()' },
    ]);
    // A 0 says what was checked.
    expect(clean.scan!.evidence.is_mintable?.[0]).toMatchObject({ kind: 'checked' });
  }, 120_000);

  it('re-scans on request: the answer or a 202, then the detail shows the new scan', async () => {
    const before = await detailWhenReady(token('clean-plain'));
    t.clock.advance(60_000);
    const res = await t.request({
      method: 'POST',
      url: `${apiPaths.tokens.rescan(token('clean-plain'))}?network=eth`,
    });
    expect([200, 202], res.body).toContain(res.statusCode);
    expect(res.json()).toEqual(
      res.statusCode === 200
        ? { status: 'done', message: scamMessages.scanFinished }
        : { status: 'scanning', message: scamMessages.scanStarted },
    );
    const deadline = Date.now() + 60_000;
    let after = before;
    while (after.scan!.scannedAt === before.scan!.scannedAt) {
      if (Date.now() > deadline) throw new Error('the re-scan never landed');
      await sleep(200);
      after = tokenDetailResponseSchema.parse((await get(detailUrl(token('clean-plain')))).body);
    }
    expect(after.scan!.scannedAt).toBe(t.clock.now().toISOString());
    expect(after.tokenDetails).toEqual(before.tokenDetails);
  }, 120_000);

  it('refreshes a report older than its TTL in the background, answering the old one meanwhile', async () => {
    const before = await detailWhenReady(token('blacklist'));
    t.clock.advance(7 * 3_600_000);
    const stale = tokenDetailResponseSchema.parse((await get(detailUrl(token('blacklist')))).body);
    expect(stale.scan!.scannedAt).toBe(before.scan!.scannedAt);
    expect(stale.scan!.rescanning).toBe(true);
    const deadline = Date.now() + 60_000;
    let fresh = stale;
    while (fresh.scan!.scannedAt === before.scan!.scannedAt || fresh.scan!.rescanning) {
      if (Date.now() > deadline) throw new Error('the refresh never landed');
      await sleep(200);
      fresh = tokenDetailResponseSchema.parse((await get(detailUrl(token('blacklist')))).body);
    }
    expect(fresh.scan!.scannedAt).toBe(t.clock.now().toISOString());
  }, 120_000);

  it('keeps answering other tokens while a scan runs', async () => {
    await detailWhenReady(token('clean-plain'));
    const rescan = t.request({
      method: 'POST',
      url: `${apiPaths.tokens.rescan(token('plain-mint'))}?network=eth`,
    });
    const started = performance.now();
    const other = await get(detailUrl(token('clean-plain')));
    const list = await get(apiPaths.tokens.checkToken);
    expect(other.status).toBe(200);
    expect(list.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect([200, 202]).toContain((await rescan).statusCode);
  }, 120_000);
});

describe('each failure has its own answer and stores nothing', () => {
  const stored = (address: string) => t.app.services.scans.stored({ chainId: CHAIN_ID, address });

  it('an address without contract code', async () => {
    const { status, body } = await get(detailUrl(DEVNET_EVM_OWNER));
    expect(status).toBe(400);
    expect(body).toEqual({ message: scamMessages.noContractCode });
    // The polls that follow get the same answer.
    expect((await get(detailUrl(DEVNET_EVM_OWNER))).body).toEqual({
      message: scamMessages.noContractCode,
    });
    expect(await stored(DEVNET_EVM_OWNER)).toBeUndefined();
  });

  it('a bad address, on the detail and on the rescan call', async () => {
    const detail = await get(detailUrl('0x1234'));
    expect(detail.status).toBe(400);
    expect(detail.body.message).toBe(tokenMessages.invalidAddress('Ethereum'));
    const rescan = await t.request({
      method: 'POST',
      url: `${apiPaths.tokens.rescan('0x1234')}?network=eth`,
    });
    expect(rescan.statusCode).toBe(400);
    expect(rescan.json().message).toBe(tokenMessages.invalidAddress('Ethereum'));
  });

  it('a chain this server does not reach', async () => {
    // The devnet runs chain 1 only: BNB Chain (56) has neither a local node nor an RPC URL.
    const { status, body } = await get(detailUrl(token('plain-mint'), 'bsc'));
    expect(status).toBe(400);
    expect(body).toEqual({ message: scamMessages.chainNotScannable });
    expect(await t.app.services.scans.stored({ chainId: 56, address: token('plain-mint') })).toBe(
      undefined,
    );
  });

  it('a chain whose node does not answer: 503, and the message names no URL', async () => {
    const down = await startTestApp({ RPC_URL_1: 'http://127.0.0.1:9/secret-key-123' });
    try {
      // viem retries a refused connection a few times: within the budget, or a 404 first.
      let res = await down.request({ method: 'GET', url: detailUrl(token('plain-mint')) });
      for (let tries = 0; res.statusCode === 404 && tries < 100; tries += 1) {
        await sleep(100);
        res = await down.request({ method: 'GET', url: detailUrl(token('plain-mint')) });
      }
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: scamMessages.chainUnavailable });
      expect(down.logs()).not.toContain('secret-key-123');
    } finally {
      await down.close();
    }
  }, 60_000);

  it('too many new scans from one anonymous address: 429 with the reason and when to retry', async () => {
    const from = '203.0.113.7';
    const answers: number[] = [];
    for (let i = 1; i <= 11; i += 1) {
      // Fresh addresses without code: each is a new scan, and a quick one.
      const address = privateKeyToAddress(`0x${i.toString(16).padStart(64, '7')}`);
      answers.push((await get(detailUrl(address), from)).status);
    }
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(400));
    const limited = await t.request({
      method: 'GET',
      url: detailUrl(privateKeyToAddress(`0x${'8'.repeat(64)}`)),
      remoteAddress: from,
    });
    expect(answers[10]).toBe(429);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: scamMessages.tooManyScans });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Stored reports are no new scans: another visitor behind that address still reads them.
    expect((await get(detailUrl(token('clean-plain')), from)).status).toBe(200);
  });
});

describe('a new scan rescores the list row of a chain our indexer does not serve', () => {
  it("the provider's row takes the score the detail shows, in place", async () => {
    const app = await startTestApp({ MARKET_DATA_INDEXED_CHAINS: 'none' }, { devnet });
    try {
      const address = token('plain-mint');
      // The provider lists the token on eth; GoPlus read it as clean (no mint).
      const providers: ResearchProviders = {
        dex: {
          name: 'test-dex',
          priceLabel: 'Test DEX',
          fetchDex: async () => ({
            tokens: [
              {
                chainName: 'eth',
                address,
                name: 'Plain Mint',
                symbol: 'PMT',
                decimals: 18,
                total_supply: '1000000',
                trusted_token: 0,
              },
            ],
            pools: [
              providedPool('0x3333333333333333333333333333333333333333', address, {
                name: 'PMT / WETH',
                quote_token_address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
              }),
            ],
            listed: ['eth'],
          }),
        },
        cex: { name: 'test-cex', fetchMarkets: async () => ({ markets: [], complete: true }) },
        security: {
          name: 'goplus',
          fetchReports: async () => [
            {
              chainName: 'eth',
              address,
              name: null,
              symbol: null,
              trusted_token: 0,
              report: cleanEvmReport({ is_mintable: 0 }),
            },
          ],
        },
      };
      await new ResearchIngest(app.app.db.handle.db, providers, app.clock, () =>
        app.app.services.research.invalidate(),
      ).sync();
      const listed = async () => {
        const res = await app.request({
          method: 'GET',
          url: `${apiPaths.tokens.checkToken}?chainName=eth`,
        });
        return tokenListResponseSchema
          .parse(res.json())
          .tokenDetails.find((row) => row.tokenAddress === address)?.score;
      };
      const detail = async () =>
        tokenDetailResponseSchema.parse(
          (await app.request({ method: 'GET', url: detailUrl(address) })).json(),
        );
      const engines = (await detail()).totalScore;
      expect(await listed()).toBe(engines);

      // A scan someone asks for finds the owner's mint: the detail combines it with GoPlus's.
      const res = await app.request({
        method: 'POST',
        url: `${apiPaths.tokens.rescan(address)}?network=eth`,
      });
      expect([200, 202], res.body).toContain(res.statusCode);
      const deadline = Date.now() + 60_000;
      let after = await detail();
      while (after.scan === null || after.scan === undefined) {
        if (Date.now() > deadline) throw new Error('the scan never landed');
        await sleep(200);
        after = await detail();
      }
      expect(after.tokenDetails.is_mintable).toBe(1);
      expect(after.totalScore).not.toBe(engines);
      // The row follows at once (the list index rechecks its version only every 5 s).
      const until = Date.now() + 2_000;
      while ((await listed()) !== after.totalScore && Date.now() < until) await sleep(50);
      expect(await listed()).toBe(after.totalScore);
    } finally {
      await app.close();
    }
  }, 120_000);
});
