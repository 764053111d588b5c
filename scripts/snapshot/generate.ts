import { SNAPSHOT_VERSION, researchSnapshotSchema, type ResearchSnapshot } from '@vaultscope/core';
import { AddressBook } from './addresses';
import { generateCex } from './cex';
import { generateDex, type Profile } from './dex';
import { Random } from './prng';

/** Options of {@link generateSnapshot}. */
export interface SnapshotOptions {
  seed: number;
  dexTokens: number;
  cexMarkets: number;
  /** The moment the snapshot pretends to be taken (fixed, so output is reproducible). */
  referenceTime: string;
}

/** The options the committed snapshot is generated with. */
export const DEFAULT_SNAPSHOT_OPTIONS: SnapshotOptions = {
  seed: 20_260_115,
  dexTokens: 2_400,
  cexMarkets: 240,
  referenceTime: '2026-01-15T12:00:00.000Z',
};

/** A snapshot and the hidden security profile of each DEX token (same order), for statistics. */
export interface GeneratedSnapshot {
  snapshot: ResearchSnapshot;
  profiles: Profile[];
}

/**
 * Generates the research snapshot: deterministic for given options (seeded mulberry32, no
 * clock, no `Math.random`), validated with the core schemas before it is returned.
 */
export function generateSnapshot(
  options: SnapshotOptions = DEFAULT_SNAPSHOT_OPTIONS,
): GeneratedSnapshot {
  const rng = new Random(options.seed);
  const book = new AddressBook(rng.fork());
  const referenceTime = new Date(options.referenceTime);
  const dex = generateDex(rng.fork(), book, options.dexTokens, referenceTime);
  const markets = generateCex(rng.fork(), book, options.cexMarkets, referenceTime);
  const snapshot: ResearchSnapshot = {
    version: SNAPSHOT_VERSION,
    seed: options.seed,
    reference_time: referenceTime.toISOString(),
    generator:
      'scripts/generate-snapshot.ts: synthetic data for the embedded default. Names, figures and addresses are made up, except the well-known CEX coins, quote tokens and burn addresses.',
    dex: { tokens: dex.tokens, pools: dex.pools },
    cex: { markets },
  };
  const parsed = researchSnapshotSchema.safeParse(snapshot);
  if (!parsed.success) {
    throw new Error(
      `Generated snapshot fails the schema: ${JSON.stringify(parsed.error.issues.slice(0, 5))}`,
    );
  }
  return { snapshot, profiles: dex.profiles };
}
