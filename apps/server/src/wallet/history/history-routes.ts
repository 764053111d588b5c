import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiPaths,
  chainTransactionResponseSchema,
  errorResponseSchema,
  transactionsQuerySchema,
  transactionsResponseSchema,
} from '@vaultscope/core';
import { readChainTransaction } from './chain-transaction';
import {
  requireUnlockedWallet,
  requireWalletSession,
  walletUserOf,
  type WalletUnlocks,
} from '../wallet-access';
import type { WalletChains } from '../wallet-chains';
import type { TransferScanner } from './transfer-scanner';
import type { WalletHistory } from './wallet-history';

const errors = {
  400: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
  // The chain transaction page on a chain that failed (502 bad answer, 503 no answer).
  502: errorResponseSchema,
  503: errorResponseSchema,
};

export interface HistoryRoutesOptions {
  walletHistory: WalletHistory;
  transferScanner: TransferScanner;
  walletChains: WalletChains;
  unlocks: WalletUnlocks;
  /** How long a history request waits for the receive scan (the scan goes on afterwards). */
  scanBudgetMs?: number;
}

/** The wallet's history and the app's page of a chain transaction (spec section 7). */
export async function historyRoutes(
  fastify: FastifyInstance,
  options: HistoryRoutesOptions,
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { walletHistory, transferScanner, walletChains } = options;
  const unlocked = requireUnlockedWallet(options.unlocks);
  const budget = options.scanBudgetMs ?? 2_000;
  const paths = apiPaths.wallet;

  app.get(
    paths.transactions,
    {
      preValidation: unlocked,
      schema: {
        tags: ['wallet'],
        querystring: transactionsQuerySchema,
        response: { 200: transactionsResponseSchema, ...errors },
      },
    },
    async (request) => {
      // Fresh receives when the chains answer quickly; what is recorded so far otherwise.
      await transferScanner.scanWithin(budget);
      const { page, page_size: pageSize } = request.query;
      return walletHistory.list(walletUserOf(request).id, page, pageSize);
    },
  );

  // A live session is required, and on a real chain the caller's own transaction: without
  // them, this route would be an open proxy to a paid RPC.
  app.get(
    paths.chainTransactionPattern,
    {
      preValidation: requireWalletSession,
      schema: {
        tags: ['wallet'],
        params: z.object({
          chainId: z.coerce.number({ error: 'chainId must be a number.' }).int(),
          hash: z.string().min(1).max(200),
        }),
        response: { 200: chainTransactionResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { chainId, hash } = request.params;
      const userId = walletUserOf(request).id;
      return readChainTransaction(walletChains, chainId, hash, (normalised) =>
        walletHistory.ownsTransaction(userId, chainId, normalised),
      );
    },
  );
}
