/**
 * Page sizes the spec's client uses (section 9). A module without zod (re-exported by
 * `schemas.ts`), so that the web lists' filters do not build core's token schemas to read it.
 */
export const PAGE_SIZES = { topAndCheck: 20, allTokens: 50, listing: 50 } as const;
