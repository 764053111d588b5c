import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signupAndLogin, startTestApp, type TestApp } from '../../test/test-app';
import { SendRecords } from './send-records';

let t: TestApp;
let records: SendRecords;
let userId: string;

beforeAll(async () => {
  t = await startTestApp();
  records = new SendRecords(t.app.db.handle.db, t.clock);
  userId = (await signupAndLogin(t)).userId;
});
afterAll(() => t.close());

const insert = async () =>
  (await records.insert({
    userId,
    idempotencyKey: randomUUID(),
    requestHash: 'cas',
    chainId: 1,
    kind: 'native',
    symbol: 'ETH',
    decimals: 18,
    fromAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    toAddress: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
    amount: '1',
  }))!;

describe('SendRecords.update (compare and set)', () => {
  // The test clock stands still: every write below happens in the same millisecond, as two
  // processes' writes can on a fast database. The record's time cannot tell them apart.
  it('lets only the first of two writes from the same read land, within one millisecond', async () => {
    const row = await insert();
    const expected = { status: row.status, version: row.version };
    const first = await records.update(row.id, expected, { error: 'first' });
    expect(first!.updatedAt).toEqual(row.updatedAt);

    // Same status, same time: only the version shows the row moved on since it was read.
    expect(await records.update(row.id, expected, { status: 'failed', error: 'stale' })).toBe(
      undefined,
    );
    expect(await records.byId(row.id)).toMatchObject({
      status: 'recorded',
      error: 'first',
      version: row.version + 1,
    });
  });

  it('lets exactly one of two concurrent writes from the same read land', async () => {
    const row = await insert();
    const expected = { status: row.status, version: row.version };
    const results = await Promise.all([
      records.update(row.id, expected, { error: 'a', countBroadcast: true }),
      records.update(row.id, expected, { error: 'b', countBroadcast: true }),
    ]);
    const winners = results.filter((result) => result !== undefined);
    expect(winners).toHaveLength(1);
    expect(await records.byId(row.id)).toMatchObject({
      error: winners[0]!.error,
      broadcasts: 1,
      version: row.version + 1,
    });
  });

  it('counts the version up on every change, reopening included', async () => {
    const row = await insert();
    expect(row.version).toBe(0);
    const failed = await records.update(row.id, { status: 'recorded' }, { status: 'failed' });
    expect(failed!.version).toBe(1);
    const reopened = await records.reopenUnsigned(row.id, {
      tokenAddress: null,
      symbol: 'ETH',
      decimals: 18,
      amount: '2',
    });
    expect(reopened).toMatchObject({ status: 'recorded', version: 2 });
    // A change decided on the read from before the reopening does not land.
    expect(
      await records.update(row.id, { status: 'recorded', version: row.version }, { error: 'x' }),
    ).toBe(undefined);
  });
});
