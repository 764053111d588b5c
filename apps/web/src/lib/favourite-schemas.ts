/**
 * The heart's answer schema, a chunk of its own: `toggleFavourite` imports it as it sends its
 * request. Every list row has a heart, so a static import made each list's first load build
 * core's favourites schemas with zod, for a request that only a press sends.
 */
export { toggleFavouriteResponseSchema } from '@vaultscope/core';
