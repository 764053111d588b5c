import {
  chainFamilyOf,
  combineReports,
  scoreSecurityReport,
  simulatedFields,
  type ChainCode,
  type CombinedVerdict,
  type EngineReport,
  type RiskLevel,
  type ScanEvidence,
  type SecurityReport,
} from '@vaultscope/core';

/** Our analyzer's stored report of a token, as far as its score needs it. */
export interface AnalyzerJudgement {
  report: SecurityReport;
  evidence: ScanEvidence;
  totalScore: number;
  riskLevel: RiskLevel;
}

/** The providers' stored report of a token (`security_reports`, and each engine's own). */
export interface ProviderJudgement {
  report: SecurityReport;
  /** Each engine's report; empty for a report stored before they were kept apart. */
  engines: readonly { engine: string; report: SecurityReport }[];
  reportProvider: string;
  trustedToken: 0 | 1 | null;
  totalScore: number;
  riskLevel: RiskLevel;
}

/** A token's report and score, and the per-engine verdict when more than one engine judged it. */
export interface TokenVerdict {
  report: SecurityReport;
  totalScore: number;
  riskLevel: RiskLevel;
  verdict: CombinedVerdict | null;
}

/**
 * The one rule by which a token's report and score are chosen, for the detail and for the list
 * rows of the indexed chains alike, so the two never disagree. Every engine that judged the
 * token counts, ours first (it read the chain at a known block and keeps its evidence, which
 * says which fields it traded), then the providers' by name; with more than one the report and
 * the score are their combined verdict (core's `combineReports`, scored with the provider's
 * trust flag). With one, its stored score stands. Undefined when no engine judged the token.
 */
export function tokenVerdict(
  chainName: ChainCode,
  scan: AnalyzerJudgement | undefined,
  record: ProviderJudgement | undefined,
): TokenVerdict | undefined {
  const engines: EngineReport[] = [
    ...(scan
      ? [{ engine: 'analyzer', report: scan.report, simulated: simulatedFields(scan.evidence) }]
      : []),
    ...(record
      ? record.engines.length > 0
        ? record.engines.map(({ engine, report }) => ({ engine, report }))
        : [{ engine: record.reportProvider, report: record.report }]
      : []),
  ];
  if (engines.length > 1) {
    const verdict = combineReports(engines);
    const score = scoreSecurityReport(verdict.report, chainFamilyOf(chainName), {
      trustedToken: record?.trustedToken ?? null,
    });
    return { report: verdict.report, ...score, verdict };
  }
  const single = scan ?? record;
  if (!single) return undefined;
  return {
    report: single.report,
    totalScore: single.totalScore,
    riskLevel: single.riskLevel,
    verdict: null,
  };
}
