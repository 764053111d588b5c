import type { Page } from '@playwright/test';
import { createUser, expect, logIn, test } from './support/fixtures';
import { waitForHydration } from './support/hydration';
import { firstToken } from './support/tokens';
import { connectWallet } from './support/wallet';

/**
 * The first frame of these paths comes in the HTML (apps/web/build/prerender.ts), and the app
 * hydrates it: React takes over the very nodes the browser painted, without a mismatch (which
 * React reports, then throws the markup away and renders again) and without any other error.
 */
const PRERENDERED: { path: string; text: string }[] = [
  { path: '/home', text: 'Where do you want to start?' },
  { path: '/DEX', text: 'Decentralized Exchange' },
  { path: '/CEX', text: 'Centralized Exchange' },
  { path: '/private-sale', text: 'Private Sale' },
  { path: '/Terms-and-Condition', text: 'Your Agreement' },
];

/** Every console error and uncaught error of the page (React reports mismatches as both). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Keeps #root's first element as the HTML parser made it, before any script runs. */
async function keepParsedFrame(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      const first = document.getElementById('root')?.firstElementChild;
      if (!first) return;
      (window as unknown as { parsedFrame: Element }).parsedFrame = first;
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

/** Once React has hydrated: whether it kept the parsed nodes (true) or replaced them. */
async function hydratedInPlace(page: Page): Promise<boolean> {
  await waitForHydration(page);
  return page.evaluate(
    () =>
      (window as unknown as { parsedFrame?: Element }).parsedFrame ===
      document.getElementById('root')?.firstElementChild,
  );
}

test.describe('Prerendered first frames', () => {
  for (const { path, text } of PRERENDERED) {
    test(`${path} arrives drawn and hydrates without an error`, async ({ page, request }) => {
      const html = await (await request.get(path)).text();
      const root = html.slice(html.indexOf('<div id="root">'));
      expect(root.startsWith('<div id="root"></div>'), 'the HTML has the first frame').toBe(false);
      expect(root).toContain(text);

      const stylesheets: string[] = [];
      page.on('request', (req) => {
        if (new URL(req.url()).pathname.endsWith('.css'))
          stylesheets.push(new URL(req.url()).pathname);
      });
      const errors = collectErrors(page);
      await keepParsedFrame(page);
      await page.goto(path);
      expect(await hydratedInPlace(page), 'React kept the painted nodes').toBe(true);
      await expect(page.getByText(text).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(errors).toEqual([]);
      // Rules the HTML brings inline are not fetched and applied again by the screens' code.
      const inlined = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)" disabled>/g)].map(
        (match) => match[1],
      );
      expect(inlined.length, 'the entry stylesheet at least is inline').toBeGreaterThan(0);
      expect(stylesheets.filter((file) => inlined.includes(file))).toEqual([]);
    });
  }

  test('a stored session: the logged-out frame hydrates, then the page shows the user', async ({
    page,
    request,
  }) => {
    const user = await createUser(request, 'prerender');
    await logIn(page, user);
    const errors = collectErrors(page);
    await keepParsedFrame(page);
    for (const path of ['/home', '/DEX']) {
      await page.goto(path);
      expect(await hydratedInPlace(page), path).toBe(true);
      await expect(page.getByRole('link', { name: /My profile/ })).toBeVisible();
      await page.waitForLoadState('networkidle');
    }
    await page.goto('/home');
    await expect(page.getByText(`Welcome back, ${user.firstName}.`)).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("the wallet: one frame for everyone, then the Log in prompt or the user's wallet", async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000); // the wallet's key derivation and creation take a few seconds
    // The frame is the dashboard while it loads, drawn without a session: no one's figures.
    const html = await (await request.get('/vaultscope-wallet')).text();
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain('BALANCE');
    expect(root).toContain('data-testid="skeleton-row"');
    expect(root).not.toContain('Log in to use the wallet.');

    const errors = collectErrors(page);
    await keepParsedFrame(page);
    await page.goto('/vaultscope-wallet');
    expect(await hydratedInPlace(page), 'React kept the painted nodes').toBe(true);
    await expect(page.getByText('Log in to use the wallet.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'BALANCE' })).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);

    const user = await createUser(request, 'prerender-wallet');
    await connectWallet(page, user);
    await page.goto('/vaultscope-wallet');
    expect(await hydratedInPlace(page), 'logged in').toBe(true);
    await expect(page.getByTestId('wallet-balance')).toHaveText(/^\$\d+\.\d{8}$/);
    await expect(page).toHaveURL(/\/vaultscope-wallet$/);
    expect(errors).toEqual([]);
  });

  test("a token's detail: the loading text with the address asked for, then the details", async ({
    page,
    request,
  }) => {
    const token = await firstToken(request, 'eth');
    const path = `/details/${token.tokenAddress}?chainName=eth`;
    const html = await (await request.get(path)).text();
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain('Loading token details...');
    expect(root).toContain(`>${token.tokenAddress}</dd>`);

    // A visitor's details come with the HTML (its data block): none is asked for to show them.
    expect(html).toContain('<script type="application/json" id="route-data">');
    const detailCalls: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/get-token-details/')) detailCalls.push(req.url());
    });

    const errors = collectErrors(page);
    await keepParsedFrame(page);
    await page.goto(path);
    expect(await hydratedInPlace(page), 'React kept the painted nodes').toBe(true);
    await expect(page.getByTestId('token-address')).toHaveText(token.tokenAddress);
    expect(detailCalls, 'detail requests before the details showed').toEqual([]);
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);

    // The screen's code (30-odd files) is held in the head until the frame has been shown, then
    // fetched all at once: no download of it races the first paint.
    const template = /<template id="route-scripts">(.*?)<\/template>/.exec(html)?.[1] ?? '';
    const held = [
      ...template.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g),
    ].map((match) => match[1]!);
    expect(held.length, 'the screen has scripts of its own').toBeGreaterThan(10);
    const timing = await page.evaluate((files) => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
      const starts = performance
        .getEntriesByType('resource')
        .filter((entry) => files.includes(new URL(entry.name).pathname))
        .map((entry) => entry.startTime);
      return { paint, starts };
    }, held);
    expect(timing.paint, 'the first contentful paint').toBeGreaterThan(0);
    expect(timing.starts).toHaveLength(held.length);
    expect(Math.min(...timing.starts)).toBeGreaterThanOrEqual(timing.paint!);

    // An address that is not letters and digits only gets no frame, and the page says why.
    const odd = await (await request.get('/details/0x%3Cb%3E?chainName=eth')).text();
    expect(odd).toContain('<div id="root"></div>');
    await page.goto('/details/0x%3Cb%3E?chainName=eth');
    await expect(page.getByTestId('detail-unavailable')).toBeVisible();
  });

  test('a page with a form to fill in is not prerendered: what is typed at once is kept', async ({
    page,
    request,
  }) => {
    for (const path of ['/', '/signup', '/check-scam']) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain('<div id="root"></div>');
    }
    await page.goto('/signup');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await expect(page.getByLabel('First name')).toHaveValue('Ada');
  });

  test('a path not prerendered renders as before', async ({ page, request }) => {
    const html = await (await request.get('/watch-list')).text();
    expect(html).toContain('<div id="root"></div>');
    const errors = collectErrors(page);
    await page.goto('/watch-list');
    await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
    expect(errors).toEqual([]);
  });
});
