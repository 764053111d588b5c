import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiPaths,
  errorResponseSchema,
  faucetRequestSchema,
  faucetResponseSchema,
  formatAmount,
  walletMessages,
} from '@vaultscope/core';
import { type DevnetClient, isDevnetEvmChainId, isDevnetSolanaClusterId } from '@vaultscope/devnet';
import { BadRequestError } from '../../lib/errors';
import { requireUnlockedWallet, walletUserOf } from '../wallet-access';
import type { WalletChains } from '../wallet-chains';
import type { WalletService } from '../wallet-service';

/**
 * Dev only: funds the caller's wallet on a local chain with the devnet faucet's defaults. The app
 * registers it only with DEV_TOOLS and local chains, so production has no such route.
 */
export async function faucetRoutes(
  fastify: FastifyInstance,
  options: { devnet: DevnetClient; wallet: WalletService; walletChains: WalletChains },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { devnet, wallet, walletChains } = options;
  const unlocked = requireUnlockedWallet(wallet);

  app.post(
    apiPaths.wallet.faucet,
    {
      preValidation: unlocked,
      schema: {
        tags: ['wallet'],
        body: faucetRequestSchema,
        response: {
          200: faucetResponseSchema,
          400: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const { chainId } = request.body;
      const access = walletChains.get(chainId);
      if (!access) throw new BadRequestError(walletMessages.unsupportedNetwork);
      if (!access.local) throw new BadRequestError(walletMessages.faucetUnavailable);
      const owner = await wallet.requireAddress(walletUserOf(request).id, access.family);
      let result;
      if (access.family === 'evm' && isDevnetEvmChainId(chainId))
        result = await devnet.fundEvm(chainId, owner);
      else if (access.family === 'solana' && isDevnetSolanaClusterId(chainId))
        result = await devnet.fundSolana(chainId, owner);
      else throw new BadRequestError(walletMessages.faucetUnavailable);
      const decimalsOf = (symbol: string) =>
        access.tokens.find((token) => token.symbol === symbol)?.decimals ??
        access.chain.nativeDecimals;
      return {
        message: walletMessages.faucetDone,
        data: {
          chainId,
          address: result.address,
          transfers: result.transfers.map((transfer) => ({
            symbol: transfer.symbol,
            amount: formatAmount(transfer.amount, decimalsOf(transfer.symbol)),
            hash: transfer.hash,
          })),
        },
      };
    },
  );
}
