import type { Page } from '@playwright/test';
import { scamMessages, storageKeys, tokenDetailResponseSchema } from '@vaultscope/core';
import { expect, test, topBar } from './support/fixtures';
import { firstToken, UNKNOWN_EVM_ADDRESS } from './support/tokens';

/** Counts the detail calls the page makes. */
function countDetailCalls(page: Page): () => number {
  let calls = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/get-token-details/')) calls += 1;
  });
  return () => calls;
}

const stored = (page: Page, key: string) =>
  page.evaluate((name) => localStorage.getItem(name), key);

test.describe('Scam check (/check-scam)', () => {
  test('the form: no top bar, Ethereum by default, disabled while empty, a close link', async ({
    page,
  }) => {
    await page.goto('/check-scam');
    await expect(topBar(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'CHECK SCAMMER IDENTIFIER' })).toBeVisible();
    await expect(page.getByLabel('Chain')).toHaveValue('eth');
    await expect(page.getByLabel('Chain').locator('option')).toHaveText([
      'Ethereum',
      'Solana',
      'Binance',
      'Avalanche',
      'Polygon',
    ]);
    const check = page.getByRole('button', { name: 'Check Scam' });
    await expect(check).toBeDisabled();
    await page.getByLabel('Token address').fill('   ');
    await expect(check).toBeDisabled();
    await page.getByRole('link', { name: 'Close' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('found: the token is cached and its detail shown from the cache', async ({
    page,
    request,
  }) => {
    const token = await firstToken(request, 'eth');
    const calls = countDetailCalls(page);
    await page.route(
      (url) => url.pathname.startsWith('/get-token-details/'),
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 800));
        await route.continue();
      },
    );
    await page.goto('/check-scam');
    // A lower-case address is valid too; the check goes on with its checksummed form.
    await page.getByLabel('Token address').fill(token.tokenAddress.toLowerCase());
    await page.getByRole('button', { name: 'Check Scam' }).click();
    await expect(page.getByRole('button', { name: 'Check Scam' })).toBeDisabled();

    await expect(page).toHaveURL(`/details/${token.tokenAddress}?chainName=eth&checkScam=true`);
    await expect(page.getByRole('heading', { level: 1, name: token.CoinName })).toBeVisible();
    await expect(page.getByTestId('score-panel')).toBeVisible();
    expect(await stored(page, storageKeys.tokenAddress)).toBe(token.tokenAddress);
    const cached = tokenDetailResponseSchema.parse(
      JSON.parse((await stored(page, storageKeys.tokenData)) ?? 'null'),
    );
    expect(cached.tokenAddress).toBe(token.tokenAddress);
    // One call: the check. The detail page used the cached data.
    expect(calls()).toBe(1);

    // Reloading still uses the cache.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: token.CoinName })).toBeVisible();
    expect(calls()).toBe(1);
  });

  test('found on Solana', async ({ page, request }) => {
    const token = await firstToken(request, 'solana');
    await page.goto('/check-scam');
    await page.getByLabel('Chain').selectOption({ label: 'Solana' });
    await page.getByLabel('Token address').fill(token.tokenAddress);
    await page.getByRole('button', { name: 'Check Scam' }).click();
    await expect(page).toHaveURL(`/details/${token.tokenAddress}?chainName=solana&checkScam=true`);
    await expect(page.getByTestId('solana-rows').getByRole('listitem')).toHaveCount(9);
  });

  test('an address without code: the cache is cleared and the error is shown', async ({
    page,
    request,
  }) => {
    const token = await firstToken(request, 'eth');
    await page.goto('/check-scam');
    await page.getByLabel('Token address').fill(token.tokenAddress);
    await page.getByRole('button', { name: 'Check Scam' }).click();
    await expect(page.getByTestId('score-panel')).toBeVisible();
    expect(await stored(page, storageKeys.tokenData)).not.toBeNull();

    const calls = countDetailCalls(page);
    await page.goto('/check-scam');
    await page.getByLabel('Token address').fill(UNKNOWN_EVM_ADDRESS);
    await page.getByRole('button', { name: 'Check Scam' }).click();
    // No report, so the analyzer scans it on demand: the address holds no code on the chain.
    await expect(page.getByText(scamMessages.noContractCode)).toBeVisible();
    await expect(page).toHaveURL('/check-scam');
    expect(await stored(page, storageKeys.tokenAddress)).toBeNull();
    expect(await stored(page, storageKeys.tokenData)).toBeNull();
    expect(calls()).toBe(1);
  });

  test('a bad address gets a clear message before any request', async ({ page, request }) => {
    const solana = await firstToken(request, 'solana');
    const calls = countDetailCalls(page);
    await page.goto('/check-scam');
    const address = page.getByLabel('Token address');

    await address.fill('0x1234');
    await page.getByRole('button', { name: 'Check Scam' }).click();
    await expect(page.getByText('Enter a valid Ethereum token address.')).toBeVisible();
    await expect(address).toHaveAttribute('aria-invalid', 'true');

    // A Solana address is not valid on Ethereum, and an EVM one is not valid on Solana.
    await address.fill(solana.tokenAddress);
    await page.getByRole('button', { name: 'Check Scam' }).click();
    await expect(page.getByText('Enter a valid Ethereum token address.')).toBeVisible();
    await page.getByLabel('Chain').selectOption('solana');
    await address.fill(UNKNOWN_EVM_ADDRESS);
    await page.getByRole('button', { name: 'Check Scam' }).click();
    await expect(page.getByText('Enter a valid Solana token address.')).toBeVisible();

    await expect(page).toHaveURL(/\/check-scam$/);
    expect(calls()).toBe(0);
  });
});
