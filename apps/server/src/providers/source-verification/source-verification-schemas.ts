import { z } from 'zod';

/**
 * Sourcify API v2 `GET /v2/contract/{chainId}/{address}` (written from Sourcify's public docs,
 * not from the reference doc, which does not cover it): 200 with `match` (`exact_match`, `match`
 * or null) for a verified contract, 404 (`customCode: "not_found"`) for one Sourcify does not
 * hold. Only the parts read; unknown keys are stripped.
 */
export const sourcifyContractSchema = z.object({
  match: z.enum(['exact_match', 'match']).nullable(),
  chainId: z.string().nullish(),
  address: z.string().nullish(),
});

/**
 * Etherscan API v2 `?module=contract&action=getsourcecode` (also from the public docs, not the
 * reference doc): `status` "1" with one entry whose `SourceCode` is empty for an unverified
 * contract; `status` "0" with a message in `result` for an error (bad key, rate limit).
 */
export const etherscanSourceSchema = z.union([
  z.object({
    status: z.literal('1'),
    message: z.string(),
    result: z.array(z.object({ SourceCode: z.string(), ContractName: z.string().nullish() })),
  }),
  z.object({ status: z.literal('0'), message: z.string(), result: z.string().nullish() }),
]);
