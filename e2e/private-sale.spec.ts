import type { Page } from '@playwright/test';
import { apiPaths, ICO_DEFAULT_IMAGE, ICO_PAGE_SIZE } from '@vaultscope/core';
import { expect, test } from './support/fixtures';
import { allProjects, sharedWord, uniquelyNamedProjects } from './support/ico';

/** The shipped snapshot: 96 active and 64 upcoming projects, in pages of 50. */
const ACTIVE_TOTAL = 96;
const UPCOMING_TOTAL = 64;

type Tab = 'Active' | 'Upcoming';
const table = (page: Page, tab: Tab = 'Active') =>
  page.getByRole('table', { name: `${tab} private sales` });
const names = (page: Page, tab: Tab = 'Active') => table(page, tab).getByRole('rowheader');
const rowOf = (page: Page, name: string) =>
  table(page)
    .locator('tbody tr')
    .filter({ has: page.getByRole('rowheader', { name, exact: true }) });
const showMore = (page: Page) => page.getByRole('button', { name: 'Show More' });
const search = (page: Page) => page.getByRole('searchbox', { name: 'Token name' });
const roundSelect = (page: Page) => page.getByRole('combobox', { name: 'Round' });
const isActiveList = (url: URL) => url.pathname === apiPaths.ico.active;

