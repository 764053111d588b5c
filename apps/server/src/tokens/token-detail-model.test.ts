import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scamMessages, tokenDetailResponseSchema } from '@vaultscope/core';
import { tokenScans } from '../scam/scam-tables';
import { expectedTokens, shippedSnapshot, type ExpectedToken } from '../test/research-data';
import { signupAndLogin, startTestApp, type TestApp } from '../test/test-app';
import { dexTokenList, researchSync, securityReports } from './research-tables';
import { TokenDetailModel, writeDetail } from './token-detail-model';
import { TokensRepository } from './tokens-repository';

/**
 * The token detail's read model (issue 12): what it answers is byte for byte what the
 * repository path gives the response serialiser, a write in this process is answered at once
 * without a reload, another instance's write is seen once the version is rechecked, and what it
 * does not hold (an unknown token, a scanned one) is answered by the repository path as before.
 */
let t: TestApp;
let tokens: ExpectedToken[];

beforeAll(async () => {
  t = await startTestApp({}, { loadSnapshots: true });
  tokens = expectedTokens(shippedSnapshot(), t.clock.now());
});
afterAll(() => t.close());

/** The old path's answer: the detail object as the route's schema serialises it. */
async function oldAnswer(token: ExpectedToken, userId?: string): Promise<string> {
  const detail = await t.app.services.research.detail(token.token.address, token.chainName, {
    userId,
    ip: '127.0.0.1',
  });
  return JSON.stringify(tokenDetailResponseSchema.encode(detail));
}

/** A model of the test app's database, its clock moved by hand, counting its full loads. */
function modelOf(nowMs: { value: number }) {
  const repository = new TokensRepository(t.app.db.handle.db);
  const loads = { pages: 0 };
  const model = new TokenDetailModel({
    version: () => repository.dataVersion(),
    page: (afterId, limit) => {
      loads.pages += 1;
      return repository.detailPage(afterId, limit);
    },
    byIds: (ids) => repository.detailsOf(ids),
    recheckMs: 5_000,
    nowMs: () => nowMs.value,
    pageSize: 50,
  });
  return { model, loads };
}

/** A report written as a load writes it: the row, and the version a load bumps. */
async function writeReport(id: string, tokenName: string): Promise<{ from: number; to: number }> {
  const db = t.app.db.handle.db;
  const from = await new TokensRepository(db).dataVersion();
  await db
    .update(securityReports)
    .set({ token_name: tokenName })
    .where(eq(securityReports.token_id, id));
  await db
    .update(researchSync)
    .set({ version: sql`${researchSync.version} + 1` })
    .where(eq(researchSync.kind, 'security'));
  return { from, to: from + 1 };
}

