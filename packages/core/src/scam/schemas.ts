import { z } from 'zod';
import { tokenDetailParamsSchema, tokenDetailQuerySchema } from '../tokens/request-schemas';

/** Path of `POST /api/token/rescan/{address}`: the token address. */
export const tokenRescanParamsSchema = tokenDetailParamsSchema;

/** Query of the rescan call: the detail's `network` (and optional `chainid`). */
export const tokenRescanQuerySchema = tokenDetailQuerySchema;

/**
 * Answer of the rescan call: `done` (200) when the fresh report is stored within the time
 * budget, `scanning` (202) when it is still running; the detail then says `scan.rescanning`.
 */
export const tokenRescanResponseSchema = z.object({
  status: z.enum(['done', 'scanning']),
  message: z.string(),
});
export type TokenRescanResponse = z.output<typeof tokenRescanResponseSchema>;
