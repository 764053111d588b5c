import type { AfterFavouriteToggle } from '@/lib/favourites';
import { sharedQueryKeys } from '@/lib/query-keys';

/**
 * After a project's heart is toggled: read the project and the watch list again, so that the
 * heart shows what the server now holds (spec section 4).
 */
export const rereadProject: AfterFavouriteToggle = async ({ item }, queryClient) => {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [...sharedQueryKeys.icoDetail, item.itemId] }),
    queryClient.invalidateQueries({ queryKey: sharedQueryKeys.watchlist }),
  ]);
};
