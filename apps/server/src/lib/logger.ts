import type { LoggerOptions } from 'pino';
import type { Config } from './config';

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

export function loggerOptions(config: Pick<Config, 'LOG_LEVEL'>): LoggerOptions {
  return {
    level: config.LOG_LEVEL,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  };
}
