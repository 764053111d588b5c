import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  favouriteMessages,
  tokenMessages,
  toggleFavouriteResponseSchema,
  type ChainCode,
  type FavouriteItem,
} from '@vaultscope/core';
import { ApiError, apiRequest } from '@/lib/api-client';
import { sharedQueryKeys } from '@/lib/query-keys';
import { withFavouriteFlag } from '../lib/favourite-flag';
import { getCexPrice } from './cex';
import { tokenKeys } from './query-keys';
import { getTokenById } from './token-detail';

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
 * Spec section 8: a refusal shows the server's message or 'Something went wrong.'; anything that
 * is not an answer from the server shows 'Something went wrong, please try again.'.
 */
export function favouriteErrorMessage(error: unknown): string {
  if (error instanceof FavouriteRefusedError) return error.message || favouriteMessages.failed;
  if (error instanceof ApiError) {
    if (error.fromServer && error.message) return error.message;
    if (error.status !== 0) return tokenMessages.favouriteFailed;
  }
  return tokenMessages.favouriteError;
}

/** The token whose heart is pressed: its favourites `itemId` and how to read it again. */
export interface FavouriteTarget {
  type: 'DEX' | 'CEX';
  /** The list item's `id` (the favourites `itemId`). */
  id: string;
  tokenAddress: string;
  /** Needed to read a DEX token again; a CEX coin is read by its `tokenAddress`. */
  chainName: ChainCode | null;
}

/** Reads the item again after a toggle (spec section 4) and gives its heart. */
async function readFavourite(target: FavouriteTarget): Promise<0 | 1> {
  if (target.type === 'DEX' && target.chainName) {
    return (await getTokenById(target.tokenAddress, target.chainName)).tokenDetails.is_favourite;
  }
  return (await getCexPrice(target.tokenAddress)).is_favourite;
}

/**
 * Toggles a DEX or CEX token in the user's favourites, then re-reads the item so that the heart
 * shows what the server now holds (spec section 4). The re-read heart is written into every
 * cached list; details, price pages and the watch list are read again.
 */
export function useToggleTokenFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['tokens', 'favourite'],
    mutationFn: async ({ target, userId }: { target: FavouriteTarget; userId: string }) => {
      const response = await toggleFavourite({ itemId: target.id, type: target.type, userId });
      if (!response.success) throw new FavouriteRefusedError(response.message);
      let flag: 0 | 1 = response.isFavorite ? 1 : 0;
      try {
        flag = await readFavourite(target);
      } catch {
        // The toggle itself worked; its own answer is the next best truth.
      }
      return { message: response.message, flag };
    },
    onSuccess: async ({ flag }, { target }) => {
      queryClient.setQueriesData({ queryKey: tokenKeys.lists() }, (data: unknown) =>
        withFavouriteFlag(data, target.id, flag),
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: tokenKeys.details() }),
        queryClient.invalidateQueries({ queryKey: tokenKeys.cexPrices() }),
        queryClient.invalidateQueries({ queryKey: sharedQueryKeys.watchlist }),
      ]);
    },
  });
}
