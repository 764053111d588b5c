import { AppError, BadRequestError } from '../lib/errors';

/** The address holds no contract code at the block read (an account, or nothing deployed yet). */
export class NoContractCodeError extends BadRequestError {
  override name = 'NoContractCodeError';
  constructor() {
    super('This address has no contract code on this chain');
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
    super(503, 'The chain could not be reached; try again shortly', { cause });
  }
}
