import type { FastifyReply, FastifyRequest } from 'fastify';
import { walletMessages } from '@vaultscope/core';
import { ForbiddenError } from '../lib/errors';
import { sha256 } from '../lib/hash';
import { bearerToken, type SessionUser } from '../lib/session/session';
import type { WalletService } from './wallet-service';

declare module 'fastify' {
  interface FastifyRequest {
    walletUser?: SessionUser;
    /** Names the session without being its token (the token's SHA-256, as the sessions table). */
    walletSessionId?: string;
  }
}

/** Names a session to the wallet without being its token (its SHA-256, as the sessions table). */
export const walletSessionIdOf = (sessionToken: string): string => sha256(sessionToken);

/**
 * preValidation hook of the wallet calls that need only a live session (password set and unlock).
 * The wallet answers 403, not 401, as the spec's client expects: it means "connect the wallet".
 * Run before validation, so a caller without access learns nothing from validation errors.
 */
export async function requireWalletSession(request: FastifyRequest, _reply: FastifyReply) {
  const token = bearerToken(request);
  const user = token ? await request.server.sessionReader.findUser(token) : undefined;
  if (!token || !user) throw new ForbiddenError(walletMessages.notConnected);
  request.walletUser = user;
  request.walletSessionId = walletSessionIdOf(token);
}

/** Whether a session's wallet is unlocked: the wallet service answers, handed in by the routes. */
export type WalletUnlocks = Pick<WalletService, 'isUnlocked'>;

/**
 * The preValidation hook of every call that reads or moves funds: a live session and a wallet
 * unlocked for it, as `unlocks` says (the routes get it from their register options).
 */
export function requireUnlockedWallet(unlocks: WalletUnlocks) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    await requireWalletSession(request, reply);
    const { user, sessionId } = walletCallerOf(request);
    if (!unlocks.isUnlocked(user.id, sessionId))
      throw new ForbiddenError(walletMessages.notConnected);
  };
}

/** The user and session of a call that passed {@link requireWalletSession}. */
export function walletCallerOf(request: FastifyRequest): { user: SessionUser; sessionId: string } {
  if (!request.walletUser || !request.walletSessionId)
    throw new ForbiddenError(walletMessages.notConnected);
  return { user: request.walletUser, sessionId: request.walletSessionId };
}

export function walletUserOf(request: FastifyRequest): SessionUser {
  if (!request.walletUser) throw new ForbiddenError(walletMessages.notConnected);
  return request.walletUser;
}
