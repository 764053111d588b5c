import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  favouriteMessages,
  toggleFavouriteResponseSchema,
  type FavouriteItem,
} from '@vaultscope/core';
import { ApiError, apiRequest } from '@/lib/api-client';
import { sharedQueryKeys } from '@/lib/query-keys';

export const toggleFavourite = (body: FavouriteItem) =>
  apiRequest(apiPaths.favourites.toggle, {
    method: 'POST',
    body,
    auth: true,
    schema: toggleFavouriteResponseSchema,
  });

/** Thrown when the server answers `success: false`; carries its message. */
export class FavouriteRefusedError extends Error {
  override readonly name = 'FavouriteRefusedError';
}

/**
 * Spec section 8: a refusal shows the server's message or 'Something went wrong.'; anything
 * that is not an answer from the server shows 'Something went wrong, please try again.'.
 */
export function favouriteErrorMessage(error: unknown): string {
  if (error instanceof FavouriteRefusedError) return error.message || favouriteMessages.failed;
  if (error instanceof ApiError) {
    if (error.fromServer && error.message) return error.message;
    if (error.status !== 0) return favouriteMessages.failed;
  }
  return 'Something went wrong, please try again.';
}

/**
 * Toggles a project in the user's favourites, then re-reads the project so that the heart shows
 * what the server now holds (spec section 4). The mutation stays pending until that re-read is
 * done, so the button cannot be pressed twice in between.
 */
export function useToggleFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['favourite', 'toggle'],
    mutationFn: async (body: FavouriteItem) => {
      const response = await toggleFavourite(body);
      if (!response.success) throw new FavouriteRefusedError(response.message);
      return response;
    },
    onSuccess: async (_response, body) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [...sharedQueryKeys.icoDetail, body.itemId] }),
        queryClient.invalidateQueries({ queryKey: sharedQueryKeys.watchlist }),
      ]);
    },
  });
}
