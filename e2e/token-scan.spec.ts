import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  connectDevnet,
  deployScenario,
  DEVNET_EVM_OWNER,
  devnetViemChain,
} from '@vaultscope/devnet';
import { createWalletClient, http, publicActions } from 'viem';
import { expect, test } from './support/fixtures';

/**
 * Check any token: a token deployed on the server's own local Ethereum a moment ago, unknown to
 * the snapshot, checked from the scam-check screen. The analyzer scans it on demand; the detail
 * shows the score with every flag explained by its evidence, the scan's block and time, and a
 * Re-scan button.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
/** The server's local chains keep their state (and their RPC URLs) under its data directory. */
const DEVNET_DIR = path.resolve(root, process.env.E2E_DATA_DIR ?? '.tmp/e2e-data', 'devnet');

async function deployMintableToken(): Promise<`0x${string}`> {
  const devnet = await connectDevnet(DEVNET_DIR);
  const rpcUrl = devnet.rpcUrl(1);
  const deployer = createWalletClient({
    account: DEVNET_EVM_OWNER,
    chain: devnetViemChain(1, rpcUrl),
    transport: http(rpcUrl),
    pollingInterval: 50,
  }).extend(publicActions);
  return (await deployScenario(deployer, 'plain-mint')).address;
}

test.describe('Token scan (check any token)', () => {
  test('a fresh token is scanned on demand and its mint is explained in plain words', async ({
    page,
  }) => {
    const address = await deployMintableToken();
    await page.goto('/check-scam');
    await page.getByLabel('Token address').fill(address);
    await page.getByRole('button', { name: 'Check Scam' }).click();

    // Within the server's budget the report comes at once, else the page polls until it lands.
    const panel = page.getByTestId('scan-panel');
    await expect(panel).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('score-panel')).toBeVisible();
    await expect(panel.getByTestId('scan-meta')).toContainText(/at block [\d,]+ of Ethereum on/);
    const mint = panel.locator('[data-field="is_mintable"]');
    await expect(mint).toHaveAttribute('data-status', 'risk');
    await expect(mint).toContainText(
      /the owner \(0xf39F…2266\) can call 0x[0-9a-f]{8}, which raised the supply by [\d,.]+/,
    );

    const before = await panel.locator('time').getAttribute('datetime');
    await panel.getByRole('button', { name: 'Re-scan' }).click();
    await expect(panel.locator('time')).not.toHaveAttribute('datetime', before ?? '', {
      timeout: 60_000,
    });
  });
});
