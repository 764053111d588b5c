import type { Page } from '@playwright/test';
import { createUser, expect, logIn, test } from './support/fixtures';
import { waitForHydration } from './support/hydration';

test.use({ viewport: { width: 360, height: 740 } });

async function expectNoSideways(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('At 360 px wide', () => {
  for (const path of [
    '/',
    '/signup',
    '/forgot-password',
    '/home',
    '/DEX',
    '/Privacy-Policy',
    '/Terms-and-Condition',
    '/check-scam',
    '/no-such-page',
  ]) {
    test(`${path} fits without sideways scrolling`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('#main')).toBeVisible();
      await expectNoSideways(page);
    });
  }

  test('/home draws its lists once they come near the screen, and the strip jumps to them before', async ({
    page,
  }) => {
    await page.goto('/home');
    const rows = page.getByTestId('dex-table').getByTestId('token-row');
    // Below the menu, off the first screen: an empty box holds the lists' place, also once the
    // app has taken the page over and had time to draw what it would.
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('[data-near-screen="token-research"]')).toBeAttached();
    await expect(rows).toHaveCount(0);

    await page
      .getByRole('navigation', { name: 'Research shortcuts' })
      .getByRole('button', { name: 'Top Gainers' })
      .click();
    const heading = page.getByRole('heading', { name: 'Top Gainers', level: 2 });
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();

    await rows.first().scrollIntoViewIfNeeded();
    await expect(rows).toHaveCount(20);
    await expectNoSideways(page);
  });

  test('a logged-in user can use the menu, bell and profile', async ({ page, request }) => {
    const user = await createUser(request, 'mobile');
    await logIn(page, user);
    await expectNoSideways(page);

    await page.getByRole('button', { name: /^Notifications/ }).click();
    const dropdown = page.getByTestId('bell-panel');
    await expect(dropdown).toBeVisible();
    const box = await dropdown.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Profile' }).click();
    await expect(page.getByTestId('profile-email')).toHaveText(user.email);
    await expectNoSideways(page);
  });
});
