import type { Page, Route } from '@playwright/test';
import { percentColour, tokenListResponseSchema } from '@vaultscope/core';
import { expect, test } from './support/fixtures';
import { dexList, TOKEN_COLUMNS } from './support/tokens';

const dexTable = (page: Page) => page.getByTestId('dex-table');
const dexRows = (page: Page) => dexTable(page).getByTestId('token-row');
const topGainers = (page: Page) => page.getByTestId('slider-top-gainers');
const newPools = (page: Page) => page.getByTestId('slider-new-pools');
const listPath = (path: string) => (url: URL) => url.pathname === path;
const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test.describe('DEX (/DEX)', () => {
  test('a full-screen spinner shows while nothing has loaded, then the page', async ({ page }) => {
    const slow = async (route: Route) => {
      await later(1000);
      await route.continue();
    };
    for (const path of ['/check-token', '/fetch-top', '/new-pools']) {
      await page.route(listPath(path), slow);
    }
    await page.goto('/DEX');
    await expect(page.getByRole('status', { name: 'Loading tokens' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Top Gainers' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Top Gainers' })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading tokens' })).toHaveCount(0);
  });

  test('the table shows 15 skeleton rows while it loads', async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(listPath('/check-token'), async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/DEX');
    await expect(topGainers(page).getByTestId('token-card').first()).toBeVisible();
    await expect(dexTable(page).getByTestId('skeleton-row')).toHaveCount(15);
    release();
    await expect(dexRows(page)).toHaveCount(20);
    await expect(dexTable(page).getByTestId('skeleton-row')).toHaveCount(0);
  });

  test('the sliders group cards two per slide, top gainers by 24 h change', async ({
    page,
    request,
  }) => {
    const expected = await dexList(request, '/fetch-top', 'page=1&page_size=20');
    await page.goto('/DEX');
    const slider = topGainers(page);
    await expect(slider.getByTestId('token-card')).toHaveCount(expected.tokenDetails.length);
    const slides = slider.getByRole('group');
    await expect(slides).toHaveCount(Math.ceil(expected.tokenDetails.length / 2));
    await expect(slides.first()).toHaveAttribute('aria-label', `1 of ${await slides.count()}`);
    await expect(slides.first().getByTestId('token-card')).toHaveCount(2);
    await expect(slider.getByTestId('token-card').first()).toContainText(
      expected.tokenDetails[0]?.CoinName ?? '',
    );
    const changes = expected.tokenDetails.map((token) => token.pricePercentage.h24 ?? 0);
    expect([...changes].sort((a, b) => b - a)).toEqual(changes);

    // Three slides in view at 1280 px: the fourth is off to the right until Next.
    await expect(slider).toHaveAttribute('data-slides-to-show', '3');
    await expect(slides.nth(2)).toBeInViewport();
    await expect(slides.nth(3)).not.toBeInViewport();
    const previous = slider.getByRole('button', { name: 'Previous Top Gainers' });
    const next = slider.getByRole('button', { name: 'Next Top Gainers' });
    await expect(previous).toBeDisabled();
    await next.click();
    await expect(slides.nth(3)).toBeInViewport();
    await expect(previous).toBeEnabled();
    await previous.click();
    await expect(slides.nth(0)).toBeInViewport({ ratio: 0.9 });

    await expect(newPools(page).getByTestId('token-card').first()).toBeVisible();
  });

  test('the number of slides follows the breakpoints 320, 480, 768 and 1080', async ({ page }) => {
    await page.goto('/DEX');
    const slider = topGainers(page);
    await expect(slider.getByTestId('token-card').first()).toBeVisible();
    for (const [width, slides] of [
      [320, '1'],
      [480, '1'],
      [600, '2'],
      [768, '2'],
      [900, '3'],
      [1080, '3'],
      [1280, '3'],
    ] as const) {
      await page.setViewportSize({ width, height: 800 });
      await expect(slider).toHaveAttribute('data-slides-to-show', slides);
      const widths = await slider
        .getByRole('group')
        .evaluateAll((groups) =>
          groups.slice(0, 3).map((group) => group.getBoundingClientRect().width),
        );
      const track = await slider.getByRole('region').evaluate((element) => element.clientWidth);
      // Each slide takes its share of the track.
      expect(Math.round((widths[0] ?? 0) * Number(slides))).toBeLessThanOrEqual(track);
      expect((widths[0] ?? 0) * Number(slides)).toBeGreaterThan(track * 0.85);
    }
  });

  test("an empty slider says 'No data found'", async ({ page }) => {
    await page.route(listPath('/new-pools'), (route) =>
      route.fulfill({ json: { tokenDetails: [], totalPages: 0, page: 1, page_size: 20 } }),
    );
    await page.goto('/DEX');
    await expect(newPools(page)).toContainText('No data found');
    await expect(topGainers(page).getByTestId('token-card').first()).toBeVisible();
  });

  test('the table has the spec columns, red and green changes, and Show More', async ({ page }) => {
    await page.goto('/DEX');
    await expect(dexTable(page).getByRole('columnheader')).toHaveText(TOKEN_COLUMNS);
    await expect(dexRows(page)).toHaveCount(20);

    // 5M, 1H, 6H and 24H are the 5th to 8th cells: negative red, the rest green.
    const cells = await dexRows(page).evaluateAll((rows) =>
      rows.flatMap((row) =>
        Array.from(row.children)
          .slice(4, 8)
          .map((cell) => ({ text: cell.textContent ?? '', className: cell.className })),
      ),
    );
    let negatives = 0;
    for (const cell of cells) {
      if (cell.text === '-') continue;
      const colour = percentColour(Number.parseFloat(cell.text));
      if (colour === 'red') negatives += 1;
      expect(cell.className).toBe(colour === 'red' ? 'down' : 'up');
    }
    expect(negatives).toBeGreaterThan(0);

    const secondPage = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/check-token' &&
        new URL(response.url()).searchParams.get('page') === '2',
    );
    await page.getByRole('button', { name: 'Show More' }).click();
    const body = tokenListResponseSchema.parse(await (await secondPage).json());
    await expect(dexRows(page)).toHaveCount(20 + body.tokenDetails.length);
    await expect(dexRows(page).nth(20).getByRole('rowheader')).toContainText(
      body.tokenDetails[0]?.CoinName ?? '',
    );
  });

  test('Show More disappears when a page comes back short', async ({ page }) => {
    // The second page is cut to 5 rows: fewer than the page size means it was the last.
    await page.route(listPath('/check-token'), async (route) => {
      const url = new URL(route.request().url());
      if (url.searchParams.get('page') !== '2') return route.continue();
      const response = await route.fetch();
      const body = tokenListResponseSchema.parse(await response.json());
      return route.fulfill({
        response,
        json: { ...body, tokenDetails: body.tokenDetails.slice(0, 5) },
      });
    });
    await page.goto('/DEX');
    await expect(dexRows(page)).toHaveCount(20);
    await page.getByRole('button', { name: 'Show More' }).click();
    await expect(dexRows(page)).toHaveCount(25);
    await expect(page.getByRole('button', { name: 'Show More' })).toHaveCount(0);
  });

  test('a coin name opens its detail; Solana names are plain text', async ({ page }) => {
    await page.goto('/DEX');
    await expect(dexRows(page)).toHaveCount(20);
    const solana = dexRows(page).and(page.locator('[data-chain="solana"]')).first();
    await expect(solana.getByRole('link')).toHaveCount(0);

    const evm = dexRows(page).and(page.locator(':not([data-chain="solana"])')).first();
    const name = (await evm.locator('.token-cell__name').textContent()) ?? '';
    await evm.getByRole('link', { name }).click();
    await expect(page).toHaveURL(/\/details\/0x[0-9a-fA-F]{40}\?chainName=[a-z_]+$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });

  test('the declared routes reuse the DEX page', async ({ page }) => {
    for (const path of ['/newpools', '/dexxxx', '/listView', '/card', '/filter']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Top Gainers' })).toBeVisible();
      await expect(dexRows(page).first()).toBeVisible();
    }
  });

  test('New Pools cards open /newdetail', async ({ page }) => {
    await page.goto('/DEX');
    const card = newPools(page)
      .getByTestId('token-card')
      .filter({ has: page.getByRole('link') })
      .first();
    const name = (await card.locator('.token-card__name').textContent()) ?? '';
    await card.getByRole('link').click();
    await expect(page).toHaveURL(/\/newdetail\/0x[0-9a-fA-F]{40}\?chainName=[a-z_]+$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByTestId('detail-fdv')).toBeVisible();
  });
});
