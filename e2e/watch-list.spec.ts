import type { Page } from '@playwright/test';
import {
  apiPaths,
  formatUsdCompact,
  loginResponseSchema,
  tokenListResponseSchema,
  type IcoListItem,
} from '@vaultscope/core';
import { createUser, expect, expectToast, logIn, test } from './support/fixtures';
import { displayDate, uniquelyNamedProjects } from './support/ico';

const tab = (page: Page, name: 'DEX' | 'CEX' | 'ICO') => page.getByRole('tab', { name });
const icoTable = (page: Page) => page.getByRole('table', { name: 'ICO watch list' });

/** Favourites a project from its page, reached through the list as a visitor would. */
async function favouriteFromDetail(page: Page, name: string) {
  await page.goto('/private-sale');
  await page.getByRole('searchbox', { name: 'Token name' }).fill(name);
  const list = page.getByRole('table', { name: 'Active private sales' });
  await expect(list.getByRole('rowheader')).toHaveText([name], { useInnerText: true });
  await list.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('button', { name: `Add ${name} to favourites` }).click();
  await expectToast(page, 'Added to your watch list');
  await expect(
    page.getByRole('button', { name: `Remove ${name} from favourites` }),
  ).toHaveAttribute('aria-pressed', 'true');
}

/** The ICO tab's cells of a project: Round, Total Raised, Pre-Valuation, Category, Date, action. */
const icoCells = (item: IcoListItem) => [
  item.Round ?? '-',
  formatUsdCompact(item.totalRaised),
  formatUsdCompact(item.preValuation),
  item.category,
  item.Date ? displayDate(item.Date) : '-',
  '',
];

