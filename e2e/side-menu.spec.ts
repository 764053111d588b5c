import { createUser, expect, logIn, test } from './support/fixtures';

const ITEMS: Array<[string, RegExp]> = [
  ['Home', /\/home$/],
  ['Profile', /\/Profile$/],
  ['Scam Token Identifier', /\/check-scam$/],
  ['Centralized Exchange', /\/CEX$/],
  ['Decentralized Exchange', /\/DEX$/],
  ['Private Sale', /\/private-sale$/],
  ['My Watch List', /\/watch-list$/],
  ['Terms and Conditions', /\/Terms-and-Condition$/],
  ['Privacy-Policy', /\/Privacy-Policy$/],
];

test.describe('Side menu', () => {
  test('lists the spec items in order', async ({ page, request }) => {
    const user = await createUser(request, 'menu-items');
    await logIn(page, user);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog');
    await expect(menu.getByRole('navigation', { name: 'Main menu' }).locator('li')).toHaveText([
      'Home',
      'Profile',
      'Wallet',
      'Scam Token Identifier',
      'Centralized Exchange',
      'Decentralized Exchange',
      'Private Sale',
      'My Watch List',
      'Terms and Conditions',
      'Privacy-Policy',
    ]);
    await expect(menu.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(menu).toContainText(user.email);
  });

  for (const [label, url] of ITEMS) {
    test(`"${label}" navigates and closes the menu`, async ({ page }) => {
      await page.goto('/home');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog').getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });
  }

  test('"Wallet" goes to /connect-wal while no wallet is connected', async ({ page, request }) => {
    const user = await createUser(request, 'menu-wallet');
    await logIn(page, user);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Wallet' }).click();
    await expect(page).toHaveURL(/\/connect-wal$/);
  });

  test('is a focus-trapped dialog that Escape closes, giving focus back', async ({ page }) => {
    await page.goto('/home');
    const opener = page.getByRole('button', { name: 'Open menu' });
    await opener.click();
    const menu = page.getByRole('dialog');
    await expect(menu).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toBeFocused();
    // Tab through every item and a bit more: focus never leaves the menu.
    for (let index = 0; index < 15; index += 1) {
      await page.keyboard.press('Tab');
      expect(await menu.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(opener).toBeFocused();
  });

  test('offers Log in instead of Logout to a visitor', async ({ page }) => {
    await page.goto('/home');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('Home menu', () => {
  test('has the six buttons, CEX highlighted, each going to its screen', async ({ page }) => {
    await page.goto('/home');
    const menu = page.getByRole('navigation', { name: 'Home menu' });
    await expect(menu.locator('li')).toHaveCount(6);
    const cex = menu.getByRole('link', { name: /^CEX/ });
    // The highlight is a CSS module class (a hashed name): the link says it with aria-current.
    await expect(cex).toHaveAttribute('aria-current', 'true');
    await expect(menu.locator('[aria-current]')).toHaveCount(1);
    const targets: Array<[RegExp, RegExp]> = [
      [/^CEX/, /\/CEX$/],
      [/^DEX/, /\/DEX$/],
      [/^Private Sale/, /\/private-sale$/],
      [/^Scam Token Identifier/, /\/check-scam$/],
      [/^My Watch List/, /\/watch-list$/],
    ];
    for (const [name, url] of targets) {
      await page.goto('/home');
      await menu.getByRole('link', { name }).click();
      await expect(page).toHaveURL(url);
    }
    await page.goto('/home');
    await menu.getByRole('button', { name: /^Wallet/ }).click();
    await expect(page).toHaveURL(/\/connect-wal$/);
  });
});
