import { readStorage, removeStorage, writeStorage } from '@/lib/browser-storage';

/**
 * The reset flow carries the email (verification step) and the reset token (change-password step)
 * in navigation state, and also in sessionStorage so that a reload of the step keeps working.
 */
const KEYS = { email: 'vaultscope.reset.email', token: 'vaultscope.reset.token' } as const;

export function rememberResetEmail(email: string): void {
  writeStorage('session', KEYS.email, email);
}

export function rememberResetToken(token: string): void {
  writeStorage('session', KEYS.token, token);
}

function fromState(state: unknown, key: string): string | null {
  if (state && typeof state === 'object' && key in state) {
    const value = (state as Record<string, unknown>)[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  return null;
}

export function resetEmailFrom(state: unknown): string | null {
  return fromState(state, 'email') ?? readStorage('session', KEYS.email);
}

export function resetTokenFrom(state: unknown): string | null {
  return fromState(state, 'resetToken') ?? readStorage('session', KEYS.token);
}

export function forgetResetFlow(): void {
  removeStorage('session', KEYS.email, KEYS.token);
}