describe('the token detail read model', () => {
  it('answers held tokens of every chain byte for byte as the repository path does, and the route sends it', async () => {
    // Each chain's first eight tokens (the honeypots, trusted and Solana tokens among them).
    const perChain = new Map<string, number>();
    const sample = tokens.filter((token) => {
      const seen = perChain.get(token.chainName) ?? 0;
      perChain.set(token.chainName, seen + 1);
      return seen < 8;
    });
    expect(sample.some((token) => token.chainName === 'solana')).toBe(true);
    const user = await signupAndLogin(t);
    const favourite = tokens[0]!;
    await t.request({
      method: 'POST',
      url: '/api/favourite/toggle-favourite',
      headers: user.auth,
      payload: { itemId: favourite.id, type: 'DEX', userId: user.userId },
    });
    for (const token of sample) {
      const answer = await t.app.services.research.detailAnswer(
        token.token.address,
        token.chainName,
        { ip: '127.0.0.1' },
      );
      // Written from memory as UTF-8, not built as an object.
      expect(Buffer.isBuffer(answer), token.id).toBe(true);
      expect(answer.toString(), token.id).toBe(await oldAnswer(token));
      const res = await t.request({
        method: 'GET',
        url: `/get-token-details/${token.token.address}?network=${token.chainName}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.rawPayload.equals(answer as Buffer), token.id).toBe(true);
    }
    // A logged-in caller's favourite is read per answer.
    const mine = await t.app.services.research.detailAnswer(
      favourite.token.address,
      favourite.chainName,
      { userId: user.userId, ip: '127.0.0.1' },
    );
    expect(mine.toString()).toBe(await oldAnswer(favourite, user.userId));
    expect(JSON.parse(mine.toString()).is_favourite).toBe(1);
  }, 120_000);

  it('loads every token with a report, page by page', async () => {
    const { model, loads } = modelOf({ value: 0 });
    const loaded = await model.load();
    const [row] = await t.app.db.handle.db
      .select({ count: sql<number>`count(*)::int` })
      .from(securityReports);
    expect(loaded.tokens).toBe(Number(row!.count));
    expect(model.size).toBe(loaded.tokens);
    expect(loads.pages).toBe(Math.floor(loaded.tokens / 50) + 1);
    expect(loaded.jsonMb).toBeGreaterThan(0);
  });

  it('answers a report written in this process at once, without a reload', async () => {
    const now = { value: 0 };
    const { model, loads } = modelOf(now);
    await model.load();
    const token = tokens[1]!;
    const pages = loads.pages;
    const version = await writeReport(token.id, 'Renamed by a report load');
    model.apply({ rows: [], removed: [], version, reports: [token.id] });
    // Read again by id (the repository path answers meanwhile).
    await new Promise((resolve) => setTimeout(resolve, 50));
    const held = await model.get(token.id);
    expect(held?.report.tokenName).toBe('Renamed by a report load');
    // At the load's version: past the recheck, nothing to reload.
    now.value += 10_000;
    expect((await model.get(token.id))?.report.tokenName).toBe('Renamed by a report load');
    expect(loads.pages).toBe(pages);
  });

  it('answers a list row a DEX load wrote in this process at once, head and all', async () => {
    const { model, loads } = modelOf({ value: 0 });
    await model.load();
    const token = tokens[3]!;
    const before = JSON.parse(
      writeDetail(token.id, (await model.get(token.id))!, false)!.toString(),
    );
    const [row] = await t.app.db.handle.db
      .select()
      .from(dexTokenList)
      .where(eq(dexTokenList.token_id, token.id));
    const pages = loads.pages;
    const version = await new TokensRepository(t.app.db.handle.db).dataVersion();
    model.apply({
      rows: [{ ...row!, price: 123.5, coin_name: 'Moved by a DEX load' }],
      removed: [],
      version: { from: version, to: version },
    });
    const after = JSON.parse(
      writeDetail(token.id, (await model.get(token.id))!, false)!.toString(),
    );
    expect(after).toEqual({ ...before, price: 123.5, tokenName: 'Moved by a DEX load' });
    // Unlisted by a load: the answer says so.
    model.apply({ rows: [], removed: [token.id], version: { from: version, to: version } });
    const unlisted = JSON.parse(
      writeDetail(token.id, (await model.get(token.id))!, false)!.toString(),
    );
    expect(unlisted).toMatchObject({ isVaultscope: 0, price: null, pairAddress: null });
    expect(loads.pages).toBe(pages);
  });

  it('answers nothing after a failed load, and loads again past the recheck', async () => {
    const now = { value: 0 };
    const repository = new TokensRepository(t.app.db.handle.db);
    let fail = true;
    const model = new TokenDetailModel({
      version: () => repository.dataVersion(),
      page: (afterId, limit) =>
        fail ? Promise.reject(new Error('down')) : repository.detailPage(afterId, limit),
      byIds: (ids) => repository.detailsOf(ids),
      recheckMs: 5_000,
      nowMs: () => now.value,
    });
    await expect(model.load()).rejects.toThrow('down');
    const id = tokens[0]!.id;
    expect(await model.get(id)).toBeUndefined();
    fail = false;
    expect(await model.get(id)).toBeUndefined();
    now.value += 5_000;
    // This one starts the load again; the repository path answers it.
    expect(await model.get(id)).toBeUndefined();
    await model.load();
    expect(await model.get(id)).toBeDefined();
  });

  it("sees another instance's write once the version is rechecked", async () => {
    const now = { value: 0 };
    const { model } = modelOf(now);
    await model.load();
    const token = tokens[2]!;
    const before = (await model.get(token.id))!.report.tokenName;
    // Another instance writes a report: this one is not told.
    await writeReport(token.id, 'Renamed on another instance');
    expect((await model.get(token.id))?.report.tokenName).toBe(before);
    now.value += 5_000;
    // Stale: not answered (the repository path is current) until reloaded.
    expect(await model.get(token.id)).toBeUndefined();
    await model.load();
    expect((await model.get(token.id))?.report.tokenName).toBe('Renamed on another instance');
  });

  it('leaves a token our analyzer scanned to the repository path, told or seen by its count', async () => {
    const now = { value: 0 };
    const repository = new TokensRepository(t.app.db.handle.db);
    const db = t.app.db.handle.db;
    const count = async () => {
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(tokenScans);
      return Number(row!.count);
    };
    const model = new TokenDetailModel({
      version: () => repository.dataVersion(),
      page: (afterId, limit) => repository.detailPage(afterId, limit),
      byIds: (ids) => repository.detailsOf(ids),
      scans: {
        count,
        keys: () =>
          db
            .select({ chainId: tokenScans.chain_id, addressKey: tokenScans.address_key })
            .from(tokenScans),
      },
      recheckMs: 5_000,
      nowMs: () => now.value,
    });
    await model.load();
    const [told, seen] = tokens.filter((token) => token.chainName === 'eth');
    expect(await model.get(told!.id)).toBeDefined();
    model.scanned(1, told!.token.address);
    expect(await model.get(told!.id)).toBeUndefined();

    // Another instance stores a scan: seen at the next recheck.
    const key = seen!.token.address.toLowerCase();
    await db.insert(tokenScans).values({
      chain_id: 1,
      address_key: key,
      address: seen!.token.address,
      source: 'analyzer',
      token_name: null,
      token_symbol: null,
      decimals: 18,
      block_number: 1n,
      block_hash: null,
      scanned_at: t.clock.now(),
      report: seen!.token.security,
      evidence: {},
      total_score: 50,
      risk_level: 'medium risk',
      duration_ms: 1,
    });
    expect(await model.get(seen!.id)).toBeDefined();
    now.value += 5_000;
    expect(await model.get(seen!.id)).toBeUndefined();
  });

  it('answers an unknown token by the repository path, as before', async () => {
    // This app reaches no chain: a token without a report cannot be scanned (a 400, as before).
    const answer = await t.request({
      method: 'GET',
      url: '/get-token-details/0x000000000000000000000000000000000000dEaD?network=eth',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message: scamMessages.chainNotScannable });
    const bad = await t.request({ method: 'GET', url: '/get-token-details/0x12?network=eth' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Enter a valid Ethereum token address.' });
  });
});
