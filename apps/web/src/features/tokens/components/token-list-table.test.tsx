import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TokenListItem } from '@vaultscope/core';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenListItem } from '@/test/fixtures';
import { TokenListTable } from './token-list-table';

type Query = UseInfiniteQueryResult<InfiniteData<{ tokenDetails: readonly TokenListItem[] }>>;

/** A table query's result as TanStack Query gives it: a new object for every render. */
function result(
  state: 'success' | 'pending',
  rows: readonly TokenListItem[] = [],
  hasNextPage = false,
): Query {
  return {
    data: state === 'success' ? { pages: [{ tokenDetails: rows }], pageParams: [1] } : undefined,
    error: null,
    isError: false,
    isPending: state === 'pending',
    isPlaceholderData: false,
    isFetching: state === 'pending',
    isFetchNextPageError: false,
    hasNextPage,
    isFetchingNextPage: false,
    fetchNextPage: async () => undefined,
  } as unknown as Query;
}

const rows = (prefix: string) =>
  Array.from({ length: 3 }, (_, n) =>
    tokenListItem({ id: `${prefix}-${n}`, CoinName: `${prefix} ${n}` }),
  );

let container: HTMLDivElement;
let root: Root;
const client = new QueryClient();

// React's own scheduling, not act's: act would run the deferred render before it returns, and
// the state between the two renders is what these tests look at.
beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  root.unmount();
  container.remove();
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

/** Draws the table for `query` in an urgent update, as a query store's update is. */
function draw(query: Query) {
  flushSync(() =>
    root.render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <TokenListTable kind="DEX" caption="DEX tokens" query={query} testId="dex-table" />
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  );
}

const wrap = () => container.querySelector('.table-wrap')!;
const names = () =>
  Array.from(container.querySelectorAll('[data-testid="token-row"]'), (row) => row.textContent);
/** Waits for React's deferred render (a task of its own; slower on a loaded machine). */
const drawn = (check: () => void) => vi.waitFor(check, { timeout: 5_000, interval: 10 });

describe('TokenListTable while a new filter loads', () => {
  it("dims the old list's rows and marks the table busy until the transition draws the new one", async () => {
    draw(result('success', rows('Old')));
    await drawn(() => expect(names().some((name) => name?.includes('Old 0'))).toBe(true));
    expect(wrap().className).not.toContain('table-wrap--stale');

    // A new filter: its query has no answer yet; the deferred copy still draws the old rows.
    draw(result('pending'));
    expect(names().some((name) => name?.includes('Old 0'))).toBe(true);
    expect(wrap().className).toContain('table-wrap--stale');
    expect(wrap().getAttribute('aria-busy')).toBe('true');

    // The transition draws the new query: skeleton rows, nothing dimmed.
    await drawn(() => expect(names()).toEqual([]));
    expect(wrap().className).not.toContain('table-wrap--stale');
  });

  it("keeps the old list's Show More in place but not pressable: it would page the new list", async () => {
    draw(result('success', rows('Old'), true));
    const showMore = () => container.querySelector<HTMLButtonElement>('.show-more button');
    await drawn(() => expect(showMore()?.disabled).toBe(false));
    draw(result('pending', [], true));
    expect(showMore()?.disabled).toBe(true);
  });

  it('does not dim the rows for a refresh of the same list (every second)', async () => {
    draw(result('success', rows('Old')));
    await drawn(() => expect(names()).toHaveLength(3));
    draw(result('success', rows('Old')));
    expect(wrap().className).not.toContain('table-wrap--stale');
  });
});
