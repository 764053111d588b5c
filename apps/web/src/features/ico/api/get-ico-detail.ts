import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type IcoDetail, type IcoStatus } from '@vaultscope/core';
import { sharedQueryKeys } from '@/lib/query-keys';
import { selectUser, useSessionStore } from '@/stores/session-store';

/**
 * One project. A row of a tab asks the path of its tab (spec section 7); a link with only the id
 * asks `get-ico-details`. The bearer goes along when there is a session, so `is_favourite` is the
 * caller's.
 */
export const getIcoDetail = async (
  id: string,
  { status, signal }: { status?: IcoStatus | undefined; signal?: AbortSignal } = {},
): Promise<IcoDetail> => {
  const path =
    status === 'active'
      ? apiPaths.ico.activeDetails(id)
      : status === 'upcoming'
        ? apiPaths.ico.upcomingDetails(id)
        : apiPaths.ico.details(id);
  const { requestIcoDetail } = await import('./ico-requests');
  return requestIcoDetail(path, signal);
};

/** Per viewer: the heart differs between a visitor and each user. */
export const icoDetailQueryKey = (id: string, userId: string | undefined) =>
  [...sharedQueryKeys.icoDetail, id, userId ?? 'anonymous'] as const;

export const getIcoDetailQueryOptions = (
  id: string,
  userId: string | undefined,
  status?: IcoStatus,
) =>
  queryOptions({
    queryKey: icoDetailQueryKey(id, userId),
    queryFn: ({ signal }) => getIcoDetail(id, { status, signal }),
  });

/** The project `id`; `initialData` is what the row that opened the page already loaded. */
export function useIcoDetail(id: string, initialData?: IcoDetail) {
  const userId = useSessionStore(selectUser)?._id;
  return useQuery({
    ...getIcoDetailQueryOptions(id, userId),
    // Shown at once, but counted as old: it is read again in the background, so a heart toggled
    // since (or a reload under another session) comes out right.
    initialData: initialData?.tokenDetails._id === id ? initialData : undefined,
    initialDataUpdatedAt: 0,
  });
}
