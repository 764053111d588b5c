import {
  AGE_BANDS,
  AMOUNT_BANDS,
  SCORE_BANDS,
  ageSeconds,
  chainFamilyOf,
  inRange,
  scoreSecurityReport,
  type ChainCode,
  type ResearchSnapshot,
  type SnapshotPool,
} from '@vaultscope/core';

/** The pool with the largest reserve for each token, keyed `chain:address`. */
export function primaryPools(snapshot: ResearchSnapshot): Map<string, SnapshotPool> {
  const byToken = new Map<string, SnapshotPool>();
  for (const pool of snapshot.dex.pools) {
    const key = `${pool.chainName}:${pool.base_token_address}`;
    const current = byToken.get(key);
    if (!current || pool.reserve_in_usd > current.reserve_in_usd) byToken.set(key, pool);
  }
  return byToken;
}

/** Distribution figures of a snapshot: what the generator promises and the test checks. */
export interface SnapshotStats {
  dexTokens: number;
  pools: number;
  cexMarkets: number;
  cexWithContract: number;
  perChain: Record<ChainCode, number>;
  flags: {
    honeypots: number;
    mintable: number;
    freezeAuthority: number;
    proxies: number;
    hiddenOwner: number;
    highSellTax: number;
    unverifiedSource: number;
    maliciousCreator: number;
    nonTransferable: number;
    trusted: number;
  };
  ageSeconds: { min: number; max: number };
  /** Token counts per filter band value (bands overlap for age: 1week includes 0-1hr). */
  ageBands: Record<string, number>;
  liquidityBands: Record<string, number>;
  volumeBands: Record<string, number>;
  scoreBands: Record<string, number>;
  /** Tokens per star rating bucket (score >= 80, 60-79, 40-59, < 40) and per risk level. */
  scoreBuckets: { '80+': number; '60-79': number; '40-59': number; '<40': number };
  riskLevels: Record<string, number>;
}

/** Computes the distribution figures of a snapshot (scores by the core engine). */
export function snapshotStats(snapshot: ResearchSnapshot): SnapshotStats {
  const now = new Date(snapshot.reference_time);
  const primaries = primaryPools(snapshot);
  const perChain = { eth: 0, solana: 0, bsc: 0, avax: 0, polygon_pos: 0 } as Record<
    ChainCode,
    number
  >;
  const flags: SnapshotStats['flags'] = {
    honeypots: 0,
    mintable: 0,
    freezeAuthority: 0,
    proxies: 0,
    hiddenOwner: 0,
    highSellTax: 0,
    unverifiedSource: 0,
    maliciousCreator: 0,
    nonTransferable: 0,
    trusted: 0,
  };
  const count = (bands: readonly { value: string }[]) =>
    Object.fromEntries(bands.map((b) => [b.value, 0]));
  const ageBands = count(AGE_BANDS);
  const liquidityBands = count(AMOUNT_BANDS);
  const volumeBands = count(AMOUNT_BANDS);
  const scoreBands = count(SCORE_BANDS);
  const scoreBuckets = { '80+': 0, '60-79': 0, '40-59': 0, '<40': 0 };
  const riskLevels: Record<string, number> = {};
  let minAge = Number.POSITIVE_INFINITY;
  let maxAge = 0;

  for (const token of snapshot.dex.tokens) {
    perChain[token.chainName] += 1;
    const report = token.security;
    if (report.is_honeypot === 1) flags.honeypots += 1;
    if (report.is_mintable === 1 || report.mintable?.status === 1) flags.mintable += 1;
    if (report.freezable?.status === 1) flags.freezeAuthority += 1;
    if (report.is_proxy === 1) flags.proxies += 1;
    if (report.hidden_owner === 1) flags.hiddenOwner += 1;
    if ((report.sell_tax ?? 0) >= 0.1) flags.highSellTax += 1;
    if (report.is_open_source === 0) flags.unverifiedSource += 1;
    if (report.creators?.some((c) => c.malicious_address === 1)) flags.maliciousCreator += 1;
    if (report.non_transferable === 1) flags.nonTransferable += 1;
    if (token.trusted_token === 1) flags.trusted += 1;

    const pool = primaries.get(`${token.chainName}:${token.address}`);
    if (!pool) throw new Error(`Token without a pool: ${token.address}`);
    const age = ageSeconds(pool.pool_created_at, now);
    minAge = Math.min(minAge, age);
    maxAge = Math.max(maxAge, age);
    for (const band of AGE_BANDS) if (inRange(age, band.range)) ageBands[band.value]! += 1;
    for (const band of AMOUNT_BANDS) {
      if (inRange(pool.reserve_in_usd, band.range)) liquidityBands[band.value]! += 1;
      if (inRange(pool.volume_usd.h24, band.range)) volumeBands[band.value]! += 1;
    }
    const { totalScore, riskLevel } = scoreSecurityReport(report, chainFamilyOf(token.chainName), {
      trustedToken: token.trusted_token,
    });
    for (const band of SCORE_BANDS)
      if (inRange(totalScore, band.range)) scoreBands[band.value]! += 1;
    const bucket =
      totalScore >= 80 ? '80+' : totalScore >= 60 ? '60-79' : totalScore >= 40 ? '40-59' : '<40';
    scoreBuckets[bucket] += 1;
    riskLevels[riskLevel] = (riskLevels[riskLevel] ?? 0) + 1;
  }

  return {
    dexTokens: snapshot.dex.tokens.length,
    pools: snapshot.dex.pools.length,
    cexMarkets: snapshot.cex.markets.length,
    cexWithContract: snapshot.cex.markets.filter((m) => Object.keys(m.platforms).length > 0).length,
    perChain,
    flags,
    ageSeconds: { min: minAge, max: maxAge },
    ageBands,
    liquidityBands,
    volumeBands,
    scoreBands,
    scoreBuckets,
    riskLevels,
  };
}
