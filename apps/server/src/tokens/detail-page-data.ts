import { detailPageChain, tokenDetailResponseSchema, webRoutes } from '@vaultscope/core';
import type { DetailCaller, TokenResearch } from './token-research';

/** The detail pages' paths (`/details/:tokenAddress`, `/newdetail/:tokenAddress`) as patterns. */
const DETAIL_PAGES = [webRoutes.details, webRoutes.newDetail].map(
  (route) => new RegExp(`^${route.replace(':tokenAddress', '([0-9A-Za-z]{1,128})')}/?$`),
);

/**
 * The detail answer a token detail page's HTML carries, so that its first load shows the data
 * without asking the API for it (`route-preload.ts` writes it in as a JSON data block; the app
 * seeds its query with it, apps/web/src/app/route-data.ts). It is the answer of
 * `GET /get-token-details/{id}` for a visitor who is not logged in (`is_favourite` 0: the page
 * is the same for everyone, and a logged-in viewer's app asks for its own), written the same way.
 *
 * Undefined, and the page carries nothing, for any other path, an address that is not letters
 * and digits (as the frame), the scam check's hand-over (`checkScam=true`: the page may show
 * the scam check's cached data instead), an unknown chain, and any answer but a detail: a token
 * with neither a report nor a stored scan is not scanned for a page (`scanIfMissing: false`),
 * the client asks the API as before and the scan starts there.
 */
export async function detailPageData(
  research: Pick<TokenResearch, 'detailAnswer'>,
  pathname: string,
  search: URLSearchParams,
  caller: Pick<DetailCaller, 'ip'>,
): Promise<string | undefined> {
  const address = DETAIL_PAGES.map((page) => page.exec(pathname)?.[1]).find(Boolean);
  if (!address || search.get('checkScam') === 'true') return undefined;
  const chain = detailPageChain(search.get('chainName'), address);
  if (!chain) return undefined;
  try {
    const answer = await research.detailAnswer(address, chain, {
      ip: caller.ip,
      scanIfMissing: false,
    });
    // A held token's answer is its JSON as UTF-8; an object answer goes through the schema as
    // the route's serialiser sends it.
    return Buffer.isBuffer(answer)
      ? answer.toString()
      : JSON.stringify(tokenDetailResponseSchema.parse(answer));
  } catch {
    // A 400 (an address the chain refuses), a 404, a database that fails: the page as before.
    return undefined;
  }
}
