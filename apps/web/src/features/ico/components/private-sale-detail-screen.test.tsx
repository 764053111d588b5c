import { apiPaths, ICO_DEFAULT_IMAGE } from '@vaultscope/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/stores/session-store';
import { icoDetail, json, logInAs, mockApi, projectId, testUser } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { NO_COIN_DATA_TEXT } from '../lib/display';
import { PrivateSaleDetailScreen } from './private-sale-detail-screen';

beforeEach(() => useSessionStore.getState().clear());
afterEach(() => vi.unstubAllGlobals());

const openAt = (entry: NonNullable<Parameters<typeof renderRoute>[1]>['entry']) =>
  renderRoute(<PrivateSaleDetailScreen />, { path: '/PS-detail', entry });

const byId = (n: number) => `/PS-detail?id=${projectId(n)}`;

describe('PrivateSaleDetailScreen', () => {
  it('says there is no data when opened without an id or state', () => {
    const fetchMock = mockApi(() => {
      throw new Error('no call expected');
    });
    openAt('/PS-detail');
    expect(screen.getByText(NO_COIN_DATA_TEXT)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says there is no data for an id that is not a project id, or an unknown one', async () => {
    mockApi(() => json({ message: 'Private-sale project not found' }, 404));
    openAt('/PS-detail?id=not-a-uuid');
    expect(screen.getByText(NO_COIN_DATA_TEXT)).toBeTruthy();
  });

  it('says there is no data for a project the server does not know', async () => {
    mockApi(() => json({ message: 'Private-sale project not found' }, 404));
    openAt(byId(9));
    expect(await screen.findByText(NO_COIN_DATA_TEXT)).toBeTruthy();
  });

  it('loads the project named in the URL and shows every part', async () => {
    const fetchMock = mockApi((url) =>
      url.pathname === apiPaths.ico.details(projectId(3)) ? json(icoDetail(3)) : json({}, 500),
    );
    openAt(byId(3));
    expect(await screen.findByRole('heading', { level: 1, name: 'Project 3' })).toBeTruthy();
    expect(screen.getByTestId('project-ticker').textContent).toBe('P3');
    expect(screen.getByTestId('category-badge').textContent).toBe('Oracle');
    // Capsule badges without repeating the category.
    expect(
      within(screen.getByRole('list', { name: 'Categories' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Oracle', 'Private', 'Listed']);

    // Link buttons in the spec's order, new tab, no opener; a javascript: URL gets no button.
    const links = within(screen.getByRole('navigation', { name: 'Project 3 links' })).getAllByRole(
      'link',
    );
    expect(links.map((link) => link.textContent)).toEqual([
      'Website (opens in a new tab)↗',
      'Twitter (opens in a new tab)↗',
    ]);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }

    const facts = screen.getByTestId('overview-facts');
    expect(facts.textContent).toContain('Total Raised$1M');
    expect(facts.textContent).toContain('Pre-Valuation$4.5M');
    expect(facts.textContent).toContain('Market Cap$8.21M');
    expect(facts.textContent).toContain('FDV$23.29M');
    expect(facts.textContent).toContain('Volume$3.47M');
    expect(facts.textContent).toContain('Last Updated8 Oct 2026');
    expect(screen.getByText('vs Private').nextElementSibling?.className).toContain('up');
    expect(screen.getByText('-13%').className).toContain('down');

    // All Activities: date or 'N/A', price or 'Not Provided' (missing or 'Unknown').
    const cards = screen.getAllByTestId('round-card').map((card) => card.textContent);
    expect(cards).toEqual([
      'Seed RoundTypeSeedDate14 Oct 2026Price$0.0317',
      'Private RoundTypePrivateDateN/APriceNot Provided',
      'Strategic RoundTypeStrategicDateN/APriceNot Provided',
    ]);
    // The page was read anonymously (no bearer without a session).
    const headers = (fetchMock.mock.calls[0]?.[1]?.headers ?? {}) as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
  });

  it('shows the project from the navigation state at once and puts its id in the URL', async () => {
    const detail = icoDetail(4, { is_favourite: 1 });
    mockApi(() => json(detail));
    const { router } = openAt({
      pathname: '/PS-detail',
      state: { id: projectId(4), apiData: detail },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Project 4' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(`?id=${projectId(4)}`));
  });

  it('gallery: a thumbnail opens the slider, which moves with buttons and arrow keys and closes on Escape', async () => {
    mockApi(() => json(icoDetail(5)));
    openAt(byId(5));
    fireEvent.click(await screen.findByRole('button', { name: 'Open image 2 of 3' }));
    const dialog = screen.getByRole('dialog', { name: 'Project 5 images' });
    const count = () => within(dialog).getByTestId('slider-count').textContent;
    expect(count()).toBe('2 / 3');
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe('/api/ico/images/two');
    fireEvent.click(within(dialog).getByRole('button', { name: /Next/ }));
    expect(count()).toBe('3 / 3');
    fireEvent.keyDown(within(dialog).getByRole('button', { name: /Next/ }), { key: 'ArrowRight' });
    expect(count()).toBe('1 / 3');
    fireEvent.keyDown(within(dialog).getByRole('button', { name: /Next/ }), { key: 'ArrowLeft' });
    expect(count()).toBe('3 / 3');
    // A picture that fails to load shows the default image.
    fireEvent.error(within(dialog).getByRole('img'));
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe(ICO_DEFAULT_IMAGE);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks a visitor to log in instead of favouriting', async () => {
    const fetchMock = mockApi(() => json(icoDetail(6)));
    openAt(byId(6));
    fireEvent.click(await screen.findByRole('button', { name: 'Add Project 6 to favourites' }));
    expect(screen.getByRole('dialog', { name: 'Log in to save favourites' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('toggles the favourite, then re-reads the project to set the heart', async () => {
    logInAs();
    let favourite: 0 | 1 = 0;
    const fetchMock = mockApi((url, init) => {
      if (url.pathname === apiPaths.favourites.toggle) {
        expect(JSON.parse(String(init.body))).toEqual({
          itemId: projectId(8),
          type: 'ICO',
          userId: testUser._id,
        });
        favourite = 1;
        return json({ success: true, message: 'Added to your watch list', isFavorite: true });
      }
      return json(icoDetail(8, { is_favourite: favourite }));
    });
    openAt(byId(8));
    const heart = await screen.findByRole('button', { name: 'Add Project 8 to favourites' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    const detailHeaders = (fetchMock.mock.calls[0]?.[1]?.headers ?? {}) as Record<string, string>;
    expect(detailHeaders.Authorization).toBe('Bearer tok-test');

    fireEvent.click(heart);
    const on = await screen.findByRole('button', { name: 'Remove Project 8 from favourites' });
    expect(on.getAttribute('aria-pressed')).toBe('true');
    expect(
      fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://x').pathname),
    ).toEqual([
      apiPaths.ico.details(projectId(8)),
      apiPaths.favourites.toggle,
      apiPaths.ico.details(projectId(8)),
    ]);
    expect(await screen.findByText('Added to your watch list')).toBeTruthy();
  });

  it("shows the spec's message when favouriting fails", async () => {
    logInAs();
    mockApi((url) =>
      url.pathname === apiPaths.favourites.toggle
        ? json({ success: false, message: '', isFavorite: false })
        : json(icoDetail(9)),
    );
    openAt(byId(9));
    fireEvent.click(await screen.findByRole('button', { name: 'Add Project 9 to favourites' }));
    expect(await screen.findByText('Something went wrong.')).toBeTruthy();
  });
});
