import {
  apiPaths,
  detailPageChain,
  tokenDetailResponseSchema,
  webRoutes,
  type ChainCode,
} from '@vaultscope/core';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../lib/errors';
import { logSafeError } from '../lib/log-safe-error';
import type { CachedAnswer, ResponseCache } from '../lib/plugins/response-cache';
import { chainIdOf, type DetailCaller, type TokenResearch } from './token-research';

/** The detail pages' paths (`/details/:tokenAddress`, `/newdetail/:tokenAddress`) as patterns. */
const DETAIL_PAGES = [webRoutes.details, webRoutes.newDetail].map(
  (route) => new RegExp(`^${route.replace(':tokenAddress', '([0-9A-Za-z]{1,128})')}/?$`),
);

/**
 * How long a page waits for its detail before it goes out without it. The block saves the app
 * one request to the API, about a round trip of a phone's network (~100 ms): waiting longer for
 * it than the app's own request would take loses what it gains, and a slow read (a cold
 * database, a busy process) must not hold the page's first paint. A held or cached detail takes
 * well under a millisecond; a database read a few.
 */
export const PAGE_DATA_TIMEOUT_MS = 100;

/**
 * The URL the app asks for a token's detail (apps/web/src/features/tokens/api/token-detail.ts
 * `getTokenDetail`), the response cache's key for that answer: a page and the app's request
 * then share one cached answer.
 */
export function detailApiUrl(address: string, chain: ChainCode): string {
  const query = new URLSearchParams({ chainid: String(chainIdOf(chain)), network: chain });
  return `${apiPaths.tokens.details(address)}?${query.toString()}`;
}

export interface DetailPageDataOptions {
  /**
   * The API's response cache (app.ts): an answer kept there is the page's, and a page's read is
   * kept for the API's next visitor. Disabled (`RESEARCH_CACHE_SECONDS=0`, as in the bench), the
   * page reads as the API does.
   */
  cache?: ResponseCache | undefined;
  timeoutMs?: number;
  /** Where a read that failed (not a 4xx: a database or a model that fails) is told. */
  log?: Pick<FastifyBaseLogger, 'warn'> | undefined;
}

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
 * with neither a report nor a stored scan is not scanned for a page, nor refreshed from the
 * providers (`scanIfMissing: false`), the client asks the API as before and those start there.
 * Undefined too when the read takes longer than `timeoutMs` ({@link PAGE_DATA_TIMEOUT_MS}): the
 * read goes on, its answer is kept in the cache for the next page or request. A read that fails
 * for any reason but the token's own (a 4xx) is logged, and the page goes out without its block.
 *
 * With the cache on, a read is registered as the cache's build of that answer, as the API's own
 * builds are: pages and API requests for the same token at the same moment (a link shared and
 * opened by many) wait for the one read instead of each reading it.
 *
 * A logged-in viewer's page is read too: its requests carry the session as a bearer token from
 * the app's storage, never a cookie, so the HTML's request cannot be told from a visitor's (and
 * the page must be the same for everyone: `no-cache` lets a shared cache store it). Its app
 * throws the block away; the response cache makes that read cheap.
 */
export async function detailPageData(
  research: Pick<TokenResearch, 'detailAnswer'>,
  pathname: string,
  search: URLSearchParams,
  caller: Pick<DetailCaller, 'ip'>,
  { cache, timeoutMs = PAGE_DATA_TIMEOUT_MS, log }: DetailPageDataOptions = {},
): Promise<string | undefined> {
  const address = DETAIL_PAGES.map((page) => page.exec(pathname)?.[1]).find(Boolean);
  if (!address || search.get('checkScam') === 'true') return undefined;
  const chain = detailPageChain(search.get('chainName'), address);
  if (!chain) return undefined;
  const key = detailApiUrl(address, chain);
  const shared = cache?.enabled ? cache : undefined;
  const cached = shared?.get(key);
  if (cached) return cached.body.toString();
  const generation = shared?.generation;
  const flight = `${generation} ${key}`;
  // The API's build of the same answer, or another page's read of it, under way now: this page
  // waits for it instead.
  const building = shared?.building.get(flight);
  const read: Promise<string | undefined> = building
    ? building.then((answer) => answer?.body.toString())
    : readAsBuild(shared, key, flight, () => readDetail(research, address, chain, caller, log));
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, timeoutMs, undefined);
  });
  try {
    return await Promise.race([read.catch(() => undefined), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs `read` and, with a cache, registers it as the build of `key` (under `flight`, the
 * generation it began in) while it runs, keeping its answer unless the data changed while it was
 * read (a clear since), as the API's builds do.
 */
function readAsBuild(
  shared: ResponseCache | undefined,
  key: string,
  flight: string,
  read: () => Promise<string | undefined>,
): Promise<string | undefined> {
  if (!shared) return read();
  const generation = shared.generation;
  let share!: (answer: CachedAnswer | undefined) => void;
  shared.building.set(flight, new Promise((resolve) => (share = resolve)));
  let kept: CachedAnswer | undefined;
  return read()
    .then((json) => {
      if (json !== undefined && shared.generation === generation) {
        kept = shared.set(key, Buffer.from(json));
      }
      return json;
    })
    .finally(() => {
      shared.building.delete(flight);
      share(kept);
    });
}

/** The visitor's detail as the route writes it, or undefined for any failure. */
async function readDetail(
  research: Pick<TokenResearch, 'detailAnswer'>,
  address: string,
  chain: ChainCode,
  caller: Pick<DetailCaller, 'ip'>,
  log: DetailPageDataOptions['log'],
): Promise<string | undefined> {
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
  } catch (error) {
    // A 400 (an address the chain refuses) or a 404 is the token's: the app asks and shows it.
    // Anything else (a database that fails) is ours, told here; the page goes out as before.
    if (!(error instanceof AppError && error.statusCode < 500)) {
      log?.warn({ err: logSafeError(error) }, 'token detail page: its detail could not be read');
    }
    return undefined;
  }
}
