import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiPaths,
  errorResponseSchema,
  FAVOURITE_TYPES,
  favouriteItemSchema,
  favouriteListResponseSchema,
  favouriteMessages,
  type FavouriteType,
  toggleFavouriteResponseSchema,
  watchlistResponseSchema,
} from '@vaultscope/core';
import { currentUser, requireUser } from '../lib/session/session';
import { BadRequestError, ForbiddenError } from '../lib/errors';
import { paramRoute } from '../lib/param-route';
import type { FavouriteKind, FavouritesRepository } from './favourites-repository';

export interface FavouritesRoutesOptions {
  repository: FavouritesRepository;
  /** The kinds that can be favourited so far; a kind is added by the feature that owns its items. */
  kinds: Partial<Record<FavouriteType, FavouriteKind>>;
}

const userParams = z.object({ userId: z.uuid('userId must be a user id.') });
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const messageResponse = z.object({ success: z.boolean(), message: z.string() });

/**
 * Favourites and the watch list. The spec's client names the user by `userId`; we also require
 * the session and refuse a `userId` that is not the caller's, so nobody reads or changes
 * another user's list (DESIGN.md section 3).
 */
export async function favouritesRoutes(
  fastify: FastifyInstance,
  { repository, kinds }: FavouritesRoutesOptions,
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['favourites and watch list'];

  const assertOwnList = (callerId: string, userId: string) => {
    if (callerId !== userId) throw new ForbiddenError(favouriteMessages.notYours);
  };
  const assertItemExists = async (type: FavouriteType, itemId: string) => {
    const kind = kinds[type];
    if (!kind || !(await kind.exists(itemId)))
      throw new BadRequestError(favouriteMessages.itemNotFound);
  };

  app.post(
    apiPaths.favourites.toggle,
    {
      preHandler: requireUser,
      schema: {
        tags,
        body: favouriteItemSchema,
        response: { 200: toggleFavouriteResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { itemId, type, userId } = request.body;
      assertOwnList(currentUser(request).id, userId);
      if (await repository.remove(userId, type, itemId)) {
        return { success: true, message: favouriteMessages.removed, isFavorite: false };
      }
      await assertItemExists(type, itemId);
      await repository.add(userId, type, itemId);
      return { success: true, message: favouriteMessages.added, isFavorite: true };
    },
  );

  const listFavourites = async (userId: string) => ({
    success: true as const,
    data: (await repository.list(userId)).map((row) => ({
      _id: `${row.itemType}:${row.itemId}`,
      itemId: row.itemId,
      type: row.itemType,
      createdAt: row.createdAt.toISOString(),
    })),
  });

  app.get(
    paramRoute(apiPaths.favourites.allOf, 'userId'),
    {
      preHandler: requireUser,
      schema: {
        tags,
        params: userParams,
        response: { 200: favouriteListResponseSchema, ...errors },
      },
    },
    async (request) => {
      assertOwnList(currentUser(request).id, request.params.userId);
      return listFavourites(request.params.userId);
    },
  );

  app.get(
    apiPaths.favourites.allMine,
    {
      preHandler: requireUser,
      schema: { tags, response: { 200: favouriteListResponseSchema, 401: errorResponseSchema } },
    },
    async (request) => listFavourites(currentUser(request).id),
  );

  app.post(
    apiPaths.watchlist.create,
    {
      preHandler: requireUser,
      schema: { tags, body: favouriteItemSchema, response: { 200: messageResponse, ...errors } },
    },
    async (request) => {
      const { itemId, type, userId } = request.body;
      assertOwnList(currentUser(request).id, userId);
      await assertItemExists(type, itemId);
      await repository.add(userId, type, itemId);
      return { success: true, message: favouriteMessages.added };
    },
  );

  app.post(
    apiPaths.watchlist.delete,
    {
      preHandler: requireUser,
      schema: { tags, body: favouriteItemSchema, response: { 200: messageResponse, ...errors } },
    },
    async (request) => {
      const { itemId, type, userId } = request.body;
      assertOwnList(currentUser(request).id, userId);
      await repository.remove(userId, type, itemId);
      return { success: true, message: favouriteMessages.removed };
    },
  );

  app.get(
    paramRoute(apiPaths.watchlist.allOf, 'userId'),
    {
      preHandler: requireUser,
      schema: { tags, params: userParams, response: { 200: watchlistResponseSchema, ...errors } },
    },
    async (request) => {
      assertOwnList(currentUser(request).id, request.params.userId);
      const rows = await repository.list(request.params.userId);
      const data = { DEX: [], CEX: [], ICO: [] } as Record<
        FavouriteType,
        { _id: string; details: Record<string, unknown> }[]
      >;
      for (const type of FAVOURITE_TYPES) {
        const ids = rows.filter((row) => row.itemType === type).map((row) => row.itemId);
        const kind = kinds[type];
        if (!kind || ids.length === 0) continue;
        const details = await kind.details(ids);
        for (const id of ids) {
          const detail = details.get(id);
          if (detail) data[type].push({ _id: id, details: { ...detail } });
        }
      }
      return { success: true as const, data };
    },
  );
}
