/**
 * The private sale's constants, apart from its schemas (schemas.ts) so that a screen that needs
 * only these (the list's page size, the default image) does not load zod with them.
 */
export const ICO_STATUSES = ['active', 'upcoming'] as const;
export type IcoStatus = (typeof ICO_STATUSES)[number];

/** Page size of the private-sale lists (spec section 9). */
export const ICO_PAGE_SIZE = 50;

/** Names of the link buttons on the detail page, in display order. */
export const ICO_LINK_NAMES = ['Website', 'Whitepaper', 'Twitter', 'Source'] as const;

/** Path under which the server serves project images; anything else is not ours to show. */
export const ICO_IMAGE_PREFIX = '/api/ico/images/';
export const ICO_DEFAULT_IMAGE = '/images/default-project.svg';
