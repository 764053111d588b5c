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
