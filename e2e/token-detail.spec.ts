import {
  evmKeyRiskRows,
  formatUsdCompact,
  ratingForScore,
  scamMessages,
  solanaDetailRows,
  type SecurityReport,
  type TokenDetailResponse,
} from '@vaultscope/core';
import { createUser, expect, expectToast, logIn, test } from './support/fixtures';
import { findDetail, firstToken, tokenDetail, UNKNOWN_EVM_ADDRESS } from './support/tokens';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A row's text: its label, then what it shows (the icon in front is not part of it). */
const rowText = (row: { label: string; display: string }) =>
  new RegExp(`${escape(row.label)}\\s*${escape(row.display)}$`);

const PENDING = "No worries, we're updating the details and they'll be available for you shortly!.";

function solanaReport(detail: TokenDetailResponse): SecurityReport {
  const report = detail.tokenDetails;
  return {
    ...report,
    dexDetails: detail.dexDetails ?? report.dexDetails,
    holders: detail.holders ?? report.holders,
    mintable: detail.mintable ?? report.mintable,
    freezable: detail.freezable ?? report.freezable,
    metadata: detail.metadata ?? report.metadata,
    creators: detail.creators ?? report.creators,
  };
}

test.describe('Token detail (/details and /newdetail)', () => {
  test('an EVM token: figures, copy, score panel, yes/no rows and the feature table', async ({
    page,
    request,
  }) => {
    const token = await firstToken(request, 'eth');
    const detail = await tokenDetail(request, token.tokenAddress, 'eth');
    // Logged in, so the app asks for its own answer and shows its loading text meanwhile: a
    // visitor's page carries a scanned token's answer in its HTML (the prerender spec covers it),
    // and whether this token is scanned yet depends on what ran before.
    await logIn(page, await createUser(request, 'detail-loading'));
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.startsWith('/get-token-details/'),
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.goto(`/details/${token.tokenAddress}?chainName=eth`);
    await expect(page.getByText('Loading token details...')).toBeVisible();
    release();

    await expect(page.getByRole('heading', { level: 1, name: detail.tokenName })).toBeVisible();
    await expect(page.getByTestId('detail-price')).toHaveText(formatUsdCompact(detail.price));
    await expect(page.getByTestId('token-address')).toHaveText(detail.tokenAddress);
    expect(detail.isVaultscope).toBe(1);
    await expect(page.getByTestId('pair-address')).toHaveText(detail.pairAddress ?? '-');
    await expect(page.getByTestId('detail-fdv')).toHaveText(formatUsdCompact(detail.fdv));
    await expect(page.getByTestId('detail-liquidity')).toHaveText(
      formatUsdCompact(detail.liquidity),
    );
    await expect(page.getByText(detail.priceProvider)).toBeVisible();

    await page.getByRole('button', { name: 'Copy token address' }).click();
    await expectToast(page, 'Copied to clipboard!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(detail.tokenAddress);

    const rating = ratingForScore(detail.totalScore);
    const panel = page.getByTestId('score-panel');
    await expect(panel).toContainText(`${detail.totalScore}%`);
    await expect(panel.getByRole('img', { name: `${rating.stars} out of 5 stars` })).toBeVisible();
    await expect(panel).toContainText(rating.label);
    await expect(panel).toHaveAttribute('data-colour', rating.colour);
    await expect(page.getByTestId('risk-level')).toHaveText(detail.riskLevel);

    const rows = page.getByTestId('evm-key-rows').getByRole('listitem');
    const expected = evmKeyRiskRows(detail.tokenDetails);
    await expect(rows).toHaveCount(6);
    await expect(rows).toHaveText(expected.map(rowText));
    const table = page.getByTestId('feature-table');
    await expect(table.getByRole('table')).toHaveCount(2);
    await expect(table.getByRole('row', { name: /^Open source/ })).toContainText(
      detail.tokenDetails.is_open_source === 0 ? 'No' : 'Yes',
    );
    await expect(page.getByTestId('solana-rows')).toHaveCount(0);
  });

  test('a Solana token: the nine Solana rows', async ({ page, request }) => {
    const token = await firstToken(request, 'solana');
    const detail = await tokenDetail(request, token.tokenAddress, 'solana');
    await page.goto(`/details/${token.tokenAddress}?chainName=solana`);
    await expect(page.getByRole('heading', { level: 1, name: detail.tokenName })).toBeVisible();
    const rows = page.getByTestId('solana-rows').getByRole('listitem');
    const expected = solanaDetailRows(solanaReport(detail), detail.trusted_token);
    await expect(rows).toHaveCount(9);
    await expect(rows).toHaveText(expected.map(rowText));
    await expect(page.getByTestId('evm-key-rows')).toHaveCount(0);
    await expect(page.getByTestId('feature-table')).toHaveCount(0);
  });

  test('/newdetail always shows the pool figures, with a lock when the first LP holder is locked', async ({
    page,
    request,
  }) => {
    const locked = await findDetail(
      request,
      'chainName=bsc',
      (detail) => detail.tokenDetails.lp_holders?.[0]?.is_locked === 1,
    );
    await page.goto(`/newdetail/${locked.tokenAddress}?chainName=${locked.chainName}`);
    await expect(page.getByRole('heading', { level: 1, name: locked.tokenName })).toBeVisible();
    await expect(page.getByTestId('detail-liquidity')).toContainText(
      formatUsdCompact(locked.liquidity),
    );
    await expect(page.getByRole('img', { name: 'Liquidity locked' })).toBeVisible();

    const unlocked = await findDetail(
      request,
      'chainName=bsc',
      (detail) => detail.tokenDetails.lp_holders?.[0]?.is_locked === 0,
    );
    await page.goto(`/newdetail/${unlocked.tokenAddress}?chainName=${unlocked.chainName}`);
    await expect(page.getByRole('heading', { level: 1, name: unlocked.tokenName })).toBeVisible();
    await expect(page.getByTestId('detail-fdv')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Liquidity locked' })).toHaveCount(0);
  });

  test('a token with no details shows the spec fallback', async ({ page }) => {
    // No report, so the analyzer scans it on demand: the address holds no code on the chain.
    await page.goto(`/details/${UNKNOWN_EVM_ADDRESS}?chainName=eth`);
    await expect(page.getByText(PENDING)).toBeVisible();
    await expect(page.getByText(scamMessages.noContractCode)).toBeVisible();
  });

  test("an unknown chain is 'Invalid blockchain selected.'", async ({ page }) => {
    await page.goto(`/details/${UNKNOWN_EVM_ADDRESS}?chainName=dogechain`);
    await expect(page.getByText(PENDING)).toBeVisible();
    await expect(page.getByText('Invalid blockchain selected.')).toBeVisible();
  });
});
