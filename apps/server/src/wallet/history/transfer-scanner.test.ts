import { createSolanaRpc, address as solanaAddress, lamports } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, type WalletTransaction } from '@vaultscope/core';
import { DEVNET_EVM_OWNER, devnetViemChain } from '@vaultscope/devnet';
import { createTestClient, createWalletClient, http, parseEther } from 'viem';
import { startTestApp, type TestApp } from '../../test/test-app';
import { connectWallet, startTestDevnet } from '../../test/wallet-test-kit';
import { TransferScanner } from './transfer-scanner';

/**
 * The receive scanner on real chains that change under it: an Anvil reorg (snapshot, revert,
 * other blocks) and more Solana receives between two passes than one page of signatures holds.
 */

let devnet: Awaited<ReturnType<typeof startTestDevnet>>;
let t: TestApp;
let user: Awaited<ReturnType<typeof connectWallet>>;

beforeAll(async () => {
  devnet = await startTestDevnet([1, 103]);
  t = await startTestApp({}, { devnet });
  // Only the passes a test asks for: the 30 s background scan would read the pages itself.
  await t.app.services.transferScanner.stop();
  user = await connectWallet(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await devnet?.remove();
});

async function history(app: TestApp, auth: Record<string, string>) {
  const response = await app.request({
    method: 'GET',
    url: `${apiPaths.wallet.transactions}?page_size=100`,
    headers: auth,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { transactions: WalletTransaction[] }).transactions;
}

/** The local chain 1 as its owner and as Anvil's test controls. */
function evmChain1() {
  const url = devnet.rpcUrl(1);
  const chain = devnetViemChain(1, url);
  return {
    wallet: createWalletClient({ account: DEVNET_EVM_OWNER, chain, transport: http(url) }),
    anvil: createTestClient({ mode: 'anvil', chain, transport: http(url) }),
  };
}

describe('EVM reorg', () => {
  it('undoes the receives of orphaned blocks and records those of the new chain', async () => {
    const { wallet, anvil } = evmChain1();
    const ethOf = async () =>
      (await history(t, user.auth))
        .filter((row) => row.chainId === 1 && row.symbol === 'ETH')
        .map((row) => [row.hash, row.value, row.status]);
    expect(await ethOf()).toEqual([]);

    const fork = await anvil.snapshot();
    const orphan = await wallet.sendTransaction({ to: user.evmAddress, value: parseEther('0.25') });
    // A token receive in the orphaned chain too, read from its Transfer log.
    const faucet = await t.request({
      method: 'POST',
      url: apiPaths.wallet.faucet,
      headers: user.auth,
      payload: { chainId: 1 },
    });
    expect(faucet.statusCode, faucet.body).toBe(200);
    const seen = await history(t, user.auth);
    expect(seen.filter((row) => row.chainId === 1).map((row) => row.symbol)).toEqual(
      expect.arrayContaining(['ETH', 'ETH', 'USDV', 'VLT']),
    );
    expect(await ethOf()).toContainEqual([orphan, '0.25', 'confirmed']);

    // The chain drops those blocks and mines others at the same heights and beyond.
    await anvil.revert({ id: fork });
    const kept = await wallet.sendTransaction({ to: user.evmAddress, value: parseEther('0.75') });
    await anvil.mine({ blocks: 2 });

    const after = (await history(t, user.auth)).filter((row) => row.chainId === 1);
    expect(after.map((row) => [row.hash, row.symbol, row.value])).toEqual([[kept, 'ETH', '0.75']]);
    expect(t.logs()).toContain('chain reorganised');
  });

  it('shows a receive on a configured chain as pending until its block is finalized', async () => {
    // Chain 1 through a configured RPC URL: Anvil answers `finalized` 64 blocks behind its head.
    const remote = await startTestApp({ RPC_URL_1: devnet.rpcUrl(1) }, { devnet });
    try {
      await remote.app.services.transferScanner.stop();
      const someone = await connectWallet(remote);
      expect(await history(remote, someone.auth)).toEqual([]); // the first pass starts at the head
      const { wallet, anvil } = evmChain1();
      const hash = await wallet.sendTransaction({
        to: someone.evmAddress,
        value: parseEther('0.5'),
      });
      const statusOf = async () =>
        (await history(remote, someone.auth)).find((row) => row.hash === hash)?.status;
      // A read answers after its scan pass or its 2 s budget, whichever comes first: on a
      // loaded machine the pass may finish for the next read.
      const statusOnceScanned = async (before: string | undefined) => {
        const deadline = Date.now() + 20_000;
        for (;;) {
          const status = await statusOf();
          if (status !== before || Date.now() > deadline) return status;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      };
      expect(await statusOnceScanned(undefined)).toBe('pending');
      await anvil.mine({ blocks: 63 });
      expect(await statusOf()).toBe('pending');
      await anvil.mine({ blocks: 1 });
      expect(await statusOnceScanned('pending')).toBe('confirmed');
    } finally {
      await remote.close();
    }
  });
});

describe('Solana paging', () => {
  it('loses no signature when more arrive between passes than a pass reads', async () => {
    const rpc = createSolanaRpc(devnet.rpcUrl(103));
    const owner = solanaAddress(user.solanaAddress);
    // Pages of 2 signatures, at most 4 per pass: 7 receives take two passes.
    const scanner = new TransferScanner(
      t.app.db.handle.db,
      t.app.services.walletChains,
      t.app.log,
      t.app.services.clock,
      { maxSignatures: 4, signaturePage: 2 },
    );
    const airdrop = async (count: number, first: number) => {
      // Distinct amounts, so no two airdrops are the same transaction.
      for (let index = 0; index < count; index += 1)
        await rpc.requestAirdrop(owner, lamports(BigInt(first + index) * 1_000_000n)).send();
    };
    const passes: number[] = [];
    const pass = async () => {
      const report = await scanner.scan();
      expect(report.failed).toEqual([]);
      passes.push(report.recorded[103] ?? 0);
    };

    await airdrop(7, 1);
    await pass(); // the newest 4
    await airdrop(2, 8); // newer than the pass's newest, while 3 older ones are still unread
    await pass(); // the 3 older ones
    await pass(); // the 2 newer ones
    await pass(); // nothing left
    expect(passes).toEqual([4, 3, 2, 0]);

    const sol = (await history(t, user.auth)).filter((row) => row.chainId === 103);
    expect(sol.map((row) => row.value).sort()).toEqual(
      Array.from({ length: 9 }, (_, index) => `0.00${index + 1}`).sort(),
    );
  });
});
