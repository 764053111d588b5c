/**
 * The lists' answer schema, a chunk of its own: `getTokenList` imports it as it sends its
 * request (`apiRequest` takes the import's promise). Imported statically, zod's construction of
 * core's token schemas ran inside the evaluation of the lists' module graph (Home's and DEX's
 * lazy part), with the address and favourites schemas about 70 % of that task: 15-22 ms of CPU
 * unthrottled, 60-90 ms at a phone's 4x slowdown. Now zod and the schemas run beside the first
 * requests, after the part's own code.
 */
export { tokenListResponseSchema } from '@vaultscope/core';
