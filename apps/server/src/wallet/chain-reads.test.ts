import { DEVNET_EVM_OWNER, devnetPublicClient, devnetViemChain } from '@vaultscope/devnet';
import { createWalletClient, getAddress, http } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app';
import { startTestDevnet } from '../test/wallet-test-kit';
import { readTokenFacts, tokenFacts } from './chain-reads';
import type { EvmChainAccess } from './wallet-chains';

let devnet: Awaited<ReturnType<typeof startTestDevnet>>;
let t: TestApp;

beforeAll(async () => {
  devnet = await startTestDevnet([1]);
  t = await startTestApp({}, { devnet });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await devnet?.remove();
});

/**
 * A contract that answers every call with the word 18: `decimals()` is 18, and `symbol()` does
 * not decode as a string (MKR's bytes32 symbol fails the same way). Init code that copies the
 * 10-byte runtime below and returns it.
 */
const NO_SYMBOL_TOKEN = `0x${[
  '600a80600b6000396000f3', // init: CODECOPY the runtime, RETURN it
  '6012600052', // memory[0..32] = 18
  '60206000f3', // return it
].join('')}` as const;

async function deploy(bytecode: `0x${string}`) {
  const rpcUrl = devnet.rpcUrl(1);
  const wallet = createWalletClient({
    account: DEVNET_EVM_OWNER,
    chain: devnetViemChain(1, rpcUrl),
    transport: http(rpcUrl),
  });
  const hash = await wallet.deployContract({ abi: [], bytecode });
  const receipt = await devnetPublicClient(1, rpcUrl).waitForTransactionReceipt({ hash });
  return getAddress(receipt.contractAddress!);
}

describe('the token facts reader', () => {
  it('reads an ERC-20 of the chain', async () => {
    const access = t.app.services.walletChains.evm(1)!;
    const usdv = access.tokens.find((token) => token.symbol === 'USDV')!;
    expect(await readTokenFacts(access, usdv.address)).toEqual({ decimals: 6, symbol: 'USDV' });
  });

  it('answers a symbol it cannot decode as none, and each caller falls back to its own name', async () => {
    const address = await deploy(NO_SYMBOL_TOKEN);
    // A copy of the chain: the cache is per chain access.
    const access: EvmChainAccess = { ...t.app.services.walletChains.evm(1)! };
    expect(await readTokenFacts(access, address)).toEqual({ decimals: 18, symbol: null });
    // Read once, but the first caller's fallback is not kept for the next.
    expect(await tokenFacts(access, { address, symbol: 'ERC20' })).toEqual({
      decimals: 18,
      symbol: 'ERC20',
    });
    expect(await tokenFacts(access, { address, symbol: 'ODD' })).toEqual({
      decimals: 18,
      symbol: 'ODD',
    });
  });
});
