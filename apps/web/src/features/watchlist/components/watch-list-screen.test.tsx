import { apiPaths } from '@vaultscope/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/stores/session-store';
import {
  deferred,
  icoListItem,
  json,
  logInAs,
  mockApi,
  projectId,
  testUser,
  tokenListItem,
} from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { WatchListScreen } from './watch-list-screen';

beforeEach(() => useSessionStore.getState().clear());
afterEach(() => vi.unstubAllGlobals());

const open = () => renderRoute(<WatchListScreen />, { path: '/watch-list' });

const listing = (data: Partial<Record<'DEX' | 'CEX' | 'ICO', unknown[]>>) =>
  json({ success: true, data: { DEX: [], CEX: [], ICO: [], ...data } });

const solana = tokenListItem({
  id: 'solana_So11111111111111111111111111111111111111112',
  CoinName: 'Wrapped SOL',
  tokenAddress: 'So11111111111111111111111111111111111111112',
  chainName: 'solana',
});

describe('WatchListScreen', () => {
  it("asks a visitor to log in (the spec's 'User ID not found in localStorage.' case)", () => {
    const fetchMock = mockApi(() => {
      throw new Error('no call expected');
    });
    open();
    expect(screen.getByText('Log in to see your watch list.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows 12 skeleton columns for DEX and 6 for ICO while the listing loads', async () => {
    logInAs();
    const answer = deferred<Response>();
    mockApi(() => answer.promise);
    open();
    const skeletonCells = () =>
      screen.getAllByTestId('skeleton-row')[0]!.querySelectorAll('.skeleton').length;
    expect(skeletonCells()).toBe(12);
    fireEvent.click(screen.getByRole('tab', { name: 'ICO' }));
    expect(skeletonCells()).toBe(6);
    await act(async () => answer.resolve(listing({})));
    expect(await screen.findByText('Data not available')).toBeTruthy();
  });

  it('fills the three tabs from one listing call, with the token and ICO columns', async () => {
    logInAs();
    const fetchMock = mockApi(() =>
      listing({
        DEX: [
          { _id: 'eth_1', details: tokenListItem() },
          { _id: 'solana_1', details: solana },
          { _id: 'broken', details: { CoinName: 'half a row' } },
        ],
        ICO: [{ _id: projectId(1), details: icoListItem(1, { tokenName: 'Lyra AI' }) }],
      }),
    );
    const { router } = open();
    const dex = await screen.findByRole('table', { name: 'DEX watch list' });
    await within(dex).findByRole('rowheader', { name: 'Example Token' });
    expect(
      within(dex)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Coin Name',
      'Price',
      'Age',
      'TXN',
      '5M',
      '1H',
      '6H',
      '24H',
      'VOL',
      'LIQ',
      'MCAP',
      'FDV',
      'Actions',
    ]);
    // The entry of the wrong shape is left out.
    expect(
      within(dex)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Example Token', 'Wrapped SOL']);
    const evmRow = within(dex).getByRole('row', { name: /Example Token/ });
    expect(within(evmRow).getByText('-3.50%').className).toBe('down');
    expect(within(evmRow).getByText('+12.50%').className).toBe('up');
    // A DEX Solana row is not a link.
    const solRow = within(dex).getByRole('row', { name: /Wrapped SOL/ });
    expect(within(solRow).queryByRole('link')).toBeNull();
    fireEvent.click(within(solRow).getAllByRole('cell')[0]!);
    expect(router.state.location.pathname).toBe('/watch-list');

    fireEvent.click(within(evmRow).getAllByRole('cell')[0]!);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        '/details/0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      ),
    );
    expect(router.state.location.search).toBe('?chainName=eth');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [input, init] = fetchMock.mock.calls[0]!;
    expect(new URL(String(input), 'http://x').pathname).toBe(
      apiPaths.watchlist.allOf(testUser._id),
    );
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok-test');
  });

  it('ICO tab: spec columns; a row opens its detail page by id', async () => {
    logInAs();
    mockApi(() =>
      listing({
        ICO: [
          { _id: projectId(1), details: icoListItem(1, { tokenName: 'Lyra AI', image: null }) },
        ],
      }),
    );
    const { router } = open();
    fireEvent.click(screen.getByRole('tab', { name: 'ICO' }));
    const table = await screen.findByRole('table', { name: 'ICO watch list' });
    await within(table).findByRole('rowheader', { name: 'Lyra AI' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Token Name',
      'Round',
      'Total Raised',
      'Pre-Valuation',
      'Category',
      'Date',
      'Actions',
    ]);
    const row = within(table).getByRole('row', { name: /Lyra AI/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Seed', '$1.5M', '$12M', 'DeFi', '14 Oct 2026', '']);
    fireEvent.click(within(row).getAllByRole('cell')[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/PS-detail'));
    expect(router.state.location.search).toBe(`?id=${projectId(1)}`);
  });

  it('removes an item with delete-watchlist and reloads the list', async () => {
    logInAs();
    let removed = false;
    const fetchMock = mockApi((url, init) => {
      if (url.pathname === apiPaths.watchlist.delete) {
        expect(JSON.parse(String(init.body))).toEqual({
          itemId: projectId(1),
          type: 'ICO',
          userId: testUser._id,
        });
        removed = true;
        return json({ success: true, message: 'Removed from your watch list' });
      }
      return listing({
        ICO: removed
          ? []
          : [{ _id: projectId(1), details: icoListItem(1, { tokenName: 'Lyra AI' }) }],
      });
    });
    open();
    fireEvent.click(screen.getByRole('tab', { name: 'ICO' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Lyra AI from watch list' }));
    expect(await screen.findByText('Data not available')).toBeTruthy();
    expect(await screen.findByText('Removed from your watch list')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("says 'Unable to delete watchlist at this time. Please try again later.' when removing fails", async () => {
    logInAs();
    mockApi((url) =>
      url.pathname === apiPaths.watchlist.delete
        ? json({ message: 'Internal Server Error' }, 500)
        : listing({
            ICO: [{ _id: projectId(1), details: icoListItem(1, { tokenName: 'Lyra AI' }) }],
          }),
    );
    open();
    fireEvent.click(screen.getByRole('tab', { name: 'ICO' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Lyra AI from watch list' }));
    expect(
      await screen.findByText('Unable to delete watchlist at this time. Please try again later.'),
    ).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: 'Lyra AI' })).toBeTruthy();
  });

  it('shows a failed listing in red text', async () => {
    logInAs();
    mockApi(() => json({ message: 'You can only change your own watch list.' }, 403));
    open();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('You can only change your own watch list.');
  });
});
