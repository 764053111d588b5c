import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AGE_BAND_VALUES,
  AMOUNT_BAND_VALUES,
  CHAIN_CODE_VALUES,
  SCORE_BAND_VALUES,
  ageBandRange,
  ageSeconds,
  amountBandRange,
  inRange,
  scoreBandRange,
} from '@vaultscope/core';
import {
  MAX_MASK_BANDS,
  TokenListIndex,
  bandBits,
  type ListIndexRow,
  type ListFilter,
  type ListIndexColumns,
  type ListOrder,
} from './token-list-index';

const NOW = new Date('2026-11-21T12:00:00Z');
const DAY = 86_400_000;

interface Row {
  id: string;
  chain: number;
  createdAt: number;
  score: number;
  liquidity: number;
  volume: number;
  changeH24: number;
}

const maybe = (arb: fc.Arbitrary<number>) =>
  fc.oneof({ arbitrary: arb, weight: 9 }, { arbitrary: fc.constant(Number.NaN), weight: 1 });
// Values on and around the band edges, where off-by-one mistakes live.
const money = maybe(
  fc.oneof(
    fc.constantFrom(0, 9_999.99, 10_000, 99_999, 100_000, 499_999, 500_000, 999_999.5, 1_000_000),
    fc.double({ min: 0, max: 5e6, noNaN: true }),
  ),
);
const rowArb = fc.record({
  chain: fc.integer({ min: 0, max: CHAIN_CODE_VALUES.length - 1 }),
  createdAt: maybe(
    fc.oneof(
      fc.constantFrom(NOW.getTime() - 3_600_000, NOW.getTime() - DAY, NOW.getTime() - 7 * DAY),
      fc.integer({ min: NOW.getTime() - 60 * DAY, max: NOW.getTime() }),
    ),
  ),
  score: maybe(fc.integer({ min: 0, max: 100 })),
  liquidity: money,
  volume: money,
  changeH24: maybe(fc.double({ min: -100, max: 1_000, noNaN: true })),
});

const filterArb: fc.Arbitrary<ListFilter> = fc.record({
  chainName: fc.constantFrom('all' as const, ...CHAIN_CODE_VALUES),
  age: fc.constantFrom(...AGE_BAND_VALUES),
  score: fc.constantFrom(...SCORE_BAND_VALUES),
  liquidity: fc.constantFrom(...AMOUNT_BAND_VALUES),
  volume: fc.constantFrom(...AMOUNT_BAND_VALUES),
});

function columnsOf(rows: Row[]): ListIndexColumns {
  return {
    ids: rows.map((row) => row.id),
    chain: Uint8Array.from(rows, (row) => row.chain),
    createdAt: Float64Array.from(rows, (row) => row.createdAt),
    score: Float64Array.from(rows, (row) => row.score),
    liquidity: Float64Array.from(rows, (row) => row.liquidity),
    volume: Float64Array.from(rows, (row) => row.volume),
    changeH24: Float64Array.from(rows, (row) => row.changeH24),
  };
}

const known = (value: number) => (Number.isNaN(value) ? null : value);

/** The bands by core's own words: `inRange` on the value (age: on `ageSeconds`). */
function matchesByCore(row: Row, filter: ListFilter): boolean {
  return (
    (filter.chainName === 'all' || CHAIN_CODE_VALUES[row.chain] === filter.chainName) &&
    inRange(
      Number.isNaN(row.createdAt) ? null : ageSeconds(new Date(row.createdAt), NOW),
      ageBandRange(filter.age),
    ) &&
    inRange(known(row.score), scoreBandRange(filter.score)) &&
    inRange(known(row.liquidity), amountBandRange(filter.liquidity)) &&
    inRange(known(row.volume), amountBandRange(filter.volume))
  );
}

const keyOf: Record<ListOrder, (row: Row) => number> = {
  liquidity: (row) => row.liquidity,
  gainers: (row) => row.changeH24,
  newest: (row) => row.createdAt,
};

function sortedIds(rows: Row[], order: ListOrder): string[] {
  const key = keyOf[order];
  return [...rows]
    .sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      if (Number.isNaN(ka) !== Number.isNaN(kb)) return Number.isNaN(ka) ? 1 : -1;
      if (!Number.isNaN(ka) && ka !== kb) return kb - ka;
      return a.id < b.id ? -1 : 1;
    })
    .map((row) => row.id);
}

function indexOver(rows: Row[], version = 1): TokenListIndex {
  return new TokenListIndex({
    version: async () => version,
    load: async () => ({ version, columns: columnsOf(rows) }),
    recheckMs: 60_000,
  });
}

const BASE_ROW = { chain: 0, score: 90, volume: 1, changeH24: 1 };
const ALL: ListFilter = {
  chainName: 'all',
  age: 'all',
  score: 'all',
  liquidity: 'all',
  volume: 'all',
};

