import { z } from 'zod';

/**
 * RugCheck `GET /v1/tokens/{mint}/report` (reference doc 5.3, from third-party types and
 * fixtures, not RugCheck's own Swagger document): only the parts the adapter reads. "Everything
 * may be null", so every key is `nullish`; a key that is absent is unknown, an authority that is
 * present and `null` is revoked. Unknown keys are stripped.
 */
const authority = z.string().nullable().optional();

export const rugCheckReportSchema = z.object({
  mint: z.string().nullish(),
  token: z
    .object({
      mintAuthority: authority,
      freezeAuthority: authority,
      /** Raw units. */
      supply: z.number().nonnegative().nullish(),
      decimals: z.number().int().min(0).max(30).nullish(),
    })
    .nullish(),
  mintAuthority: authority,
  freezeAuthority: authority,
  tokenMeta: z
    .object({
      name: z.string().nullish(),
      symbol: z.string().nullish(),
      uri: z.string().nullish(),
      mutable: z.boolean().nullish(),
      updateAuthority: z.string().nullish(),
    })
    .nullish(),
  topHolders: z
    .array(
      z.object({
        address: z.string(),
        owner: z.string().nullish(),
        /** Percent units (22.5 = 22.5 %). */
        pct: z.number().nullish(),
        uiAmountString: z.string().nullish(),
        insider: z.boolean().nullish(),
      }),
    )
    .nullish(),
  markets: z
    .array(
      z.object({
        pubkey: z.string().nullish(),
        marketType: z.string().nullish(),
        liquidityA: z.string().nullish(),
        liquidityB: z.string().nullish(),
        lp: z
          .object({
            /** Percent units. */
            lpLockedPct: z.number().nullish(),
            baseUSD: z.number().nullish(),
            quoteUSD: z.number().nullish(),
          })
          .nullish(),
      }),
    )
    .nullish(),
  knownAccounts: z.record(z.string(), z.object({ type: z.string().nullish() })).nullish(),
  totalHolders: z.number().nullish(),
});
export type RugCheckReport = z.output<typeof rugCheckReportSchema>;
