import { createHash } from 'node:crypto';

/** Hex SHA-256 of a secret, what the tables keep instead of session and reset tokens. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
