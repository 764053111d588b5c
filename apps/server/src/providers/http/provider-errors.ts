/**
 * Why a provider call gave nothing. Messages name the provider and the request path, never the
 * full URL or a header: base URLs and keys stay out of errors and so out of logs.
 */
export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    readonly provider: string,
    readonly path: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${provider} ${path}: ${message}`, options);
  }
}

/** The provider's circuit is open: the call was not made. */
export class ProviderUnavailableError extends ProviderError {
  override name = 'ProviderUnavailableError';
}

/** An HTTP status the call does not try again (400, 401, 404, …), or the last of a retried one. */
export class ProviderHttpError extends ProviderError {
  override name = 'ProviderHttpError';
  constructor(
    provider: string,
    path: string,
    readonly status: number,
  ) {
    super(provider, path, `HTTP ${status}`);
  }
}

/** No answer within the call's time-out. */
export class ProviderTimeoutError extends ProviderError {
  override name = 'ProviderTimeoutError';
}

/** The connection failed (refused, reset, DNS). */
export class ProviderNetworkError extends ProviderError {
  override name = 'ProviderNetworkError';
}

/** The answer was not JSON, or not of the expected shape: dropped, never returned. */
export class ProviderMalformedError extends ProviderError {
  override name = 'ProviderMalformedError';
}

/** The provider kept saying "too many requests" (or asked for a wait longer than allowed). */
export class ProviderRateLimitedError extends ProviderError {
  override name = 'ProviderRateLimitedError';
}
