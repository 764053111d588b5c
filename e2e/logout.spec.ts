import { apiPaths } from '@vaultscope/core';
import { createUser, expect, expectToast, logIn, storedSession, test } from './support/fixtures';

test.describe('Logout', () => {
  test('ends the session here and on the server, says "Logged out" and goes to /', async ({
    page,
    request,
  }) => {
    const user = await createUser(request, 'logout');
    await logIn(page, user);
    const token = (await storedSession(page))?.token;
    expect(token).toBeTruthy();
    await page.evaluate(() => localStorage.setItem('passwordVerified', 'true'));

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();

    await expectToast(page, 'Logged out');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'LOGIN ACCOUNT' })).toBeVisible();

    const session = await storedSession(page);
    expect(session?.token ?? null).toBeNull();
    expect(session?.data ?? null).toBeNull();
    const stored = await page.evaluate(() => ({ ...localStorage }));
    expect(stored.token).toBeUndefined();
    expect(stored.userId).toBeUndefined();
    expect(stored.passwordVerified).toBeUndefined();

    // The server revoked the session: the old token no longer works.
    const me = await request.get(apiPaths.me, { headers: { Authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(401);
  });

  test('after logout, user pages ask to log in again', async ({ page, request }) => {
    const user = await createUser(request, 'logout-after');
    await logIn(page, user);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/Profile');
    await expect(page.getByText('Log in to see your profile.')).toBeVisible();
  });

  test('a session ended elsewhere is cleared on the next user call', async ({ page, request }) => {
    const user = await createUser(request, 'logout-elsewhere');
    await logIn(page, user);
    const token = (await storedSession(page))?.token;
    // Revoke the session from "another device".
    await request.post(apiPaths.logout, { headers: { Authorization: `Bearer ${token}` } });
    await page.goto('/Profile');
    await expectToast(page, 'Your session has ended. Please log in again.');
    await expect(page.getByText('Log in to see your profile.')).toBeVisible();
    expect((await storedSession(page))?.token ?? null).toBeNull();
  });
});
