import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiPaths,
  errorResponseSchema,
  feeEstimateQuerySchema,
  feeEstimateResponseSchema,
  findChain,
  IDEMPOTENCY_HEADER,
  sendErc20RequestSchema,
  sendEthRequestSchema,
  sendResponseSchema,
  sendSolRequestSchema,
  sendSplTokenRequestSchema,
  walletMessages,
} from '@vaultscope/core';
import { AppError, BadRequestError } from '../../lib/errors';
import { requireUnlockedWallet, walletUserOf, type WalletUnlocks } from '../wallet-access';
import type { SendRequest, WalletSends } from './wallet-sends';

const errors = {
  400: errorResponseSchema,
  403: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
  502: errorResponseSchema,
  // A chain that did not answer, or the account's send lock still held after the wait.
  503: errorResponseSchema,
};

/** Solana chain of a send: devnet (103) when asked for, else mainnet (101) as the spec's client. */
const solanaChainOf = (network: 'devnet' | 'mainnet' | undefined) =>
  network === 'devnet' ? 103 : 101;

const onlyOwnKey = () => new BadRequestError(walletMessages.onlyOwnKey);

/** The four send calls of spec section 7 and the fee estimate. */
export async function walletSendRoutes(
  fastify: FastifyInstance,
  { sends, unlocks }: { sends: WalletSends; unlocks: WalletUnlocks },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const unlocked = requireUnlockedWallet(unlocks);
  const paths = apiPaths.wallet;
  const schema = <Body>(body: Body) => ({
    tags: ['wallet'],
    body,
    response: { 200: sendResponseSchema, ...errors },
  });

  const run = async (request: FastifyRequest, send: SendRequest) => {
    const record = await sends.send(walletUserOf(request).id, send, idempotencyKeyOf(request));
    if (record.status === 'failed') {
      const reasons = [{ path: 'transaction', message: record.error ?? walletMessages.sendFailed }];
      if (record.hash) reasons.push({ path: 'hash', message: record.hash });
      throw new AppError(400, walletMessages.sendFailed, { errors: reasons });
    }
    return { message: walletMessages.sendSuccess, data: sends.toResult(record) };
  };

  app.post(
    paths.sendEth,
    { preValidation: unlocked, schema: schema(sendEthRequestSchema) },
    async (request) => {
      const { chainId, address, amount, importedKey } = request.body;
      if (importedKey) throw onlyOwnKey();
      requireFamily(chainId, 'evm');
      return run(request, { chainId, kind: 'native', to: address, tokenAddress: null, amount });
    },
  );

  app.post(
    paths.sendErc20,
    { preValidation: unlocked, schema: schema(sendErc20RequestSchema) },
    async (request) => {
      const { chainId, to, amount, tokenAddress, importedKey } = request.body;
      if (importedKey) throw onlyOwnKey();
      requireFamily(chainId, 'evm');
      return run(request, { chainId, kind: 'token', to, tokenAddress, amount });
    },
  );

  app.post(
    paths.sendSol,
    { preValidation: unlocked, schema: schema(sendSolRequestSchema) },
    async (request) => {
      const { to, amount, generatedKey, network } = request.body;
      if (generatedKey === false) throw onlyOwnKey();
      return run(request, {
        chainId: solanaChainOf(network),
        kind: 'native',
        to,
        tokenAddress: null,
        amount,
      });
    },
  );

  app.post(
    paths.sendSplToken,
    {
      preValidation: unlocked,
      schema: schema(sendSplTokenRequestSchema),
    },
    async (request) => {
      const { tokenMintAddress, recieverAddress, amount, generatedKey, network } = request.body;
      if (generatedKey === false) throw onlyOwnKey();
      return run(request, {
        chainId: solanaChainOf(network),
        kind: 'token',
        to: recieverAddress,
        tokenAddress: tokenMintAddress,
        amount,
      });
    },
  );

  app.get(
    paths.estimateFee,
    {
      preValidation: unlocked,
      schema: {
        tags: ['wallet'],
        querystring: feeEstimateQuerySchema,
        response: { 200: feeEstimateResponseSchema, ...errors },
      },
    },
    async (request) =>
      sends.estimateFee(
        walletUserOf(request).id,
        request.query.chainId,
        request.query.tokenAddress,
      ),
  );
}

function requireFamily(chainId: number, family: 'evm' | 'solana'): void {
  if (findChain(chainId)?.family !== family)
    throw new BadRequestError(walletMessages.unsupportedNetwork);
}

function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_HEADER];
  const key = Array.isArray(value) ? value[0] : value;
  return key === undefined || key === '' ? undefined : key;
}
