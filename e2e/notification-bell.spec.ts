import { createUser, expect, logIn, test } from './support/fixtures';

test.describe('Notification bell', () => {
  test('lists the welcome notification created at signup', async ({ page, request }) => {
    const user = await createUser(request, 'bell');
    await logIn(page, user);
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await bell.click();
    await expect(bell).toHaveAttribute('aria-expanded', 'true');
    const dropdown = page.getByTestId('notification-dropdown');
    await expect(dropdown).toContainText(
      `Welcome to Vaultscope, ${user.firstName}! Your account is ready.`,
    );
    // Spec: the dropdown is at most 320 px tall.
    const panel = page.getByTestId('bell-panel');
    expect(await panel.evaluate((element) => getComputedStyle(element).maxHeight)).toBe('320px');
  });

  test('closes on an outside click', async ({ page, request }) => {
    const user = await createUser(request, 'bell-outside');
    await logIn(page, user);
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await bell.click();
    await expect(page.getByTestId('notification-dropdown')).toBeVisible();
    await page.getByRole('heading', { name: 'Home' }).click();
    await expect(page.getByTestId('notification-dropdown')).toBeHidden();
    await expect(bell).toHaveAttribute('aria-expanded', 'false');
  });

  test('"See all" goes to /Notification and closes the dropdown', async ({ page, request }) => {
    const user = await createUser(request, 'bell-see-all');
    await logIn(page, user);
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page.getByRole('button', { name: 'See all' }).click();
    await expect(page).toHaveURL(/\/Notification$/);
    await expect(page.getByTestId('notification-dropdown')).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  });

  test("says 'No notifications' when there are none", async ({ page, request }) => {
    const user = await createUser(request, 'bell-empty');
    await logIn(page, user);
    await page.goto('/Notification');
    await page.getByRole('button', { name: /^Dismiss:/ }).click();
    await expect(page.getByText('No notifications')).toBeVisible();
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect(page.getByTestId('notification-dropdown')).toHaveText('No notifications');
  });

  test('Escape closes the dropdown', async ({ page }) => {
    await page.goto('/home');
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await bell.click();
    await expect(page.getByTestId('notification-dropdown')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('notification-dropdown')).toBeHidden();
    await expect(bell).toBeFocused();
  });
});
