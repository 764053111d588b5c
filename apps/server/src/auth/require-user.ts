import type { FastifyReply, FastifyRequest } from 'fastify';
import { authMessages } from '@vaultscope/core';
import { UnauthorizedError } from '../lib/errors';
import type { UserRow } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    user?: UserRow;
    sessionToken?: string;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header.trim());
  return match?.[1];
}

/** preHandler for routes that act for a logged-in user; 401 when the session is missing or ended. */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const token = bearerToken(request);
  const user = token ? await request.server.services.sessions.findUser(token) : undefined;
  if (!token || !user) throw new UnauthorizedError(authMessages.sessionExpired);
  request.user = user;
  request.sessionToken = token;
}

/** The user a `requireUser` route acts for. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new UnauthorizedError(authMessages.sessionExpired);
  return request.user;
}

/** The logged-in user when the request carries a live session, else undefined (open routes). */
export async function optionalUser(request: FastifyRequest): Promise<UserRow | undefined> {
  const token = bearerToken(request);
  return token ? request.server.services.sessions.findUser(token) : undefined;
}
