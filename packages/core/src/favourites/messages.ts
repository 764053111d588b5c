/**
 * The watch list's messages, in a module without zod (re-exported by `schemas.ts`): every list
 * row's heart shows them, and reading them from `schemas.ts` made each list's first load build
 * the favourites schemas.
 */
export const favouriteMessages = {
  added: 'Added to your watch list',
  removed: 'Removed from your watch list',
  notYours: 'You can only change your own watch list.',
  itemNotFound: 'That item does not exist.',
  failed: 'Something went wrong.',
  deleteFailed: 'Unable to delete watchlist at this time. Please try again later.',
  noUserId: 'User ID not found in localStorage.',
} as const;