test.describe('Private sale list (/private-sale)', () => {
  test('Active tab: the columns, 50 rows, then Show More until a short page comes back', async ({
    page,
  }) => {
    await page.goto('/private-sale');
    await expect(page.getByRole('tab', { name: 'Active' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(table(page).getByRole('columnheader')).toHaveText([
      'Project Name',
      'Round',
      'Total Raised',
      'Pre-Valuation',
      'Categories',
      'Date',
    ]);
    await expect(names(page)).toHaveCount(ICO_PAGE_SIZE);
    // Figures are formatted: compact USD, dates like '14 Oct 2026'.
    const firstRow = table(page).locator('tbody tr').first();
    await expect(firstRow.locator('td').nth(1)).toHaveText(/^\$[\d.]+[KMB]?$/);
    await expect(firstRow.locator('td').nth(4)).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);

    await showMore(page).click();
    await expect(names(page)).toHaveCount(ACTIVE_TOTAL);
    await expect(showMore(page)).toHaveCount(0);
  });

  test('Upcoming tab lists its own projects and pages them too', async ({ page, request }) => {
    const upcoming = await allProjects(request, 'upcoming');
    expect(upcoming).toHaveLength(UPCOMING_TOTAL);
    await page.goto('/private-sale');
    await expect(names(page)).toHaveCount(ICO_PAGE_SIZE);

    await page.getByRole('tab', { name: 'Upcoming' }).click();
    await expect(page.getByRole('tab', { name: 'Upcoming' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(names(page, 'Upcoming')).toHaveCount(ICO_PAGE_SIZE);
    await expect(names(page, 'Upcoming').first()).toHaveText(upcoming[0]?.tokenName ?? '');
    await showMore(page).click();
    await expect(names(page, 'Upcoming')).toHaveCount(UPCOMING_TOTAL);
    await expect(showMore(page)).toHaveCount(0);
  });

  test('search by token name: case-insensitive, on every keystroke, and per tab', async ({
    page,
    request,
  }) => {
    const { word, names: expected } = await sharedWord(request);
    await page.goto('/private-sale');
    await expect(names(page)).toHaveCount(ICO_PAGE_SIZE);
    await search(page).pressSequentially(word.toUpperCase());
    await expect(names(page)).toHaveText(expected, { useInnerText: true });
    await expect(showMore(page)).toHaveCount(0);

    await search(page).fill('no such project');
    await expect(table(page)).toContainText('No data found');

    // The other tab has its own search box, empty; each keeps its text.
    await page.getByRole('tab', { name: 'Upcoming' }).click();
    await expect(search(page)).toHaveValue('');
    await expect(names(page, 'Upcoming')).toHaveCount(ICO_PAGE_SIZE);
    await page.getByRole('tab', { name: 'Active' }).click();
    await expect(search(page)).toHaveValue('no such project');
  });

  test('results follow the latest keystroke even when an earlier answer is slower', async ({
    page,
    request,
  }) => {
    const { word, names: expected } = await sharedWord(request);
    const first = word.slice(0, 1);
    let released = false;
    // Hold back the answer for the first letter until the whole word has been answered.
    await page.route(
      (url) => isActiveList(url) && url.searchParams.get('tokenName') === first,
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        released = true;
        await route.continue().catch(() => undefined);
      },
    );
    await page.goto('/private-sale');
    await expect(names(page)).toHaveCount(ICO_PAGE_SIZE);
    await search(page).pressSequentially(word, { delay: 50 });
    await expect(names(page)).toHaveText(expected, { useInnerText: true });
    await expect.poll(() => released).toBe(true);
    await page.waitForTimeout(300);
    await expect(names(page)).toHaveText(expected, { useInnerText: true });
  });

  test('round filter: rounds load on first focus; a round narrows the list; All widens it', async ({
    page,
    request,
  }) => {
    const active = await allProjects(request, 'active');
    const rounds = [
      ...new Set(active.map((item) => item.Round).filter(Boolean)),
    ].sort() as string[];
    const round = rounds.find((value) => {
      const count = active.filter((item) => item.Round === value).length;
      return count > 0 && count < ICO_PAGE_SIZE;
    });
    if (!round) throw new Error('no round with fewer than a page of projects');
    const inRound = active.filter((item) => item.Round === round);

    const roundCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(apiPaths.ico.activeRounds)) roundCalls.push(request.url());
    });
    await page.goto('/private-sale');
    await expect(names(page)).toHaveCount(ICO_PAGE_SIZE);
    await expect(roundSelect(page).locator('option')).toHaveText(['Select a round', 'All']);
    expect(roundCalls).toHaveLength(0);

    await roundSelect(page).focus();
    await expect(roundSelect(page).locator('option')).toHaveText([
      'Select a round',
      'All',
      ...rounds,
    ]);
    expect(roundCalls).toHaveLength(1);

    await roundSelect(page).selectOption(round);
    await expect(names(page)).toHaveText(
      inRound.map((item) => item.tokenName),
      { useInnerText: true },
    );
    await expect(table(page).locator('tbody tr td:nth-of-type(1)')).toHaveText(
      inRound.map(() => round),
    );

    // Search and round together.
    const word = inRound[0]?.tokenName.split(' ')[0] ?? '';
    await search(page).fill(word);
    await expect(names(page)).toHaveText(
      inRound
        .filter((item) => item.tokenName.toLowerCase().includes(word.toLowerCase()))
        .map((item) => item.tokenName),
      { useInnerText: true },
    );

    await search(page).fill('');
    await roundSelect(page).selectOption('All');
    await expect(names(page)).toHaveCount(ICO_PAGE_SIZE);
    await expect(showMore(page)).toBeVisible();
    expect(roundCalls).toHaveLength(1);
  });

  test('shows skeleton rows while loading and a red error text when the list fails', async ({
    page,
  }) => {
    let fail = false;
    await page.route(isActiveList, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      if (fail) {
        await route.fulfill({ status: 503, json: { message: 'Private sales are resting.' } });
      } else {
        await route.continue();
      }
    });
    await page.goto('/private-sale');
    await expect(table(page).getByTestId('skeleton-row').first()).toBeVisible();
    await expect(table(page).getByTestId('skeleton-row')).toHaveCount(10);
    await expect(names(page)).toHaveCount(ICO_PAGE_SIZE);

    fail = true;
    await search(page).fill('zz');
    const error = table(page).getByRole('alert');
    await expect(error).toHaveText('Private sales are resting.');
    await expect(error).toHaveCSS('color', 'rgb(255, 92, 108)');
  });

  test('a project without an image, or whose image fails, shows the default image', async ({
    page,
    request,
  }) => {
    const noImage = (await allProjects(request, 'active')).find((item) => item.image === null);
    if (!noImage) throw new Error('the snapshot has no active project without an image');
    await page.goto('/private-sale');
    await search(page).fill(noImage.tokenName);
    const image = rowOf(page, noImage.tokenName).locator('img');
    await expect(image).toHaveAttribute('src', ICO_DEFAULT_IMAGE);
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);

    const withImage = (await uniquelyNamedProjects(request)).find((item) => item.image !== null);
    if (!withImage) throw new Error('no project with an image');
    await page.route('**/api/ico/images/**', (route) => route.fulfill({ status: 404 }));
    await search(page).fill(withImage.tokenName);
    await expect(names(page)).toHaveText([withImage.tokenName], { useInnerText: true });
    await expect(rowOf(page, withImage.tokenName).locator('img')).toHaveAttribute(
      'src',
      ICO_DEFAULT_IMAGE,
    );
  });

  test('clicking a row loads the project and opens /PS-detail with its id', async ({ page }) => {
    await page.goto('/private-sale');
    // The tab may show the previous list while its own loads: read the row once it has arrived.
    const upcomingLoaded = page.waitForResponse((response) =>
      response.url().includes(apiPaths.ico.upcoming),
    );
    await page.getByRole('tab', { name: 'Upcoming' }).click();
    await upcomingLoaded;
    const first = names(page, 'Upcoming').first();
    await expect(names(page, 'Upcoming')).toHaveCount(ICO_PAGE_SIZE);
    const name = (await first.innerText()).trim();
    // Anywhere on the row, not only the name.
    await table(page, 'Upcoming').locator('tbody tr').first().locator('td').nth(2).click();
    await expect(page).toHaveURL(/\/PS-detail\?id=[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('Upcoming sale')).toBeVisible();
  });

  test('keyboard: search, round and the first project are reachable, Enter opens it', async ({
    page,
  }) => {
    await page.goto('/private-sale');
    await expect(names(page)).toHaveCount(ICO_PAGE_SIZE);
    await search(page).focus();
    await page.keyboard.press('Tab');
    await expect(roundSelect(page)).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(names(page).first().getByRole('link')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/PS-detail\?id=/);
  });
});

test.describe('Private sale list at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('fits the screen; the table scrolls inside its frame', async ({ page }) => {
    await page.goto('/private-sale');
    await expect(names(page)).toHaveCount(ICO_PAGE_SIZE);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(search(page)).toBeVisible();
    await expect(roundSelect(page)).toBeVisible();
  });
});
