import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { address, createSolanaRpc } from '@solana/kit';
import { parseEther, parseUnits, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { generateKeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAINS } from '@vaultscope/core';
import { DEVNET_CHAIN_IDS, devnetPort } from './chains';
import { loadDevnetConfig } from './config';
import { connectDevnet, startDevnet, type Devnet } from './devnet';
import { devnetTokenAbi } from './evm/artifacts/devnet-token';
import { devnetPublicClient } from './evm/evm-chain';
import { DEVNET_PRICES, devnetUsdPrice } from './prices';
import { DEVNET_TOKEN_SPECS } from './tokens';

describe('the devnet faucet and its handle', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vaultscope-devnet-faucet-'));
  let devnet: Devnet;

  beforeAll(async () => {
    devnet = await startDevnet({ dataDir, basePort: 0, chains: [56, 101] });
  });

  afterAll(async () => {
    await devnet?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('funds an EVM address with native coins and both local tokens', async () => {
    const receiver = privateKeyToAccount(generatePrivateKey()).address;
    const result = await devnet.fundEvm(56, receiver.toLowerCase());
    expect(result.address).toBe(receiver);
    expect(result.transfers.map((transfer) => transfer.symbol)).toEqual(['BNB', 'USDV', 'VLT']);

    const client = devnetPublicClient(56, devnet.rpcUrl(56));
    expect(await client.getBalance({ address: receiver })).toBe(parseEther('10'));
    const balances = await Promise.all(
      (devnet.tokens[56] ?? []).map((token) =>
        client.readContract({
          address: token.address as Address,
          abi: devnetTokenAbi,
          functionName: 'balanceOf',
          args: [receiver],
        }),
      ),
    );
    expect(balances).toEqual([parseUnits('10000', 6), parseUnits('1000', 18)]);

    // Chosen amounts, and the receipts are real transactions.
    const chosen = await devnet.fundEvm(56, receiver, { tokens: { USDV: 5n } });
    expect(chosen.transfers).toHaveLength(1);
    const receipt = await client.getTransactionReceipt({
      hash: chosen.transfers[0]!.hash as Address,
    });
    expect(receipt.status).toBe('success');
    await expect(devnet.fundEvm(56, 'not-an-address')).rejects.toThrow(/Not an EVM address/);
    await expect(devnet.fundEvm(56, receiver, { tokens: { USDV: -1n } })).rejects.toThrow(/>= 0/);
  });

  it('funds a Solana address with SOL and both local mints', async () => {
    const owner = (await generateKeyPairSigner()).address;
    const result = await devnet.fundSolana(101, owner);
    expect(result.transfers.map((transfer) => transfer.symbol)).toEqual(['SOL', 'USDV', 'VLT']);

    const rpc = createSolanaRpc(devnet.rpcUrl(101));
    expect((await rpc.getBalance(owner).send()).value).toBe(10_000_000_000n);
    for (const mint of devnet.tokens[101] ?? []) {
      const { value } = await rpc
        .getTokenAccountsByOwner(owner, { mint: address(mint.address) }, { encoding: 'jsonParsed' })
        .send();
      const info = value[0]?.account.data.parsed.info as {
        tokenAmount: { uiAmountString: string };
      };
      expect(info.tokenAmount.uiAmountString).toBe(mint.symbol === 'USDV' ? '10000' : '1000');
    }
    // Funding again reuses the token accounts.
    await devnet.fundSolana(101, owner, { mints: { VLT: 1n } });
    const { value } = await rpc
      .getTokenAccountsByOwner(owner, {
        programId: address('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'),
      })
      .send();
    expect(value).toHaveLength(2);
  });

  it('lets another process connect, and refuses a second devnet on the same data dir', async () => {
    const client = await connectDevnet(dataDir);
    expect(client.rpcUrls).toEqual(devnet.rpcUrls);
    const owner = (await generateKeyPairSigner()).address;
    await client.fundSolana(101, owner, { lamports: 1_000_000_000n });
    const rpc = createSolanaRpc(devnet.rpcUrl(101));
    expect((await rpc.getBalance(owner).send()).value).toBe(1_000_000_000n);
    await expect(startDevnet({ dataDir, basePort: 0, chains: [101] })).rejects.toThrow(
      /already running/,
    );
    expect(() => devnet.rpcUrl(1)).toThrow(/not running/);
  });
});

describe('devnet tables and settings', () => {
  it('prices every native coin of the product and every local token', () => {
    const symbols = [
      ...new Set(CHAINS.map((chain) => chain.nativeSymbol)),
      ...DEVNET_TOKEN_SPECS.map((spec) => spec.symbol),
    ];
    for (const symbol of symbols) expect(devnetUsdPrice(symbol)).toMatch(/^\d+\.\d{2}$/);
    expect(DEVNET_PRICES.length).toBe(symbols.length);
    expect(devnetUsdPrice('USDC')).toBeUndefined();
  });

  it('gives every chain a fixed port from the base port', () => {
    expect(DEVNET_CHAIN_IDS.map((id) => devnetPort(8545, id))).toEqual([
      8545, 8546, 8547, 8548, 8549, 8550, 8551, 8552, 8553, 8554,
    ]);
    expect(devnetPort(8545, 103)).toBe(8554);
  });

  it('reads and checks its settings from the environment', () => {
    const defaults = loadDevnetConfig({});
    expect(defaults.basePort).toBe(8545);
    expect(defaults.chains).toEqual([...DEVNET_CHAIN_IDS]);
    expect(defaults.dataDir).toMatch(/data[/\\]devnet$/);
    const chosen = loadDevnetConfig({ DEVNET_CHAINS: '1, 103', DEVNET_BASE_PORT: '9000' });
    expect(chosen).toMatchObject({ chains: [1, 103], basePort: 9000 });
    expect(() => loadDevnetConfig({ DEVNET_CHAINS: '1,42' })).toThrow(/unknown chain id\(s\) 42/);
    expect(() => loadDevnetConfig({ DEVNET_BASE_PORT: 'x' })).toThrow(/DEVNET_BASE_PORT/);
  });
});
