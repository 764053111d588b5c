import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiPaths,
  assetsByChainResponseSchema,
  chainIdQuerySchema,
  chainTransactionResponseSchema,
  errorResponseSchema,
  portfolioResponseSchema,
  transactionsQuerySchema,
  transactionsResponseSchema,
} from '@vaultscope/core';
import { readChainTransaction } from './history/chain-transaction';
import { WalletPortfolio } from './portfolio/portfolio';
import { TransferScanner } from './history/transfer-scanner';
import { requireUnlockedWallet, walletUserOf } from './wallet-access';
import { WalletHistory } from './history/wallet-history';
import { WalletPrices } from './portfolio/wallet-prices';

const errors = {
  400: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
};

export interface WalletPortfolioRoutesOptions {
  /** How long a history request waits for the receive scan (the scan goes on afterwards). */
  historyScanBudgetMs?: number;
  /** Background scan period; 0 turns the timer off. */
  scanIntervalMs?: number;
}

/** Balances, history and chain transaction pages (spec section 7; read-only wallet calls). */
export async function walletPortfolioRoutes(
  fastify: FastifyInstance,
  options: WalletPortfolioRoutesOptions = {},
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { wallet, walletChains } = app.services;
  const { db } = app.db.handle;
  const prices = new WalletPrices(db, () => app.services.clock.now().getTime());
  const portfolio = new WalletPortfolio(wallet, walletChains, prices, app.log);
  const history = new WalletHistory(db, walletChains, prices);
  const scanner = new TransferScanner(db, walletChains, app.log);
  const budget = options.historyScanBudgetMs ?? 2_000;
  const interval = options.scanIntervalMs ?? 30_000;
  if (interval > 0) app.addHook('onReady', async () => scanner.start(interval));
  app.addHook('onClose', () => scanner.stop());
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

  app.get(
    paths.transactions,
    {
      preValidation: requireUnlockedWallet,
      schema: {
        tags: ['wallet'],
        querystring: transactionsQuerySchema,
        response: { 200: transactionsResponseSchema, ...errors },
      },
    },
    async (request) => {
      // Fresh receives when the chains answer quickly; what is recorded so far otherwise.
      await scanner.scanWithin(budget);
      const { page, page_size: pageSize } = request.query;
      return history.list(walletUserOf(request).id, page, pageSize);
    },
  );

  app.get(
    '/api/chain/:chainId/tx/:hash',
    {
      schema: {
        tags: ['wallet'],
        params: z.object({
          chainId: z.coerce.number({ error: 'chainId must be a number.' }).int(),
          hash: z.string().min(1).max(200),
        }),
        response: { 200: chainTransactionResponseSchema, ...errors },
      },
    },
    async (request) =>
      readChainTransaction(walletChains, request.params.chainId, request.params.hash),
  );
}
