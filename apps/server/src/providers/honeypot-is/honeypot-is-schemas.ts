import { z } from 'zod';

/**
 * Honeypot.is `GET /v2/IsHoneypot` (reference doc 5.1): only the parts the adapter reads, each
 * optional where the docs say it may be absent (`simulationResult` for honeypots and failed
 * simulations, `honeypotResult` when nothing could be decided). Unknown keys are stripped.
 */
const hpTokenSchema = z.object({
  name: z.string().nullish(),
  symbol: z.string().nullish(),
  address: z.string().nullish(),
  totalHolders: z.number().nullish(),
});

export const honeypotIsAnswerSchema = z.object({
  token: hpTokenSchema.nullish(),
  summary: z
    .object({
      risk: z.string().nullish(),
      flags: z.array(z.object({ flag: z.string() })).nullish(),
    })
    .nullish(),
  simulationSuccess: z.boolean(),
  honeypotResult: z.object({ isHoneypot: z.boolean() }).nullish(),
  /** Taxes in percent (`5` = 5 %), floats. */
  simulationResult: z
    .object({ buyTax: z.number(), sellTax: z.number(), transferTax: z.number().nullish() })
    .nullish(),
  contractCode: z
    .object({ openSource: z.boolean().nullish(), rootOpenSource: z.boolean().nullish() })
    .nullish(),
});
export type HoneypotIsAnswer = z.output<typeof honeypotIsAnswerSchema>;
