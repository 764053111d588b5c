import { expect, test } from './support/fixtures';

test.describe('Static pages', () => {
  test('Privacy Policy has its 8 sections', async ({ page }) => {
    await page.goto('/Privacy-Policy');
    const sections = page.locator('article').getByRole('heading', { level: 2 });
    await expect(sections).toHaveCount(8);
    await expect(sections).toHaveText([
      /Data we collect/,
      /How we use your data/,
      /Custody of wallet keys/,
      /Cookies and browser storage/,
      /Sharing/,
      /Security/,
      /Your rights/,
      /Contact/,
    ]);
    await expect(page.getByText(/never shared with anyone/)).toBeVisible();
  });

  test("Terms shows 'Your Agreement', the review date, and Cancel/Agree", async ({ page }) => {
    await page.goto('/home');
    await page.goto('/Terms-and-Condition');
    await expect(page.getByRole('heading', { name: 'Your Agreement' })).toBeVisible();
    await expect(page.getByText('Last reviewed May 29, 2025')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/Terms-and-Condition');
    await page.getByRole('button', { name: 'Agree' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });
});
