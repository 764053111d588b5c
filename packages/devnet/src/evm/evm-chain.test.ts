import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createWalletClient, http, parseEther, parseUnits, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type Devnet } from '../devnet';
import type { DevnetErc20 } from '../tokens';
import { devnetTokenAbi } from './artifacts/devnet-token';
import { devnetPublicClient, devnetViemChain, evmStateFile, evmTokensFile } from './evm-chain';

const CHAINS = [1, 137] as const;

describe('EVM devnet on real Anvil nodes', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vaultscope-devnet-evm-'));
  let devnet: Devnet;
  const sender = privateKeyToAccount(generatePrivateKey());
  const receiver = privateKeyToAccount(generatePrivateKey()).address;

  beforeAll(async () => {
    devnet = await startDevnet({ dataDir, basePort: 0, chains: CHAINS });
  });

  afterAll(async () => {
    await devnet?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const usdv = (chainId: number) => {
    const token = devnet.tokens[chainId as 1]?.find((candidate) => candidate.symbol === 'USDV');
    if (!token) throw new Error('no USDV');
    return token as DevnetErc20;
  };

  it('runs each node with its own chain id and two local tokens', async () => {
    for (const chainId of CHAINS) {
      const client = devnetPublicClient(chainId, devnet.rpcUrl(chainId));
      expect(await client.getChainId()).toBe(chainId);
      const tokens = devnet.tokens[chainId] ?? [];
      expect(tokens.map((token) => [token.symbol, token.decimals])).toEqual([
        ['USDV', 6],
        ['VLT', 18],
      ]);
      for (const token of tokens) {
        const address = token.address as Address;
        expect(await client.getCode({ address })).toMatch(/^0x[0-9a-f]{100,}$/);
        expect(
          await client.readContract({ address, abi: devnetTokenAbi, functionName: 'symbol' }),
        ).toBe(token.symbol);
      }
    }
    expect(new URL(devnet.rpcUrl(1)).hostname).toBe('127.0.0.1');
  });

  it('lands a native transfer and an ERC-20 transfer signed with viem', async () => {
    const chainId = 137;
    const rpcUrl = devnet.rpcUrl(chainId);
    const client = devnetPublicClient(chainId, rpcUrl);
    await devnet.fundEvm(chainId, sender.address, {
      native: parseEther('5'),
      tokens: { USDV: parseUnits('100', 6) },
    });
    expect(await client.getBalance({ address: sender.address })).toBe(parseEther('5'));

    const wallet = createWalletClient({
      account: sender,
      chain: devnetViemChain(chainId, rpcUrl),
      transport: http(rpcUrl),
    });
    const nativeHash = await wallet.sendTransaction({ to: receiver, value: parseEther('1.25') });
    const nativeReceipt = await client.waitForTransactionReceipt({ hash: nativeHash });
    expect(nativeReceipt.status).toBe('success');

    const token = usdv(chainId);
    const tokenHash = await wallet.writeContract({
      address: token.address,
      abi: devnetTokenAbi,
      functionName: 'transfer',
      args: [receiver, parseUnits('40.5', 6)],
    });
    const tokenReceipt = await client.waitForTransactionReceipt({ hash: tokenHash });
    expect(tokenReceipt.status).toBe('success');

    expect(await client.getBalance({ address: receiver })).toBe(parseEther('1.25'));
    const fees =
      nativeReceipt.gasUsed * nativeReceipt.effectiveGasPrice +
      tokenReceipt.gasUsed * tokenReceipt.effectiveGasPrice;
    expect(await client.getBalance({ address: sender.address })).toBe(
      parseEther('5') - parseEther('1.25') - fees,
    );
    const balanceOf = (address: Address) =>
      client.readContract({
        address: token.address,
        abi: devnetTokenAbi,
        functionName: 'balanceOf',
        args: [address],
      });
    expect(await balanceOf(receiver)).toBe(parseUnits('40.5', 6));
    expect(await balanceOf(sender.address)).toBe(parseUnits('59.5', 6));
  });

  it('refuses a mint from anyone but the devnet owner', async () => {
    const chainId = 137;
    const rpcUrl = devnet.rpcUrl(chainId);
    const wallet = createWalletClient({
      account: sender,
      chain: devnetViemChain(chainId, rpcUrl),
      transport: http(rpcUrl),
    });
    await expect(
      wallet.writeContract({
        address: usdv(chainId).address,
        abi: devnetTokenAbi,
        functionName: 'mint',
        args: [sender.address, 1n],
      }),
    ).rejects.toThrow(/Unauthorized/);
  });

  it('keeps balances, history and token addresses across a restart', async () => {
    const chainId = 137;
    const before = {
      tokens: devnet.tokens[chainId],
      block: await devnetPublicClient(chainId, devnet.rpcUrl(chainId)).getBlockNumber(),
    };
    await devnet.stop();
    expect(JSON.parse(readFileSync(evmStateFile(dataDir, chainId), 'utf8'))).toHaveProperty(
      'accounts',
    );

    devnet = await startDevnet({ dataDir, basePort: 0, chains: CHAINS });
    const client = devnetPublicClient(chainId, devnet.rpcUrl(chainId));
    expect(devnet.tokens[chainId]).toEqual(before.tokens);
    expect(await client.getBlockNumber()).toBe(before.block);
    expect(await client.getBalance({ address: receiver })).toBe(parseEther('1.25'));
    expect(
      await client.readContract({
        address: usdv(chainId).address,
        abi: devnetTokenAbi,
        functionName: 'balanceOf',
        args: [receiver],
      }),
    ).toBe(parseUnits('40.5', 6));
  });

  it('redeploys the tokens when a chain state file is unreadable', async () => {
    await devnet.stop();
    const chainId = 1;
    writeFileSync(evmStateFile(dataDir, chainId), '{"torn": ');
    writeFileSync(`${evmStateFile(dataDir, chainId)}.bak`, 'not json either');
    const warnings: string[] = [];
    devnet = await startDevnet({
      dataDir,
      basePort: 0,
      chains: CHAINS,
      onWarning: (message) => warnings.push(message),
    });
    expect(warnings.join('\n')).toMatch(/unreadable.*starting an empty chain/);
    const registry = JSON.parse(readFileSync(evmTokensFile(dataDir, chainId), 'utf8')) as {
      tokens: { address: string }[];
    };
    const client = devnetPublicClient(chainId, devnet.rpcUrl(chainId));
    for (const token of registry.tokens) {
      expect(await client.getCode({ address: token.address as Address })).not.toBe(undefined);
    }
    expect(await client.getBalance({ address: receiver })).toBe(0n);
  });
});
