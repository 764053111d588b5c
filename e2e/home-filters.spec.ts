import type { Page, Response } from '@playwright/test';
import { tokenListResponseSchema } from '@vaultscope/core';
import { expect, test } from './support/fixtures';

const AMOUNT_BANDS = ['All', '10k-100k', '100k-500k', '500k-1M', 'greater than 1M'];

const isList = (path: string) => (response: Response) =>
  new URL(response.url()).pathname === path && response.request().method() === 'GET';

const dexRows = (page: Page) => page.getByTestId('dex-table').getByTestId('token-row');

test.describe('Home: top strip, chain selector and Advanced Filters', () => {
  test('the strip leads to the scam check, and both jump buttons reach the top gainers', async ({
    page,
  }) => {
    await page.goto('/home');
    const strip = page.getByRole('navigation', { name: 'Research shortcuts' });
    const heading = page.getByRole('heading', { name: 'Top Gainers', level: 2 });
    await expect(
      page.getByTestId('slider-top-gainers').getByTestId('token-card').first(),
    ).toBeVisible();

    for (const button of ['Top Gainers', 'New Pools']) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await strip.getByRole('button', { name: button }).click();
      await expect(heading).toBeInViewport();
      await expect(heading).toBeFocused();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    }

    await strip.getByRole('link', { name: 'Check Scammer Identifier' }).click();
    await expect(page).toHaveURL(/\/check-scam$/);
    await expect(page.getByRole('heading', { name: 'CHECK SCAMMER IDENTIFIER' })).toBeVisible();
  });

  test('the chain selector offers the spec chains and filters every list at once', async ({
    page,
  }) => {
    await page.goto('/home');
    const chains = page.getByRole('group', { name: 'Chain' });
    await expect(chains.getByRole('button')).toHaveText([
      'All',
      'Ethereum',
      'Solana',
      'Binance',
      'Avalanche',
      'Polygon',
    ]);
    await expect(chains.getByRole('button', { name: 'All' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(dexRows(page)).toHaveCount(20);

    for (const [label, code] of [
      ['Solana', 'solana'],
      ['Polygon', 'polygon_pos'],
    ] as const) {
      const answer = page.waitForResponse(
        (response) =>
          isList('/check-token')(response) &&
          new URL(response.url()).searchParams.get('chainName') === code,
      );
      await chains.getByRole('button', { name: label }).click();
      await expect(chains.getByRole('button', { name: label })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      const body = tokenListResponseSchema.parse(await (await answer).json());
      expect(body.tokenDetails.length).toBeGreaterThan(0);
      await expect(dexRows(page)).toHaveCount(body.tokenDetails.length);
      const shown = await dexRows(page).evaluateAll((rows) =>
        rows.map((row) => row.getAttribute('data-chain')),
      );
      expect(new Set(shown)).toEqual(new Set([code]));
      await expect(
        page.getByTestId('slider-top-gainers').getByTestId('token-card').first(),
      ).toContainText(label);
    }

    // Solana coin names are not clickable on the lists; the others open their detail.
    await expect(dexRows(page).first().getByRole('link')).toHaveCount(1);
    await expect(dexRows(page).first().getByRole('link')).toHaveAttribute(
      'href',
      /^\/details\/0x[0-9a-fA-F]{40}\?chainName=polygon_pos$/,
    );
    await chains.getByRole('button', { name: 'Solana' }).click();
    await expect(dexRows(page).first()).toHaveAttribute('data-chain', 'solana');
    await expect(dexRows(page).first().getByRole('link')).toHaveCount(0);
  });

  test('Advanced Filters use the spec bands; Search reads Searching... while it loads', async ({
    page,
  }) => {
    await page.goto('/home');
    const panel = page.getByRole('form', { name: 'Advanced Filters' });
    await expect(panel.getByLabel('Age').locator('option')).toHaveText([
      'All',
      '0-1hr',
      '1hr-24hr',
      '1 week',
      '1 month',
    ]);
    await expect(panel.getByLabel('Score').locator('option')).toHaveText([
      'All',
      'greater than 70',
      'less than 60',
      'greater than 80',
    ]);
    await expect(panel.getByLabel('Liquidity').locator('option')).toHaveText(AMOUNT_BANDS);
    await expect(panel.getByLabel('Volume').locator('option')).toHaveText(AMOUNT_BANDS);
    await expect(dexRows(page)).toHaveCount(20);

    // Slow the table's list down so that the loading state can be seen.
    await page.route(
      (url) => url.pathname === '/check-token',
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1200));
        await route.continue();
      },
    );
    await panel.getByLabel('Score').selectOption({ label: 'greater than 80' });
    await panel.getByLabel('Liquidity').selectOption({ label: 'greater than 1M' });
    const answer = page.waitForResponse(isList('/check-token'));
    await panel.getByRole('button', { name: 'Search' }).click();
    await expect(panel.getByRole('button', { name: 'Searching...' })).toBeDisabled();

    const response = await answer;
    const query = new URL(response.url()).searchParams;
    expect(Object.fromEntries(query)).toEqual({
      page: '1',
      page_size: '20',
      score: 'gt80',
      liquidity: 'gt1m',
    });
    const body = tokenListResponseSchema.parse(await response.json());
    expect(body.tokenDetails.length).toBeGreaterThan(0);
    for (const token of body.tokenDetails) {
      expect(token.score).toBeGreaterThan(80);
      expect(token.liquidity).toBeGreaterThanOrEqual(1_000_000);
    }
    await expect(panel.getByRole('button', { name: 'Search' })).toBeEnabled();
    await expect(dexRows(page).first().getByRole('rowheader')).toContainText(
      body.tokenDetails[0]?.CoinName ?? '',
    );

    // The panel folds away and opens again.
    const toggle = page.getByRole('button', { name: 'Advanced Filters' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(panel).toBeHidden();
    await toggle.click();
    await expect(panel.getByLabel('Score')).toHaveValue('gt80');
  });
});
