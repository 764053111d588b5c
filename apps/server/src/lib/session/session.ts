import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authMessages } from '@vaultscope/core';
import type { users } from '../db/schema';
import { UnauthorizedError } from '../errors';

/** The account a live session belongs to. */
export type SessionUser = typeof users.$inferSelect;

/**
 * Finds the user of a live session token. The auth feature owns sessions and their table and
 * implements this; every feature reads the caller through the helpers below, never the table.
 */
export interface SessionReader {
  findUser(token: string): Promise<SessionUser | undefined>;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessionReader: SessionReader;
  }
  interface FastifyRequest {
    user?: SessionUser;
    sessionToken?: string;
  }
}

/** Hands the session reader to every route's preHandlers; app.ts registers it before the routes. */
export function registerSessionReader(app: FastifyInstance, reader: SessionReader): void {
  app.decorate('sessionReader', reader);
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
  const user = token ? await request.server.sessionReader.findUser(token) : undefined;
  if (!token || !user) throw new UnauthorizedError(authMessages.sessionExpired);
  request.user = user;
  request.sessionToken = token;
}

/** The user a `requireUser` route acts for. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new UnauthorizedError(authMessages.sessionExpired);
  return request.user;
}

/** The logged-in user when the request carries a live session, else undefined (open routes). */
export async function optionalUser(request: FastifyRequest): Promise<SessionUser | undefined> {
  const token = bearerToken(request);
  return token ? request.server.sessionReader.findUser(token) : undefined;
}
