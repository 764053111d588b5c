import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiPaths, healthResponseSchema, type HealthResponse } from '@vaultscope/core';

export interface HealthRoutesOptions {
  /** How the research data stands; stale or failing sources do not fail the check. */
  research: () => Promise<HealthResponse['research']>;
  /** How the token detail's read model stands (a bench waits for `loaded` before measuring). */
  detailModel: () => NonNullable<HealthResponse['detailModel']>;
}

export async function healthRoutes(
  fastify: FastifyInstance,
  options: HealthRoutesOptions,
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    apiPaths.health,
    {
      schema: {
        tags: ['health'],
        response: { 200: healthResponseSchema },
      },
    },
    async () => {
      await app.db.handle.db.execute(sql`select 1`);
      return {
        status: 'ok' as const,
        database: app.db.handle.kind,
        research: await options.research(),
        detailModel: options.detailModel(),
      };
    },
  );
}
