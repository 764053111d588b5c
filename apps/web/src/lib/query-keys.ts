/**
 * Roots of query keys that more than one feature touches: favouriting a project on its detail
 * page changes the watch list, and removing it from the watch list changes the detail's heart.
 */
export const sharedQueryKeys = {
  watchlist: ['watchlist'] as const,
  icoDetail: ['ico', 'detail'] as const,
  /**
   * Every token list, detail and price page (DEX and CEX): they carry `is_favourite`, so a change
   * to the favourites (a heart, or a removal from the watch list) marks them all as old.
   */
  tokens: ['tokens'] as const,
};
