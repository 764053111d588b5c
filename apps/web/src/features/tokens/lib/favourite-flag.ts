import type { InfiniteData } from '@tanstack/react-query';

type Flag = 0 | 1;

interface Row {
  id: string;
  is_favourite: Flag;
}

interface ListPage<R extends Row> {
  tokenDetails: R[];
}

function setInPage<R extends Row, P extends ListPage<R>>(page: P, id: string, flag: Flag): P {
  if (!page.tokenDetails.some((row) => row.id === id && row.is_favourite !== flag)) return page;
  return {
    ...page,
    tokenDetails: page.tokenDetails.map((row) =>
      row.id === id ? { ...row, is_favourite: flag } : row,
    ),
  };
}

function isInfinite(value: unknown): value is InfiniteData<ListPage<Row>> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as { pages?: unknown }).pages)
  );
}

function isPage(value: unknown): value is ListPage<Row> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as { tokenDetails?: unknown }).tokenDetails)
  );
}

/**
 * Cached list data with the heart of item `id` set to `flag`: a slider's single page or a table's
 * pages. Anything else, and data without that item, comes back unchanged (the same object, so
 * TanStack Query does not re-render for nothing).
 */
export function withFavouriteFlag<T>(data: T, id: string, flag: Flag): T {
  if (isInfinite(data)) {
    const pages = data.pages.map((page) => setInPage(page, id, flag));
    return pages.every((page, index) => page === data.pages[index])
      ? data
      : ({ ...data, pages } as T);
  }
  if (isPage(data)) return setInPage(data, id, flag) as T;
  return data;
}
