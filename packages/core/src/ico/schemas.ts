import { z } from 'zod';
import { plainText } from '../text';
import { ICO_LINK_NAMES, ICO_PAGE_SIZE, ICO_STATUSES } from './constants';

/** Private-sale (ICO) projects: the list, detail and rounds contract of spec sections 3 and 7. */
export * from './constants';

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .check(plainText(label))
    .max(max, `must be at most ${max} characters`)
    .optional()
    .transform((value) => (value ? value : undefined));

/** `round=All` (or nothing) means every round. */
export const icoListQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page must be 1 or more')
    .default(1),
  page_size: z.coerce
    .number({ error: 'page_size must be a number' })
    .int('page_size must be a whole number')
    .min(1, 'page_size must be between 1 and 100')
    .max(100, 'page_size must be between 1 and 100')
    .default(ICO_PAGE_SIZE),
  tokenName: optionalText('tokenName', 100),
  round: optionalText('round', 60).transform((value) =>
    value === undefined || value.toLowerCase() === 'all' ? undefined : value,
  ),
  isSearched: z.enum(['true', 'false']).optional(),
});
export type IcoListQuery = z.input<typeof icoListQuerySchema>;

export const icoListItemSchema = z.object({
  _id: z.string(),
  tokenName: z.string(),
  Round: z.string().nullable(),
  totalRaised: z.number().nullable(),
  preValuation: z.number().nullable(),
  category: z.string(),
  Date: z.string().nullable(),
  image: z.string().nullable(),
});
export type IcoListItem = z.infer<typeof icoListItemSchema>;

export const icoListResponseSchema = z.object({
  tokenDetails: z.array(icoListItemSchema),
  page: z.number(),
  page_size: z.number(),
  total: z.number(),
  totalPages: z.number(),
});
export type IcoListResponse = z.infer<typeof icoListResponseSchema>;

export const icoRoundsResponseSchema = z.object({
  success: z.literal(true),
  rounds: z.array(z.string()),
});

export const icoRoundSchema = z.object({
  roundTitle: z.string(),
  roundType: z.string(),
  /** ISO date (YYYY-MM-DD), or null when the project has not said: the page shows 'N/A'. */
  rounddate: z.string().nullable(),
  /** Token price in the round as given; null when unknown: the page shows 'Not Provided'. */
  price: z.string().nullable(),
});
export type IcoRound = z.infer<typeof icoRoundSchema>;

export const RETURNS_SINCE_LAST_ROUND = 'Returns since last round';

export const icoDetailSchema = z.object({
  tokenDetails: z.object({
    _id: z.string(),
    tokenName: z.string(),
    category: z.string(),
    details: z.object({
      capsule: z.array(z.string()),
      overview: z.object({
        description: z.string(),
        totalRaised: z.object({ amount: z.number().nullable() }),
        preValuation: z.object({ amount: z.number().nullable() }),
        lastUpdated: z.object({ lastupdatedtime: z.string() }),
        marketCap: z.number().nullable(),
        fdv: z.number().nullable(),
        volume: z.number().nullable(),
        [RETURNS_SINCE_LAST_ROUND]: z.array(z.object({ name: z.string(), value: z.string() })),
      }),
      rounds: z.array(icoRoundSchema),
      images: z.array(z.string()),
      links: z.array(z.object({ name: z.string(), url: z.string() })),
      Ticker: z.string(),
    }),
  }),
  is_favourite: z.union([z.literal(0), z.literal(1)]),
  type: z.enum(ICO_STATUSES),
});
export type IcoDetail = z.infer<typeof icoDetailSchema>;

export const icoIdParamsSchema = z.object({ id: z.uuid('Project id must be a UUID.') });

const usd = z
  .number({ error: 'must be a number' })
  .finite()
  .min(0, 'must not be negative')
  .max(1e15, 'is too large')
  .nullable();

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2025-03-01')
  .refine((value) => !Number.isNaN(Date.parse(value)), 'is not a real date');

/** Imported text is plain text too; import messages follow the field's path, hence no name. */
const importText = (options?: { multiline?: boolean }) => plainText('text', options);

/**
 * One project as the snapshot and the import command give it. `slug` is the stable key:
 * importing the same project again updates it in place.
 */
export const icoProjectInputSchema = z.object({
  slug: z
    .string({ error: 'is required' })
    .trim()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case letters, digits and dashes')
    .max(80),
  tokenName: z
    .string({ error: 'is required' })
    .trim()
    .check(importText())
    .min(1, 'is required')
    .max(100),
  ticker: z
    .string({ error: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(16)
    .regex(/^[A-Za-z0-9.$-]*$/, 'must be letters and digits'),
  category: z
    .string({ error: 'is required' })
    .trim()
    .check(importText())
    .min(1, 'is required')
    .max(60),
  status: z.enum(ICO_STATUSES, { error: "must be 'active' or 'upcoming'" }),
  description: z
    .string()
    .trim()
    .check(importText({ multiline: true }))
    .max(5000)
    .default(''),
  capsule: z.array(z.string().trim().check(importText()).min(1).max(40)).max(8).default([]),
  totalRaised: usd.default(null),
  preValuation: usd.default(null),
  marketCap: usd.default(null),
  fdv: usd.default(null),
  volume: usd.default(null),
  lastUpdated: z.iso.datetime({
    error: 'must be an ISO date-time like 2025-03-01T12:00:00Z',
    offset: true,
  }),
  returnsSinceLastRound: z
    .array(
      z.object({
        name: z.string().trim().check(importText()).min(1).max(60),
        value: z.string().trim().check(importText()).min(1).max(40),
      }),
    )
    .max(20)
    .default([]),
  links: z
    .array(
      z.object({
        name: z.enum(ICO_LINK_NAMES, {
          error: `link name must be one of ${ICO_LINK_NAMES.join(', ')}`,
        }),
        url: z.url({ protocol: /^https?$/, error: 'link url must be an http(s) URL' }),
      }),
    )
    .max(10)
    .default([]),
  images: z.array(z.string().trim().check(importText()).min(1).max(300)).max(12).default([]),
  rounds: z
    .array(
      z.object({
        title: z.string().trim().check(importText()).min(1, 'round title is required').max(80),
        type: z.string().trim().check(importText()).min(1, 'round type is required').max(40),
        date: isoDate.nullable().default(null),
        price: z.string().trim().check(importText()).max(40).nullable().default(null),
      }),
    )
    .max(30)
    .default([]),
});
export type IcoProjectInput = z.input<typeof icoProjectInputSchema>;
export type IcoProject = z.output<typeof icoProjectInputSchema>;
