import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type IcoStatus } from '@vaultscope/core';

const ROUND_PATHS: Record<IcoStatus, string> = {
  active: apiPaths.ico.activeRounds,
  upcoming: apiPaths.ico.upcomingRounds,
};

export const getIcoRounds = async (
  status: IcoStatus,
  { signal }: { signal?: AbortSignal } = {},
): Promise<string[]> => {
  const { requestIcoRounds } = await import('./ico-requests');
  return requestIcoRounds(ROUND_PATHS[status], signal);
};

export const getIcoRoundsQueryOptions = (status: IcoStatus) =>
  queryOptions({
    queryKey: ['ico', 'rounds', status] as const,
    queryFn: ({ signal }) => getIcoRounds(status, { signal }),
    staleTime: 5 * 60_000,
  });

/** The round types of a tab; idle until `enabled` (the dropdown's first focus, spec section 2). */
export function useIcoRounds(status: IcoStatus, enabled: boolean) {
  return useQuery({ ...getIcoRoundsQueryOptions(status), enabled });
}
