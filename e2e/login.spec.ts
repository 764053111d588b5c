import { createUser, expect, expectToast, logIn, storedSession, test } from './support/fixtures';

test.describe('Login', () => {
  test('logs in, keeps the session (root, userId, token) and goes to /home', async ({
    page,
    request,
  }) => {
    const user = await createUser(request, 'login');
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'LOGIN ACCOUNT' })).toBeVisible();
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Login Now' }).click();

    await expectToast(page, 'User login successfully');
    await expect(page).toHaveURL(/\/home$/);

    const session = await storedSession(page);
    expect(session?.token).toBeTruthy();
    expect(session?.data?._id).toBe(user.id);
    expect(await page.evaluate(() => localStorage.getItem('userId'))).toBe(user.id);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(session?.token);
  });

  test('disables Login Now and shows a spinner while logging in', async ({ page, request }) => {
    const user = await createUser(request, 'login-busy');
    await page.route('**/api/user/login', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await page.goto('/');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    const button = page.getByRole('button', { name: 'Login Now' });
    await button.click();
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(page).toHaveURL(/\/home$/);
  });

  test("says 'Invalid Credentials' for a wrong password and stays on the login screen", async ({
    page,
    request,
  }) => {
    const user = await createUser(request, 'login-wrong');
    await page.goto('/');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Login Now' }).click();

    await expectToast(page, 'Invalid Credentials');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Login Now' })).toBeEnabled();
    expect(await storedSession(page).then((session) => session?.token ?? null)).toBeNull();
  });

  test("maps a server error (HTTP 500) to 'Invalid Credentials'", async ({ page }) => {
    await page.route('**/api/user/login', (route) =>
      route.fulfill({ status: 500, json: { message: 'Internal Server Error' } }),
    );
    await page.goto('/');
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByLabel('Password', { exact: true }).fill('whatever-password');
    await page.getByRole('button', { name: 'Login Now' }).click();
    await expectToast(page, 'Invalid Credentials');
  });

  test('treats an answer without a user id as a failed login', async ({ page }) => {
    await page.route('**/api/user/login', (route) =>
      route.fulfill({ status: 200, json: { message: 'ok', data: { status: true } } }),
    );
    await page.goto('/');
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByLabel('Password', { exact: true }).fill('whatever-password');
    await page.getByRole('button', { name: 'Login Now' }).click();
    await expectToast(page, 'User ID not found in response data');
    await expect(page).toHaveURL(/\/$/);
  });

  test('checks the fields before calling the server', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
    await expect(page.getByLabel('Email')).toHaveAttribute('required', '');
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('required', '');
    await page.getByRole('button', { name: 'Login Now' }).click();
    await expect(page.getByText('Email is required.')).toBeVisible();
    await expect(page.getByText('Password is required.')).toBeVisible();
  });

  test('remember me stores the email only and prefills it; an old stored password is removed', async ({
    page,
    request,
  }) => {
    const user = await createUser(request, 'login-remember');
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('rememberedPassword', 'old-secret'));
    await page.reload();
    expect(await page.evaluate(() => localStorage.getItem('rememberedPassword'))).toBeNull();

    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByLabel('Remember me').check();
    await page.getByRole('button', { name: 'Login Now' }).click();
    await expect(page).toHaveURL(/\/home$/);

    const stored = await page.evaluate(() => ({ ...localStorage }));
    expect(stored.rememberedEmail).toBe(user.email);
    expect(stored.rememberedPassword).toBeUndefined();
    expect(JSON.stringify(stored)).not.toContain(user.password);

    await page.goto('/');
    await expect(page.getByLabel('Email')).toHaveValue(user.email);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Remember me')).toBeChecked();
  });

  test('unticking remember me forgets the email', async ({ page, request }) => {
    const user = await createUser(request, 'login-forget');
    await page.goto('/');
    await page.evaluate((email) => localStorage.setItem('rememberedEmail', email), user.email);
    await page.reload();
    await expect(page.getByLabel('Email')).toHaveValue(user.email);
    await page.getByLabel('Remember me').uncheck();
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Login Now' }).click();
    await expect(page).toHaveURL(/\/home$/);
    expect(await page.evaluate(() => localStorage.getItem('rememberedEmail'))).toBeNull();
  });

  test('the password field has a show/hide toggle', async ({ page }) => {
    await page.goto('/');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret-value');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test("links 'Forgot ?' to /forgot-password and 'Sign Up' to /signup", async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Forgot ?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.goto('/');
    await page.getByRole('link', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('/login shows the login screen too', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'LOGIN ACCOUNT' })).toBeVisible();
  });

  test('the session survives a reload (the store is rehydrated before render)', async ({
    page,
    request,
  }) => {
    const user = await createUser(request, 'login-reload');
    await logIn(page, user);
    await page.goto('/Profile');
    await expect(page.getByTestId('profile-email')).toHaveText(user.email);
    await page.reload();
    await expect(page.getByTestId('profile-email')).toHaveText(user.email);
  });
});
