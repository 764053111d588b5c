import type { APIRequestContext, Page } from '@playwright/test';
import { apiPaths, faucetResponseSchema, walletMessages, webRoutes } from '@vaultscope/core';
import { expect, logIn, storedSession, type TestUser } from './fixtures';

/**
 * Wallet helpers. The server runs local chains in e2e (packages/devnet), so sends are real
 * transactions and the faucet is there.
 */

/** Anvil's dev account #1: an address on every local EVM chain that is nobody's wallet here. */
export const EVM_RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

export const walletPasswordOf = (user: Pick<TestUser, 'password'>) => `wallet-${user.password}`;

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The session token the app holds now (the wallet login replaces the login's token). */
export async function sessionToken(page: Page): Promise<string> {
  const token = (await storedSession(page))?.token;
  if (!token) throw new Error('no session token in the app');
  return token;
}

/**
 * The whole connect flow through the screens: log in, /connect-wal with the account password,
 * Set Password, then Enter your password; ends on the wallet page. Returns the session token.
 */
export async function connectWallet(page: Page, user: TestUser): Promise<string> {
  await logIn(page, user);
  await page.goto(webRoutes.connectWallet);
  await expect(page.getByLabel('Email')).toHaveValue(user.email);
  await page.getByLabel('Account password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Connect Wallet' }).click();

  await expect(page.getByRole('heading', { name: 'Set Password' })).toBeVisible();
  await page.getByLabel('Wallet password', { exact: true }).fill(walletPasswordOf(user));
  await page.getByLabel('Confirm wallet password', { exact: true }).fill(walletPasswordOf(user));
  await page.getByRole('button', { name: 'Set Password' }).click();

  await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
  await page.getByLabel('Wallet password', { exact: true }).fill(walletPasswordOf(user));
  // Enter submits (spec section 2).
  await page.getByLabel('Wallet password', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/vaultscope-wallet$/);
  // A new wallet is empty: once this shows, the first portfolio read is over, so a test's next
  // step (a lock on the server, say) cannot race it.
  await expect(page.getByText(walletMessages.noBalances)).toBeVisible();
  return sessionToken(page);
}

/** Funds the wallet on a local chain through the dev faucet (native coin, USDV and VLT). */
export async function fundWallet(
  request: APIRequestContext,
  token: string,
  chainId: number,
): Promise<void> {
  const response = await request.post(apiPaths.wallet.faucet, {
    headers: bearer(token),
    data: { chainId },
  });
  expect(response.status(), await response.text()).toBe(200);
  faucetResponseSchema.parse(await response.json());
}

export async function lockWalletOnServer(request: APIRequestContext, token: string) {
  const response = await request.post(apiPaths.wallet.lock, { headers: bearer(token) });
  expect(response.status(), await response.text()).toBe(200);
}

/** The wallet page's row of `symbol` on `chainName` (its button reads 'ETH Ethereum'). */
export const tokenRow = (page: Page, symbol: string, chainName: string) =>
  page.getByTestId('portfolio-row').filter({
    has: page.getByRole('button', { name: `${symbol} ${chainName}`, exact: true }),
  });
