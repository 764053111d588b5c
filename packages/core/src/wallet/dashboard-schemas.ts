import { z } from 'zod';

/**
 * The answers the wallet's dashboard reads on its first load (portfolio, network mode) and its
 * buttons' (switch networks, test funds), in a module of their own: the web app builds these
 * schemas as those answers arrive, and with them in `schemas.ts` it built every wallet and login
 * schema (send forms, history, the login's email rules) on every load of the wallet page.
 */

export const networkModeSchema = z.object({
  showMainnet: z.boolean({ error: 'showMainnet must be true or false.' }),
  showTestnet: z.boolean({ error: 'showTestnet must be true or false.' }),
});
export const switchNetworksResponseSchema = networkModeSchema.extend({ message: z.string() });

export const portfolioBalanceSchema = z.object({
  chainId: z.number(),
  chainName: z.string(),
  symbol: z.string(),
  name: z.string(),
  logo: z.string(),
  decimals: z.number().int(),
  balance: z.string(),
  /** `Native`, an ERC-20 contract address, or (Solana) null with `mint` set. */
  tokenAddress: z.string().nullable(),
  mint: z.string().nullable(),
  usdPrice: z.string().nullable(),
  usd_value: z.string().nullable(),
  /** 24 h price change in per cent where our market data has it. */
  change24h: z.number().nullable(),
  /** Where the price came from: the CEX market snapshot or the devnet price table. */
  priceSource: z.enum(['market', 'devnet']).nullable(),
});
export type PortfolioBalance = z.infer<typeof portfolioBalanceSchema>;

export const portfolioResponseSchema = z.object({
  balances: z.array(portfolioBalanceSchema),
  totalUsdValue: z.string(),
  /** The total expressed in ETH at the same price data, for a native-coin sense of size. */
  nativeEquivalent: z.object({ symbol: z.string(), amount: z.string().nullable() }),
  /** Chains that could not be read this time (their balances are missing, not zero). */
  unavailableChains: z.array(z.number()),
});
export type PortfolioResponse = z.infer<typeof portfolioResponseSchema>;

export const faucetResponseSchema = z.object({
  message: z.string(),
  data: z.object({
    chainId: z.number(),
    address: z.string(),
    transfers: z.array(z.object({ symbol: z.string(), amount: z.string(), hash: z.string() })),
  }),
});
