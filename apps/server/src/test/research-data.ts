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
