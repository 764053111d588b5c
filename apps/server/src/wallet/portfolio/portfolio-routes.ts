import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiPaths,
  assetsByChainResponseSchema,
  chainIdQuerySchema,
  errorResponseSchema,
  portfolioResponseSchema,
} from '@vaultscope/core';
import { requireUnlockedWallet, walletUserOf, type WalletUnlocks } from '../wallet-access';
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
  { portfolio, unlocks }: { portfolio: WalletPortfolio; unlocks: WalletUnlocks },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const unlocked = requireUnlockedWallet(unlocks);
  const paths = apiPaths.wallet;

  app.get(
    paths.assetsByChain,
    {
      preValidation: unlocked,
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
      preValidation: unlocked,
      schema: { tags: ['wallet'], response: { 200: portfolioResponseSchema, ...errors } },
    },
    async (request) => portfolio.allChainAssets(walletUserOf(request).id),
  );
}
