import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiPaths,
  assetsByChainResponseSchema,
  chainIdQuerySchema,
  errorResponseSchema,
  portfolioResponseSchema,
} from '@vaultscope/core';
import { requireUnlockedWallet, walletUserOf } from '../wallet-access';
import type { WalletPortfolio } from './portfolio';

const errors = {
  400: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
  // A chain that failed: 502 when its node answered badly, 503 when it did not answer.
  502: errorResponseSchema,
  503: errorResponseSchema,
};

/** Balances of the user's wallet: one chain, or all chains of the network mode (spec section 7). */
export async function portfolioRoutes(
  fastify: FastifyInstance,
  { portfolio }: { portfolio: WalletPortfolio },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const paths = apiPaths.wallet;

  app.get(
    paths.assetsByChain,
    {
      preValidation: requireUnlockedWallet,
      schema: {
        tags: ['wallet'],
        querystring: chainIdQuerySchema,
        response: { 200: assetsByChainResponseSchema, ...errors },
      },
    },
    async (request) => portfolio.assetsByChain(walletUserOf(request).id, request.query.chainId),
  );

  app.get(
    paths.allChainAssets,
    {
      preValidation: requireUnlockedWallet,
      schema: { tags: ['wallet'], response: { 200: portfolioResponseSchema, ...errors } },
    },
    async (request) => portfolio.allChainAssets(walletUserOf(request).id),
  );
}
