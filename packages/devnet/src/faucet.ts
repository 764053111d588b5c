import { DevnetError } from './lib/errors';

/** One asset the faucet sent. */
export interface FundTransfer {
  symbol: string;
  /** Base units (wei, lamports, token base units). */
  amount: bigint;
  /** The transaction hash (EVM) or signature (Solana) that moved it. */
  hash: string;
}

export interface FundResult {
  chainId: number;
  /** The funded address (checksummed on EVM). */
  address: string;
  transfers: FundTransfer[];
}

export function assertAmount(amount: unknown, what: string, chainId: number): void {
  if (typeof amount !== 'bigint' || amount < 0n) {
    throw new DevnetError(`Faucet amount for ${what} must be a bigint >= 0 in base units`, {
      chainId,
    });
  }
}
