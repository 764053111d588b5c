import { AmountError, parseAmount, walletMessages } from '@vaultscope/core';
import { BadRequestError } from '../../lib/errors';
import type { SendRecord } from './send-records';

export type SendKind = 'native' | 'token';

/** A send request after the checks that need no chain: supported chain, address forms. */
export interface SendTarget {
  chainId: number;
  kind: SendKind;
  from: string;
  to: string;
  /** ERC-20 contract or SPL mint; null for the native coin. */
  tokenAddress: string | null;
  amountText: string;
}

/** A send checked against the chain: decimals, balances and fees read there. */
export interface PreparedSend {
  chainId: number;
  kind: SendKind;
  from: string;
  to: string;
  tokenAddress: string | null;
  symbol: string;
  decimals: number;
  /** Base units of the asset. */
  amount: bigint;
  /** Most the network may charge for it, in native base units (rent of a new account included). */
  fee: bigint;
  /** Fee settings read at validation, reused when signing (EVM). */
  evm?: EvmFeePlan;
}

export type EvmFees =
  | { type: 'eip1559'; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }
  | { type: 'legacy'; gasPrice: bigint };
export type EvmFeePlan = EvmFees & { gas: bigint };

export interface SignedSend {
  /** EVM raw hex or Solana wire base64: a rebroadcast sends exactly these bytes. */
  signedTransaction: string;
  hash: string;
  nonce: number | null;
  lastValidBlockHeight: number | null;
}

/** What the chain says of a signed send. */
export type Verdict =
  | { state: 'confirmed'; fee: bigint }
  | { state: 'failed'; fee: bigint | null; error: string }
  /** The node knows it but it is not final yet. */
  | { state: 'pending' }
  /** The chain has never seen it. */
  | { state: 'unknown' };

/** One chain family's way to check, sign, send and follow a transfer. */
export interface ChainSender {
  prepare(target: SendTarget): Promise<PreparedSend>;
  /**
   * Checks the balances again, inside the account's send lock, net of `inFlight` (the account's
   * other signed or broadcast sends that the balance does not show yet): concurrent sends that
   * together overdraw are refused instead of reverting on chain.
   */
  assertFunds(prepared: PreparedSend, inFlight: SendRecord[]): Promise<void>;
  /** The next nonce the node would accept from `from` (its pending count); null without nonces. */
  pendingNonce(from: string): Promise<number | null>;
  /**
   * Signs with `secret` (never kept). `nonceFloor` is the lowest nonce still free (EVM);
   * `sendId` goes into the transaction so two equal Solana transfers never share bytes.
   */
  sign(
    prepared: PreparedSend,
    secret: Uint8Array,
    options: { nonceFloor: number; sendId: string },
  ): Promise<SignedSend>;
  broadcast(signedTransaction: string): Promise<void>;
  lookup(record: SendRecord): Promise<Verdict>;
  /** Follows the send until final or `timeoutMs`; `pending` when time ran out. */
  waitForVerdict(record: SendRecord, timeoutMs: number): Promise<Verdict>;
  /** Why the same bytes can no longer land (nonce used, blockhash expired), else undefined. */
  resendProblem(record: SendRecord): Promise<string | undefined>;
  /** Network fee in native base units of a transfer from `from` (approximate). */
  estimateFee(from: string, tokenAddress: string | null): Promise<bigint>;
}

/** Base units of `text` for an asset with `decimals`, or a 400 with the wallet's words. */
export function amountOrThrow(text: string, decimals: number): bigint {
  try {
    return parseAmount(text, decimals);
  } catch (error) {
    if (!(error instanceof AmountError)) throw error;
    const message =
      error.problem === 'required'
        ? walletMessages.amountRequired
        : error.problem === 'notPositive'
          ? walletMessages.amountNotPositive
          : walletMessages.amountTooPrecise(decimals);
    throw new BadRequestError(message, [{ path: 'amount', message }]);
  }
}

/** Balance checks shared by both families: the asset, then the native coin for the fee. */
export function assertBalances(input: {
  amount: bigint;
  assetBalance: bigint;
  nativeBalance: bigint;
  fee: bigint;
  native: boolean;
}): void {
  const { amount, assetBalance, nativeBalance, fee, native } = input;
  if (amount > assetBalance)
    throw new BadRequestError(walletMessages.insufficientBalance, [
      { path: 'amount', message: walletMessages.insufficientBalance },
    ]);
  if (nativeBalance < fee + (native ? amount : 0n))
    throw new BadRequestError(walletMessages.insufficientForFee, [
      { path: 'amount', message: walletMessages.insufficientForFee },
    ]);
}

export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
