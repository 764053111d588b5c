import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiPaths,
  errorResponseSchema,
  icoDetailSchema,
  icoIdParamsSchema,
  icoListQuerySchema,
  icoListResponseSchema,
  icoRoundsResponseSchema,
  type IcoStatus,
} from '@vaultscope/core';
import { optionalUser } from '../lib/session/session';
import { NotFoundError } from '../lib/errors';
import { paramRoute } from '../lib/param-route';
import type { IcoRepository } from './ico-repository';

export interface IcoRoutesOptions {
  repository: IcoRepository;
  /** Whether the user has favourited the project; composed in by the app. */
  isFavourite: (userId: string, projectId: string) => Promise<boolean>;
}

const NOT_FOUND = 'Private-sale project not found';

export async function icoRoutes(
  fastify: FastifyInstance,
  { repository, isFavourite }: IcoRoutesOptions,
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['private sales'];

  const lists: [string, IcoStatus][] = [
    [apiPaths.ico.active, 'active'],
    [apiPaths.ico.upcoming, 'upcoming'],
  ];
  for (const [url, status] of lists) {
    app.get(
      url,
      {
        schema: {
          tags,
          querystring: icoListQuerySchema,
          response: { 200: icoListResponseSchema, 400: errorResponseSchema },
        },
      },
      async (request) => {
        const { page, page_size, tokenName, round } = request.query;
        const { items, total } = await repository.list({
          status,
          page,
          pageSize: page_size,
          tokenName,
          round,
        });
        return {
          tokenDetails: items,
          page,
          page_size,
          total,
          totalPages: Math.ceil(total / page_size),
        };
      },
    );
  }

  const roundLists: [string, IcoStatus][] = [
    [apiPaths.ico.activeRounds, 'active'],
    [apiPaths.ico.upcomingRounds, 'upcoming'],
  ];
  for (const [url, status] of roundLists) {
    app.get(url, { schema: { tags, response: { 200: icoRoundsResponseSchema } } }, async () => ({
      success: true as const,
      rounds: await repository.rounds(status),
    }));
  }

  const details: [string, IcoStatus | undefined][] = [
    [paramRoute(apiPaths.ico.activeDetails, 'id'), 'active'],
    [paramRoute(apiPaths.ico.upcomingDetails, 'id'), 'upcoming'],
    [paramRoute(apiPaths.ico.details, 'id'), undefined],
  ];
  for (const [url, status] of details) {
    app.get(
      url,
      {
        schema: {
          tags,
          params: icoIdParamsSchema,
          response: { 200: icoDetailSchema, 400: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request) => {
        const detail = await repository.detail(request.params.id, status);
        if (!detail) throw new NotFoundError(NOT_FOUND);
        const user = await optionalUser(request);
        const favourite = user ? await isFavourite(user.id, request.params.id) : false;
        return { ...detail, is_favourite: favourite ? (1 as const) : (0 as const) };
      },
    );
  }

  app.get(
    `${apiPaths.ico.images}/:id`,
    {
      schema: {
        tags,
        params: z.object({
          id: z.string().regex(/^[0-9a-f]{64}$/, 'Image id must be a content hash.'),
        }),
      },
    },
    async (request, reply) => {
      const image = await repository.image(request.params.id);
      if (!image) throw new NotFoundError('Image not found');
      return (
        reply
          .type(image.contentType)
          .header('cache-control', 'public, max-age=31536000, immutable')
          // An imported SVG could carry script: served sandboxed, it cannot run.
          .header(
            'content-security-policy',
            "default-src 'none'; style-src 'unsafe-inline'; sandbox",
          )
          .send(Buffer.from(image.data))
      );
    },
  );
}
