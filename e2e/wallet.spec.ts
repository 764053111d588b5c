import type { Page } from '@playwright/test';
import { walletMessages } from '@vaultscope/core';
import { createUser, expect, expectToast, test } from './support/fixtures';
import {
  connectWallet,
  EVM_RECIPIENT,
  fundWallet,
  lockWalletOnServer,
  tokenRow,
  walletPasswordOf,
} from './support/wallet';

// Key derivation, wallet creation and real local-chain transactions take a few seconds each.
test.describe.configure({ timeout: 90_000 });

/** Ethereum (1) is first in the default mode (mainnets then testnets) and is a local chain here. */
const CHAIN_ID = 1;

const sendDialog = (page: Page) => page.getByRole('dialog', { name: 'Send' });

/** Fills the Send dialog and confirms; returns the result view. */
async function sendFromDialog(page: Page, { asset, amount }: { asset?: string; amount: string }) {
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const dialog = sendDialog(page);
  await expect(dialog.getByLabel('Network')).toHaveValue(String(CHAIN_ID));
  await expect(dialog.getByLabel('Send from')).toHaveValue(/^0x[0-9a-fA-F]{40}$/);
  await expect(dialog.getByTestId('send-balance')).not.toHaveText('Balance: -');
  if (asset) await dialog.getByLabel('Asset').selectOption({ label: asset });
  await dialog.getByLabel('Send to').fill(EVM_RECIPIENT);
  await dialog.getByLabel('Amount').fill(amount);
  await expect(dialog.getByText(/Estimated network fee: [0-9.]+ ETH/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();

  const confirmation = page.getByRole('dialog', { name: 'Confirm Transaction' });
  await expect(confirmation).toContainText(walletMessages.confirmWarning);
  await expect(confirmation).toContainText(walletMessages.confirmQuestion);
  await expect(confirmation).toContainText(EVM_RECIPIENT);
  await expect(confirmation).toContainText(amount);
  await confirmation.getByRole('button', { name: 'Confirm' }).click();

  const result = page.getByTestId('send-result');
  await expect(result.getByRole('heading', { name: 'Transaction History' })).toBeVisible({
    timeout: 30_000,
  });
  await expectToast(page, walletMessages.sendSuccess);
  return result;
}

test.describe('Wallet', () => {
  test('connect: wallet login, Set Password, Enter your password, then the wallet', async ({
    page,
    request,
  }) => {
    const user = await createUser(request, 'wallet-connect');
    await connectWallet(page, user);
    await expectToast(page, walletMessages.connected);
    expect(await page.evaluate(() => localStorage.getItem('passwordVerified'))).toBe('true');
    await expect(page.getByRole('heading', { name: 'BALANCE' })).toBeVisible();
    await expect(page.getByTestId('wallet-balance')).toHaveText(/^\$\d+\.\d{8}$/);
    await expect(page.getByText(walletMessages.noBalances)).toBeVisible();
  });

  test('access from Home: straight in when verified, the Account modal when not, /connect-wal when locked', async ({
    page,
    request,
  }) => {
    const user = await createUser(request, 'wallet-access');
    const token = await connectWallet(page, user);
    const walletButton = page
      .getByRole('navigation', { name: 'Home menu' })
      .getByRole('button', { name: /^Wallet/ });

    await page.goto('/home');
    await walletButton.click();
    await expect(page).toHaveURL(/\/vaultscope-wallet$/);

    // Without the flag, the probes pass (the wallet is unlocked) and the password is asked for.
    await page.evaluate(() => localStorage.removeItem('passwordVerified'));
    await page.goto('/home');
    await walletButton.click();
    const modal = page.getByRole('dialog', { name: 'Account' });
    await expect(modal.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
    await modal.getByLabel('Wallet password', { exact: true }).fill('not the password');
    await modal.getByLabel('Wallet password', { exact: true }).press('Enter');
    await expect(modal).toBeVisible();
    await expect(modal.locator('.field__error')).not.toBeEmpty();
    await modal.getByLabel('Wallet password', { exact: true }).fill(walletPasswordOf(user));
    await modal.getByLabel('Wallet password', { exact: true }).press('Enter');
    await expect(page).toHaveURL(/\/vaultscope-wallet$/);
    await expect(page.getByRole('dialog', { name: 'Account' })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('passwordVerified'))).toBe('true');

    // A locked wallet answers the probes with 403: /connect-wal.
    await lockWalletOnServer(request, token);
    await page.evaluate(() => localStorage.removeItem('passwordVerified'));
    await page.goto('/home');
    await walletButton.click();
    await expect(page).toHaveURL(/\/connect-wal$/);
  });

  test('Get test funds fills the wallet, focusing a row shows its balance, the eye hides it', async ({
    page,
    request,
  }) => {
    const user = await createUser(request, 'wallet-faucet');
    await connectWallet(page, user);
    await page.getByRole('button', { name: 'Get test funds' }).click();
    await expectToast(page, walletMessages.faucetDone);
    await expect(tokenRow(page, 'ETH', 'Ethereum')).toBeVisible({ timeout: 20_000 });
    const eth = tokenRow(page, 'ETH', 'Ethereum');
    await expect(eth).toHaveCount(1);
    await expect(tokenRow(page, 'USDV', 'Ethereum')).toHaveCount(1);
    const total = page.getByTestId('wallet-balance');
    await expect(total).toHaveText(/^\$[1-9]\d*\.\d{8}$/);

    await eth.getByRole('button').click();
    await expect(total).toHaveText(/^10 ETH$/);
    await page.getByRole('button', { name: 'Show Portfolio' }).click();
    await expect(total).toHaveText(/^\$\d+\.\d{8}$/);

    await page.getByRole('button', { name: 'Hide balance' }).click();
    await expect(total).toHaveText('••••••••');
    await page.getByRole('button', { name: 'Show balance' }).click();
    await expect(total).toHaveText(/^\$\d+\.\d{8}$/);
  });

  test('native send: confirmation, result view, the transaction page, then /history', async ({
    page,
    request,
  }) => {
    const user = await createUser(request, 'wallet-send');
    const token = await connectWallet(page, user);
    await fundWallet(request, token, CHAIN_ID);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(tokenRow(page, 'ETH', 'Ethereum')).toBeVisible();

    // Max on the native coin keeps 30% back and says so.
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const dialog = sendDialog(page);
    await expect(dialog.getByTestId('send-balance')).toHaveText('Balance: 10 ETH');
    await dialog.getByRole('button', { name: 'Max', exact: true }).click();
    await expect(dialog.getByLabel('Amount')).toHaveValue('7');
    await expect(dialog.getByText(walletMessages.maxFeeNote)).toBeVisible();
    // Closing resets every field.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);

    const result = await sendFromDialog(page, { amount: '0.5' });
    await expect(result).toContainText('Sent ETH');
    await expect(result).toContainText('Ethereum');
    await expect(result).toContainText(EVM_RECIPIENT);
    await expect(result).toContainText('0.5 ETH');
    const inspect = result.getByRole('link', { name: 'Inspect Transaction' });
    await expect(inspect).toHaveAttribute('target', '_blank');
    const href = (await inspect.getAttribute('href')) ?? '';
    const hash = href.split('/').pop() ?? '';
    expect(href).toBe(`/tx/${CHAIN_ID}/${hash}`);
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);

    const [tab] = await Promise.all([page.context().waitForEvent('page'), inspect.click()]);
    await expect(tab.getByTestId('chain-transaction')).toContainText('Success');
    await expect(tab.getByTestId('chain-transaction')).toContainText(hash);
    await tab.close();

    await result.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('link', { name: 'Transactions' }).click();
    await expect(page).toHaveURL(/\/history$/);
    const row = page.locator(`[data-testid="history-row"][data-hash="${hash}"]`);
    await expect(row).toBeVisible();
    await expect(row.getByRole('button', { name: /^Copy hash/ })).toHaveText(
      new RegExp(hash.slice(0, 10)),
    );
    await expect(row).toContainText('Send');
    await expect(row).toContainText('0.5');
    await expect(row.getByRole('link', { name: 'View' })).toHaveAttribute('target', '_blank');
    // The faucet's transfers came in as well.
    await expect(
      page.getByTestId('history-row').filter({ hasText: 'Receive' }).first(),
    ).toBeVisible();
  });

  test('token send: an ERC-20 goes out as "Sent ERC20"', async ({ page, request }) => {
    const user = await createUser(request, 'wallet-token');
    const token = await connectWallet(page, user);
    await fundWallet(request, token, CHAIN_ID);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(tokenRow(page, 'USDV', 'Ethereum')).toBeVisible();

    const result = await sendFromDialog(page, { asset: 'USDV', amount: '25' });
    await expect(result).toContainText('Sent ERC20');
    await expect(result).toContainText('25 USDV');
    await result.getByRole('button', { name: 'Close' }).click();
    // The balance went down by what was sent.
    await expect(tokenRow(page, 'USDV', 'Ethereum')).toContainText('9975');
  });

  test('receive: an address per network with a QR code, and Copy address', async ({
    page,
    request,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const user = await createUser(request, 'wallet-receive');
    await connectWallet(page, user);
    await page.getByRole('button', { name: 'Receive' }).click();
    const dialog = page.getByRole('dialog', { name: 'Receive' });
    const address = dialog.getByTestId('receive-address');
    await expect(address).toHaveText(/^0x[0-9a-fA-F]{40}$/);
    await expect(dialog.getByRole('img', { name: /QR code/ })).toBeVisible();
    const evmAddress = (await address.textContent()) ?? '';

    await dialog.getByLabel('Network').selectOption({ label: 'Solana devnet' });
    await expect(address).toHaveText(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    await expect(
      dialog.getByRole('img', { name: /QR code of your Solana devnet address/ }),
    ).toBeVisible();
    const solanaAddress = (await address.textContent()) ?? '';
    expect(solanaAddress).not.toBe(evmAddress);

    await dialog.getByRole('button', { name: 'Copy address' }).click();
    await expectToast(page, walletMessages.addressCopied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(solanaAddress);
  });

  test('a Send dialog whose code fails to load says so in its frame; Try again opens it', async ({
    page,
    request,
  }) => {
    const user = await createUser(request, 'wallet-send-chunk');
    // The Send dialog's chunk does not arrive (a dropped connection, a deploy's old chunk).
    let dropped = 0;
    await page.route(/\/assets\/send-dialog-[^/]*\.js$/, (route) => {
      dropped += 1;
      return route.abort('failed');
    });
    await connectWallet(page, user);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const dialog = sendDialog(page);
    await expect(dialog.getByRole('alert')).toHaveText(
      'Send could not be loaded. Check your connection and try again.',
    );
    expect(dropped).toBeGreaterThan(0);
    // The wallet screen stays behind it (the route's error boundary was not reached).
    await expect(page.getByRole('heading', { name: 'BALANCE' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Try again' })).toBeFocused();

    await page.unroute(/\/assets\/send-dialog-[^/]*\.js$/);
    await dialog.getByRole('button', { name: 'Try again' }).click();
    await expect(dialog.getByLabel('Send to')).toBeVisible();
    await expect(dialog.getByRole('alert')).toHaveCount(0);
  });

  test('network mode: Testnet Mode hides mainnet balances, Mainnet Mode brings them back', async ({
    page,
    request,
  }) => {
    const user = await createUser(request, 'wallet-mode');
    const token = await connectWallet(page, user);
    await fundWallet(request, token, CHAIN_ID);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(tokenRow(page, 'ETH', 'Ethereum')).toBeVisible();

    const mode = page.getByLabel('Network mode');
    await mode.selectOption('testnet');
    await expectToast(page, walletMessages.switchedTestnet);
    await expect(mode).toHaveValue('testnet');
    await expect(page.getByText(walletMessages.noBalances)).toBeVisible();

    // The Send dialog lists the testnets only, the first one chosen.
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(sendDialog(page).getByLabel('Network')).toHaveValue('11155111');
    await sendDialog(page).getByRole('button', { name: 'Cancel' }).click();

    await mode.selectOption('mainnet');
    await expectToast(page, walletMessages.switchedMainnet);
    await expect(tokenRow(page, 'ETH', 'Ethereum')).toBeVisible();
  });

  test('a locked wallet sends the wallet page and /history to /connect-wal', async ({
    page,
    request,
  }) => {
    const user = await createUser(request, 'wallet-locked');
    const token = await connectWallet(page, user);
    await lockWalletOnServer(request, token);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page).toHaveURL(/\/connect-wal$/);
    expect(await page.evaluate(() => localStorage.getItem('passwordVerified'))).toBeNull();

    await page.goto('/history');
    await expectToast(page, walletMessages.historyNotConnected);
    await expect(page).toHaveURL(/\/connect-wal$/);
  });
});
