import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type Notification } from '@vaultscope/core';
import { apiRequest } from '@/lib/api-client';
import { selectUser, useSessionStore } from '@/stores/session-store';

export const getNotifications = async ({ signal }: { signal?: AbortSignal } = {}): Promise<
  Notification[]
> => {
  const response = await apiRequest(apiPaths.notifications, {
    auth: true,
    schema: import('./notification-schemas').then((m) => m.notificationListResponseSchema),
    signal,
  });
  return response.data;
};

export const notificationsQueryKey = (userId: string | undefined) =>
  ['notifications', userId ?? 'anonymous'] as const;

export const getNotificationsQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: notificationsQueryKey(userId),
    queryFn: ({ signal }) => getNotifications({ signal }),
    enabled: userId !== undefined,
    staleTime: 15_000,
  });

/** Notifications of the logged-in user; idle (no call) for a visitor. */
export function useNotifications() {
  const userId = useSessionStore(selectUser)?._id;
  return useQuery(getNotificationsQueryOptions(userId));
}
