import {
  apiPaths,
  sendErc20RequestSchema,
  sendEthRequestSchema,
  sendSolRequestSchema,
  sendSplTokenRequestSchema,
  walletMessages,
  type WalletAssetItem,
} from '@vaultscope/core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import {
  checkSend,
  isNativeAsset,
  maxAmount,
  sendFailureMessage,
  sendRequestOf,
  UnsupportedNetworkError,
  type CheckedSend,
  type SendRequest,
} from './send-form';

const EVM_TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const SOL_TO = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T';

const asset = (overrides: Partial<WalletAssetItem> = {}): WalletAssetItem => ({
  address: 'Native',
  symbol: 'ETH',
  name: 'Ether',
  decimals: 18,
  balance: '2',
  logo: '',
  ...overrides,
});
const usdv = asset({
  address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  symbol: 'USDV',
  name: 'Vaultscope USD',
  decimals: 6,
  balance: '10000',
});

/** Wormhole's SOL on Ethereum: an ERC-20 a real mainnet's token list can hold. */
const bridgedSol = asset({
  address: '0xD31a59c85aE9D8edEFeC411D448f90841571b89c',
  symbol: 'SOL',
  name: 'Wrapped SOL (Wormhole)',
  decimals: 9,
  balance: '3',
});

/** The schema the server validates each send call's body with. */
const bodySchemaOf = {
  [apiPaths.wallet.sendEth]: sendEthRequestSchema,
  [apiPaths.wallet.sendErc20]: sendErc20RequestSchema,
  [apiPaths.wallet.sendSol]: sendSolRequestSchema,
  [apiPaths.wallet.sendSplToken]: sendSplTokenRequestSchema,
};

/** The request passes its own schema with no field the server would strip. */
function expectServerAccepts(request: SendRequest) {
  const parsed = bodySchemaOf[request.path].strict().safeParse(request.body);
  expect(parsed.error?.issues ?? []).toEqual([]);
}

function checked(draft: Parameters<typeof checkSend>[0]): CheckedSend {
  const result = checkSend(draft);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.send;
}

describe('checkSend', () => {
  it('requires an address, an asset and an amount', () => {
    expect(checkSend({ chainId: 1, asset: undefined, to: '', amount: '' })).toEqual({
      ok: false,
      errors: {
        to: walletMessages.invalidRecipient,
        asset: walletMessages.assetRequired,
        amount: walletMessages.amountRequired,
      },
    });
  });

  it('checks the recipient against the chain family', () => {
    const solanaOnEvm = checkSend({
      chainId: 1,
      asset: asset(),
      to: SOL_TO,
      amount: '1',
    });
    expect(solanaOnEvm).toMatchObject({ errors: { to: walletMessages.invalidRecipient } });
    const evmOnSolana = checkSend({
      chainId: 103,
      asset: asset({ symbol: 'SOL', decimals: 9 }),
      to: EVM_TO,
      amount: '1',
    });
    expect(evmOnSolana).toMatchObject({ errors: { to: walletMessages.invalidRecipient } });
    // A wrong EIP-55 checksum is a typo, not an address.
    const typo = checkSend({
      chainId: 1,
      asset: asset(),
      to: EVM_TO.replace('C51812dc', 'c51812dc'),
      amount: '1',
    });
    expect(typo).toMatchObject({ errors: { to: walletMessages.invalidRecipient } });
  });

  it('explains amounts that are not positive or too precise for the asset', () => {
    const draft = { chainId: 1, asset: usdv, to: EVM_TO };
    expect(checkSend({ ...draft, amount: '0' })).toMatchObject({
      errors: { amount: walletMessages.amountNotPositive },
    });
    expect(checkSend({ ...draft, amount: '1e3' })).toMatchObject({
      errors: { amount: walletMessages.amountNotPositive },
    });
    expect(checkSend({ ...draft, amount: '0.0000001' })).toMatchObject({
      errors: { amount: walletMessages.amountTooPrecise(6) },
    });
  });

  it('has no maximum: the server checks the balance (spec section 5)', () => {
    const send = checked({
      chainId: 1,
      asset: usdv,
      to: EVM_TO,
      amount: '99999999',
    });
    expect(send.amount).toBe('99999999');
  });

  it('gives the amount in canonical decimal text and the trimmed address', () => {
    const send = checked({
      chainId: 1,
      asset: asset(),
      to: ` ${EVM_TO} `,
      amount: '.50',
    });
    expect(send).toMatchObject({ to: EVM_TO, amount: '0.5', native: true });
  });
});

describe('isNativeAsset', () => {
  it('is the item with address Native, whatever its place in the list or its symbol', () => {
    expect(isNativeAsset(asset())).toBe(true);
    expect(isNativeAsset(asset({ symbol: 'SOL', decimals: 9 }))).toBe(true);
    // The first item is not native by its place, nor a token by its symbol.
    expect(isNativeAsset(usdv)).toBe(false);
    expect(isNativeAsset(bridgedSol)).toBe(false);
  });
});

describe('maxAmount', () => {
  it('keeps 30% of a native balance back for the fee, and says so', () => {
    expect(maxAmount(asset({ balance: '2' }), true)).toEqual({
      amount: '1.4',
      note: walletMessages.maxFeeNote,
    });
  });
  it('takes the whole balance of a token', () => {
    expect(maxAmount(usdv, false)).toEqual({ amount: '10000', note: undefined });
  });
  it('gives 0 for an empty balance rather than failing', () => {
    expect(maxAmount(asset({ balance: '0' }), true).amount).toBe('0');
  });
});

