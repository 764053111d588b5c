import type { ChainCode } from '@vaultscope/core';
import type { AfterFavouriteToggle } from '@/lib/favourites';
import { sharedQueryKeys } from '@/lib/query-keys';
import { withFavouriteFlag } from '../lib/favourite-flag';
import { getCexPrice } from './cex';
import { tokenKeys } from './query-keys';
import { getTokenById } from './token-by-id';

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
