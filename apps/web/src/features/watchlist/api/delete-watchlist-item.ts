import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPaths, type FavouriteItem } from '@vaultscope/core';
import { apiRequest } from '@/lib/api-client';
import { sharedQueryKeys } from '@/lib/query-keys';

const deleteResponseSchema = z.object({ success: z.boolean(), message: z.string() });

export const deleteWatchlistItem = (body: FavouriteItem) =>
  apiRequest(apiPaths.watchlist.delete, {
    method: 'POST',
    body,
    auth: true,
    schema: deleteResponseSchema,
  });

/**
 * Removes an item from the watch list, then reloads the list; the hearts of projects and tokens
 * are read again too the next time they show.
 */
export function useDeleteWatchlistItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['watchlist', 'delete'],
    mutationFn: async (body: FavouriteItem) => {
      const response = await deleteWatchlistItem(body);
      if (!response.success) throw new Error(response.message);
      return response;
    },
    onSuccess: async (_response, body) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sharedQueryKeys.watchlist }),
        body.type === 'ICO'
          ? queryClient.invalidateQueries({ queryKey: [...sharedQueryKeys.icoDetail, body.itemId] })
          : queryClient.invalidateQueries({ queryKey: sharedQueryKeys.tokens }),
      ]);
    },
  });
}
