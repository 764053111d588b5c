import { BadRequestError } from '../lib/errors';

/**
 * The Solana analyzer's own refusals, each with its message, so a user can tell a mistyped
 * address from an account that is no token. A node that cannot be read is the shared
 * `ChainUnavailableError` of `errors.ts`.
 */

/** Not a base58 address of 32 bytes (an EVM address, a typo, a truncated paste). */
export class InvalidSolanaAddressError extends BadRequestError {
  override name = 'InvalidSolanaAddressError';
  constructor() {
    super('This is not a valid Solana address');
  }
}

/** Nothing lives at the address on this cluster (never funded, closed, or another cluster's). */
export class NoSolanaAccountError extends BadRequestError {
  override name = 'NoSolanaAccountError';
  constructor() {
    super('No account exists at this address on this chain');
  }
}

/** The account exists but is no mint: a wallet, a token account, a program, another program's data. */
export class NotATokenMintError extends BadRequestError {
  override name = 'NotATokenMintError';
  constructor() {
    super('This address is not a token mint on this chain');
  }
}
