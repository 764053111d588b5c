import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, messageResponseSchema, type Notification } from '@vaultscope/core';
import { apiRequest } from '@/lib/api-client';
import { selectUser, useSessionStore } from '@/stores/session-store';
import { notificationsQueryKey } from './get-notifications';

export const dismissNotification = (id: string) =>
  apiRequest(apiPaths.notification(id), {
    method: 'DELETE',
    auth: true,
    schema: messageResponseSchema,
  });

/** Removes the item at once; puts it back if the server refuses. */
export function useDismissNotification() {
  const queryClient = useQueryClient();
  const userId = useSessionStore(selectUser)?._id;
  const key = notificationsQueryKey(userId);

  return useMutation({
    mutationKey: ['notifications', 'dismiss'],
    mutationFn: dismissNotification,
    onMutate: async (id: string) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Notification[]>(key);
      queryClient.setQueryData<Notification[]>(key, (list) =>
        list?.filter((item) => item.id !== id),
      );
      return { previous };
    },
    onError: (_error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
