import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AGE_BANDS,
  AMOUNT_BANDS,
  SCORE_BANDS,
  addressKey,
  isValidAddressForChain,
  researchSnapshotSchema,
  type ResearchSnapshot,
} from '@vaultscope/core';
import { SNAPSHOT_DIR, snapshotPath } from './generate-snapshot';
import { DEFAULT_SNAPSHOT_OPTIONS, generateSnapshot } from './snapshot/generate';
import { decodeSnapshot, encodeSnapshot } from '../apps/server/src/tokens/snapshot-io';
import { Random } from './snapshot/prng';
import { snapshotStats, type SnapshotStats } from './snapshot/stats';

const MINUTE = 60;
const DAY = 86_400;

let snapshot: ResearchSnapshot;
let stats: SnapshotStats;

beforeAll(() => {
  // Generated once for the whole file (about a second).
  snapshot = generateSnapshot().snapshot;
  stats = snapshotStats(snapshot);
});

describe('PRNG', () => {
  it('is seeded and repeatable', () => {
    const a = new Random(1);
    const b = new Random(1);
    const seqA = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(seqA);
    expect(new Random(2).next()).not.toBe(seqA[0]);
    for (const value of seqA) expect(value).toBeGreaterThanOrEqual(0);
  });
});

describe('generateSnapshot', () => {
  it('is deterministic: the same seed gives the same tokens, another seed other tokens', () => {
    const small = { ...DEFAULT_SNAPSHOT_OPTIONS, dexTokens: 40, cexMarkets: 30 };
    const first = generateSnapshot(small).snapshot;
    const again = generateSnapshot(small).snapshot;
    expect(JSON.stringify(again)).toBe(JSON.stringify(first));
    const other = generateSnapshot({ ...small, seed: small.seed + 1 }).snapshot;
    expect(other.dex.tokens[0]?.address).not.toBe(first.dex.tokens[0]?.address);
  });

  it('matches the committed file (regenerate with npx tsx scripts/generate-snapshot.ts)', () => {
    const { gzipped } = encodeSnapshot(snapshot);
    const file = snapshotPath(SNAPSHOT_DIR, gzipped);
    expect(existsSync(file), `${file} is missing`).toBe(true);
    const committed = decodeSnapshot(readFileSync(file));
    expect(
      JSON.stringify(committed) === JSON.stringify(snapshot),
      'committed snapshot is stale',
    ).toBe(true);
  });

  it('passes the core schemas unchanged, with a version and reference time', () => {
    const parsed = researchSnapshotSchema.parse(JSON.parse(JSON.stringify(snapshot)));
    expect(JSON.stringify(parsed)).toBe(JSON.stringify(snapshot));
    expect(snapshot.version).toBe(1);
    expect(snapshot.reference_time).toBe(DEFAULT_SNAPSHOT_OPTIONS.referenceTime);
  });

  it('stays small enough to commit', () => {
    const { bytes } = encodeSnapshot(snapshot);
    expect(bytes.length).toBeLessThan(5 * 1024 * 1024);
  });
});

