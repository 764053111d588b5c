import { expect, test, topBar } from './support/fixtures';

test.describe('Research and wallet screens (frames until their issues land)', () => {
  test('/check-scam: title, chain select defaulting to Ethereum, and a close link home', async ({
    page,
  }) => {
    await page.goto('/check-scam');
    await expect(page.getByRole('heading', { name: 'CHECK SCAMMER IDENTIFIER' })).toBeVisible();
    await expect(page.getByLabel('Chain')).toHaveValue('eth');
    const check = page.getByRole('button', { name: 'Check Scam' });
    await expect(check).toBeDisabled();
    await page.getByLabel('Token address').fill('0x1111111111111111111111111111111111111111');
    await expect(check).toBeEnabled();
    await check.click();
    await expect(page).toHaveURL(
      /\/details\/0x1111111111111111111111111111111111111111\?chainName=eth&checkScam=true$/,
    );
    await expect(page.getByText("No worries, we're updating the details")).toBeVisible();

    await page.goto('/check-scam');
    await page.getByRole('link', { name: 'Close' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('/DEX shows its sliders and table with an honest empty state', async ({ page }) => {
    await page.goto('/DEX');
    await expect(page.getByRole('heading', { name: 'Top Gainers' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'New Pools' })).toBeVisible();
    await expect(page.getByText('No data found').first()).toBeVisible();
    await expect(page.getByRole('columnheader')).toHaveText([
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
    ]);
  });

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
    await expect(page.getByText('No data found')).toBeVisible();
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
