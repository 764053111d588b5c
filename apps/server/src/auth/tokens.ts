import { randomBytes, randomInt } from 'node:crypto';

export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A 4-digit one-time code, uniformly drawn (leading zeros kept). */
export function newResetCode(): string {
  return String(randomInt(0, 10_000)).padStart(4, '0');
}
