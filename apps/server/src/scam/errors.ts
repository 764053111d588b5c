import { scamMessages } from '@vaultscope/core';
import { AppError, BadRequestError } from '../lib/errors';

/** The address holds no contract code at the block read (an account, or nothing deployed yet). */
export class NoContractCodeError extends BadRequestError {
  override name = 'NoContractCodeError';
  constructor() {
    super(scamMessages.noContractCode);
  }
}

/**
 * The chain's node could not be read. The cause (a viem error) may name the RPC URL, which can
 * carry a key: it is kept for the error handler, which hides 5xx causes from responses, and must
 * be logged through `chainErrorText` only.
 */
export class ChainUnavailableError extends AppError {
  override name = 'ChainUnavailableError';
  constructor(cause: unknown) {
    super(503, scamMessages.chainUnavailable, { cause });
  }
}

/**
 * The server has no RPC URL or local chain for this chain, or no analyzer for its family: a
 * fact of this server's configuration, so a 400 like the wallet's unsupported network, not a
 * 5xx that would page someone.
 */
export class ChainNotScannableError extends BadRequestError {
  override name = 'ChainNotScannableError';
  constructor() {
    super(scamMessages.chainNotScannable);
  }
}
