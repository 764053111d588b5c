import { z } from 'zod';
import { tokenScanInfoSchema } from '../scam/evidence';
import { engineVerdictsSchema } from '../score/combine';
import { RISK_LEVELS } from '../score/levels';
import { chainCodeSchema, favouriteFlagSchema, usdFigureSchema } from './schemas';
import {
  authoritySchema,
  dexDetailSchema,
  flaggedAddressSchema,
  flagSchema,
  holderSchema,
  securityReportSchema,
  tokenMetadataSchema,
} from './security-report';
import { tradeWindowsSchema } from './trade-windows';

// The detail's answer has a module of its own, apart from the lists' schemas (schemas.ts): zod
// builds a schema when its module is evaluated, and the web's lists, which import schemas.ts,
// would otherwise build this one and the security report's, the scan's and the engines' with
// theirs (80-95 ms of a phone's main thread as the lists' chunk loads).

/**
 * The token detail (spec section 3): figures, the brand flag `isVaultscope` (1 when the token is
 * tracked in our own pool data), the score and its risk level, and the security report as
 * `tokenDetails`. `id`, `tokenAddress`, `chainName`, `symbol` and `is_favourite` are ours,
 * beside the spec's fields: `id` is the favourites `itemId` ({@link tokenItemId}) and
 * `is_favourite` is 1 when the logged-in caller has favourited the token.
 *
 * A Solana detail also carries the report's Solana parts at the top level (`dexDetails`,
 * `holders`, `mintable`, `freezable`, `metadata`, `creators`), where the spec's client reads
 * `dexDetails[0].tvl`, `holders[0].percent`, `mintable.status` and so on.
 */
export const tokenDetailResponseSchema = z.object({
  id: z.string().min(1),
  tokenName: z.string(),
  symbol: z.string().optional(),
  tokenAddress: z.string().min(1),
  chainName: chainCodeSchema,
  price: usdFigureSchema,
  fdv: usdFigureSchema,
  liquidity: usdFigureSchema,
  /** Where the price comes from, e.g. `Vaultscope snapshot`, `GeckoTerminal`. */
  priceProvider: z.string(),
  pairAddress: z.string().nullable(),
  isVaultscope: z.union([z.literal(0), z.literal(1)]),
  /** Integer 0-100 from the score engine. */
  totalScore: z.number().int().min(0).max(100),
  riskLevel: z.enum(RISK_LEVELS),
  trusted_token: flagSchema.nullable(),
  tokenDetails: securityReportSchema,
  is_favourite: favouriteFlagSchema,
  dexDetails: z.array(dexDetailSchema).nullable().optional(),
  /**
   * Ours, from our DEX indexer: the ten largest holders (address, balance in whole tokens, share
   * of the supply; `tag` `Pool` for the token's indexed pools, `Burn` for the dead address),
   * null when the holder count is unknown. A Solana detail carries the report's holders here instead.
   */
  holders: z.array(holderSchema).nullable().optional(),
  mintable: authoritySchema.nullable().optional(),
  freezable: authoritySchema.nullable().optional(),
  metadata: tokenMetadataSchema.nullable().optional(),
  creators: z.array(flaggedAddressSchema).nullable().optional(),
  /**
   * Ours, from our DEX indexer on the chains it serves: buys, sells and USD volume of the primary
   * pool per window (5M, 1H, 6H, 24H). Absent or null where the figures come from elsewhere (the
   * snapshot) or no indexed pool holds the token.
   */
  tradeWindows: tradeWindowsSchema.nullable().optional(),
  /**
   * Ours, from our DEX indexer: the token's holders now (accounts with a positive balance,
   * summed from every Transfer since its deployment). Null when the indexer has not seen the
   * token's whole history (a token deployed before the blocks it read): unknown, never 0.
   * Absent off indexed chains. `tokenDetails.holder_count` stays the report's (at its scan).
   */
  holderCount: z.number().int().nonnegative().nullable().optional(),
  /**
   * Ours: the analyzer's scan behind the report (block, time, evidence per field, a re-scan
   * under way); absent or null for reports from a provider such as the shipped snapshot.
   */
  scan: tokenScanInfoSchema.nullable().optional(),
  /**
   * Ours (issue 10): when more than one engine judged the token (our analyzer, GoPlus…), each
   * engine's answer per field side by side, and where they disagree; `tokenDetails` and the
   * score are their combined report (`combineReports`). Absent or null with one engine.
   */
  engineVerdicts: engineVerdictsSchema.nullable().optional(),
});
export type TokenDetailResponse = z.output<typeof tokenDetailResponseSchema>;
