import type { Page } from '@playwright/test';
import {
  formatUsdCompact,
  ICO_DEFAULT_IMAGE,
  ICO_LINK_NAMES,
  RETURNS_SINCE_LAST_ROUND,
  type IcoDetail,
} from '@vaultscope/core';
import { expect, test } from './support/fixtures';
import { displayDate, findProject, uniquelyNamedProjects } from './support/ico';

const NO_DATA = 'Invalid request. No coin data available.';

/** A project with something in every part of the page. */
const isComplete = (detail: IcoDetail) => {
  const { details } = detail.tokenDetails;
  return (
    details.images.length >= 3 &&
    details.links.length === ICO_LINK_NAMES.length &&
    details.rounds.length >= 2 &&
    details.overview[RETURNS_SINCE_LAST_ROUND].length > 0
  );
};

const noPrice = (price: string | null) => price === null || price.toLowerCase() === 'unknown';

/** Opens a project the way a visitor does: search the list, click its row. */
async function openFromList(page: Page, name: string, tab: 'Active' | 'Upcoming' = 'Active') {
  await page.goto('/private-sale');
  if (tab === 'Upcoming') await page.getByRole('tab', { name: 'Upcoming' }).click();
  await page.getByRole('searchbox', { name: 'Token name' }).fill(name);
  const table = page.getByRole('table', { name: `${tab} private sales` });
  await table.getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(/\/PS-detail\?id=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test.describe('Private-sale detail (/PS-detail)', () => {
  test('shows name, ticker, badges, links, overview, returns and all activities', async ({
    page,
    request,
  }) => {
    const detail = await findProject(request, 'active', isComplete);
    const project = detail.tokenDetails;
    const { details } = project;
    const { overview } = details;
    await openFromList(page, project.tokenName);
    await expect(page.getByText('Active sale')).toBeVisible();
    await expect(page.getByTestId('project-ticker')).toHaveText(details.Ticker);
    const badges = [
      project.category,
      ...details.capsule.filter((item) => item.toLowerCase() !== project.category.toLowerCase()),
    ];
    await expect(page.getByTestId('category-badge')).toHaveText(project.category);
    await expect(page.getByRole('list', { name: 'Categories' }).getByRole('listitem')).toHaveText([
      ...new Set(badges),
    ]);

    const links = page
      .getByRole('navigation', { name: `${project.tokenName} links` })
      .getByRole('link');
    await expect(links).toHaveText(ICO_LINK_NAMES.map((name) => new RegExp(`^${name}`)));
    for (const [index, name] of ICO_LINK_NAMES.entries()) {
      const link = links.nth(index);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      const url = details.links.find((item) => item.name === name)?.url ?? '';
      await expect(link).toHaveAttribute('href', new URL(url).href);
    }

    const facts = page.getByTestId('overview-facts');
    await expect(facts).toContainText(
      `Total Raised${formatUsdCompact(overview.totalRaised.amount)}`,
    );
    await expect(facts).toContainText(
      `Pre-Valuation${formatUsdCompact(overview.preValuation.amount)}`,
    );
    await expect(facts).toContainText(`Category${project.category}`);
    await expect(facts).toContainText(/Last Updated\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/);
    await expect(facts).toContainText(`Market Cap${formatUsdCompact(overview.marketCap)}`);
    await expect(facts).toContainText(`FDV${formatUsdCompact(overview.fdv)}`);
    await expect(facts).toContainText(`Volume${formatUsdCompact(overview.volume)}`);
    await expect(page.getByText(overview.description)).toBeVisible();
    await expect(page.getByRole('heading', { name: RETURNS_SINCE_LAST_ROUND })).toBeVisible();
    await expect(page.getByTestId('return-item')).toHaveText(
      overview[RETURNS_SINCE_LAST_ROUND].map((item) => `${item.name}${item.value}`),
    );

    await expect(page.getByRole('heading', { name: 'All Activities' })).toBeVisible();
    await expect(page.getByTestId('round-card')).toHaveText(
      details.rounds.map(
        (round) =>
          `${round.roundTitle}Type${round.roundType}` +
          `Date${round.rounddate ? displayDate(round.rounddate) : 'N/A'}` +
          `Price${noPrice(round.price) ? 'Not Provided' : round.price}`,
      ),
    );
  });

  test("rounds without a date show 'N/A' and without a price 'Not Provided'", async ({
    page,
    request,
  }) => {
    const unpriced = await findProject(request, 'active', (detail) =>
      detail.tokenDetails.details.rounds.some((round) => noPrice(round.price)),
    );
    await page.goto(`/PS-detail?id=${unpriced.tokenDetails._id}`);
    const cards = page.getByTestId('round-card');
    await expect(cards).toHaveCount(unpriced.tokenDetails.details.rounds.length);
    for (const [index, round] of unpriced.tokenDetails.details.rounds.entries()) {
      if (noPrice(round.price)) await expect(cards.nth(index)).toContainText('PriceNot Provided');
    }

    const undated = await findProject(request, 'upcoming', (detail) =>
      detail.tokenDetails.details.rounds.some((round) => round.rounddate === null),
    );
    await page.goto(`/PS-detail?id=${undated.tokenDetails._id}`);
    await expect(page.getByText('Upcoming sale')).toBeVisible();
    for (const [index, round] of undated.tokenDetails.details.rounds.entries()) {
      if (round.rounddate === null) {
        await expect(page.getByTestId('round-card').nth(index)).toContainText('DateN/A');
      }
    }
  });

  test('a project without images shows the default image and says it has none', async ({
    page,
    request,
  }) => {
    const bare = await findProject(
      request,
      'active',
      (detail) => detail.tokenDetails.details.images.length === 0,
    );
    await page.goto(`/PS-detail?id=${bare.tokenDetails._id}`);
    await expect(page.getByText('No images for this project yet.')).toBeVisible();
    await expect(page.getByTestId('project-logo')).toHaveAttribute('src', ICO_DEFAULT_IMAGE);
  });

  test('gallery: a thumbnail opens the modal slider, which moves by buttons and keys', async ({
    page,
    request,
  }) => {
    const detail = await findProject(request, 'active', isComplete);
    const name = detail.tokenDetails.tokenName;
    const total = detail.tokenDetails.details.images.length;
    await openFromList(page, name);
    const thumbnails = page.getByRole('list', { name: `${name} images` }).getByRole('button');
    await expect(thumbnails).toHaveCount(total);
    await thumbnails.nth(0).click();

    const dialog = page.getByRole('dialog', { name: `${name} images` });
    await expect(dialog).toBeVisible();
    const count = dialog.getByTestId('slider-count');
    const image = dialog.getByRole('img');
    await expect(count).toHaveText(`1 / ${total}`);
    await expect(image).toHaveAccessibleName(`${name} image 1 of ${total}`);
    await expect(image).toHaveAttribute('src', detail.tokenDetails.details.images[0] ?? '');

    await dialog.getByRole('button', { name: /Next/ }).click();
    await expect(count).toHaveText(`2 / ${total}`);
    await expect(image).toHaveAttribute('src', detail.tokenDetails.details.images[1] ?? '');
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);

    await page.keyboard.press('ArrowRight');
    await expect(count).toHaveText(`3 / ${total}`);
    await page.keyboard.press('ArrowLeft');
    await expect(count).toHaveText(`2 / ${total}`);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    // Wraps around from the first to the last.
    await expect(count).toHaveText(`${total} / ${total}`);
    await dialog.getByRole('button', { name: /Previous/ }).click();
    await expect(count).toHaveText(`${total - 1} / ${total}`);

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(thumbnails.nth(0)).toBeFocused();

    // The Close button closes it too.
    await thumbnails.nth(2).click();
    await expect(count).toHaveText(`3 / ${total}`);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
  });

  test('a detail link survives a reload and opens in a fresh tab (shared link)', async ({
    page,
    context,
    request,
  }) => {
    const [project] = await uniquelyNamedProjects(request, 'upcoming');
    if (!project) throw new Error('no project');
    await openFromList(page, project.tokenName, 'Upcoming');
    const url = page.url();
    expect(url).toContain(`?id=${project._id}`);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: project.tokenName })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'All Activities' })).toBeVisible();

    const other = await context.newPage();
    await other.goto(url);
    await expect(other.getByRole('heading', { level: 1, name: project.tokenName })).toBeVisible();
    await other.close();
  });

  test("without project data it says 'Invalid request. No coin data available.'", async ({
    page,
  }) => {
    await page.goto('/PS-detail');
    await expect(page.getByText(NO_DATA)).toBeVisible();
    await page.goto('/PS-detail?id=not-a-project');
    await expect(page.getByText(NO_DATA)).toBeVisible();
    await page.goto('/PS-detail?id=00000000-0000-4000-8000-000000000000');
    await expect(page.getByText(NO_DATA)).toBeVisible();
    await page.getByRole('link', { name: 'Browse private sales' }).click();
    await expect(page).toHaveURL(/\/private-sale$/);
  });

  test('a visitor pressing the heart is asked to log in', async ({ page, request }) => {
    const [project] = await uniquelyNamedProjects(request);
    if (!project) throw new Error('no project');
    await page.goto(`/PS-detail?id=${project._id}`);
    const heart = page.getByRole('button', { name: `Add ${project.tokenName} to favourites` });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    const prompt = page.getByRole('dialog', { name: 'Log in to save favourites' });
    await expect(prompt).toBeVisible();
    await prompt.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('Private-sale detail at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('fits the screen', async ({ page, request }) => {
    const detail = await findProject(request, 'active', isComplete);
    await page.goto(`/PS-detail?id=${detail.tokenDetails._id}`);
    await expect(page.getByRole('heading', { name: 'All Activities' })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
