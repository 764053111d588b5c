import type { Page } from '@playwright/test';
import {
  createUser,
  expect,
  expectToast,
  latestResetCode,
  logIn,
  outboxCount,
  test,
} from './support/fixtures';

const box = (page: Page, n: number) => page.getByLabel(`Digit ${n} of 4`);

async function pasteCode(page: Page, code: string) {
  await box(page, 1).evaluate((element, text) => {
    const data = new DataTransfer();
    data.setData('text', text);
    element.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, code);
}

async function requestCode(page: Page, email: string) {
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/verification$/);
}

test.describe('Password reset', () => {
  test('the whole flow: email, code from the mail, new password, log in with it', async ({
    page,
    request,
  }) => {
    const user = await createUser(request, 'reset');
    const newPassword = 'brand-new-password-1';

    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectToast(page, 'If an account exists for this email, we sent it a 4-digit code.');
    await expect(page).toHaveURL(/\/verification$/);
    await expect(page.getByText(user.email)).toBeVisible();

    const code = await latestResetCode(request, user.email);
    const continueButton = page.getByRole('button', { name: 'Continue' });
    await expect(continueButton).toBeDisabled();
    for (const [index, digit] of [...code].entries()) {
      await box(page, index + 1).pressSequentially(digit);
    }
    await expect(continueButton).toBeEnabled();
    await continueButton.click();

    await expect(page).toHaveURL(/\/change-password$/);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page.getByRole('heading', { name: 'SUCCESSFULLY' })).toBeVisible();
    await expect(page.getByText('Your password has been reset successfully')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign Up' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/$/);

    // The old password no longer works; the new one does.
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Login Now' }).click();
    await expectToast(page, 'Invalid Credentials');
    await logIn(page, { email: user.email, password: newPassword });
  });

  test('a pasted 4-digit code fills all four boxes', async ({ page, request }) => {
    const user = await createUser(request, 'reset-paste');
    await requestCode(page, user.email);
    const code = await latestResetCode(request, user.email);
    await pasteCode(page, code);
    for (const [index, digit] of [...code].entries()) {
      await expect(box(page, index + 1)).toHaveValue(digit);
    }
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/change-password$/);
  });

  test("a wrong code shows the server's message and stays on the step", async ({
    page,
    request,
  }) => {
    const user = await createUser(request, 'reset-wrong');
    await requestCode(page, user.email);
    const code = await latestResetCode(request, user.email);
    const wrong = code === '0000' ? '1111' : '0000';
    await pasteCode(page, wrong);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectToast(page, 'The code is not correct. Check your email and try again.');
    await expect(page).toHaveURL(/\/verification$/);
  });

  test('boxes take one digit each, move forward, and Backspace goes back', async ({
    page,
    request,
  }) => {
    const user = await createUser(request, 'reset-boxes');
    await requestCode(page, user.email);
    await box(page, 1).pressSequentially('7');
    await expect(box(page, 2)).toBeFocused();
    await box(page, 2).pressSequentially('x');
    await expect(box(page, 2)).toHaveValue('');
    await box(page, 2).pressSequentially('3');
    await expect(box(page, 3)).toBeFocused();
    await page.keyboard.press('Backspace');
    await expect(box(page, 2)).toBeFocused();
    await expect(box(page, 2)).toHaveValue('');
    await expect(box(page, 1)).toHaveValue('7');
  });

  test('Resend OTP waits for the 39 s countdown, then clears the boxes, restarts and re-sends', async ({
    page,
    request,
  }) => {
    const user = await createUser(request, 'reset-resend');
    await page.clock.install();
    await requestCode(page, user.email);
    const countdown = page.getByTestId('otp-countdown');
    await expect(countdown).toHaveText(/^00:3\d$/);
    const resend = page.getByRole('button', { name: 'Resend OTP' });
    await expect(resend).toBeDisabled();
    await box(page, 1).pressSequentially('5');

    await page.clock.fastForward(40_000);
    await expect(countdown).toHaveText('00:00');
    await expect(resend).toBeEnabled();
    const before = await outboxCount(request, user.email);

    await resend.click();
    await expect(box(page, 1)).toHaveValue('');
    await expect(countdown).toHaveText('00:39');
    await expect(resend).toBeDisabled();
    await expect.poll(() => outboxCount(request, user.email)).toBe(before + 1);
  });

  test('a reload of the verification and change-password steps keeps the flow going', async ({
    page,
    request,
  }) => {
    const user = await createUser(request, 'reset-reload');
    await requestCode(page, user.email);
    await page.reload();
    await expect(page.getByText(user.email)).toBeVisible();
    const code = await latestResetCode(request, user.email);
    await pasteCode(page, code);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/change-password$/);
    await page.reload();
    await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
  });

  test('new passwords must match', async ({ page, request }) => {
    const user = await createUser(request, 'reset-mismatch');
    await requestCode(page, user.email);
    await pasteCode(page, await latestResetCode(request, user.email));
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/change-password$/);
    await page.getByLabel('New password', { exact: true }).fill('first-password-1');
    await page.getByLabel('Confirm password', { exact: true }).fill('second-password-2');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expectToast(page, 'Passwords do not match!');
    const newPassword = page.getByLabel('New password', { exact: true });
    await expect(newPassword).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show new password' }).click();
    await expect(newPassword).toHaveAttribute('type', 'text');
  });

  test('the steps ask to start again when opened directly', async ({ page }) => {
    await page.goto('/verification');
    await expect(
      page.getByRole('link', { name: 'Start again from Forgot Password' }),
    ).toBeVisible();
    await page.goto('/change-password');
    await expect(
      page.getByRole('link', { name: 'Start again from Forgot Password' }),
    ).toBeVisible();
  });
});
