import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FavouriteType } from '@vaultscope/core';
import type { Database } from '../lib/db/client';
import { favourites } from './favourites-tables';

/** What the favourites feature needs to know about one kind of item (DEX token, CEX token, ICO project). */
export interface FavouriteKind {
  exists(itemId: string): Promise<boolean>;
  /** List-row details of the items that still exist, by id; gone items are left out of the watch list. */
  details(itemIds: string[]): Promise<Map<string, object>>;
}

export class FavouritesRepository {
  constructor(private readonly db: Database) {}

  async isFavourite(userId: string, itemType: FavouriteType, itemId: string): Promise<boolean> {
    return (await this.favouriteIdsAmong(userId, itemType, [itemId])).has(itemId);
  }

  /** Which of `itemIds` the user has favourited (one query for a whole list page). */
  async favouriteIdsAmong(
    userId: string,
    itemType: FavouriteType,
    itemIds: readonly string[],
  ): Promise<Set<string>> {
    if (itemIds.length === 0) return new Set();
    const rows = await this.db
      .select({ itemId: favourites.itemId })
      .from(favourites)
      .where(
        and(
          eq(favourites.userId, userId),
          eq(favourites.itemType, itemType),
          inArray(favourites.itemId, [...itemIds]),
        ),
      );
    return new Set(rows.map((row) => row.itemId));
  }

  /** Returns true when the item was added, false when it was already there. */
  async add(userId: string, itemType: FavouriteType, itemId: string): Promise<boolean> {
    const added = await this.db
      .insert(favourites)
      .values({ userId, itemType, itemId })
      .onConflictDoNothing()
      .returning({ itemId: favourites.itemId });
    return added.length > 0;
  }

  /** Returns true when the item was removed, false when it was not there. */
  async remove(userId: string, itemType: FavouriteType, itemId: string): Promise<boolean> {
    const removed = await this.db
      .delete(favourites)
      .where(
        and(
          eq(favourites.userId, userId),
          eq(favourites.itemType, itemType),
          eq(favourites.itemId, itemId),
        ),
      )
      .returning({ itemId: favourites.itemId });
    return removed.length > 0;
  }

  async list(
    userId: string,
  ): Promise<{ itemType: FavouriteType; itemId: string; createdAt: Date }[]> {
    return this.db
      .select({
        itemType: favourites.itemType,
        itemId: favourites.itemId,
        createdAt: favourites.createdAt,
      })
      .from(favourites)
      .where(eq(favourites.userId, userId))
      .orderBy(asc(favourites.createdAt), asc(favourites.itemId));
  }
}
