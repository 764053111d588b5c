import type { ResearchSourceHealth } from '@vaultscope/core';
import type { Clock } from '../lib/clock';
import type { ResearchIngest, ResearchKind } from './research-ingest';
import type { ResearchScheduler } from './research-scheduler';

const KINDS: readonly ResearchKind[] = ['dex', 'cex', 'security'];

/**
 * How each kind of research data stands, for `/api/health`: the last load from `research_sync`
 * and the runs from `research_sync_runs` (both shared by every instance); with the scheduled
 * sync, stale when the last load is more than twice the kind's interval ago (or there was none),
 * failing when the last run of any instance failed, or the provider's circuit in this instance
 * is not closed, or this instance's last run failed (should its record not have been stored).
 */
export async function researchStatus(options: {
  mode: 'snapshot' | 'live';
  ingest: ResearchIngest;
  scheduler: ResearchScheduler | null;
  clock: Clock;
}): Promise<{ provider: 'snapshot' | 'live'; sources: ResearchSourceHealth[] }> {
  const { ingest, scheduler, clock } = options;
  const [synced, runs] = await Promise.all([ingest.lastSynced(), ingest.runs()]);
  const states = new Map(scheduler?.states().map((state) => [state.kind, state]));
  const now = clock.now().getTime();
  return {
    provider: options.mode,
    sources: KINDS.map((kind) => {
      const last = synced.get(kind);
      const state = states.get(kind);
      const run = state ? runs.get(kind) : undefined;
      return {
        kind,
        provider: last?.provider ?? null,
        lastSyncedAt: last ? last.at.toISOString() : null,
        items: last?.items ?? null,
        intervalSeconds: state ? state.intervalMs / 1000 : null,
        stale: state ? !last || now - last.at.getTime() > 2 * state.intervalMs : false,
        failing: state
          ? state.circuit !== 'closed' || state.lastRunFailed || (run?.failures ?? 0) > 0
          : false,
        lastFailureAt: run?.lastFailureAt ? run.lastFailureAt.toISOString() : null,
        consecutiveFailures: run?.failures ?? 0,
      };
    }),
  };
}
