import { ICO_DEFAULT_IMAGE, ICO_PAGE_SIZE, apiPaths } from '@vaultscope/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import {
  deferred,
  icoDetail,
  icoListItem,
  icoListPage,
  json,
  mockApi,
  projectId,
} from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { PrivateSaleScreen } from './private-sale-screen';

afterEach(() => vi.unstubAllGlobals());

const open = () => renderRoute(<PrivateSaleScreen />, { path: '/private-sale' });

const table = () => screen.getByRole('table', { name: 'Active private sales' });
// The rows' header cells by selector: a role query over a hundred rows takes long enough in
// jsdom, polled by a wait, to starve the rows it waits for of their frames.
const rowNames = () =>
  Array.from(table().querySelectorAll('tbody th[scope="row"]'), (cell) => cell.textContent);

const items = (from: number, count: number, name = 'Project') =>
  Array.from({ length: count }, (_, i) =>
    icoListItem(from + i, { tokenName: `${name} ${from + i}` }),
  );

describe('PrivateSaleScreen', () => {
  it('follows the latest keystroke: a slow answer for earlier text never replaces a newer one', async () => {
    const slow = deferred<Response>();
    const asked: string[] = [];
    mockApi((url) => {
      const name = url.searchParams.get('tokenName') ?? '';
      asked.push(name);
      if (name === 'ly') return slow.promise;
      if (name === 'lyr') return json(icoListPage([icoListItem(2, { tokenName: 'Lyra AI' })]));
      return json(icoListPage(items(10, 3)));
    });
    open();
    await waitFor(() => expect(rowNames()).toHaveLength(3));

    const search = screen.getByRole('searchbox', { name: 'Token name' });
    fireEvent.change(search, { target: { value: 'ly' } });
    fireEvent.change(search, { target: { value: 'lyr' } });
    await waitFor(() => expect(rowNames()).toEqual(['Lyra AI']));
    expect(asked).toEqual(['', 'ly', 'lyr']);

    // The answer for "ly" arrives last, with other rows: the table keeps showing "lyr".
    await act(async () => {
      slow.resolve(json(icoListPage([icoListItem(1, { tokenName: 'Lyndon Swap' })])));
      await slow.promise;
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(rowNames()).toEqual(['Lyra AI']);
  });

  it('sends the search on every change with page, page_size and isSearched', async () => {
    const fetchMock = mockApi(() => json(icoListPage(items(1, 2))));
    open();
    await waitFor(() => expect(rowNames()).toHaveLength(2));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Token name' }), {
      target: { value: 'N' },
    });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const url = new URL(String(fetchMock.mock.calls[1]?.[0]), 'http://localhost');
    expect(url.pathname).toBe(apiPaths.ico.active);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      page: '1',
      page_size: String(ICO_PAGE_SIZE),
      tokenName: 'N',
      isSearched: 'true',
    });
  });

  it('shows skeleton rows while loading, then the rows with formatted figures', async () => {
    const answer = deferred<Response>();
    mockApi(() => answer.promise);
    open();
    expect(screen.getAllByTestId('skeleton-row').length).toBeGreaterThan(0);
    expect(within(screen.getAllByTestId('skeleton-row')[0]!).getAllByRole('cell')).toHaveLength(6);
    await act(async () => {
      answer.resolve(json(icoListPage([icoListItem(1, { tokenName: 'Lyra AI', Date: null })])));
    });
    const row = await screen.findByRole('row', { name: /Lyra AI/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Seed', '$1.5M', '$12M', 'DeFi', '-']);
    expect(screen.queryByTestId('skeleton-row')).toBeNull();
  });

  it("says 'No data found' when nothing matches", async () => {
    mockApi(() => json(icoListPage([])));
    open();
    expect(await screen.findByText('No data found')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show More' })).toBeNull();
  });

  it('shows the failure in red text', async () => {
    mockApi(() => json({ message: 'Database unavailable' }, 503));
    renderRoute(<PrivateSaleScreen />, { path: '/private-sale' });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toBe('Database unavailable');
    expect(alert.className).toContain('list-error');
  });

  it('Show More appends the next page and disappears when a short page comes back', async () => {
    const pages = new Map([
      ['1', json(icoListPage(items(1, ICO_PAGE_SIZE), { total: 96 }))],
      ['2', json(icoListPage(items(51, 46), { page: 2, total: 96 }))],
    ]);
    mockApi((url) => pages.get(url.searchParams.get('page') ?? '') ?? json({}, 500));
    open();
    // Rows are drawn a few a frame after the first ones (useDrawnRows): wait for all.
    const drawn = { timeout: 5000 };
    await waitFor(() => expect(rowNames()).toHaveLength(ICO_PAGE_SIZE), drawn);
    fireEvent.click(await screen.findByRole('button', { name: 'Show More' }));
    await waitFor(() => expect(rowNames()).toHaveLength(96), drawn);
    expect(rowNames()[50]).toBe('Project 51');
    expect(screen.queryByRole('button', { name: 'Show More' })).toBeNull();
  });

  it('falls back to the default image when a project has none or its image fails', async () => {
    mockApi(() =>
      json(icoListPage([icoListItem(1, { tokenName: 'No Logo', image: null }), icoListItem(2)])),
    );
    open();
    await waitFor(() => expect(rowNames()).toHaveLength(2));
    // Decorative (alt=""): the name beside them says what they are.
    const [first, second] = Array.from(table().querySelectorAll('img'));
    if (!first || !second) throw new Error('expected two images');
    expect(first.getAttribute('src')).toBe(ICO_DEFAULT_IMAGE);
    expect(second.getAttribute('src')).not.toBe(ICO_DEFAULT_IMAGE);
    fireEvent.error(second);
    expect(second.getAttribute('src')).toBe(ICO_DEFAULT_IMAGE);
  });

  it('loads the rounds on the first focus of the dropdown, then filters by the chosen one', async () => {
    const fetchMock = mockApi((url) => {
      if (url.pathname === apiPaths.ico.activeRounds) {
        return json({ success: true, rounds: ['Pre-Seed', 'Seed', 'Series A'] });
      }
      return json(icoListPage(items(1, 2)));
    });
    open();
    const select = screen.getByRole('combobox', { name: 'Round' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select a round', 'All']);
    await waitFor(() => expect(rowNames()).toHaveLength(2));
    const roundCalls = () =>
      fetchMock.mock.calls.filter(([input]) => String(input).includes('rounds')).length;
    expect(roundCalls()).toBe(0);

    fireEvent.focus(select);
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Select a round', 'All', 'Pre-Seed', 'Seed', 'Series A']),
    );
    fireEvent.focus(select);
    expect(roundCalls()).toBe(1);

    fireEvent.change(select, { target: { value: 'Seed' } });
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([input]) => String(input).includes('round=Seed'))).toBe(
        true,
      ),
    );
  });

  it('opens a row: loads the project, then /PS-detail?id= with id and apiData in the state', async () => {
    const detail = icoDetail(7);
    mockApi((url) =>
      url.pathname === apiPaths.ico.activeDetails(projectId(7))
        ? json(detail)
        : json(icoListPage([icoListItem(7, { tokenName: 'Lyra AI' })])),
    );
    const { router } = open();
    fireEvent.click(await screen.findByRole('link', { name: /Lyra AI/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/PS-detail'));
    expect(router.state.location.search).toBe(`?id=${projectId(7)}`);
    expect(router.state.location.state).toEqual({ id: projectId(7), apiData: detail });
  });
});
