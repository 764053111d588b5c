import { ICO_PAGE_SIZE } from '@vaultscope/core';
import { describe, expect, it } from 'vitest';
import { icoListItem, icoListPage } from '@/test/fixtures';
import {
  getIcoListQueryOptions,
  icoListQueryKey,
  icoListSearchParams,
  nextIcoPage,
} from './get-ico-list';

const full = Array.from({ length: ICO_PAGE_SIZE }, (_, i) => icoListItem(i));

describe('nextIcoPage', () => {
  it('asks for the next page only after a full page that is not the last', () => {
    expect(nextIcoPage(icoListPage(full, { total: 96 }))).toBe(2);
    expect(nextIcoPage(icoListPage(full.slice(0, 46), { page: 2, total: 96 }))).toBeUndefined();
    // Exactly one full page: the server says it is the last, so no empty extra click.
    expect(nextIcoPage(icoListPage(full, { total: ICO_PAGE_SIZE }))).toBeUndefined();
    expect(nextIcoPage(icoListPage([]))).toBeUndefined();
  });
});

describe('icoListSearchParams', () => {
  it('sends paging always, and the search fields with isSearched when searching', () => {
    const base = { status: 'active' as const, tokenName: '', round: '' };
    expect(icoListSearchParams(base, 1).toString()).toBe('page=1&page_size=50');
    expect(icoListSearchParams({ ...base, tokenName: ' ly ', round: 'All' }, 2).toString()).toBe(
      'page=2&page_size=50&tokenName=ly&round=All&isSearched=true',
    );
  });
});

describe('icoListQueryKey', () => {
  it('is one entry per tab, search text (trimmed, any case) and round', () => {
    const key = (tokenName: string, status: 'active' | 'upcoming' = 'active') =>
      JSON.stringify(icoListQueryKey({ status, tokenName, round: '' }));
    expect(key('Ly ')).toBe(key('ly'));
    expect(key('ly')).not.toBe(key('lyr'));
    expect(key('ly')).not.toBe(key('ly', 'upcoming'));
  });
});

describe('the rows shown while a list loads', () => {
  it("keeps the same tab's rows during a new search, never another tab's", () => {
    const upcoming = { status: 'upcoming' as const, tokenName: '', round: '' };
    const placeholder = getIcoListQueryOptions({ ...upcoming, tokenName: 'ka' })
      .placeholderData as (previous: unknown, previousQuery: unknown) => unknown;
    const rows = { pages: [icoListPage(full)], pageParams: [1] };
    expect(placeholder(rows, { queryKey: icoListQueryKey(upcoming) })).toBe(rows);
    expect(
      placeholder(rows, { queryKey: icoListQueryKey({ ...upcoming, status: 'active' }) }),
    ).toBeUndefined();
  });
});
