import { z } from 'zod';

/**
 * The notifications answer, in a module of its own: the bell of every logged-in page reads it, and
 * with it in `schemas.ts` the bell's first answer built every form's schema (signup, reset,
 * profile) first.
 */

export const notificationSchema = z.object({
  id: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationListResponseSchema = z.object({ data: z.array(notificationSchema) });
