import type { ChainCode } from '@vaultscope/core';
import type { AfterFavouriteToggle } from '@/lib/favourites';
import { sharedQueryKeys } from '@/lib/query-keys';
import { withFavouriteFlag } from '../lib/favourite-flag';
import { tokenKeys } from './query-keys';

/** The token whose heart is pressed: its favourites `itemId` and how to read it again. */
export interface FavouriteTarget {
  type: 'DEX' | 'CEX';
  /** The list item's `id` (the favourites `itemId`). */
  id: string;
  tokenAddress: string;
  /** Needed to read a DEX token again; a CEX coin is read by its `tokenAddress`. */
  chainName: ChainCode | null;
}

/**
 * Reads the item again after a toggle (spec section 4) and gives its heart. The two calls are
 * fetched on the first toggle: every list row has a heart, and their schemas (a CEX coin's whole
 * market row) would otherwise be built by zod as the lists load, on a phone's busiest moment.
 */
async function readFavourite(target: FavouriteTarget): Promise<0 | 1> {
  if (target.type === 'DEX' && target.chainName) {
    const { getTokenById } = await import('./token-by-id');
    return (await getTokenById(target.tokenAddress, target.chainName)).tokenDetails.is_favourite;
  }
  const { getCexPrice } = await import('./cex-price');
  return (await getCexPrice(target.tokenAddress)).is_favourite;
}

/**
 * After a DEX or CEX token's heart is toggled: re-read the item so that the heart shows what the
 * server now holds (spec section 4). The re-read heart is written into every cached list; details,
 * price pages and the watch list are read again.
 */
export const rereadToken =
  (target: FavouriteTarget): AfterFavouriteToggle =>
  async ({ response }, queryClient) => {
    let flag: 0 | 1 = response.isFavorite ? 1 : 0;
    try {
      flag = await readFavourite(target);
    } catch {
      // The toggle itself worked; its own answer is the next best truth.
    }
    queryClient.setQueriesData({ queryKey: tokenKeys.lists() }, (data: unknown) =>
      withFavouriteFlag(data, target.id, flag),
    );
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: tokenKeys.details() }),
      queryClient.invalidateQueries({ queryKey: tokenKeys.cexPrices() }),
      queryClient.invalidateQueries({ queryKey: sharedQueryKeys.watchlist }),
    ]);
  };
