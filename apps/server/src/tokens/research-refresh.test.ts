import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fastClock } from '../providers/test-kit/fixture-server';
import { startFixtureProviders } from '../providers/test-kit/live-fixtures';
import { startTestApp, type TestApp } from '../test/test-app';
import { writeDetailWebDist } from '../test/web-dist';
import { ManualSyncTimers } from './manual-sync-timers';

/**
 * Reports on demand (issue 10): in live mode, opening a token's detail whose report is older
 * than the TTL asks the reports job for that token at once, and answers with the stored report
 * without waiting for it.
 */
const TOAD = '0x3333333333333333333333333333333333333333';
const HOUR = 3_600_000;

describe('a detail opened in live mode', () => {
  let t: TestApp;
  let providers: Awaited<ReturnType<typeof startFixtureProviders>>;
  const timers = new ManualSyncTimers();
  let webDist: string;

  beforeAll(async () => {
    providers = await startFixtureProviders();
    webDist = writeDetailWebDist();
    t = await startTestApp(
      { ...providers.env, RESEARCH_REPORT_TTL_HOURS: '24', WEB_DIST_DIR: webDist },
      { research: { timers, runtime: { clock: fastClock().clock } } },
    );
    timers.fire();
    await timers.idle();
  });
  afterAll(async () => {
    await t.close();
    await providers.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const asked = (address = TOAD) =>
    providers.goplus
      .requestsTo('/api/v1/token_security/1')
      .filter((request) =>
        request.query.get('contract_addresses')?.toLowerCase().includes(address.slice(2)),
      ).length;
  const detail = () => t.request({ method: 'GET', url: `/get-token-details/${TOAD}?network=eth` });

  it('asks nothing while the report is fresh', async () => {
    const before = asked();
    expect(before).toBeGreaterThanOrEqual(1);
    expect((await detail()).statusCode).toBe(200);
    await timers.idle();
    expect(asked()).toBe(before);
  });

  it('asks for a fresh report once it is older than the TTL, without holding the answer', async () => {
    const before = asked();
    t.clock.advance(25 * HOUR);
    // The reports job's own turn is not due: only the detail can ask now.
    const response = await detail();
    expect(response.statusCode).toBe(200);
    await timers.idle();
    expect(asked()).toBe(before + 1);
    // The report is fresh again: the next opening asks nothing.
    await detail();
    await timers.idle();
    expect(asked()).toBe(before + 1);
  });

  it("asks nothing for a token no one knows when only its page's HTML reads it", async () => {
    const unknown = '0x4444444444444444444444444444444444444444';
    const page = await t.request({ method: 'GET', url: `/details/${unknown}?chainName=eth` });
    expect(page.statusCode).toBe(200);
    await timers.idle();
    expect(asked(unknown)).toBe(0);
    // The app's own request for it asks, as before.
    await t.request({ method: 'GET', url: `/get-token-details/${unknown}?network=eth` });
    await timers.idle();
    expect(asked(unknown)).toBe(1);
  });
});
