import { BaseError } from 'viem';
import { logSafeMessage } from '../lib/db/database-errors';

/** Any http(s) or ws(s) URL: RPC URLs often carry an API key in the host, path or query. */
const URL_PATTERN = /\b(?:https?|wss?):\/\/[^\s"'<>]+/gi;

/**
 * A short, log-safe text of a chain or RPC error: viem's short message and details (never its
 * meta messages, which name the RPC URL), URLs cut out, long hex data elided. Log this, never
 * the error object itself.
 */
export function chainErrorText(error: unknown): string {
  const text =
    error instanceof BaseError
      ? [error.shortMessage, error.details].filter(Boolean).join(': ')
      : error instanceof Error
        ? // A database error's message carries the query's values.
          logSafeMessage(error)
        : String(error);
  return text
    .replace(URL_PATTERN, '<url>')
    .replace(/0x[0-9a-fA-F]{200,}/g, '0x…')
    .slice(0, 300);
}
