import { sql } from 'drizzle-orm';
import {
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

export const icoProjects = pgTable(
  'ico_projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stable key of the snapshot and of imports: importing a project again updates it. */
    slug: text('slug').notNull().unique(),
    tokenName: text('token_name').notNull(),
    ticker: text('ticker').notNull(),
    category: text('category').notNull(),
    status: text('status', { enum: ['active', 'upcoming'] }).notNull(),
    description: text('description').notNull(),
    capsule: jsonb('capsule').$type<string[]>().notNull(),
    /** USD figures for display, not token amounts. */
    totalRaised: doublePrecision('total_raised'),
    preValuation: doublePrecision('pre_valuation'),
    marketCap: doublePrecision('market_cap'),
    fdv: doublePrecision('fdv'),
    volume: doublePrecision('volume'),
    lastUpdated: timestamp('last_updated', { withTimezone: true }).notNull(),
    returnsSinceLastRound: jsonb('returns_since_last_round')
      .$type<{ name: string; value: string }[]>()
      .notNull(),
    links: jsonb('links').$type<{ name: string; url: string }[]>().notNull(),
    /** Ids of rows in ico_images, in gallery order; the first is the logo. */
    imageIds: jsonb('image_ids').$type<string[]>().notNull(),
    /** The latest round, kept on the project so lists filter and sort without a join. */
    currentRoundType: text('current_round_type'),
    currentRoundDate: date('current_round_date', { mode: 'string' }),
    /** Hash of the imported content: an unchanged project is skipped, so re-imports change nothing. */
    contentHash: text('content_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('ico_projects_status_round_idx').on(table.status, table.currentRoundType),
    index('ico_projects_status_date_idx').on(table.status, table.currentRoundDate),
    index('ico_projects_name_trgm_idx').using('gin', sql`lower(${table.tokenName}) gin_trgm_ops`),
  ],
);

export const icoRounds = pgTable(
  'ico_rounds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => icoProjects.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    type: text('type').notNull(),
    date: date('date', { mode: 'string' }),
    price: text('price'),
  },
  (table) => [index('ico_rounds_project_idx').on(table.projectId, table.position)],
);

/** Project images, stored in the database so every API instance serves the same files. Keyed by content hash. */
export const icoImages = pgTable('ico_images', {
  id: text('id').primaryKey(),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
