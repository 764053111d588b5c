import { expect, test } from './support/fixtures';

test.describe('Unknown paths', () => {
  test('show a not-found page with a link home', async ({ page }) => {
    await page.goto('/no-such-page/anywhere');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('Page not found · Vaultscope');
    await page.getByRole('link', { name: 'Go to home' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('a known path typed in another letter case goes to the real route', async ({ page }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/Profile$/);
    await page.goto('/dex');
    await expect(page).toHaveURL(/\/DEX$/);
  });
});
