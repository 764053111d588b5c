import type { APIRequestContext } from '@playwright/test';
import {
  apiPaths,
  icoDetailSchema,
  icoListResponseSchema,
  type IcoDetail,
  type IcoListItem,
  type IcoStatus,
} from '@vaultscope/core';

/**
 * Private-sale facts read from the running server, so that the specs hold for any shipped
 * snapshot (it is regenerated from a seed) and not only for today's names and figures.
 */

const listPath = (status: IcoStatus) =>
  status === 'active' ? apiPaths.ico.active : apiPaths.ico.upcoming;

/** Every project of a tab, in the order the list shows them. */
export async function allProjects(
  request: APIRequestContext,
  status: IcoStatus,
  query = '',
): Promise<IcoListItem[]> {
  const items: IcoListItem[] = [];
  for (let page = 1; ; page += 1) {
    const response = await request.get(`${listPath(status)}?page=${page}&page_size=100${query}`);
    const list = icoListResponseSchema.parse(await response.json());
    items.push(...list.tokenDetails);
    if (page >= list.totalPages) return items;
  }
}

export async function projectDetail(request: APIRequestContext, id: string): Promise<IcoDetail> {
  const response = await request.get(apiPaths.ico.details(id));
  return icoDetailSchema.parse(await response.json());
}

/** The first project of a tab whose detail satisfies `test`. */
export async function findProject(
  request: APIRequestContext,
  status: IcoStatus,
  test: (detail: IcoDetail) => boolean,
): Promise<IcoDetail> {
  for (const item of await allProjects(request, status)) {
    const detail = await projectDetail(request, item._id);
    if (test(detail)) return detail;
  }
  throw new Error(`no ${status} project fits`);
}

/**
 * Projects of a tab whose name no other project of that tab contains: searching the name gives
 * exactly one row.
 */
export async function uniquelyNamedProjects(
  request: APIRequestContext,
  status: IcoStatus = 'active',
): Promise<IcoListItem[]> {
  const items = await allProjects(request, status);
  const unique = items.filter(
    (item) =>
      items.filter((other) => other.tokenName.toLowerCase().includes(item.tokenName.toLowerCase()))
        .length === 1,
  );
  if (unique.length < 3) throw new Error(`too few uniquely named ${status} projects`);
  return unique;
}

/**
 * A search word that several (but not all) projects of a tab contain, and the names it should
 * give, in list order.
 */
export async function sharedWord(
  request: APIRequestContext,
  status: IcoStatus = 'active',
): Promise<{ word: string; names: string[] }> {
  const items = await allProjects(request, status);
  const words = new Set(items.flatMap((item) => item.tokenName.toLowerCase().split(/\s+/)));
  for (const word of [...words].sort()) {
    if (word.length < 4) continue;
    const names = items
      .filter((item) => item.tokenName.toLowerCase().includes(word))
      .map((item) => item.tokenName);
    if (names.length >= 2 && names.length <= 10) return { word, names };
  }
  throw new Error('no shared word');
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A calendar date as the app writes it: `14 Oct 2026`. */
export function displayDate(iso: string): string {
  const date = new Date(Date.parse(iso));
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}
