import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { cleanEvmReport, type CexMarket, type ChainCode } from '@vaultscope/core';
import { startTestApp, type TestApp } from '../test/test-app';
import type { ProvidedDexToken, ProvidedPool, ResearchProviders } from './providers';
import {
  ResearchIngest,
  applyListChange,
  rebuildTokenList,
  type ListChange,
} from './research-ingest';
import { dexPoolStats, dexPools, dexTokenList, dexTokens } from './research-tables';
import { TokenListIndex, type ListFilter, type ListOrder } from './token-list-index';
import { TokensRepository } from './tokens-repository';

/**
 * A live DEX load writes only the list rows that change and hands them to the list index,
 * which takes them in without a reload: after every load of a sequence, the rows and the
 * index's pages must be what a full rebuild and a fresh index give.
 */

const address = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;
const QUOTE = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';

const token = (chainName: ChainCode, n: number, name: string): ProvidedDexToken => ({
  chainName,
  address: address(n),
  name,
  symbol: name.toUpperCase(),
  decimals: 18,
  total_supply: '1000',
  trusted_token: 0,
});

const pool = (
  chainName: ChainCode,
  n: number,
  base: number,
  reserve: number,
  price: number,
  createdAt: string,
): ProvidedPool => {
  const windows = <T>(value: T) => ({ m5: value, h1: value, h6: value, h24: value });
  return {
    chainName,
    address: address(n),
    dex: 'uniswap_v2',
    name: 'X / WETH',
    base_token_address: address(base),
    quote_token_address: QUOTE,
    quote_token_symbol: 'WETH',
    pool_created_at: createdAt,
    base_token_price_usd: price,
    base_token_price_native_currency: price / 1000,
    reserve_in_usd: reserve,
    fdv_usd: 2_000,
    market_cap_usd: null,
    price_change_percentage: windows(price),
    transactions: windows({ buys: 3, sells: 2 }),
    volume_usd: windows(reserve / 2),
  };
};

/** What the provider delivers now; each step of the test changes it. */
interface World {
  tokens: ProvidedDexToken[];
  pools: ProvidedPool[];
  listed: ChainCode[];
  mintable: Set<string>;
}

function providers(world: World): ResearchProviders {
  return {
    dex: {
      name: 'test-dex',
      priceLabel: 'Test DEX',
      fetchDex: async () => ({
        tokens: world.tokens.filter((t) => world.listed.includes(t.chainName)),
        pools: world.pools.filter((p) => world.listed.includes(p.chainName)),
        listed: world.listed,
      }),
    },
    security: {
      name: 'test-security',
      fetchReports: async (tokens) =>
        tokens.map(({ chainName, address: tokenAddress }) => ({
          chainName: chainName as ChainCode,
          address: tokenAddress,
          name: null,
          symbol: null,
          trusted_token: 0,
          report: cleanEvmReport({
            is_mintable: world.mintable.has(tokenAddress.toLowerCase()) ? 1 : 0,
          }),
        })),
    },
    cex: {
      name: 'test-cex',
      fetchMarkets: async () => ({ markets: [] as CexMarket[], complete: true }),
    },
  };
}

