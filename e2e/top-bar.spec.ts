import { expect, test, topBar } from './support/fixtures';

/** Spec section 2: hidden exactly on these paths, case-sensitive. */
const WITHOUT_BAR = [
  '/',
  '/signup',
  '/forgot-password',
  '/verification',
  '/change-password',
  '/connect-wal',
  '/check-scam',
];

const WITH_BAR = [
  '/Forgot-Password',
  '/home',
  '/DEX',
  '/CEX',
  '/private-sale',
  '/watch-list',
  '/Profile',
  '/Notification',
  '/history',
  '/Terms-and-Condition',
  '/Privacy-Policy',
  '/vaultscope-wallet',
  '/login',
];

test.describe('Top bar visibility', () => {
  for (const path of WITHOUT_BAR) {
    test(`is hidden on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('#main')).toBeVisible();
      await expect(topBar(page)).toHaveCount(0);
    });
  }

  for (const path of WITH_BAR) {
    test(`is shown on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(topBar(page)).toBeVisible();
    });
  }

  test('/Forgot-Password shows the bar while /forgot-password does not, same form on both', async ({
    page,
  }) => {
    await page.goto('/Forgot-Password');
    await expect(topBar(page)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
    await page.goto('/forgot-password');
    await expect(topBar(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  });
});

test.describe('Page headers', () => {
  const HEADERS: Array<[string, string, string | undefined]> = [
    [
      '/CEX',
      'Centralized Exchange',
      'discover investment options from automated solutions to customizable strategies',
    ],
    [
      '/vaultscope-wallet',
      'Wallet',
      'send, receive and manage crypto with a secure digital wallet',
    ],
    ['/history', 'History', 'wallet history of transactions'],
    ['/watch-list', 'My Watchlist', undefined],
    ['/Profile', 'My Profile', undefined],
    ['/Terms-and-Condition', 'Terms and Conditions', undefined],
    ['/Privacy-Policy', 'Privacy Policy', undefined],
    ['/DEX', 'Vaultscope', 'find your ideal investment vault'],
  ];

  for (const [path, title, description] of HEADERS) {
    test(`${path} has the header "${title}" and a matching document title`, async ({ page }) => {
      await page.goto(path);
      const header = page.getByTestId('page-header');
      await expect(header.locator('p').first()).toHaveText(title);
      if (description) await expect(header).toContainText(description);
      if (title !== 'Vaultscope') await expect(page).toHaveTitle(`${title} · Vaultscope`);
    });
  }
});