describe('distribution', () => {
  it('has at least 2,000 DEX tokens spread over the five chains, and 200 CEX markets', () => {
    expect(stats.dexTokens).toBeGreaterThanOrEqual(2000);
    for (const chain of ['eth', 'solana', 'bsc', 'avax', 'polygon_pos'] as const) {
      expect(stats.perChain[chain], chain).toBeGreaterThanOrEqual(200);
    }
    expect(stats.cexMarkets).toBeGreaterThanOrEqual(200);
    expect(stats.cexWithContract).toBeGreaterThanOrEqual(150);
  });

  it('mixes risks: honeypots, mintables, proxies, high taxes, hidden owners, Solana authorities', () => {
    expect(stats.flags.honeypots).toBeGreaterThanOrEqual(100);
    expect(stats.flags.mintable).toBeGreaterThanOrEqual(150);
    expect(stats.flags.proxies).toBeGreaterThanOrEqual(100);
    expect(stats.flags.highSellTax).toBeGreaterThanOrEqual(100);
    expect(stats.flags.hiddenOwner).toBeGreaterThanOrEqual(50);
    expect(stats.flags.unverifiedSource).toBeGreaterThanOrEqual(50);
    expect(stats.flags.freezeAuthority).toBeGreaterThanOrEqual(100);
    expect(stats.flags.maliciousCreator).toBeGreaterThanOrEqual(20);
    expect(stats.flags.nonTransferable).toBeGreaterThanOrEqual(5);
    expect(stats.flags.trusted).toBeGreaterThanOrEqual(5);
  });

  it('spreads scores: clean tokens and risky ones both plentiful', () => {
    expect(stats.scoreBuckets['80+']).toBeGreaterThanOrEqual(400);
    expect(stats.scoreBuckets['60-79']).toBeGreaterThanOrEqual(200);
    expect(stats.scoreBuckets['40-59']).toBeGreaterThanOrEqual(100);
    expect(stats.scoreBuckets['<40']).toBeGreaterThanOrEqual(200);
  });

  it('has pool ages from minutes to months', () => {
    expect(stats.ageSeconds.min).toBeLessThan(10 * MINUTE);
    expect(stats.ageSeconds.max).toBeGreaterThan(90 * DAY);
  });

  it('fills every filter band with at least 20 tokens', () => {
    for (const band of AGE_BANDS)
      expect(stats.ageBands[band.value], `age ${band.value}`).toBeGreaterThanOrEqual(20);
    for (const band of SCORE_BANDS)
      expect(stats.scoreBands[band.value], `score ${band.value}`).toBeGreaterThanOrEqual(20);
    for (const band of AMOUNT_BANDS) {
      expect(stats.liquidityBands[band.value], `liquidity ${band.value}`).toBeGreaterThanOrEqual(
        20,
      );
      expect(stats.volumeBands[band.value], `volume ${band.value}`).toBeGreaterThanOrEqual(20);
    }
  });

  it('gives every token a pool, and pools consistent windows', () => {
    const withPool = new Set(
      snapshot.dex.pools.map((pool) => `${pool.chainName}:${pool.base_token_address}`),
    );
    for (const token of snapshot.dex.tokens)
      expect(withPool.has(`${token.chainName}:${token.address}`)).toBe(true);
    for (const pool of snapshot.dex.pools) {
      const v = pool.volume_usd;
      expect(v.m5 <= v.h1 && v.h1 <= v.h6 && v.h6 <= v.h24, pool.address).toBe(true);
      const t = pool.transactions;
      expect(t.m5.buys <= t.h1.buys && t.h1.buys <= t.h6.buys && t.h6.buys <= t.h24.buys).toBe(
        true,
      );
      expect(
        t.m5.sells <= t.h1.sells && t.h1.sells <= t.h6.sells && t.h6.sells <= t.h24.sells,
      ).toBe(true);
      expect(Date.parse(pool.pool_created_at)).toBeLessThanOrEqual(
        Date.parse(snapshot.reference_time),
      );
    }
  });
});

describe('addresses', () => {
  it('are valid for their chain everywhere: tokens, pools, holders, authorities, CEX contracts', () => {
    const bad: string[] = [];
    const check = (chain: Parameters<typeof isValidAddressForChain>[0], address: string | null) => {
      if (address !== null && !isValidAddressForChain(chain, address))
        bad.push(`${chain}:${address}`);
    };
    for (const token of snapshot.dex.tokens) {
      const chain = token.chainName;
      const report = token.security;
      check(chain, token.address);
      for (const holder of [...(report.holders ?? []), ...(report.lp_holders ?? [])])
        check(chain, holder.address);
      for (const detail of report.dexDetails ?? []) check(chain, detail.id);
      for (const creator of report.creators ?? []) check(chain, creator.address);
      for (const auth of [
        ...(report.mintable?.authority ?? []),
        ...(report.freezable?.authority ?? []),
      ]) {
        check(chain, auth.address);
      }
    }
    for (const pool of snapshot.dex.pools) {
      check(pool.chainName, pool.address);
      check(pool.chainName, pool.base_token_address);
      check(pool.chainName, pool.quote_token_address);
    }
    for (const market of snapshot.cex.markets) {
      for (const [chain, address] of Object.entries(market.platforms))
        check(chain as 'eth', address);
    }
    expect(bad).toEqual([]);
  });

  it('are unique among tokens and pools, and among CEX contracts', () => {
    const seen = new Set<string>();
    for (const { chainName, address } of [...snapshot.dex.tokens, ...snapshot.dex.pools]) {
      const key = addressKey(chainName, address);
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
    }
    const cex = new Set<string>();
    for (const market of snapshot.cex.markets) {
      for (const [chain, address] of Object.entries(market.platforms)) {
        const key = addressKey(chain as 'eth', address);
        expect(cex.has(key), key).toBe(false);
        cex.add(key);
      }
    }
  });

  it('checksums EVM addresses (mixed case)', () => {
    const evm = snapshot.dex.tokens.filter((token) => token.chainName !== 'solana');
    const mixed = evm.filter((token) => token.address !== token.address.toLowerCase());
    expect(mixed.length).toBe(evm.length);
  });
});
