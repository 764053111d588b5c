import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  favouriteMessages,
  tokenMessages,
  type FavouriteItem,
  type toggleFavouriteResponseSchema,
} from '@vaultscope/core';
import type { z } from 'zod';
import { ApiError, apiRequest } from './api-client';

export type ToggleFavouriteResponse = z.infer<typeof toggleFavouriteResponseSchema>;

/** POST /api/favourite/toggle-favourite: adds the item to the user's favourites or removes it. */
export const toggleFavourite = (body: FavouriteItem) =>
  apiRequest(apiPaths.favourites.toggle, {
    method: 'POST',
    body,
    auth: true,
    schema: import('./favourite-schemas').then((m) => m.toggleFavouriteResponseSchema),
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
  return tokenMessages.favouriteError;
}

/**
 * What a feature does once the server has accepted a toggle: read the item again (spec section 4)
 * and mark or update the caches that show its heart.
 */
export type AfterFavouriteToggle = (
  toggled: { item: FavouriteItem; response: ToggleFavouriteResponse },
  queryClient: QueryClient,
) => Promise<void>;

/**
 * Toggles an item in the user's favourites, then lets the feature re-read it so that the heart
 * shows what the server now holds. The mutation stays pending until that re-read is done, so the
 * heart cannot be pressed twice in between.
 */
export function useToggleFavourite(afterToggle: AfterFavouriteToggle) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['favourite', 'toggle'],
    mutationFn: async (item: FavouriteItem) => {
      const response = await toggleFavourite(item);
      if (!response.success) throw new FavouriteRefusedError(response.message);
      return response;
    },
    onSuccess: (response, item) => afterToggle({ item, response }, queryClient),
  });
}
