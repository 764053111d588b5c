/** Base of every error the API answers on purpose: a status, a short message, and a cause chain. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly statusCode: number,
    message: string,
    options?: {
      cause?: unknown;
      errors?: { path: string; message: string }[];
      headers?: Record<string, string>;
    },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.errors = options?.errors;
    this.headers = options?.headers;
  }
  readonly errors: { path: string; message: string }[] | undefined;
  readonly headers: Record<string, string> | undefined;
}

export class BadRequestError extends AppError {
  override name = 'BadRequestError';
  constructor(message: string, errors?: { path: string; message: string }[]) {
    super(400, message, errors ? { errors } : undefined);
  }
}

export class UnauthorizedError extends AppError {
  override name = 'UnauthorizedError';
  constructor(message: string) {
    super(401, message);
  }
}

export class ForbiddenError extends AppError {
  override name = 'ForbiddenError';
  constructor(message: string) {
    super(403, message);
  }
}

export class NotFoundError extends AppError {
  override name = 'NotFoundError';
  constructor(message: string) {
    super(404, message);
  }
}

export class ConflictError extends AppError {
  override name = 'ConflictError';
  constructor(message: string) {
    super(409, message);
  }
}

export class TooManyRequestsError extends AppError {
  override name = 'TooManyRequestsError';
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message, {
      headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
    });
  }
}

/**
 * Why a chain call failed: no answer in time, no connection, calls to the chain paused after
 * repeated failures (its circuit is open), or an answer that was no use.
 */
export type ChainFailure = 'timeout' | 'unreachable' | 'circuit-open' | 'bad-answer';

/**
 * A chain that failed, as the API answers it: 502 when its node answered badly, 503 when it
 * could not be reached in time (or calls to it are paused). The message names the chain for a
 * person; `detail` says what happened in words of ours (`HTTP 502`, `ECONNREFUSED`, `no answer
 * within 10000 ms`) for the log. Neither ever holds the RPC URL or the node's raw answer, and
 * there is deliberately no `cause`: the underlying client errors carry both.
 */
export class ChainUnavailableError extends AppError {
  override name = 'ChainUnavailableError';
  constructor(
    readonly chainId: number,
    readonly failure: ChainFailure,
    message: string,
    readonly detail: string,
    retryAfterSeconds?: number,
  ) {
    super(
      failure === 'bad-answer' ? 502 : 503,
      message,
      retryAfterSeconds === undefined
        ? undefined
        : { headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) } },
    );
  }
}

/** A request that waited too long for something it needs (a busy account's send lock): 503. */
export class ServiceUnavailableError extends AppError {
  override name = 'ServiceUnavailableError';
  constructor(message: string, retryAfterSeconds: number) {
    super(503, message, {
      headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
    });
  }
}
