import type { Page } from '@playwright/test';
import { createUser, expect, expectToast, logIn, test } from './support/fixtures';
import { cexTokens, dexList } from './support/tokens';

const dexRows = (page: Page) => page.getByTestId('dex-table').getByTestId('token-row');
const watchTable = (page: Page, kind: 'DEX' | 'CEX') =>
  page.getByRole('table', { name: `${kind} watch list` });

/** Opens a screen through the side menu, as a user would (no reload). */
async function viaMenu(page: Page, label: string) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog').getByRole('link', { name: label }).click();
}

test.describe('Token favourites through to the watch list', () => {
  test('a visitor is asked to log in', async ({ page }) => {
    await page.goto('/DEX');
    await dexRows(page)
      .first()
      .getByRole('button', { name: /^Add .* to favourites$/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Log in to save favourites' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Not now' }).click();
    await expect(dialog).toHaveCount(0);
  });

  test('adding and removing a DEX favourite', async ({ page, request }) => {
    const user = await createUser(request, 'dex-fav');
    const token = (await dexList(request, '/check-token', 'page=1&page_size=20')).tokenDetails[1];
    if (!token) throw new Error('No DEX tokens');
    const name = token.CoinName;
    await logIn(page, user);

    await page.goto('/DEX');
    const row = dexRows(page).nth(1);
    await expect(row.getByRole('rowheader')).toContainText(name);
    await row.getByRole('button', { name: `Add ${name} to favourites` }).click();
    await expectToast(page, 'Added to your watch list');
    const remove = row.getByRole('button', { name: `Remove ${name} from favourites` });
    await expect(remove).toHaveAttribute('aria-pressed', 'true');

    // The server holds it: a reload shows the heart, and the watch list lists the token.
    await page.reload();
    await expect(remove).toHaveAttribute('aria-pressed', 'true');
    await viaMenu(page, 'My Watch List');
    const watched = watchTable(page, 'DEX');
    await expect(watched.getByRole('rowheader')).toHaveCount(1);
    await expect(watched.getByRole('rowheader')).toContainText(name);

    // Removed with the heart on DEX: gone from the watch list.
    await viaMenu(page, 'Decentralized Exchange');
    await remove.click();
    await expectToast(page, 'Removed from your watch list');
    await expect(row.getByRole('button', { name: `Add ${name} to favourites` })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await viaMenu(page, 'My Watch List');
    await expect(watchTable(page, 'DEX')).toContainText('Data not available');

    // Added again, removed on the watch list: the DEX heart follows.
    await viaMenu(page, 'Decentralized Exchange');
    await row.getByRole('button', { name: `Add ${name} to favourites` }).click();
    await expect(remove).toHaveAttribute('aria-pressed', 'true');
    await viaMenu(page, 'My Watch List');
    await watchTable(page, 'DEX')
      .getByRole('button', { name: `Remove ${name} from watch list` })
      .click();
    await expect(watchTable(page, 'DEX')).toContainText('Data not available');
    await viaMenu(page, 'Decentralized Exchange');
    await expect(
      dexRows(page)
        .nth(1)
        .getByRole('button', { name: `Add ${name} to favourites` }),
    ).toHaveAttribute('aria-pressed', 'false');
  });

  test('a CEX favourite from the price page shows on the CEX tab', async ({ page, request }) => {
    const user = await createUser(request, 'cex-fav');
    const coin = (await cexTokens(request))[0];
    if (!coin) throw new Error('No CEX coins');
    await logIn(page, user);
    await page.goto(`/price/${coin.tokenAddress}`);
    await page.getByRole('button', { name: `Add ${coin.CoinName} to favourites` }).click();
    await expect(
      page.getByRole('button', { name: `Remove ${coin.CoinName} from favourites` }),
    ).toHaveAttribute('aria-pressed', 'true');
    await page.goto('/watch-list');
    await page.getByRole('tab', { name: 'CEX' }).click();
    await expect(watchTable(page, 'CEX').getByRole('rowheader')).toContainText(coin.CoinName);

    await page.goto('/CEX');
    const heart = page
      .getByTestId('cex-table')
      .getByRole('button', { name: `Remove ${coin.CoinName} from favourites` });
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await heart.click();
    await expectToast(page, 'Removed from your watch list');
    await page.goto('/watch-list');
    await page.getByRole('tab', { name: 'CEX' }).click();
    await expect(watchTable(page, 'CEX')).toContainText('Data not available');
  });
});
