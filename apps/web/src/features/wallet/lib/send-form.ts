import {
  AmountError,
  apiPaths,
  deductPercent,
  findChain,
  formatAmount,
  isSendChainId,
  isValidEvmAddress,
  isValidSolanaAddress,
  NATIVE_ASSET_ADDRESS,
  parseAmount,
  WALLET_DISPLAY,
  walletMessages,
  type Chain,
  type sendErc20RequestSchema,
  type sendEthRequestSchema,
  type sendSolRequestSchema,
  type sendSplTokenRequestSchema,
  type WalletAssetItem,
} from '@vaultscope/core';
import type { z } from 'zod';
import { ApiError } from '@/lib/api-client';

/** The send form's pure rules (spec section 5), kept apart from the dialog so they are tested. */

export interface SendDraft {
  chainId: number;
  asset: WalletAssetItem | undefined;
  to: string;
  amount: string;
}

export type SendField = 'to' | 'asset' | 'amount';
export type SendErrors = Partial<Record<SendField, string>>;

/** A checked send, ready for the confirmation popup and the request. */
export interface CheckedSend {
  chain: Chain;
  asset: WalletAssetItem;
  native: boolean;
  to: string;
  /** Canonical decimal text (`.5` becomes `0.5`), never a float. */
  amount: string;
}

/**
 * The chain's own coin is the asset the server lists with address `Native`, and nothing else.
 * Spec section 5 also takes the first item or any symbol `SOL` for it, but a symbol is not an
 * identity: a real EVM mainnet's token list can hold a bridged SOL, and taking it for the native
 * coin would send ETH or BNB instead. The server lists the native coin first anyway, so the first
 * item is still native through its address. Which call sends it follows from the chain's family.
 */
export function isNativeAsset(asset: WalletAssetItem): boolean {
  return asset.address === NATIVE_ASSET_ADDRESS;
}

export function isValidRecipient(chain: Chain, address: string): boolean {
  return chain.family === 'solana' ? isValidSolanaAddress(address) : isValidEvmAddress(address);
}

function amountMessage(error: unknown, decimals: number): string {
  if (!(error instanceof AmountError)) return walletMessages.amountNotPositive;
  if (error.problem === 'required') return walletMessages.amountRequired;
  if (error.problem === 'tooPrecise') return walletMessages.amountTooPrecise(decimals);
  return walletMessages.amountNotPositive;
}

/**
 * Address, asset and amount are required; the address must be one of the chain's family and the
 * amount a positive decimal with no more decimals than the asset has. No minimum or maximum
 * (spec section 5): the server checks the balance.
 */
export function checkSend(
  draft: SendDraft,
): { ok: true; send: CheckedSend } | { ok: false; errors: SendErrors } {
  const chain = findChain(draft.chainId);
  const errors: SendErrors = {};
  const to = draft.to.trim();
  if (!to || (chain && !isValidRecipient(chain, to))) errors.to = walletMessages.invalidRecipient;
  if (!draft.asset) errors.asset = walletMessages.assetRequired;
  let amount = '';
  if (draft.asset) {
    try {
      amount = formatAmount(parseAmount(draft.amount, draft.asset.decimals), draft.asset.decimals);
    } catch (error) {
      errors.amount = amountMessage(error, draft.asset.decimals);
    }
  } else if (draft.amount.trim() === '') {
    errors.amount = walletMessages.amountRequired;
  }
  if (!chain || !draft.asset || Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    send: {
      chain,
      asset: draft.asset,
      native: isNativeAsset(draft.asset),
      to,
      amount,
    },
  };
}

/** Base units of a balance text; a zero or unreadable balance counts as nothing. */
function balanceUnits(asset: WalletAssetItem): bigint {
  try {
    return parseAmount(asset.balance, asset.decimals);
  } catch {
    return 0n;
  }
}

/**
 * The Max button: the whole balance of a token, and 70% of the native coin's so that the fee can
 * be paid from the rest (spec section 5), with the note that says so.
 */
export function maxAmount(
  asset: WalletAssetItem,
  native: boolean,
): { amount: string; note: string | undefined } {
  const units = balanceUnits(asset);
  if (!native) return { amount: formatAmount(units, asset.decimals), note: undefined };
  return {
    amount: formatAmount(
      deductPercent(units, WALLET_DISPLAY.maxNativeDeductPercent),
      asset.decimals,
    ),
    note: walletMessages.maxFeeNote,
  };
}

export class UnsupportedNetworkError extends Error {
  override readonly name = 'UnsupportedNetworkError';
  constructor() {
    super(walletMessages.unsupportedNetwork);
  }
}

/**
 * A send call and its body, typed by the schema the server validates that body with, so that a
 * field the server renames or adds breaks the build here rather than the send at run time.
 */
export type SendRequest =
  | { path: typeof apiPaths.wallet.sendEth; body: z.input<typeof sendEthRequestSchema> }
  | { path: typeof apiPaths.wallet.sendErc20; body: z.input<typeof sendErc20RequestSchema> }
  | { path: typeof apiPaths.wallet.sendSol; body: z.input<typeof sendSolRequestSchema> }
  | {
      path: typeof apiPaths.wallet.sendSplToken;
      body: z.input<typeof sendSplTokenRequestSchema>;
    };

/**
 * Which send call, with which body (spec section 7): sendEth / sendErc20 on EVM chains, sendSol /
 * sendSplToken on Solana, whose cluster is named (`devnet` on 103).
 */
export function sendRequestOf(send: CheckedSend): SendRequest {
  const { chain, asset, native, to, amount } = send;
  if (!isSendChainId(chain.id)) throw new UnsupportedNetworkError();
  if (chain.family === 'solana') {
    const network = chain.id === 103 ? 'devnet' : 'mainnet';
    return native
      ? { path: apiPaths.wallet.sendSol, body: { to, amount, generatedKey: true, network } }
      : {
          path: apiPaths.wallet.sendSplToken,
          body: {
            tokenMintAddress: asset.address,
            recieverAddress: to,
            amount,
            generatedKey: true,
            network,
          },
        };
  }
  return native
    ? {
        path: apiPaths.wallet.sendEth,
        body: { chainId: chain.id, address: to, amount, importedKey: false },
      }
    : {
        path: apiPaths.wallet.sendErc20,
        body: { chainId: chain.id, to, amount, tokenAddress: asset.address, importedKey: false },
      };
}

/**
 * The toast of a failed send (spec section 8): the server's error detail first (why the chain
 * refused it), then its message, then the error's own text, then 'Transaction failed!'.
 */
export function sendFailureMessage(error: unknown): string {
  if (error instanceof UnsupportedNetworkError) return error.message;
  if (error instanceof ApiError) {
    const detail = error.errors?.[0]?.message;
    if (detail) return detail;
    if (error.fromServer || error.status === 0) return error.message;
    return walletMessages.sendFailedFallback;
  }
  return error instanceof Error && error.message
    ? error.message
    : walletMessages.sendFailedFallback;
}
