import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEvmReport, scoreSecurityReport, type CexMarket } from '@vaultscope/core';
import { tokenScans } from '../scam/scam-tables';
import { startTestApp, type TestApp } from '../test/test-app';
import type { ProvidedReport, ResearchProviders } from './providers';
import { ResearchIngest } from './research-ingest';
import { securityEngineReports, securityReports } from './research-tables';
import { TokensRepository } from './tokens-repository';
import { providedPool } from '../test/research-data';

/**
 * Several engines judging one token (issue 10): each engine's report is stored beside the
 * others', the lists score their combined report, and the detail shows them side by side.
 */
const A = '0x1111111111111111111111111111111111111111';
const B = '0x2222222222222222222222222222222222222222';

const token = (address: string, name: string) => ({
  chainName: 'eth' as const,
  address,
  name,
  symbol: name.toUpperCase(),
  decimals: 18,
  total_supply: '1000',
  trusted_token: 0 as const,
});
const pool = (address: string, base: string) => providedPool(address, base);

/** A report of an engine, as a provider speaking for several engines names it. */
const engineReport = (
  engine: string,
  address: string,
  fields: Parameters<typeof cleanEvmReport>[0],
): ProvidedReport & { engine: string } => ({
  engine,
  chainName: 'eth',
  address,
  name: null,
  symbol: null,
  trusted_token: 0,
  report: cleanEvmReport(fields),
});

function providers(round: { reports: ProvidedReport[] }): ResearchProviders {
  return {
    dex: {
      name: 'test-dex',
      priceLabel: 'Test DEX',
      fetchDex: async () => ({
        tokens: [token(A, 'Alpha'), token(B, 'Beta')],
        pools: [
          pool('0x3333333333333333333333333333333333333333', A),
          pool('0x4444444444444444444444444444444444444444', B),
        ],
        listed: ['eth'],
      }),
    },
    cex: {
      name: 'test-cex',
      fetchMarkets: async () => ({ markets: [] as CexMarket[], complete: true }),
    },
    security: { name: 'test-security', fetchReports: async () => round.reports },
  };
}

let t: TestApp;
let ingest: ResearchIngest;
const round: { reports: ProvidedReport[] } = { reports: [] };
beforeAll(async () => {
  t = await startTestApp();
  ingest = new ResearchIngest(t.app.db.handle.db, providers(round), t.clock, () =>
    t.app.services.research.invalidate(),
  );
});
afterAll(() => t.close());

const detailOf = async (address: string) =>
  (await t.request({ method: 'GET', url: `/get-token-details/${address}?network=eth` })).json();

