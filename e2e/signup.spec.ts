import { createUser, expect, expectToast, newUserData, test } from './support/fixtures';

test.describe('Signup', () => {
  test('creates an account from the seven fields, says so, and goes to /login after 1 s', async ({
    page,
  }) => {
    const user = newUserData('signup');
    await page.goto('/signup');
    await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
    await page.getByLabel('First name').fill(user.firstName);
    await page.getByLabel('Last name').fill(user.lastName);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Mobile').fill(user.mobile);
    await page.getByLabel('Country').selectOption('Canada');
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign Up' }).click();

    await expectToast(page, 'Account created successfully!');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'LOGIN ACCOUNT' })).toBeVisible();
  });

  test('shows "Creating..." on the button while the account is being created', async ({ page }) => {
    const user = newUserData('signup-busy');
    await page.route('**/api/user/signup', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await page.goto('/signup');
    await page.getByLabel('First name').fill(user.firstName);
    await page.getByLabel('Last name').fill(user.lastName);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Mobile').fill(user.mobile);
    await page.getByLabel('Country').selectOption('UK');
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('button', { name: 'Creating...' })).toBeDisabled();
    await expectToast(page, 'Account created successfully!');
  });

  test('refuses passwords that do not match, before calling the server', async ({ page }) => {
    const user = newUserData('signup-mismatch');
    let called = false;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/user/signup')) called = true;
    });
    await page.goto('/signup');
    await page.getByLabel('First name').fill(user.firstName);
    await page.getByLabel('Last name').fill(user.lastName);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Mobile').fill(user.mobile);
    await page.getByLabel('Country').selectOption('Pakistan');
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(`${user.password}x`);
    await page.getByRole('button', { name: 'Sign Up' }).click();

    await expectToast(page, 'Passwords do not match!');
    await expect(page.getByLabel('Confirm password', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(page).toHaveURL(/\/signup$/);
    expect(called).toBe(false);
  });

  test('marks every empty field as required', async ({ page }) => {
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    for (const label of ['First name', 'Last name', 'Email', 'Mobile', 'Country']) {
      await expect(page.getByLabel(label, { exact: true })).toHaveAttribute('aria-invalid', 'true');
    }
    await expect(page.getByText('First name is required.')).toBeVisible();
  });

  test("shows the server's message when the email is taken", async ({ page, request }) => {
    const existing = await createUser(request, 'signup-taken');
    await page.goto('/signup');
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByLabel('Email').fill(existing.email);
    await page.getByLabel('Mobile').fill('+1 555 0100');
    await page.getByLabel('Country').selectOption('United States');
    await page.getByLabel('Password', { exact: true }).fill('another-password');
    await page.getByLabel('Confirm password', { exact: true }).fill('another-password');
    await page.getByRole('button', { name: 'Sign Up' }).click();

    await expectToast(page, 'An account with this email already exists.');
    await expect(page).toHaveURL(/\/signup$/);
  });

  test("links to the login screen with 'Log In'", async ({ page }) => {
    await page.goto('/signup');
    await page.getByRole('link', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'LOGIN ACCOUNT' })).toBeVisible();
  });
});
