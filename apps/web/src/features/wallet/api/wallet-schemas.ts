/**
 * The schemas of the dashboard's calls (portfolio, network mode, test funds), a chunk of its own:
 * each call imports it as it sends its request (`apiRequest` takes the import's promise), so the
 * schemas and zod download beside the first request instead of with the wallet's first frame.
 * Lighthouse counts every byte that arrives before that frame's paint, and zod with core's wallet
 * schemas were 23 kB of the 58 kB the page named after the entry.
 */
export {
  faucetResponseSchema,
  networkModeSchema,
  portfolioResponseSchema,
  switchNetworksResponseSchema,
} from '@vaultscope/core';
