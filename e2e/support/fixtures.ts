import { randomUUID } from 'node:crypto';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import {
  apiPaths,
  outboxResponseSchema,
  signupResponseSchema,
  type SignupRequest,
  type User,
} from '@vaultscope/core';

export { expect };

export interface TestUser {
  firstName: string;
  lastName: string;
  email: string;
  mobile: string;
  country: string;
  password: string;
}

/** A user nobody else uses: every test creates its own. */
export function newUserData(tag: string, overrides: Partial<TestUser> = {}): TestUser {
  const id = randomUUID().slice(0, 8);
  return {
    firstName: 'Ada',
    lastName: `Tester${id}`,
    email: `${tag}-${id}@example.com`,
    mobile: '+44 20 7946 0000',
    country: 'UK',
    password: `pw-${id}-secret`,
    ...overrides,
  };
}

/** Creates the account through the API (fast); the signup spec covers the screen. */
export async function createUser(
  request: APIRequestContext,
  tag: string,
  overrides: Partial<TestUser> = {},
): Promise<TestUser & { id: string }> {
  const user = newUserData(tag, overrides);
  const body: SignupRequest = { ...user, confirmPassword: user.password };
  const response = await request.post(apiPaths.signup, { data: body });
  expect(response.status(), await response.text()).toBe(201);
  const parsed = signupResponseSchema.parse(await response.json());
  return { ...user, id: parsed.data.user._id };
}

/** Logs in through the login screen and waits for /home. */
export async function logIn(page: Page, user: Pick<TestUser, 'email' | 'password'>): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login Now' }).click();
  await expect(page).toHaveURL(/\/home$/);
}

/** The newest 4-digit reset code mailed to `email`, read from the dev outbox. */
export async function latestResetCode(request: APIRequestContext, email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(apiPaths.devOutbox);
      const mails = outboxResponseSchema.parse(await response.json()).data;
      const mail = mails.find((item) => item.to.toLowerCase() === email.toLowerCase());
      code = mail?.text.match(/\b(\d{4})\b/)?.[1];
      return code;
    })
    .toBeTruthy();
  return code ?? '';
}

export async function outboxCount(request: APIRequestContext, email: string): Promise<number> {
  const response = await request.get(apiPaths.devOutbox);
  const mails = outboxResponseSchema.parse(await response.json()).data;
  return mails.filter((item) => item.to.toLowerCase() === email.toLowerCase()).length;
}

export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  await expect(page.getByTestId('toaster')).toContainText(text);
}

/** The session the app persisted under localStorage `root`. */
export async function storedSession(
  page: Page,
): Promise<{ token: string | null; data: User | null } | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('root');
    if (!raw) return null;
    return (JSON.parse(raw) as { state: { token: string | null; data: User | null } }).state;
  });
}

/** The top bar is there when its menu button is. */
export const topBar = (page: Page) => page.getByRole('button', { name: 'Open menu' });

export const test = base;
