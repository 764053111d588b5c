/**
 * The devnet's error: a short message, the chain it concerns when there is one, and the cause
 * kept as `cause` (viem's BaseError pattern, in small).
 */
export class DevnetError extends Error {
  override name = 'DevnetError';
  readonly chainId: number | undefined;

  constructor(message: string, options: { chainId?: number; cause?: unknown } = {}) {
    super(options.chainId === undefined ? message : `[chain ${options.chainId}] ${message}`, {
      cause: options.cause,
    });
    this.chainId = options.chainId;
  }
}
