import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiPaths,
  errorResponseSchema,
  messageResponseSchema,
  notificationListResponseSchema,
} from '@vaultscope/core';
import type { Clock } from '../lib/clock';
import { currentUser, requireUser } from '../lib/session/session';
import { paramRoute } from '../lib/param-route';
import type { NotificationsRepository } from './notifications-repository';

export interface NotificationsRoutesOptions {
  notifications: NotificationsRepository;
  clock: Clock;
}

export async function notificationsRoutes(
  fastify: FastifyInstance,
  { notifications, clock }: NotificationsRoutesOptions,
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    apiPaths.notifications,
    {
      preHandler: requireUser,
      schema: {
        tags: ['notifications'],
        response: { 200: notificationListResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({ data: await notifications.listOpen(currentUser(request).id) }),
  );

  app.delete(
    paramRoute(apiPaths.notification, 'id'),
    {
      preHandler: requireUser,
      schema: {
        tags: ['notifications'],
        params: z.object({ id: z.uuid('Notification id must be a UUID.') }),
        response: {
          200: messageResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => {
      await notifications.dismiss(currentUser(request).id, request.params.id, clock.now());
      return { message: 'Notification dismissed' };
    },
  );
}
