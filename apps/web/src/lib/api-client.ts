import { timings, type ErrorResponse } from '@vaultscope/core';
import type { z } from 'zod';
import { config } from './config';

/**
 * The one API client (spec section 7 and 8): JSON in and out, Accept JSON, no cookies, a 60 s
 * time-out, and on failure an error whose message is the server's `message` when it sent one.
 */

export type FieldError = NonNullable<ErrorResponse['errors']>[number];

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /**
   * HTTP status; 0 when the request never got an answer (network error or time-out) or its
   * answer could not be checked ({@link ModuleLoadError}).
   */
  readonly status: number;
  /** Per-field errors sent by the server, passed on untouched. */
  readonly errors: FieldError[] | undefined;
  /** True when the server itself supplied `message`. */
  readonly fromServer: boolean;

  constructor(
    message: string,
    options: { status: number; errors?: FieldError[]; fromServer?: boolean; cause?: unknown },
  ) {
    super(message, { cause: options.cause });
    this.status = options.status;
    this.errors = options.errors;
    this.fromServer = options.fromServer ?? false;
  }
}

/**
 * Thrown when the schema module fetched with a call failed to load: a chunk the network did not
 * bring. Status 0, as a network error: the message is shown as it is, and the call may be tried
 * again. (An error answer whose schema fails to load keeps its own status, read without it.)
 */
export class ModuleLoadError extends ApiError {
  constructor(cause: unknown) {
    super('Part of the app failed to load. Check your connection and try again.', {
      status: 0,
      cause,
    });
  }
}

/** Thrown when a 2xx answer does not have the shape of the contract. */
export class ResponseShapeError extends ApiError {
  constructor(path: string, cause: unknown) {
    super(`Unexpected response from ${path}`, { status: 200, cause });
  }
}

interface ClientHooks {
  /** The session token to send as `Authorization: Bearer` on user calls. */
  getToken: () => string | null;
  /**
   * Called on a 401 answer to a call that carried the session token, with that token, so that a
   * late answer for an old session cannot end a newer one.
   */
  onUnauthorized: (token: string) => void;
}

let hooks: ClientHooks = { getToken: () => null, onUnauthorized: () => undefined };

/** Wired once by the app shell, so that this module does not depend on the session store. */
export function configureApiClient(next: ClientHooks): void {
  hooks = next;
}

/**
 * What an answer is checked with: a zod schema, classic or `zod/mini` (the lists' schemas are
 * mini ones, cheaper to build on a phone's first load), both of which have `safeParse`.
 */
export interface AnswerSchema<T> {
  safeParse(
    data: unknown,
  ): { success: true; data: T } | { success: false; error: z.core.$ZodError };
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Send the session token; a 401 answer then ends the local session. */
  auth?: boolean;
  /**
   * A 401 that means "wrong password" (wallet login, unlock) rather than "your session is over":
   * the local session stays.
   */
  keepSessionOn401?: boolean;
  /** Extra request headers, such as a send's idempotency key. */
  headers?: Record<string, string>;
  /**
   * Schema of a successful answer: unknown fields are dropped, a wrong shape is an error. A
   * promise of it (an `import()` of a schema module, started with the call) is awaited once the
   * answer is in, so a screen's first load need not carry zod and its schemas: they download
   * beside the request.
   */
  schema: AnswerSchema<T> | Promise<AnswerSchema<T>>;
  signal?: AbortSignal;
  /** Defaults to the spec's 60 s. */
  timeoutMs?: number;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The answer's schema, waiting for its module if it is on its way; a failed one is typed and logged. */
async function loadSchema<T>(
  schema: AnswerSchema<T> | Promise<AnswerSchema<T>>,
  method: string,
  path: string,
): Promise<AnswerSchema<T>> {
  try {
    return schema instanceof Promise ? await schema : schema;
  } catch (cause) {
    const error = new ModuleLoadError(cause);
    logApiError(method, path, error);
    throw error;
  }
}

export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const { method = 'GET', body, auth = false, schema, signal, timeoutMs } = options;
  // A schema still on its way that fails after the request has failed is not a second error.
  if (schema instanceof Promise) schema.catch(() => {});
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = auth ? hooks.getToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;

  // A call that changes something has its schema before it goes: if the schema's chunk failed
  // to come only after the server made the change, a done change would be reported as failed.
  const early = method === 'GET' ? undefined : await loadSchema(schema, method, path);

  const timeout = AbortSignal.timeout(timeoutMs ?? timings.requestTimeoutMs);
  const requestSignal = signal ? AbortSignal.any([signal, timeout]) : timeout;

  let response: Response;
  try {
    response = await fetch(`${config.apiBaseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'omit',
      signal: requestSignal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    const timedOut = timeout.aborted;
    const error = new ApiError(
      timedOut
        ? 'The server took too long to answer. Please try again.'
        : 'Network error. Check your connection and try again.',
      { status: 0, cause },
    );
    logApiError(method, path, error);
    throw error;
  }

  const payload = await readJson(response);

  if (!response.ok) {
    // The error answer's schema (zod) is fetched on the first error, not with the app. If its
    // chunk does not come, the answer's status still stands (a 401 still ends the session).
    const errorSchema = await import('./error-response').then(
      (module) => module.errorResponseSchema,
      () => undefined,
    );
    const parsed = errorSchema?.safeParse(payload);
    const error = parsed?.success
      ? new ApiError(parsed.data.message, {
          status: response.status,
          errors: parsed.data.errors,
          fromServer: true,
        })
      : new ApiError(response.statusText || `Request failed with status ${response.status}`, {
          status: response.status,
        });
    if (response.status === 401 && token && !options.keepSessionOn401) hooks.onUnauthorized(token);
    logApiError(method, path, error);
    throw error;
  }

  const check = early ?? (await loadSchema(schema, method, path));
  const parsed = check.safeParse(payload);
  if (!parsed.success) {
    const error = new ResponseShapeError(path, parsed.error);
    logApiError(method, path, error);
    throw error;
  }
  return parsed.data;
}

/** Spec section 8: every API error is logged, then rethrown to the caller. */
function logApiError(method: string, path: string, error: ApiError): void {
  if (import.meta.env.MODE === 'test') return;
  console.warn(`[api] ${method} ${path} -> ${error.status}: ${error.message}`);
}

/** Turns the server's per-field errors into a map for forms (first message per field wins). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  if (error instanceof ApiError && error.errors) {
    for (const item of error.errors) {
      const key = item.path.replace(/^(body|\/)\.?/, '');
      if (!(key in result)) result[key] = item.message;
    }
  }
  return result;
}

/** Message for a toast: the server's words when there are some, otherwise the fallback. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.fromServer && error.message) return error.message;
  if (error instanceof ApiError && error.status === 0) return error.message;
  return fallback;
}
