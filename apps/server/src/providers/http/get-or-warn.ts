import type { z } from 'zod';
import type { GetOptions, ProviderClient, ProviderLog } from './provider-client';
import { ProviderError } from './provider-errors';

/** How a call the provider failed is logged: the message, and fields beside provider and path. */
export interface FailedCallWarning {
  log: ProviderLog | undefined;
  message: string;
  /** More fields of the log line (a page, a chain); a `path` here replaces the called one. */
  context?: Record<string, unknown>;
}

/**
 * The checked answer of `client.get`, or `null` when the provider failed the call (down, refusing,
 * out of retries, a malformed answer): logged with the provider, the path, the `context` and the
 * error's name, never the answer or a key. What each adapter does without the answer is its own
 * (leave a list out, keep the last one, fail the load). Anything but a provider error is thrown.
 */
export async function getOrWarn<S extends z.ZodType>(
  client: ProviderClient,
  path: string,
  schema: S,
  warning: FailedCallWarning,
  options?: GetOptions<z.output<S>>,
): Promise<z.output<S> | null> {
  try {
    return await client.get(path, schema, options);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    warning.log?.warn(
      { provider: client.provider, path, ...warning.context, reason: error.name },
      warning.message,
    );
    return null;
  }
}