const ORDERS: ListOrder[] = ['liquidity', 'gainers', 'newest'];
const FILTERS: ListFilter[] = [
  { chainName: 'all', age: 'all', score: 'all', liquidity: 'all', volume: 'all' },
  { chainName: 'eth', age: 'all', score: 'all', liquidity: 'all', volume: 'all' },
  { chainName: 'all', age: 'all', score: 'gt80', liquidity: 'all', volume: 'all' },
  { chainName: 'all', age: 'all', score: 'all', liquidity: '10k-100k', volume: 'all' },
];

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('a live DEX load changes the list rows in place', () => {
  it('keeps rows and pages identical to a full rebuild through a sequence of loads', async () => {
    const db = t.app.db.handle.db;
    const world: World = {
      tokens: [
        token('eth', 1, 'Alpha'),
        token('eth', 2, 'Beta'),
        token('eth', 3, 'Gamma'),
        token('bsc', 4, 'Delta'),
      ],
      pools: [
        pool('eth', 11, 1, 5_000, 1, '2026-11-21T11:00:00.000Z'),
        pool('eth', 12, 1, 90_000, 1, '2026-11-20T11:00:00.000Z'),
        pool('eth', 21, 2, 20_000, 2, '2026-11-21T11:30:00.000Z'),
        pool('eth', 31, 3, 1_000, 3, '2026-11-22T11:30:00.000Z'),
        pool('bsc', 41, 4, 7_000, 4, '2026-11-19T11:30:00.000Z'),
      ],
      listed: ['eth', 'bsc'],
      mintable: new Set([address(1)]),
    };
    const repository = new TokensRepository(db);
    let loads = 0;
    const index = new TokenListIndex({
      version: () => repository.dataVersion(),
      load: async () => {
        loads += 1;
        return repository.listIndexData();
      },
      // Every page asks for the data version: a version the index does not hold reloads it.
      recheckMs: 0,
    });
    const changes: (ListChange | undefined)[] = [];
    const ingest = new ResearchIngest(db, providers(world), t.clock, (change) => {
      changes.push(change);
      if (change) {
        applyListChange(change, {
          replaceRows: (rows, removed) => repository.replaceLoadedRows(rows, removed),
          index,
          serves: () => false,
        });
      } else {
        repository.forgetLoadedRows();
        index.invalidate();
      }
    });

    const now = () => t.clock.now();
    /** The stored rows, and the rows and pages a full rebuild and a fresh index give. */
    async function expectAsFullRebuild() {
      const stored = await db.select().from(dexTokenList).orderBy(asc(dexTokenList.token_id));
      let rebuilt: typeof stored = [];
      await db
        .transaction(async (tx) => {
          await rebuildTokenList(tx);
          rebuilt = await tx.select().from(dexTokenList).orderBy(asc(dexTokenList.token_id));
          tx.rollback();
        })
        .catch(() => {});
      expect(rebuilt.length).toBeGreaterThan(0);
      expect(stored).toEqual(rebuilt);
      const freshRepository = new TokensRepository(db);
      const fresh = new TokenListIndex({
        version: () => freshRepository.dataVersion(),
        load: () => freshRepository.listIndexData(),
        recheckMs: 0,
      });
      for (const order of ORDERS) {
        for (const filter of FILTERS) {
          const mine = await index.page(filter, order, 0, 100, now());
          expect(mine).toEqual(await fresh.page(filter, order, 0, 100, now()));
          // The kept rows (what a page shows) are the stored ones.
          const rows = await repository.listRows(mine.ids);
          expect(rows).toEqual(await freshRepository.listRows(mine.ids));
        }
      }
    }

    const step = async (change: () => void) => {
      change();
      t.clock.advance(60_000);
      return ingest.syncDex();
    };
    const lastChange = () => changes.at(-1);
    /** The token, pool and figure rows the last load wrote (their `updated_at` is its time). */
    const written = async () => {
      const at = now();
      const ids = async (rows: Promise<{ id: string }[]>) => (await rows).map((row) => row.id);
      return {
        tokens: await ids(
          db.select({ id: dexTokens.id }).from(dexTokens).where(eq(dexTokens.updated_at, at)),
        ),
        pools: await ids(
          db.select({ id: dexPools.id }).from(dexPools).where(eq(dexPools.updated_at, at)),
        ),
        stats: await ids(
          db
            .select({ id: dexPoolStats.pool_id })
            .from(dexPoolStats)
            .where(eq(dexPoolStats.updated_at, at)),
        ),
      };
    };

    // The first load: a full build, and the index loads every row once.
    await ingest.sync();
    await expectAsFullRebuild();
    expect(loads).toBe(1);

    // Nothing changed: no list row written, nor any token, pool or figure row.
    await step(() => {});
    expect(lastChange()).toMatchObject({ rows: [], removed: [] });
    expect(await written()).toEqual({ tokens: [], pools: [], stats: [] });
    await expectAsFullRebuild();

    // A changed price: Beta's row alone.
    await step(() => {
      world.pools[2] = pool('eth', 21, 2, 20_000, 2.5, '2026-11-21T11:30:00.000Z');
    });
    expect(lastChange()?.rows.map((row) => row.token_id)).toEqual([`eth_${address(2)}`]);
    expect(await written()).toEqual({ tokens: [], pools: [], stats: [`eth_${address(21)}`] });
    await expectAsFullRebuild();

    // A renamed token: its token row and its list row alone.
    await step(() => {
      world.tokens[1] = token('eth', 2, 'Bravo');
    });
    expect(lastChange()?.rows.map((row) => [row.token_id, row.coin_name])).toEqual([
      [`eth_${address(2)}`, 'Bravo'],
    ]);
    expect(await written()).toEqual({ tokens: [`eth_${address(2)}`], pools: [], stats: [] });
    await expectAsFullRebuild();

    // A new pool of Alpha, deeper than its primary: it becomes the primary pool.
    await step(() => {
      world.pools.push(pool('eth', 13, 1, 200_000, 1.1, '2026-11-23T11:00:00.000Z'));
    });
    expect(lastChange()?.rows.map((row) => [row.token_id, row.pool_address.toLowerCase()])).toEqual(
      [[`eth_${address(1)}`, address(13)]],
    );
    await expectAsFullRebuild();

    // Gamma is gone (its token and pool are not delivered): its row goes.
    await step(() => {
      world.tokens = world.tokens.filter((row) => row.address !== address(3));
      world.pools = world.pools.filter((row) => row.address !== address(31));
    });
    expect(lastChange()?.removed).toEqual([`eth_${address(3)}`]);
    await expectAsFullRebuild();

    // Alpha's deepest pool is gone, its token still delivered: the next pool is primary.
    await step(() => {
      world.pools = world.pools.filter((row) => row.address !== address(13));
    });
    expect(lastChange()?.rows.map((row) => row.pool_address.toLowerCase())).toEqual([address(12)]);
    await expectAsFullRebuild();

    // BSC failed (not listed, nothing delivered): Delta's row is kept, Beta's price changes.
    await step(() => {
      world.listed = ['eth'];
      world.pools[2] = pool('eth', 21, 2, 20_000, 3, '2026-11-21T11:30:00.000Z');
    });
    expect(lastChange()?.rows.map((row) => row.token_id)).toEqual([`eth_${address(2)}`]);
    expect(lastChange()?.removed).toEqual([]);
    await expectAsFullRebuild();
    expect((await repository.listRows([`bsc_${address(4)}`])).size).toBe(1);

    // A new report scores Beta lower: its score changes in place too.
    world.mintable.add(address(2));
    t.clock.advance(60_000);
    await ingest.syncReports({ limit: 10, olderThan: now() });
    expect(lastChange()?.rows.map((row) => row.token_id)).toEqual([`eth_${address(2)}`]);
    await expectAsFullRebuild();

    // A CEX load leaves the DEX list alone: an empty change, and no reload.
    t.clock.advance(60_000);
    await ingest.syncCex();
    expect(lastChange()).toMatchObject({ rows: [], removed: [] });
    await expectAsFullRebuild();

    // Through all of it the index read every row once, at the first page.
    expect(loads).toBe(1);
  });
});
