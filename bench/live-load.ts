/**
 * A live DEX load at 100,000 pools with 1 % of the pools changed: how long its write takes, and
 * the next list request after it (issue 10).
 *
 *   npx tsx bench/live-load.ts
 *
 * Settings (environment): BENCH_POOLS (100000; the snapshot file `npm run bench` generates,
 * .tmp/bench/research-<pools>-pools.json.gz, must exist), BENCH_CHANGED (share of pools changed
 * per load, 0.01), BENCH_ROUNDS (3).
 *
 * In process, on PGlite in memory: the file is loaded as the first load (`sync`, a full build),
 * the list index reads every row at a first page, then each round changes the price and reserve
 * of every 1/BENCH_CHANGED-th pool (the pools' creation times stay as first delivered, as a live
 * provider's do), runs `syncDex` (the write: pools, figures and list rows, in one transaction)
 * and asks for the first page of the liquidity list (index page and its rows). A load that hands
 * its changed rows on (`applyListChange`) has them taken in by the index; without it (an older
 * checkout) the index and kept rows are dropped and the next page reads every row again.
 *
 * Benchmarks print figures; they do not fail.
 */
import { existsSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import type { ChainCode } from '@vaultscope/core';
import { openDatabase } from '../apps/server/src/lib/db/client';
import type { DexListing, ResearchProviders } from '../apps/server/src/tokens/providers';
import * as ingestModule from '../apps/server/src/tokens/research-ingest';
import { SnapshotResearchSource } from '../apps/server/src/tokens/snapshot-provider';
import { TokenListIndex, type ListFilter } from '../apps/server/src/tokens/token-list-index';
import { TokensRepository } from '../apps/server/src/tokens/tokens-repository';
import { ROOT } from './server-process';

const POOLS = Number(process.env.BENCH_POOLS ?? 100_000);
const CHANGED = Number(process.env.BENCH_CHANGED ?? 0.01);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const FILE = join(ROOT, `.tmp/bench/research-${POOLS}-pools.json.gz`);
const ALL: ListFilter = {
  chainName: 'all',
  age: 'all',
  score: 'all',
  liquidity: 'all',
  volume: 'all',
};

/** BENCH_USE_POOLS: the first pools of the file (and their tokens) only, for a quicker run. */
const USE_POOLS = Number(process.env.BENCH_USE_POOLS ?? POOLS);
function subset(listing: DexListing): DexListing {
  if (USE_POOLS >= listing.pools.length) return listing;
  const pools = listing.pools.slice(0, USE_POOLS);
  const bases = new Set(pools.map((pool) => `${pool.chainName}:${pool.base_token_address}`));
  const tokens = listing.tokens.filter((token) => bases.has(`${token.chainName}:${token.address}`));
  return { ...listing, pools, tokens };
}

const log = (message: string) => console.log(`[live-load] ${message}`);
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

async function main() {
  if (!existsSync(FILE)) throw new Error(`${FILE} is missing: run \`npm run bench\` once`);
  const handle = await openDatabase({ dataDir: 'memory://' });
  await handle.migrate();
  const db = handle.db;
  const snapshot = new SnapshotResearchSource(FILE);
  let clock = new Date('2026-11-27T00:00:00.000Z');
  let first: DexListing | undefined;
  let round = 0;
  const step = Math.max(1, Math.round(1 / CHANGED));
  const providers: ResearchProviders = {
    dex: {
      name: snapshot.name,
      priceLabel: snapshot.priceLabel,
      fetchDex: async (now) => {
        first ??= subset(await snapshot.fetchDex(now));
        if (round === 0) return first;
        const factor = 1 + round / 100;
        return {
          ...first,
          pools: first.pools.map((pool, i) =>
            i % step === 0
              ? {
                  ...pool,
                  base_token_price_usd:
                    pool.base_token_price_usd === null ? 1 : pool.base_token_price_usd * factor,
                  reserve_in_usd: pool.reserve_in_usd === null ? 1 : pool.reserve_in_usd * factor,
                }
              : pool,
          ),
        };
      },
    },
    cex: snapshot,
    security: {
      name: snapshot.name,
      fetchReports: (tokens: readonly { chainName: ChainCode; address: string }[]) =>
        snapshot.fetchReports(tokens),
    },
  };
  const repository = new TokensRepository(db);
  let loads = 0;
  const index = new TokenListIndex({
    version: () => repository.dataVersion(),
    load: async () => {
      loads += 1;
      return repository.listIndexData();
    },
    recheckMs: 5_000,
  });
  // Present from the change that made loads write only what changed; absent in older checkouts.
  const apply = (ingestModule as Partial<typeof ingestModule>).applyListChange;
  const ingest = new ingestModule.ResearchIngest(
    db,
    providers,
    { now: () => clock },
    (change?: ingestModule.ListChange) => {
      if (change && apply) {
        apply(change, {
          replaceRows: (rows, removed) => repository.replaceLoadedRows(rows, removed),
          index,
          serves: () => false,
        });
      } else {
        repository.forgetLoadedRows();
        index.invalidate();
      }
    },
  );
  const firstPage = async () => {
    const started = performance.now();
    const page = await index.page(ALL, 'liquidity', 0, 20, clock);
    await repository.listRows(page.ids);
    return performance.now() - started;
  };

  log(`mode: ${apply ? 'changed rows handed to the index' : 'full rebuild and reload'}`);
  const summary = await ingest.sync();
  log(
    `first load (sync): ${summary.pools} pools, ${summary.tokens} tokens, write ${summary.writeMs} ms`,
  );
  log(`first list page (index reads every row): ${(await firstPage()).toFixed(1)} ms`);
  const writes: number[] = [];
  const pages: number[] = [];
  for (round = 1; round <= ROUNDS; round += 1) {
    clock = new Date(clock.getTime() + 60_000);
    const reloadsBefore = loads;
    const started = performance.now();
    const loaded = await ingest.syncDex();
    const wall = performance.now() - started;
    const page = await firstPage();
    writes.push(loaded.writeMs);
    pages.push(page);
    log(
      `round ${round}: ${Math.round(first!.pools.length / step)} pools changed; syncDex write ` +
        `${loaded.writeMs} ms (with fetch ${wall.toFixed(0)} ms); next list page ` +
        `${page.toFixed(1)} ms (${loads - reloadsBefore} index reload); load average ${load()}`,
    );
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
  log(
    `median of ${ROUNDS}: write ${median(writes)} ms, next list page ${median(pages).toFixed(1)} ms`,
  );
  await handle.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
