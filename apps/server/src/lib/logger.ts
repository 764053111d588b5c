import { type LoggerOptions, stdSerializers } from 'pino';
import type { Config } from './config';
import { logSafeError } from './log-safe-error';

/**
 * Paths pino blanks out wherever they appear in a log line. Bodies are never logged by
 * default, but anything a handler passes to the logger goes through the same filter.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  '*.password',
  '*.confirmPassword',
  '*.newPassword',
  '*.token',
  '*.resetToken',
  '*.deviceToken',
  '*.code',
  '*.privateKey',
  '*.secretKey',
  '*.mnemonic',
  '*.secret',
  '*.sealedKey',
  '*.signedTransaction',
  // Provider RPC URLs often carry an API key in the path or query.
  '*.rpcUrl',
  'password',
  'token',
  'secret',
];

/**
 * pino's error serializer, after the error is made log-safe (`log-safe-error.ts`): database
 * errors cut down to what names the failure (their `params`, `detail` and `where` carry the
 * query's values), URLs cut (RPC URLs carry keys), request and raw-answer fields dropped. Every
 * `{ err }` any logger of the app writes goes through it, background jobs' included.
 */
export function serializeError(error: unknown): unknown {
  return stdSerializers.err(logSafeError(error) as Error);
}

export function loggerOptions(config: Pick<Config, 'LOG_LEVEL'>): LoggerOptions {
  return {
    level: config.LOG_LEVEL,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError },
  };
}
