import type { Page } from '@playwright/test';
import { formatUsdCompact } from '@vaultscope/core';
import { expect, test } from './support/fixtures';
import { cexTokens, TOKEN_COLUMNS } from './support/tokens';

const cexTable = (page: Page) => page.getByTestId('cex-table');
const cexRows = (page: Page) => cexTable(page).getByTestId('token-row');
/** The coin-name link of the row whose name is exactly `name`. */
const nameLink = (page: Page, name: string) =>
  cexTable(page)
    .getByRole('rowheader')
    .filter({ has: page.getByText(name, { exact: true }) })
    .getByRole('link');

test.describe('CEX (/CEX, /exchange) and the price page', () => {
  test('the CEX token table: columns, 20 rows, Show More', async ({ page, request }) => {
    const coins = await cexTokens(request);
    await page.goto('/CEX');
    await expect(page.getByRole('tab', { name: 'Tokens' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(cexTable(page).getByRole('columnheader')).toHaveText(TOKEN_COLUMNS);
    await expect(cexRows(page)).toHaveCount(20);
    await expect(cexRows(page).first().getByRole('rowheader')).toContainText(
      coins[0]?.CoinName ?? '',
    );
    await page.getByRole('button', { name: 'Show More' }).click();
    await expect(cexRows(page)).toHaveCount(40);
  });

  test("on a phone, the first page's later rows do not move the rows already drawn", async ({
    page,
  }) => {
    // The rows come a few at a time; a column widened by a later row moved every cell right of it.
    await page.setViewportSize({ width: 412, height: 823 });
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number }[]) {
          shifts.push(entry.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/CEX');
    await expect(cexRows(page)).toHaveCount(20);
    // A frame or two for the last rows' layout to be reported.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    const shifts = await page.evaluate(
      () => (window as unknown as { layoutShifts: number[] }).layoutShifts,
    );
    expect(shifts).toEqual([]);
  });

  test('the price cell opens /price/{tokenAddress} with the coin figures', async ({
    page,
    request,
  }) => {
    const coin = (await cexTokens(request))[0];
    if (!coin) throw new Error('No CEX coins');
    await page.goto('/CEX');
    const price = formatUsdCompact(coin.price);
    await cexRows(page)
      .first()
      .getByRole('link', { name: `${coin.CoinName} price ${price}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/price/${coin.tokenAddress}$`));
    await expect(page.getByRole('heading', { level: 1, name: coin.CoinName })).toBeVisible();
    await expect(page.getByTestId('cex-price')).toContainText('$');
    const figures = page.getByRole('definition');
    await expect(figures.first()).toBeVisible();
    for (const label of ['1H', '24H', '7D', 'Market cap', 'FDV', '24h volume', 'Max supply']) {
      await expect(page.getByRole('term').filter({ hasText: label }).first()).toBeVisible();
    }
    await expect(page.getByText(formatUsdCompact(coin.Mcap)).first()).toBeVisible();
  });

  test('a coin that is not there says so', async ({ page }) => {
    await page.goto('/price/no-such-coin-anywhere');
    await expect(page.getByText('Coin not found.')).toBeVisible();
  });

  test('coin names open the detail on a research chain, else the price page', async ({
    page,
    request,
  }) => {
    const coins = await cexTokens(request);
    await page.goto('/CEX');
    await expect(cexRows(page)).toHaveCount(20);
    const chainless = coins.find((coin) => coin.chainName === null);
    if (chainless) {
      await expect(nameLink(page, chainless.CoinName)).toHaveAttribute(
        'href',
        `/price/${chainless.tokenAddress}`,
      );
    }
    const onChain = coins.find((coin) => coin.chainName !== null);
    if (onChain) {
      await expect(nameLink(page, onChain.CoinName)).toHaveAttribute(
        'href',
        `/details/${onChain.tokenAddress}?chainName=${onChain.chainName ?? ''}`,
      );
    }
    expect(chainless ?? onChain).toBeTruthy();
  });

  test('the sample-transactions tab: 20 samples after 1 s, local hearts and the toggle', async ({
    page,
  }) => {
    await page.goto('/CEX');
    await page.getByRole('tab', { name: 'Sample transactions' }).click();
    const samples = page.getByTestId('cex-samples');
    await expect(page.getByText('Illustration data, not real activity.')).toBeVisible();
    const rows = samples.getByTestId('sample-row');
    await expect(rows).toHaveCount(0);
    await expect(rows).toHaveCount(20);
    await expect(samples).toContainText('Deposit');
    await expect(samples).toContainText('Withdrawal');
    await expect(samples).toContainText('Trade');

    await rows
      .nth(1)
      .getByRole('button', { name: /as favourite$/ })
      .click();
    await rows
      .nth(4)
      .getByRole('button', { name: /as favourite$/ })
      .click();
    await expect(rows.nth(1).getByRole('button', { name: /^Unmark/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.getByRole('button', { name: 'Show Favorites' }).click();
    await expect(rows).toHaveCount(2);
    await page.getByRole('button', { name: 'Show All Transactions' }).click();
    await expect(rows).toHaveCount(20);
  });

  test('/exchange shows the CEX table', async ({ page }) => {
    await page.goto('/exchange');
    await expect(page.getByRole('table', { name: 'CEX tokens' })).toBeVisible();
    await expect(cexRows(page)).toHaveCount(20);
  });
});
