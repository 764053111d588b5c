import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Notification } from '@vaultscope/core';
import type { Database } from '../lib/db/client';
import { notifications } from '../lib/db/schema';
import { NotFoundError } from '../lib/errors';

export class NotificationsRepository {
  constructor(private readonly db: Database) {}

  async add(userId: string, message: string): Promise<void> {
    await this.db.insert(notifications).values({ userId, message });
  }

  async listOpen(userId: string): Promise<Notification[]> {
    const rows = await this.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.dismissedAt)))
      .orderBy(desc(notifications.createdAt))
      .limit(100);
    return rows.map((row) => ({
      id: row.id,
      message: row.message,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  /** Dismissing another user's notification looks exactly like dismissing a missing one. */
  async dismiss(userId: string, id: string, now: Date): Promise<void> {
    const dismissed = await this.db
      .update(notifications)
      .set({ dismissedAt: now })
      .where(
        and(
          eq(notifications.id, id),
          eq(notifications.userId, userId),
          isNull(notifications.dismissedAt),
        ),
      )
      .returning({ id: notifications.id });
    if (dismissed.length === 0) throw new NotFoundError('Notification not found');
  }
}
