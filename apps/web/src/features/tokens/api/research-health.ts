import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type HealthResponse, type ResearchSourceHealth } from '@vaultscope/core';
import { apiRequest } from '@/lib/api-client';
import { tokenKeys } from './query-keys';

/** How often the lists and the detail read how old their data is (the age itself ticks locally). */
const RESEARCH_HEALTH_REFETCH_MS = 15_000;

/** `/api/health`: the research data's provider and, per kind, when it was last loaded. */
const getResearchHealth = ({ signal }: { signal?: AbortSignal } = {}): Promise<HealthResponse> =>
  apiRequest(apiPaths.health, {
    schema: import('./health-schemas').then((m) => m.healthResponseSchema),
    signal,
  });

const getResearchHealthQueryOptions = () =>
  queryOptions({
    queryKey: tokenKeys.researchHealth(),
    queryFn: ({ signal }) => getResearchHealth({ signal }),
    refetchInterval: RESEARCH_HEALTH_REFETCH_MS,
    staleTime: RESEARCH_HEALTH_REFETCH_MS,
  });

/**
 * How one kind of research data stands, when it is synced live; `null` for the snapshot (a
 * recording: when it was loaded says nothing of how old its figures are) or while unknown.
 */
export function useLiveResearchSource(
  kind: ResearchSourceHealth['kind'],
): ResearchSourceHealth | null {
  const { data } = useQuery(getResearchHealthQueryOptions());
  if (data?.research.provider !== 'live') return null;
  return data.research.sources.find((source) => source.kind === kind) ?? null;
}