test.describe('My Watchlist (/watch-list)', () => {
  test('a visitor is asked to log in', async ({ page }) => {
    await page.goto('/watch-list');
    await expect(page.getByTestId('page-header')).toContainText('My Watchlist');
    await expect(page.getByText('Log in to see your watch list.')).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("an empty list says 'Data not available' on every tab, with the spec's columns", async ({
    page,
    request,
  }) => {
    const user = await createUser(request, 'watch-empty');
    await logIn(page, user);
    await page.goto('/watch-list');
    await expect(tab(page, 'DEX')).toHaveAttribute('aria-selected', 'true');
    const dex = page.getByRole('table', { name: 'DEX watch list' });
    await expect(dex.getByRole('columnheader')).toHaveText([
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
    await expect(dex).toContainText('Data not available');
    await tab(page, 'CEX').click();
    await expect(page.getByRole('table', { name: 'CEX watch list' })).toContainText(
      'Data not available',
    );
    await tab(page, 'ICO').click();
    await expect(icoTable(page).getByRole('columnheader')).toHaveText([
      'Token Name',
      'Round',
      'Total Raised',
      'Pre-Valuation',
      'Category',
      'Date',
      'Actions',
    ]);
    await expect(icoTable(page)).toContainText('Data not available');
  });

  test('skeleton rows have 12 columns on DEX and 6 on ICO while the list loads', async ({
    page,
    request,
  }) => {
    const user = await createUser(request, 'watch-skeleton');
    await logIn(page, user);
    await page.route('**/api/watchlist/get-all-watchlist/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue().catch(() => undefined);
    });
    await page.goto('/watch-list');
    const skeletonCells = page.getByTestId('skeleton-row').first().locator('.skeleton');
    await expect(skeletonCells).toHaveCount(12);
    await tab(page, 'ICO').click();
    await expect(skeletonCells).toHaveCount(6);
  });

  test('favouriting a project puts it in the ICO tab; it opens from there and can be removed', async ({
    page,
    request,
  }) => {
    const [project] = await uniquelyNamedProjects(request);
    if (!project) throw new Error('no project');
    const name = project.tokenName;
    const user = await createUser(request, 'watch-ico');
    await logIn(page, user);
    await favouriteFromDetail(page, name);
    const detailUrl = page.url();

    // The heart is read from the server: still on after a reload.
    await page.reload();
    await expect(
      page.getByRole('button', { name: `Remove ${name} from favourites` }),
    ).toHaveAttribute('aria-pressed', 'true');

    await page.goto('/watch-list');
    await tab(page, 'ICO').click();
    const row = icoTable(page).getByRole('row', {
      name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    });
    await expect(row.getByRole('cell')).toHaveText(icoCells(project));

    // Clicking the row opens the project.
    await row.getByRole('cell').nth(1).click();
    await expect(page).toHaveURL(detailUrl);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    await page.goBack();
    await tab(page, 'ICO').click();
    await icoTable(page)
      .getByRole('button', { name: `Remove ${name} from watch list` })
      .click();
    await expectToast(page, 'Removed from your watch list');
    await expect(icoTable(page)).toContainText('Data not available');

    await page.goto(detailUrl);
    await expect(page.getByRole('button', { name: `Add ${name} to favourites` })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  test('pressing the heart again takes the project off the watch list', async ({
    page,
    request,
  }) => {
    const [kept, dropped] = await uniquelyNamedProjects(request);
    if (!kept || !dropped) throw new Error('too few projects');
    const user = await createUser(request, 'watch-toggle');
    await logIn(page, user);
    await favouriteFromDetail(page, kept.tokenName);
    await favouriteFromDetail(page, dropped.tokenName);
    await page.getByRole('button', { name: `Remove ${dropped.tokenName} from favourites` }).click();
    await expectToast(page, 'Removed from your watch list');
    await expect(
      page.getByRole('button', { name: `Add ${dropped.tokenName} to favourites` }),
    ).toBeVisible();

    await page.goto('/watch-list');
    await tab(page, 'ICO').click();
    await expect(icoTable(page).getByRole('rowheader')).toHaveText([kept.tokenName], {
      useInnerText: true,
    });
  });

  test("a failed removal says 'Unable to delete watchlist at this time. Please try again later.'", async ({
    page,
    request,
  }) => {
    const [project] = await uniquelyNamedProjects(request);
    if (!project) throw new Error('no project');
    const user = await createUser(request, 'watch-fail');
    await logIn(page, user);
    await favouriteFromDetail(page, project.tokenName);
    await page.route('**/api/watchlist/delete-watchlist', (route) =>
      route.fulfill({ status: 500, json: { message: 'Internal Server Error' } }),
    );
    await page.goto('/watch-list');
    await tab(page, 'ICO').click();
    await icoTable(page)
      .getByRole('button', { name: `Remove ${project.tokenName} from watch list` })
      .click();
    await expectToast(page, 'Unable to delete watchlist at this time. Please try again later.');
    await expect(icoTable(page).getByRole('rowheader')).toHaveText([project.tokenName], {
      useInnerText: true,
    });
  });

  test('DEX tab: token rows from favourites; a Solana row is not clickable, others open their detail', async ({
    page,
    request,
  }) => {
    const list = await request.get('/check-token?page=1&page_size=50');
    expect(list.ok()).toBe(true);
    const tokens = tokenListResponseSchema.parse(await list.json()).tokenDetails;
    const evm = tokens.find((token) => token.chainName !== 'solana');
    const solana = tokens.find((token) => token.chainName === 'solana');
    if (!evm || !solana) throw new Error('the DEX list has no EVM or no Solana token');

    const user = await createUser(request, 'watch-dex');
    const login = await request.post(apiPaths.login, {
      data: { email: user.email, password: user.password },
    });
    const { token } = loginResponseSchema.parse(await login.json()).data;
    for (const item of [evm, solana]) {
      const response = await request.post(apiPaths.favourites.toggle, {
        data: { itemId: item.id, type: 'DEX', userId: user.id },
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(response.ok(), await response.text()).toBe(true);
    }

    await logIn(page, user);
    await page.goto('/watch-list');
    const dex = page.getByRole('table', { name: 'DEX watch list' });
    await expect(dex.getByRole('rowheader')).toHaveCount(2);
    const solanaRow = dex.locator('tbody tr').filter({ hasText: solana.CoinName });
    await expect(solanaRow.getByRole('link')).toHaveCount(0);
    await solanaRow.locator('td').nth(2).click();
    await expect(page).toHaveURL(/\/watch-list$/);

    const evmRow = dex.locator('tbody tr').filter({ hasText: evm.CoinName });
    await evmRow.locator('td').nth(2).click();
    await expect(page).toHaveURL(
      new RegExp(`/details/${evm.tokenAddress}\\?chainName=${evm.chainName}$`),
    );

    await page.goBack();
    await dex.getByRole('button', { name: `Remove ${solana.CoinName} from watch list` }).click();
    await expectToast(page, 'Removed from your watch list');
    await expect(dex.getByRole('rowheader')).toHaveCount(1);
  });
});
