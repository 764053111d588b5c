import * as z from 'zod/mini';

// zod/mini, as the lists' schemas: the lists' pages check `/api/health` on their first load
// (tokens/schemas.ts says why).

/**
 * How one kind of research data stands (`/api/health`): when it was last loaded by any server
 * instance and whether it is late or its provider failing. Stale or failing data does not fail
 * the health check: the server still answers, with the rows it has.
 */
export const researchSourceHealthSchema = z.object({
  /** `dex` pools and tokens, `cex` markets, `security` reports. */
  kind: z.enum(['dex', 'cex', 'security']),
  /** The provider of the last load, e.g. `geckoterminal`; null before the first. */
  provider: z.nullable(z.string()),
  /** When the last successful load started; null before the first. */
  lastSyncedAt: z.nullable(z.iso.datetime({ offset: true })),
  /** Rows the last load delivered; null before the first. */
  items: z.nullable(z.int()),
  /** The kind's sync interval; null when it is not synced on a schedule (the snapshot). */
  intervalSeconds: z.nullable(z.number()),
  /** No successful load within twice the interval (or none yet) while synced on a schedule. */
  stale: z.boolean(),
  /**
   * The last run of the kind failed on any instance (recorded in the database), or the
   * provider's circuit is open in the answering instance.
   */
  failing: z.boolean(),
  /** When a run of the kind last failed on any instance; null if never (or not synced on a schedule). */
  lastFailureAt: z.nullable(z.iso.datetime({ offset: true })),
  /** Runs failed in a row since the last that loaded, on any instance; 0 when it loaded. */
  consecutiveFailures: z.int().check(z.nonnegative()),
});
export type ResearchSourceHealth = z.infer<typeof researchSourceHealthSchema>;

/** The answer of `/api/health`. */
export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  research: z.object({
    /** `RESEARCH_PROVIDER`. */
    provider: z.enum(['snapshot', 'live']),
    sources: z.array(researchSourceHealthSchema),
  }),
  /**
   * The token detail's read model in the answering instance: `loading` after start (and after
   * another instance's write) while details are read from the database, `loaded` once they are
   * answered from memory, `not loaded` after a load that failed. Readiness, not health: the
   * server answers details either way.
   */
  detailModel: z.optional(z.enum(['loading', 'loaded', 'not loaded'])),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