describe('reports of several engines', () => {
  it('are stored side by side, and the lists score their combined report', async () => {
    round.reports = [
      // GoPlus reads a 50 % sell tax from the code; Honeypot.is sold the token and paid 10 %.
      engineReport('goplus', A, { is_mintable: 1, sell_tax: 0.5 }),
      engineReport('honeypot-is', A, { is_mintable: null, sell_tax: 0.1, is_honeypot: 0 }),
      engineReport('goplus', B, { is_mintable: 0 }),
    ];
    await ingest.sync();
    const db = t.app.db.handle.db;
    const engines = await db
      .select({ id: securityEngineReports.token_id, engine: securityEngineReports.engine })
      .from(securityEngineReports);
    expect(engines.map((row) => `${row.id} ${row.engine}`).sort()).toEqual([
      `eth_${A} goplus`,
      `eth_${A} honeypot-is`,
      `eth_${B} goplus`,
    ]);
    const [combined] = await db
      .select()
      .from(securityReports)
      .where(eq(securityReports.token_id, `eth_${A}`));
    // The riskier mint flag (GoPlus), the traded tax (Honeypot.is) over the read one.
    expect(combined).toMatchObject({
      provider: 'goplus+honeypot-is',
      is_mintable: 1,
      sell_tax: 0.1,
      is_honeypot: 0,
    });
    const expected = scoreSecurityReport(
      cleanEvmReport({ is_mintable: 1, sell_tax: 0.1, is_honeypot: 0 }),
      'evm',
      { trustedToken: 0 },
    ).totalScore;
    expect(combined!.total_score).toBe(expected);
    const rows = (await t.request({ method: 'GET', url: '/check-token' })).json().tokenDetails;
    expect(rows.find((row: { id: string }) => row.id === `eth_${A}`).score).toBe(expected);
  });

  it('the detail shows each engine per field and where they disagree; one engine, as before', async () => {
    const detail = await detailOf(A);
    expect(detail.tokenDetails).toMatchObject({ is_mintable: 1, sell_tax: 0.1 });
    expect(detail.engineVerdicts.engines).toEqual(['goplus', 'honeypot-is']);
    const byField = new Map(
      detail.engineVerdicts.fields.map((row: { field: string }) => [row.field, row]),
    );
    expect(byField.get('sell_tax')).toEqual({
      field: 'sell_tax',
      answers: ['50%', '10%'],
      chosen: 'honeypot-is',
      disagree: true,
      basis: 'trade',
    });
    expect(byField.get('is_mintable')).toMatchObject({
      answers: ['Yes', 'Unknown'],
      chosen: 'goplus',
      disagree: false,
      basis: 'only',
    });
    expect((await detailOf(B)).engineVerdicts).toBeNull();
  });

  it('a load of one engine keeps the others: the combined report is made of every engine stored', async () => {
    round.reports = [engineReport('goplus', A, { is_mintable: 0, sell_tax: 0.5 })];
    t.clock.advance(25 * 3_600_000);
    await ingest.syncReports({ limit: 10, olderThan: new Date(t.clock.now().getTime() - 1_000) });
    const detail = await detailOf(A);
    expect(detail.engineVerdicts.engines).toEqual(['goplus', 'honeypot-is']);
    expect(detail.tokenDetails).toMatchObject({ is_mintable: 0, sell_tax: 0.1 });
  });

  it('the detail adds our analyzer first, and scores the combined report of all three', async () => {
    const analyzer = cleanEvmReport({ hidden_owner: 1, sell_tax: 0.03, is_honeypot: 0 });
    await t.app.db.handle.db.insert(tokenScans).values({
      chain_id: 1,
      address_key: A,
      address: A,
      source: 'analyzer',
      token_name: 'Alpha',
      token_symbol: 'ALPHA',
      decimals: 18,
      block_number: 100n,
      block_hash: null,
      scanned_at: t.clock.now(),
      report: analyzer,
      // The analyzer sold the token on a fork: its tax is a trade's.
      evidence: {
        sell_tax: [{ kind: 'simulation', pool: A, step: 'sell', outcome: 'ok' }],
      },
      total_score: 50,
      risk_level: 'medium risk',
      duration_ms: 10,
    });
    // Past the anonymous answers' cache, which holds the previous detail.
    t.clock.advance(11_000);
    const detail = await detailOf(A);
    expect(detail.scan).not.toBeNull();
    expect(detail.engineVerdicts.engines).toEqual(['analyzer', 'goplus', 'honeypot-is']);
    const byField = new Map(
      detail.engineVerdicts.fields.map((row: { field: string }) => [row.field, row]),
    );
    // Our hidden owner against the providers' none: the riskier wins.
    expect(byField.get('hidden_owner')).toMatchObject({
      answers: ['Yes', 'No', 'No'],
      chosen: 'analyzer',
      disagree: true,
      basis: 'riskier',
    });
    // Two engines traded (3 % and 10 %), one read 50 %: the riskier of the trades.
    expect(byField.get('sell_tax')).toMatchObject({
      answers: ['3%', '50%', '10%'],
      chosen: 'honeypot-is',
      basis: 'trade',
    });
    expect(detail.tokenDetails).toMatchObject({ hidden_owner: 1, sell_tax: 0.1 });
    const combined = { ...cleanEvmReport(), ...detail.tokenDetails };
    expect(detail.totalScore).toBe(
      scoreSecurityReport(combined, 'evm', { trustedToken: 0 }).totalScore,
    );
  });

  it("the detail's one query reads each engine's report and time as stored, in engine order", async () => {
    const db = t.app.db.handle.db;
    const stored = await db
      .select({
        engine: securityEngineReports.engine,
        report: securityEngineReports.report,
        fetchedAt: securityEngineReports.fetched_at,
      })
      .from(securityEngineReports)
      .where(eq(securityEngineReports.token_id, `eth_${A}`))
      .orderBy(securityEngineReports.engine);
    const record = await new TokensRepository(db).detail(`eth_${A}`);
    expect(stored.map((row) => row.engine)).toEqual(['goplus', 'honeypot-is']);
    expect(record!.engines).toEqual(stored);
    // The report as a column-by-column read gives it: numerics as exact text, the time a date.
    await db
      .update(securityReports)
      .set({ total_supply: '123456789012345678901234567.000000000000000001' })
      .where(eq(securityReports.token_id, `eth_${A}`));
    const [row] = await db
      .select()
      .from(securityReports)
      .where(eq(securityReports.token_id, `eth_${A}`));
    const reread = (await new TokensRepository(db).detail(`eth_${A}`))!;
    expect(reread.report.total_supply).toBe('123456789012345678901234567.000000000000000001');
    for (const [field, value] of Object.entries(reread.report)) {
      const column = field === 'dexDetails' ? 'dex_details' : field;
      expect([field, value]).toEqual([field, row![column as keyof typeof row]]);
    }
    expect(reread.reportFetchedAt).toEqual(row!.fetched_at);
    expect(reread).toMatchObject({ totalScore: row!.total_score, reportProvider: row!.provider });
    // A report from before the engines were kept apart has none.
    await db.delete(securityEngineReports).where(eq(securityEngineReports.token_id, `eth_${B}`));
    expect((await new TokensRepository(db).detail(`eth_${B}`))!.engines).toEqual([]);
  });
});
