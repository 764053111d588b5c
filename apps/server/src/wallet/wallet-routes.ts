import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiPaths,
  chainIdQuerySchema,
  errorResponseSchema,
  findChain,
  generatedWalletResponseSchema,
  messageResponseSchema,
  networkModeSchema,
  publicKeyResponseSchema,
  setWalletPasswordRequestSchema,
  switchNetworksResponseSchema,
  unlockWalletRequestSchema,
  updateWalletStatusRequestSchema,
  type User,
  walletLoginRequestSchema,
  walletLoginResponseSchema,
  walletMessages,
  walletStatusResponseSchema,
} from '@vaultscope/core';
import { AppError, BadRequestError, ForbiddenError } from '../lib/errors';
import {
  requireUnlockedWallet,
  requireWalletSession,
  walletCallerOf,
  walletUserOf,
} from './wallet-access';
import type { KeyFamily } from './wallet-keys';
import type { WalletService } from './wallet-service';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};

/** Wallet login, password, unlock/lock, keys and network mode (spec section 7, wallet service). */
export interface WalletRoutesOptions {
  wallet: WalletService;
  /**
   * The product's login (the auth feature's accounts, with their throttling): the wallet
   * connects with the same credentials and gets the same session.
   */
  login: (
    credentials: z.output<typeof walletLoginRequestSchema>,
    ip: string,
  ) => Promise<{ user: User; token: string; deviceToken: string }>;
}

export async function walletRoutes(
  fastify: FastifyInstance,
  { wallet, login }: WalletRoutesOptions,
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const paths = apiPaths.wallet;
  const unlocked = requireUnlockedWallet(wallet);

  app.post(
    paths.login,
    {
      schema: {
        tags: ['wallet'],
        body: walletLoginRequestSchema,
        response: { 200: walletLoginResponseSchema, ...errors },
      },
    },
    async (request) => {
      try {
        const { user, token, deviceToken } = await login(request.body, request.ip);
        return {
          message: walletMessages.connected,
          token,
          deviceToken,
          data: { user: { _id: user._id, email: user.email, WalletStatus: user.WalletStatus } },
        };
      } catch (error) {
        // Same throttling as the product login; the wallet's own words for a wrong password.
        if (error instanceof AppError && error.statusCode === 401)
          throw new AppError(401, walletMessages.loginFailed);
        throw error;
      }
    },
  );

  const status = async (userId: string, sessionId: string, message: string) => {
    const until = wallet.unlockedUntil(userId, sessionId);
    return {
      message,
      data: {
        WalletStatus: await wallet.hasPassword(userId),
        unlockedUntil: until ? until.toISOString() : null,
      },
    };
  };

  app.post(
    paths.setPassword,
    {
      preValidation: requireWalletSession,
      schema: {
        tags: ['wallet'],
        body: setWalletPasswordRequestSchema,
        response: { 200: walletStatusResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { user, sessionId } = walletCallerOf(request);
      if (request.body.email !== undefined && request.body.email.toLowerCase() !== user.email)
        throw new BadRequestError(walletMessages.emailNotThisAccount);
      await wallet.setPassword(user.id, sessionId, request.body.password);
      return status(user.id, sessionId, walletMessages.passwordSet);
    },
  );

  app.post(
    paths.unlock,
    {
      preValidation: requireWalletSession,
      schema: {
        tags: ['wallet'],
        body: unlockWalletRequestSchema,
        response: { 200: walletStatusResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { user, sessionId } = walletCallerOf(request);
      await wallet.unlock(user.id, sessionId, request.body.password, request.ip);
      return status(user.id, sessionId, walletMessages.unlocked);
    },
  );

  app.post(
    paths.lock,
    {
      preValidation: requireWalletSession,
      schema: { tags: ['wallet'], response: { 200: messageResponseSchema, ...errors } },
    },
    async (request) => {
      const { user, sessionId } = walletCallerOf(request);
      wallet.lockSession(user.id, sessionId);
      return { message: walletMessages.locked };
    },
  );

  app.post(
    paths.updateWalletStatus,
    {
      preValidation: requireWalletSession,
      schema: {
        tags: ['wallet'],
        body: updateWalletStatusRequestSchema,
        response: { 200: walletStatusResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { user, sessionId } = walletCallerOf(request);
      if (request.body.userId !== user.id) throw new ForbiddenError(walletMessages.notYourWallet);
      return status(user.id, sessionId, walletMessages.status);
    },
  );

  const generateRoute = (path: string, family: KeyFamily) =>
    app.post(
      path,
      {
        preValidation: unlocked,
        schema: {
          tags: ['wallet'],
          response: { 200: generatedWalletResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: walletMessages.walletsReady,
        data: await wallet.generate(walletUserOf(request).id, family),
      }),
    );
  generateRoute(paths.generateEvm, 'evm');
  generateRoute(paths.generateSolana, 'solana');

  app.get(
    paths.evmKey,
    {
      preValidation: unlocked,
      schema: { tags: ['wallet'], response: { 200: publicKeyResponseSchema, ...errors } },
    },
    async (request) => ({ key: await wallet.requireAddress(walletUserOf(request).id, 'evm') }),
  );

  app.get(
    paths.solanaKey,
    {
      preValidation: unlocked,
      schema: {
        tags: ['wallet'],
        querystring: chainIdQuerySchema.partial(),
        response: { 200: publicKeyResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { chainId } = request.query;
      if (chainId !== undefined && findChain(chainId)?.family !== 'solana')
        throw new BadRequestError(walletMessages.unsupportedNetwork);
      return { key: await wallet.requireAddress(walletUserOf(request).id, 'solana') };
    },
  );

  app.get(
    paths.checkNetworkMode,
    {
      preValidation: unlocked,
      schema: { tags: ['wallet'], response: { 200: networkModeSchema, ...errors } },
    },
    async (request) => wallet.networkMode(walletUserOf(request).id),
  );

  app.post(
    paths.switchNetworks,
    {
      preValidation: unlocked,
      schema: {
        tags: ['wallet'],
        body: networkModeSchema,
        response: { 200: switchNetworksResponseSchema, ...errors },
      },
    },
    async (request) => {
      const mode = await wallet.setNetworkMode(walletUserOf(request).id, request.body);
      const message =
        mode.showTestnet && !mode.showMainnet
          ? walletMessages.switchedTestnet
          : walletMessages.switchedMainnet;
      return { message, ...mode };
    },
  );
}
