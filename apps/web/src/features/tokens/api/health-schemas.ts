/**
 * The health answer's schema, a chunk of its own: `getResearchHealth` imports it as it sends its
 * request. The lists' data-age line reads the health, and its static import was the last one
 * that brought zod into the lists' module graph (see list-schemas.ts).
 */
export { healthResponseSchema } from '@vaultscope/core';
