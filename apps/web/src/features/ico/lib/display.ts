import { ICO_LINK_NAMES, type IcoDetail, type IcoRound } from '@vaultscope/core';

/** Spec section 2: what /PS-detail says when it is opened without project data. */
export const NO_COIN_DATA_TEXT = 'Invalid request. No coin data available.';

/** A round without a date. */
export const NO_ROUND_DATE = 'N/A';
/** A round whose price is missing or 'Unknown'. */
export const NO_ROUND_PRICE = 'Not Provided';

/** The price of a round as given, or 'Not Provided' when it is missing, blank or 'Unknown'. */
export function roundPrice(price: IcoRound['price'] | undefined): string {
  const text = price?.trim() ?? '';
  return text === '' || text.toLowerCase() === 'unknown' ? NO_ROUND_PRICE : text;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Project ids are UUIDs; anything else cannot name a project. */
export function isProjectId(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

export interface ProjectLink {
  name: (typeof ICO_LINK_NAMES)[number];
  url: string;
}

/**
 * The link buttons in the spec's order (Website, Whitepaper, Twitter, Source), keeping only http(s)
 * addresses: a `javascript:` URL from an import must never become a button.
 */
export function projectLinks(links: IcoDetail['tokenDetails']['details']['links']): ProjectLink[] {
  const result: ProjectLink[] = [];
  for (const name of ICO_LINK_NAMES) {
    const link = links.find((item) => item.name.toLowerCase() === name.toLowerCase());
    if (!link) continue;
    try {
      const url = new URL(link.url);
      if (url.protocol === 'http:' || url.protocol === 'https:')
        result.push({ name, url: url.href });
    } catch {
      // Not a URL: no button.
    }
  }
  return result;
}

/** Capsule badges other than the category, which has its own badge, without repeats. */
export function capsuleBadges(category: string, capsule: readonly string[]): string[] {
  const seen = new Set([category.toLowerCase()]);
  const result: string[] = [];
  for (const item of capsule) {
    const key = item.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    result.push(item);
  }
  return result;
}