describe('sendRequestOf', () => {
  const evm = (native: boolean, chainId = 11155111) =>
    checked({
      chainId,
      asset: native ? asset() : usdv,
      to: EVM_TO,
      amount: '1.5',
    });

  it('sends the EVM native coin with sendEth and tokens with sendErc20', () => {
    expect(sendRequestOf(evm(true))).toEqual({
      path: apiPaths.wallet.sendEth,
      body: { chainId: 11155111, address: EVM_TO, amount: '1.5', importedKey: false },
    });
    expect(sendRequestOf(evm(false))).toEqual({
      path: apiPaths.wallet.sendErc20,
      body: {
        chainId: 11155111,
        to: EVM_TO,
        amount: '1.5',
        tokenAddress: usdv.address,
        importedKey: false,
      },
    });
  });

  it('sends SOL and SPL tokens with the cluster named, devnet on 103', () => {
    const sol = asset({ symbol: 'SOL', decimals: 9, balance: '3' });
    const spl = asset({ address: 'MintAddress111', symbol: 'USDV', decimals: 6, balance: '5' });
    const on = (chainId: number, item: WalletAssetItem) =>
      sendRequestOf(checked({ chainId, asset: item, to: SOL_TO, amount: '1' }));
    expect(on(103, sol)).toEqual({
      path: apiPaths.wallet.sendSol,
      body: { to: SOL_TO, amount: '1', generatedKey: true, network: 'devnet' },
    });
    expect(on(101, spl)).toEqual({
      path: apiPaths.wallet.sendSplToken,
      body: {
        tokenMintAddress: 'MintAddress111',
        recieverAddress: SOL_TO,
        amount: '1',
        generatedKey: true,
        network: 'mainnet',
      },
    });
  });

  it('sends a token whose symbol is SOL on an EVM chain with sendErc20, never as the native coin', () => {
    for (const chainId of [1, 56]) {
      const request = sendRequestOf(
        checked({ chainId, asset: bridgedSol, to: EVM_TO, amount: '1.5' }),
      );
      expect(request).toEqual({
        path: apiPaths.wallet.sendErc20,
        body: {
          chainId,
          to: EVM_TO,
          amount: '1.5',
          tokenAddress: bridgedSol.address,
          importedKey: false,
        },
      });
      expectServerAccepts(request);
    }
  });

  it('sends the native coin only for the item with address Native, even when it is not first', () => {
    const draft = { chainId: 1, to: EVM_TO, amount: '1' };
    expect(sendRequestOf(checked({ ...draft, asset: usdv })).path).toBe(apiPaths.wallet.sendErc20);
    expect(sendRequestOf(checked({ ...draft, asset: asset() })).path).toBe(apiPaths.wallet.sendEth);
  });

  it('builds bodies the server schemas accept, typed by those schemas', () => {
    const sol = asset({ symbol: 'SOL', decimals: 9, balance: '3' });
    const spl = asset({ address: 'MintAddress111', symbol: 'USDV', decimals: 6, balance: '5' });
    const requests = [
      sendRequestOf(evm(true)),
      sendRequestOf(evm(false)),
      sendRequestOf(checked({ chainId: 103, asset: sol, to: SOL_TO, amount: '1' })),
      sendRequestOf(checked({ chainId: 101, asset: spl, to: SOL_TO, amount: '1' })),
    ];
    expect(requests.map((request) => request.path)).toEqual([
      apiPaths.wallet.sendEth,
      apiPaths.wallet.sendErc20,
      apiPaths.wallet.sendSol,
      apiPaths.wallet.sendSplToken,
    ]);
    requests.forEach(expectServerAccepts);
    // The body's type is the schema's input type: a renamed field fails to compile here.
    expectTypeOf<
      Extract<SendRequest, { path: typeof apiPaths.wallet.sendSplToken }>['body']
    >().toEqualTypeOf<z.input<typeof sendSplTokenRequestSchema>>();
    expectTypeOf<
      Extract<SendRequest, { path: typeof apiPaths.wallet.sendEth }>['body']
    >().toEqualTypeOf<z.input<typeof sendEthRequestSchema>>();
  });

  it('refuses a chain the wallet cannot send on', () => {
    const send = { ...evm(true), chain: { ...evm(true).chain, id: 5 } };
    expect(() => sendRequestOf(send)).toThrow(UnsupportedNetworkError);
  });
});

describe('sendFailureMessage', () => {
  it("prefers the server's error detail, then its message, then 'Transaction failed!'", () => {
    const refused = new ApiError(walletMessages.sendFailed, {
      status: 400,
      fromServer: true,
      errors: [
        { path: 'transaction', message: 'execution reverted' },
        { path: 'hash', message: '0xab' },
      ],
    });
    expect(sendFailureMessage(refused)).toBe('execution reverted');
    expect(
      sendFailureMessage(
        new ApiError(walletMessages.insufficientBalance, { status: 422, fromServer: true }),
      ),
    ).toBe(walletMessages.insufficientBalance);
    expect(sendFailureMessage(new ApiError('Bad Gateway', { status: 502 }))).toBe(
      walletMessages.sendFailedFallback,
    );
    expect(sendFailureMessage(new UnsupportedNetworkError())).toBe(
      walletMessages.unsupportedNetwork,
    );
  });
});
