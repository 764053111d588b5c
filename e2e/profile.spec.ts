import { createUser, expect, expectToast, logIn, test } from './support/fixtures';

test.describe('Profile', () => {
  test("shows the logged-in user's name, initials and email from the server", async ({
    page,
    request,
  }) => {
    const user = await createUser(request, 'profile', { firstName: 'Grace' });
    await logIn(page, user);
    await page.goto('/Profile');
    await expect(page.getByTestId('profile-name')).toHaveText(`Grace ${user.lastName}`);
    await expect(page.getByTestId('profile-email')).toHaveText(user.email);
    await expect(page.getByTestId('profile-avatar')).toHaveText(`G${user.lastName[0]}`);
  });

  test('Edit asks first; No keeps the read-only view', async ({ page, request }) => {
    const user = await createUser(request, 'profile-no');
    await logIn(page, user);
    await page.goto('/Profile');
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Are you sure you want to edit your profile?');
    await dialog.getByRole('button', { name: 'No' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);

    // Escape answers no as well.
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
  });

  test('Yes opens the form; Save Changes stores it on the server and returns to read-only', async ({
    page,
    request,
  }) => {
    const user = await createUser(request, 'profile-edit');
    await logIn(page, user);
    await page.goto('/Profile');
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();

    const email = page.getByLabel('Email');
    await expect(email).toHaveValue(user.email);
    await expect(email).toHaveAttribute('readonly', '');
    await expect(page.getByLabel('Country').locator('option')).toHaveText([
      'Pakistan',
      'United States',
      'Canada',
      'UK',
    ]);

    await page.getByLabel('First name').fill('Katherine');
    await page.getByLabel('Last name').fill('Johnson');
    await page.getByLabel('Mobile').fill('+1 202 555 0199');
    await page.getByLabel('Country').selectOption('United States');
    await page.getByRole('button', { name: 'Save Changes' }).click();

    await expectToast(page, 'Profile updated successfully');
    await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
    await expect(page.getByTestId('profile-name')).toHaveText('Katherine Johnson');
    await expect(page.getByTestId('profile-details')).toContainText('United States');

    await page.reload();
    await expect(page.getByTestId('profile-name')).toHaveText('Katherine Johnson');
    await expect(page.getByTestId('profile-details')).toContainText('+1 202 555 0199');

    // The server adds a notification about the change.
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect(page.getByTestId('notification-dropdown')).toContainText(
      'Your profile has been updated.',
    );
  });

  test('shows validation errors beside each field', async ({ page, request }) => {
    const user = await createUser(request, 'profile-invalid');
    await logIn(page, user);
    await page.goto('/Profile');
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await page.getByLabel('First name').fill('');
    await page.getByLabel('Mobile').fill('not a phone');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('First name is required.')).toBeVisible();
    await expect(page.getByText('Enter a valid mobile number.')).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();
  });

  test('asks a visitor to log in', async ({ page }) => {
    await page.goto('/Profile');
    await expect(page.getByText('Log in to see your profile.')).toBeVisible();
    await page.getByRole('link', { name: 'Log in' }).last().click();
    await expect(page).toHaveURL(/\/$/);
  });
});