describe('TokenListIndex', () => {
  it('gives the same pages and totals as the bands of core, in list order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(rowArb, { minLength: 0, maxLength: 120 }),
        filterArb,
        fc.constantFrom<ListOrder>('liquidity', 'gainers', 'newest'),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 1, max: 25 }),
        async (raw, filter, order, offset, limit) => {
          const rows = raw.map((row, i) => ({ ...row, id: `t${String(i).padStart(4, '0')}` }));
          const index = indexOver(rows);
          const matching = sortedIds(
            rows.filter((row) => matchesByCore(row, filter)),
            order,
          );
          const page = await index.page(filter, order, offset, limit, NOW);
          expect(page.total).toBe(matching.length);
          expect(page.ids).toEqual(matching.slice(offset, offset + limit));
          // Asked again, the remembered total gives the same answer.
          expect(await index.page(filter, order, offset, limit, NOW)).toEqual(page);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("gives each instant of a second its own age band's rows, the total of the second's first ask", async () => {
    // Rows created on and around the edges of the 1-hour band as seen during NOW's second.
    const hour = 3_600_000;
    const edges = [-1, 0, 1, 300, 699, 700, 701, 999, 1_000];
    const rows: Row[] = edges.flatMap((ms, i) => [
      { ...BASE_ROW, id: `old${i}`, createdAt: NOW.getTime() - hour + ms, liquidity: 100 - i },
      { ...BASE_ROW, id: `new${i}`, createdAt: NOW.getTime() + ms, liquidity: 50 - i },
    ]);
    const filter: ListFilter = { ...ALL, age: '0-1hr' };
    const index = indexOver(rows);
    const first = await index.page(filter, 'liquidity', 0, 100, NOW);
    for (const ms of [0, 1, 300, 700, 999]) {
      const now = new Date(NOW.getTime() + ms);
      const expected = sortedIds(rows, 'liquidity').filter((id) => {
        const created = rows.find((row) => row.id === id)!.createdAt;
        return created > now.getTime() - hour && created <= now.getTime();
      });
      const page = await index.page(filter, 'liquidity', 0, 100, now);
      expect(page.ids).toEqual(expected);
      expect(page.total).toBe(first.total);
      // A page further on, in the same second.
      expect((await index.page(filter, 'gainers', 2, 3, now)).ids).toEqual(
        sortedIds(rows, 'gainers')
          .filter((id) => expected.includes(id))
          .slice(2, 5),
      );
    }
    // The next second counts again.
    const later = new Date(NOW.getTime() + 1_000);
    expect((await index.page(filter, 'liquidity', 0, 100, later)).total).toBe(
      rows.filter(
        (row) => row.createdAt > later.getTime() - hour && row.createdAt <= later.getTime(),
      ).length,
    );
  });

  it("pages a narrow age band of another order from the newest order's run, as a scan would", async () => {
    // 2,000 rows over 60 days, 38 of them in the last hour: the hour is a narrow run of the
    // newest order, read instead of the whole list. Ties and unknown keys sort as the order does.
    const rows: Row[] = Array.from({ length: 2_000 }, (_, i) => ({
      id: `t${String((i * 7_919) % 2_000).padStart(4, '0')}`,
      chain: i % 4,
      createdAt:
        i % 54 === 0
          ? NOW.getTime() - (i % 3_500) * 1_000
          : NOW.getTime() - 2 * 3_600_000 - i * 2_500_000,
      score: i % 5 === 0 ? Number.NaN : (i * 37) % 101,
      liquidity: i % 11 === 0 ? Number.NaN : ((i * 13) % 7) * 100_000,
      volume: (i * 7_717) % 2_000_000,
      changeH24: i % 6 === 0 ? 5 : (i * 29) % 300,
    }));
    const index = indexOver(rows);
    const filters: ListFilter[] = [
      { ...ALL, age: '0-1hr' },
      { ...ALL, age: '0-1hr', chainName: CHAIN_CODE_VALUES[1]! },
      { ...ALL, age: '0-1hr', score: 'gt70' },
      { ...ALL, age: '0-1hr', liquidity: '100k-500k', chainName: CHAIN_CODE_VALUES[2]! },
    ];
    for (const filter of filters) {
      for (const order of ['liquidity', 'gainers'] as const) {
        const matching = sortedIds(
          rows.filter((row) => matchesByCore(row, filter)),
          order,
        );
        for (const [offset, limit] of [
          [0, 20],
          [5, 3],
          [20, 20],
          [36, 20],
          [60, 20],
        ] as const) {
          expect(await index.page(filter, order, offset, limit, NOW)).toEqual({
            ids: matching.slice(offset, offset + limit),
            total: matching.length,
          });
        }
      }
    }
    expect(rows.filter((row) => matchesByCore(row, filters[0]!))).toHaveLength(38);
  });

  it('reloads when the data version changes, at most every recheckMs', async () => {
    let version = 1;
    let rows: Row[] = [
      {
        id: 'a',
        chain: 0,
        createdAt: NOW.getTime(),
        score: 90,
        liquidity: 1,
        volume: 1,
        changeH24: 1,
      },
    ];
    let clockMs = 0;
    let loads = 0;
    const index = new TokenListIndex({
      version: async () => version,
      load: async () => {
        loads += 1;
        return { version, columns: columnsOf(rows) };
      },
      recheckMs: 5_000,
      nowMs: () => clockMs,
    });
    const all: ListFilter = {
      chainName: 'all',
      age: 'all',
      score: 'all',
      liquidity: 'all',
      volume: 'all',
    };
    expect((await index.page(all, 'liquidity', 0, 10, NOW)).ids).toEqual(['a']);
    rows = [...rows, { ...rows[0]!, id: 'b' }];
    version = 2;
    clockMs = 4_000;
    expect((await index.page(all, 'liquidity', 0, 10, NOW)).total).toBe(1);
    clockMs = 5_000;
    expect((await index.page(all, 'liquidity', 0, 10, NOW)).ids).toEqual(['a', 'b']);
    expect(loads).toBe(2);
    clockMs = 20_000;
    await index.page(all, 'liquidity', 0, 10, NOW);
    expect(loads).toBe(2);
    index.invalidate();
    await index.page(all, 'liquidity', 0, 10, NOW);
    expect(loads).toBe(3);
  });

  it('answers after upserts and removals exactly as an index loaded from the final rows', async () => {
    const change = fc.oneof(
      {
        arbitrary: fc.record({ kind: fc.constant('put' as const), at: fc.nat(60), row: rowArb }),
        weight: 4,
      },
      { arbitrary: fc.record({ kind: fc.constant('drop' as const), at: fc.nat(60) }), weight: 1 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(rowArb, { minLength: 0, maxLength: 50 }),
        fc.array(fc.array(change, { maxLength: 6 }), { minLength: 1, maxLength: 5 }),
        fc.array(filterArb, { minLength: 1, maxLength: 4 }),
        async (raw, batches, filters) => {
          const idOf = (at: number) => `t${String(at).padStart(4, '0')}`;
          const current = new Map<string, ListIndexRow>(
            raw.map((row, i) => [idOf(i), { ...row, id: idOf(i) }]),
          );
          const index = indexOver([...current.values()]);
          // Loaded before the changes, so they are applied in place.
          await index.page(filters[0]!, 'liquidity', 0, 1, NOW);
          for (const batch of batches) {
            const rows: ListIndexRow[] = [];
            const removed: string[] = [];
            for (const item of batch) {
              const id = idOf(item.at);
              if (item.kind === 'put') {
                rows.push({ ...item.row, id });
                current.set(id, { ...item.row, id });
              } else {
                removed.push(id);
                current.delete(id);
                // A later put of the same id in this batch wins (see upsert).
                const put = rows.findIndex((row) => row.id === id);
                if (put >= 0) rows.splice(put, 1);
              }
            }
            const before = index.generation;
            index.upsert(rows, removed);
            if (rows.length + removed.length > 0) expect(index.generation).toBeGreaterThan(before);
          }
          const fresh = indexOver([...current.values()]);
          for (const filter of filters) {
            for (const order of ['liquidity', 'gainers', 'newest'] as const) {
              expect(await index.page(filter, order, 0, 200, NOW)).toEqual(
                await fresh.page(filter, order, 0, 200, NOW),
              );
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps upserts made while a reload reads the database', async () => {
    const base = {
      chain: 0,
      createdAt: NOW.getTime(),
      score: 90,
      liquidity: 5,
      volume: 1,
      changeH24: 1,
    };
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const index = new TokenListIndex({
      version: async () => 1,
      load: async () => {
        await gate;
        // What the database held when the reload read it: `b` not yet there.
        return { version: 1, columns: columnsOf([{ ...base, id: 'a' }]) };
      },
      recheckMs: 60_000,
    });
    const all: ListFilter = {
      chainName: 'all',
      age: 'all',
      score: 'all',
      liquidity: 'all',
      volume: 'all',
    };
    const reading = index.page(all, 'liquidity', 0, 10, NOW);
    index.upsert([{ ...base, id: 'b', liquidity: 50 }]);
    release();
    expect((await reading).ids).toEqual(['b', 'a']);
  });
});

describe('band bits', () => {
  const bands = (count: number) =>
    Array.from({ length: count }, (_, i) => ({ value: `band-${i}` }));

  it('gives each band its own positive bit up to the masks’ width', () => {
    const bits = [...bandBits([['a', bands(MAX_MASK_BANDS)]]).values()];
    expect(new Set(bits).size).toBe(MAX_MASK_BANDS);
    expect(bits.every((bit) => bit > 0)).toBe(true);
  });

  it('refuses one band more than the masks hold instead of wrapping to a shared bit', () => {
    expect(() =>
      bandBits([
        ['a', bands(20)],
        ['b', bands(MAX_MASK_BANDS - 19)],
      ]),
    ).toThrow(/32 filter bands but its 32-bit masks hold 31/);
  });
});
