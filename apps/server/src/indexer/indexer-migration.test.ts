import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MAINNET_DEXES } from '@vaultscope/core';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type DatabaseHandle, MIGRATIONS_DIR } from '../lib/db/client';
import { openTestDatabase } from '../test/test-app';
import { newIndexer } from './indexer-test-kit';
import * as tables from './indexer-tables';

/**
 * Migration 0009 clears what the indexer derived under the old rules (holder counts of partial
 * histories, supplies of mints minus burns, served as complete), so that every chain is read
 * again from its DEX's start block; 0010 makes the tokens stored as unreadable due to be read
 * again.
 */

/** The migrations folder as it was before `tag`: a database migrated with it is "existing". */
function migrationsBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

async function migrateWith(handle: DatabaseHandle, migrationsFolder: string): Promise<void> {
  if (handle.kind === 'pglite') await migratePglite(handle.db as never, { migrationsFolder });
  else await migratePg(handle.db as never, { migrationsFolder });
}

const CHAIN = 1;
const factory = MAINNET_DEXES[1]![0]!.factory.toLowerCase();
const token = '0x00000000000000000000000000000000000000aa';
const pool = '0x00000000000000000000000000000000000000bb';
const holder = '0x00000000000000000000000000000000000000cc';
const tx = `0x${'11'.repeat(32)}`;

describe('indexer migrations', () => {
  it('clears the rows indexed under the old rules on an existing database, so each chain is read again from its start block', async () => {
    const { handle, drop } = await openTestDatabase();
    const folder = migrationsBefore('0009_indexer_reindex');
    await migrateWith(handle, folder);
    const { db } = handle;
    // What an indexer wrote before: a holder count and supply summed from a partial history.
    await db
      .insert(tables.indexerCheckpoints)
      .values({ chainId: CHAIN, factory, lastBlock: 20_000_000 });
    await db
      .insert(tables.indexerBlocks)
      .values({ chainId: CHAIN, number: 20_000_000, hash: tx, time: new Date() });
    // Written by hand: the table of today has columns that later migrations add.
    await db.execute(
      sql`insert into indexer_tokens (chain_id, address, name, symbol, decimals, total_supply, holder_count, first_block, updated_block)
          values (${CHAIN}, ${token}, 'Old', 'OLD', 18, 0, 3, 19999000, 20000000)`,
    );
    await db.insert(tables.indexerPools).values({
      chainId: CHAIN,
      address: pool,
      factory,
      dexName: 'Uniswap V2',
      token0: token,
      token1: holder,
      baseToken: token,
      quoteToken: holder,
      createdBlock: 19_999_000,
      createdAt: new Date(),
      reserve0: '1',
      reserve1: '1',
      updatedBlock: 20_000_000,
    });
    await db.insert(tables.indexerSwaps).values({
      chainId: CHAIN,
      txHash: tx,
      logIndex: 0,
      pool,
      blockNumber: 20_000_000,
      time: new Date(),
      trader: holder,
      side: 'buy',
      baseAmount: '1',
      quoteAmount: '1',
    });
    await db.insert(tables.indexerLiquidityEvents).values({
      chainId: CHAIN,
      txHash: tx,
      logIndex: 1,
      pool,
      blockNumber: 20_000_000,
      kind: 'mint',
      amount0: '1',
      amount1: '1',
    });
    await db.insert(tables.indexerCandles).values({
      chainId: CHAIN,
      pool,
      interval: '1m',
      bucket: 60,
      volumeUsd: 0,
      trades: 1,
      lastBlock: 20_000_000,
    });
    await db.insert(tables.indexerTransfers).values({
      chainId: CHAIN,
      txHash: tx,
      logIndex: 2,
      token,
      blockNumber: 20_000_000,
      from: holder,
      to: pool,
      value: '1',
    });
    await db.insert(tables.indexerBalances).values({
      chainId: CHAIN,
      token,
      holder,
      balance: '-1',
      updatedBlock: 20_000_000,
    });

    await handle.migrate();

    for (const table of [
      tables.indexerCheckpoints,
      tables.indexerBlocks,
      tables.indexerTokens,
      tables.indexerPools,
      tables.indexerSwaps,
      tables.indexerLiquidityEvents,
      tables.indexerCandles,
      tables.indexerTransfers,
      tables.indexerBalances,
    ])
      expect(await db.select().from(table)).toEqual([]);
    const indexer = newIndexer(handle, 'http://127.0.0.1:1', CHAIN, MAINNET_DEXES[1]!);
    expect(await indexer.checkpoint()).toBe(MAINNET_DEXES[1]![0]!.startBlock - 1);
    // Migrating again changes nothing (it ran once).
    await handle.migrate();
    await handle.close();
    await drop();
    fs.rmSync(folder, { recursive: true, force: true });
  }, 60_000);

  it('0010: a token stored as unreadable before it is due to be read again at once, a token without decimals() is not', async () => {
    const { handle, drop } = await openTestDatabase();
    const folder = migrationsBefore('0010_indexer_token_reread');
    await migrateWith(handle, folder);
    const { db } = handle;
    const unreadable = token;
    const refused = holder;
    await db.execute(
      sql`insert into indexer_tokens (chain_id, address, name, symbol, decimals, problem, first_block, updated_block) values
          (${CHAIN}, ${unreadable}, 'A', 'A', null, 'decimals() unreadable: the node failed it 20 times in a row', 1, 1),
          (${CHAIN}, ${refused}, 'B', 'B', null, 'no decimals()', 1, 1)`,
    );
    const before = Date.now();
    await handle.migrate();
    const rows = await db.select().from(tables.indexerTokens);
    const due = new Map(rows.map((row) => [row.address, row.rereadAfter]));
    expect(due.get(refused)).toBeNull();
    expect(due.get(unreadable)!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(due.get(unreadable)!.getTime()).toBeGreaterThan(before - 60_000);
    await handle.close();
    await drop();
    fs.rmSync(folder, { recursive: true, force: true });
  }, 60_000);

  it('migrates a fresh database to the end', async () => {
    const { handle, drop } = await openTestDatabase();
    await handle.migrate();
    expect(await handle.db.select().from(tables.indexerCheckpoints)).toEqual([]);
    await handle.close();
    await drop();
  }, 60_000);
});
