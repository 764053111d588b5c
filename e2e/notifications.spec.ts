import { apiPaths, notificationListResponseSchema } from '@vaultscope/core';
import { createUser, expect, logIn, storedSession, test } from './support/fixtures';

test.describe('Notifications page', () => {
  test('lists the user’s notifications and dismisses one on the server', async ({
    page,
    request,
  }) => {
    const user = await createUser(request, 'notes');
    await logIn(page, user);
    await page.goto('/Notification');
    const welcome = `Welcome to Vaultscope, ${user.firstName}! Your account is ready.`;
    await expect(page.getByText(welcome)).toBeVisible();

    await page.getByRole('button', { name: `Dismiss: ${welcome}` }).click();
    await expect(page.getByText(welcome)).toHaveCount(0);
    await expect(page.getByText('No notifications')).toBeVisible();

    // Gone on the server too, not only on screen.
    const token = (await storedSession(page))?.token;
    const response = await request.get(apiPaths.notifications, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(notificationListResponseSchema.parse(await response.json()).data).toHaveLength(0);
    await page.reload();
    await expect(page.getByText('No notifications')).toBeVisible();
  });

  test('asks a visitor to log in', async ({ page }) => {
    await page.goto('/Notification');
    await expect(page.getByText('Log in to see your notifications.')).toBeVisible();
  });
});
