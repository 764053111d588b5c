import { readFileSync } from 'node:fs';
import {
  chainFamilyOf,
  rebaseSnapshotTime,
  scoreSecurityReport,
  tokenItemId,
  type ChainCode,
  type ResearchSnapshot,
  type SnapshotDexToken,
  type SnapshotPool,
} from '@vaultscope/core';
import { loadConfig } from '../lib/config';
import type { ProvidedPool } from '../tokens/providers';
import { decodeSnapshot } from '../tokens/snapshot-io';

let shipped: ResearchSnapshot | undefined;

/** The research snapshot the server loads on first start, decoded once per test file. */
export function shippedSnapshot(): ResearchSnapshot {
  shipped ??= decodeSnapshot(readFileSync(loadConfig({}).RESEARCH_SNAPSHOT_FILE));
  return shipped;
}

/** What a list row of a token must show, worked out from the snapshot alone (not from the server). */
export interface ExpectedToken {
  id: string;
  chainName: ChainCode;
  token: SnapshotDexToken;
  /** The pool with the largest reserve. */
  pool: SnapshotPool;
  /** Pool creation as stored by a load at `loadedAt`. */
  createdAt: Date;
  score: number;
  riskLevel: string;
}

/** Every DEX token of the snapshot with its expected figures, for a load done at `loadedAt`. */
export function expectedTokens(snapshot: ResearchSnapshot, loadedAt: Date): ExpectedToken[] {
  const primary = new Map<string, SnapshotPool>();
  for (const pool of snapshot.dex.pools) {
    const key = `${pool.chainName}:${pool.base_token_address}`;
    const current = primary.get(key);
    if (!current || pool.reserve_in_usd > current.reserve_in_usd) primary.set(key, pool);
  }
  return snapshot.dex.tokens.map((token) => {
    const pool = primary.get(`${token.chainName}:${token.address}`);
    if (!pool) throw new Error(`no pool for ${token.address}`);
    const { totalScore, riskLevel } = scoreSecurityReport(
      token.security,
      chainFamilyOf(token.chainName),
      { trustedToken: token.trusted_token },
    );
    return {
      id: tokenItemId(token.chainName, token.address),
      chainName: token.chainName,
      token,
      pool,
      createdAt: new Date(
        rebaseSnapshotTime(pool.pool_created_at, snapshot.reference_time, loadedAt),
      ),
      score: totalScore,
      riskLevel,
    };
  });
}

const windows = <T>(value: T) => ({ m5: value, h1: value, h6: value, h24: value });

/**
 * A pool as a DEX provider delivers it, for tests that feed the ingest their own listing: an
 * eth pool of `base` against WETH with plain figures (price 2, reserve 50,000); `fields` set
 * what a test looks at.
 */
export function providedPool(
  address: string,
  base: string,
  fields: Partial<ProvidedPool> = {},
): ProvidedPool {
  const price = fields.base_token_price_usd ?? 2;
  return {
    chainName: 'eth',
    address,
    dex: 'uniswap_v2',
    name: 'X / WETH',
    base_token_address: base,
    quote_token_address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
    quote_token_symbol: 'WETH',
    pool_created_at: '2026-11-20T11:00:00.000Z',
    base_token_price_usd: price,
    base_token_price_native_currency: price / 2000,
    reserve_in_usd: 50_000,
    fdv_usd: 2_000,
    market_cap_usd: null,
    price_change_percentage: windows(5),
    transactions: windows({ buys: 3, sells: 2 }),
    volume_usd: windows(50_000),
    ...fields,
  };
}
