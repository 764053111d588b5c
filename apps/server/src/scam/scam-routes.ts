import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiPaths,
  CHAIN_CODES,
  checkAddressForChain,
  errorResponseSchema,
  scamMessages,
  tokenRescanParamsSchema,
  tokenRescanQuerySchema,
  tokenRescanResponseSchema,
} from '@vaultscope/core';
import { optionalUser } from '../lib/session/session';
import { BadRequestError } from '../lib/errors';
import { paramRoute } from '../lib/param-route';
import type { TokenScans } from './token-scans';

export interface ScamRoutesOptions {
  scans: TokenScans;
}

/**
 * `POST /api/token/rescan/{address}?network=`: a fresh analyzer scan of a token, open to
 * visitors like the detail and limited the same way (new scans per client address, or per
 * account with a session). 200 `done` when the new report is stored within the time budget,
 * 202 `scanning` otherwise; the detail then says `scan.rescanning` until it lands.
 */
export async function scamRoutes(
  fastify: FastifyInstance,
  { scans }: ScamRoutesOptions,
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    paramRoute(apiPaths.tokens.rescan, 'id'),
    {
      schema: {
        tags: ['token research'],
        description:
          'Scan a token again with the analyzer. 200 when the fresh report is stored within ' +
          'about 2 s, 202 while it runs on; 400 bad address, address without code or chain ' +
          'not scannable here; 429 too many scans; 503 chain not answering or analyzer busy.',
        params: tokenRescanParamsSchema,
        querystring: tokenRescanQuerySchema,
        response: {
          200: tokenRescanResponseSchema,
          202: tokenRescanResponseSchema,
          400: errorResponseSchema,
          429: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { network } = request.query;
      const checked = checkAddressForChain(network, request.params.id);
      if (!checked.ok) throw new BadRequestError(checked.message);
      const chainId = CHAIN_CODES.find((chain) => chain.code === network)!.chainId;
      const status = await scans.rescan(
        { chainId, address: checked.address },
        { userId: (await optionalUser(request))?.id, ip: request.ip },
      );
      return status === 'done'
        ? { status, message: scamMessages.scanFinished }
        : reply.code(202).send({ status, message: scamMessages.scanStarted });
    },
  );
}
