import type { ChainCode } from '@vaultscope/core';
import { combinedCircuit } from './http/circuit-breaker';
import type { CircuitState, ProvidedReport, SecurityReportProvider } from '../tokens/providers';
import type { ProviderLog } from './http/provider-client';

/**
 * Several security engines (GoPlus, Honeypot.is, RugCheck) as the one
 * {@link SecurityReportProvider} the research ingest takes: every engine is asked about the same
 * tokens at once, and each report comes back named by its engine (`ProvidedReport.engine`), so a
 * token judged by three engines comes back three times and the ingest stores them side by side
 * (`security_engine_reports`) and combines them. An engine that fails (each adapter already
 * leaves out what its provider did not answer) costs only its own reports.
 */
export class SecurityEngines implements SecurityReportProvider {
  readonly name: string;

  constructor(
    private readonly engines: readonly SecurityReportProvider[],
    private readonly log?: ProviderLog,
  ) {
    if (engines.length === 0) throw new Error('SecurityEngines needs at least one engine');
    this.name = engines.map((engine) => engine.name).join('+');
  }

  /**
   * Open only when every engine's circuit is open (no report can come), closed when all are;
   * otherwise half-open: some engines answer, some do not.
   */
  circuit(): CircuitState {
    return combinedCircuit(this.engines.map((engine) => engine.circuit?.() ?? 'closed'));
  }

  async fetchReports(
    tokens: readonly { chainName: ChainCode; address: string }[],
  ): Promise<ProvidedReport[]> {
    const answers = await Promise.allSettled(
      this.engines.map((engine) => engine.fetchReports(tokens)),
    );
    // The app closing aborts every engine's calls: that is not one engine failing.
    const aborted = answers.find(
      (answer) =>
        answer.status === 'rejected' && (answer.reason as Error | undefined)?.name === 'AbortError',
    );
    if (aborted?.status === 'rejected') throw aborted.reason;
    const reports: ProvidedReport[] = [];
    answers.forEach((answer, index) => {
      const engine = this.engines[index]!;
      if (answer.status === 'rejected') {
        this.log?.warn(
          { provider: engine.name, reason: (answer.reason as Error | undefined)?.name },
          'security engine failed, its reports left out',
        );
        return;
      }
      for (const report of answer.value)
        reports.push({ ...report, engine: report.engine ?? engine.name });
    });
    return reports;
  }
}
