import { z } from 'zod';
import { plainText } from '../text';

/** Kinds of things a user can favourite; `ICO` is a private-sale project. */
export const FAVOURITE_TYPES = ['DEX', 'CEX', 'ICO'] as const;
export type FavouriteType = (typeof FAVOURITE_TYPES)[number];

const projectId = z.uuid();

export const favouriteItemSchema = z
  .object({
    itemId: z
      .string({ error: 'itemId is required.' })
      .trim()
      .check(plainText('itemId'))
      .min(1, 'itemId is required.')
      .max(200),
    type: z.enum(FAVOURITE_TYPES, { error: `type must be one of ${FAVOURITE_TYPES.join(', ')}.` }),
    userId: z.uuid('userId must be a user id.'),
  })
  .refine(
    // A private-sale project is named by its UUID; other text would reach a uuid column.
    (item) => item.type !== 'ICO' || projectId.safeParse(item.itemId).success,
    { message: 'itemId of a private-sale project must be its id (a UUID).', path: ['itemId'] },
  );
export type FavouriteItem = z.input<typeof favouriteItemSchema>;

export const toggleFavouriteResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  isFavorite: z.boolean(),
});

export const favouriteSchema = z.object({
  _id: z.string(),
  itemId: z.string(),
  type: z.enum(FAVOURITE_TYPES),
  createdAt: z.string(),
});
export const favouriteListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(favouriteSchema),
});

/** The watch list: one listing call feeds the DEX, CEX and ICO tabs (spec section 3). */
export const watchlistEntrySchema = z.object({
  _id: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export const watchlistResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    DEX: z.array(watchlistEntrySchema),
    CEX: z.array(watchlistEntrySchema),
    ICO: z.array(watchlistEntrySchema),
  }),
});
export type WatchlistResponse = z.infer<typeof watchlistResponseSchema>;

export { favouriteMessages } from './messages';
