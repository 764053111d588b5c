import { expect, test, topBar } from './support/fixtures';

test.describe('Declared routes and the wallet frames', () => {
  test('/private-sale has Active and Upcoming tabs', async ({ page }) => {
    await page.goto('/private-sale');
    await expect(page.getByRole('tab', { name: 'Active' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.getByRole('tab', { name: 'Upcoming' }).click();
    await expect(page.getByRole('tab', { name: 'Upcoming' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('table', { name: 'Upcoming private sales' })).toBeVisible();
  });

  test('/PS-detail without project data says so', async ({ page }) => {
    await page.goto('/PS-detail');
    await expect(page.getByText('Invalid request. No coin data available.')).toBeVisible();
  });

  test('/connect-wal has no top bar and a way back home', async ({ page }) => {
    await page.goto('/connect-wal');
    await expect(topBar(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Connect Wallet' })).toBeVisible();
    await page.getByRole('link', { name: 'Close' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  const DECLARED: Array<[string, string]> = [
    ['/newpools', 'Top Gainers'],
    ['/dexxxx', 'Top Gainers'],
    ['/listView', 'Top Gainers'],
    ['/card', 'Top Gainers'],
    ['/filter', 'Top Gainers'],
    ['/active-coin', 'Private Sale'],
    ['/upcoming-coin', 'Private Sale'],
  ];
  for (const [path, heading] of DECLARED) {
    test(`declared route ${path} shows the matching list page`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    });
  }

  test('declared route /exchange shows the CEX list', async ({ page }) => {
    await page.goto('/exchange');
    await expect(page.getByRole('table', { name: 'CEX tokens' })).toBeVisible();
  });

  test('/upcoming-coin opens on the Upcoming tab', async ({ page }) => {
    await page.goto('/upcoming-coin');
    await expect(page.getByRole('tab', { name: 'Upcoming' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  for (const path of [
    '/newdetail/0xabc',
    '/price/0xabc',
    '/detail-view',
    '/history',
    '/watch-list',
    '/vaultscope-wallet',
    '/CEX',
  ]) {
    test(`${path} renders its frame`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('#page-title')).toBeAttached();
      await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
    });
  }
});
