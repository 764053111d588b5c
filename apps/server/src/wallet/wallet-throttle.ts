import { HOUR_MS, MINUTE_MS, type ThrottleKey, type ThrottleRule } from '../lib/throttle';

/**
 * Wallet passwords, asked only of a session of the account: per (user, address) pair, and a
 * per-user ceiling (480 a day at most, as before) for a guesser with many addresses. No key
 * counts every user behind one address together.
 */
export const WALLET_THROTTLE_RULES = {
  walletPasswordPerPair: { limit: 5, windowMs: 15 * MINUTE_MS },
  walletPasswordPerUser: { limit: 20, windowMs: HOUR_MS },
} satisfies Record<string, ThrottleRule>;

export const walletThrottleKeys = {
  walletPasswordPair: (userId: string, ip: string): ThrottleKey => ({
    key: `wallet-password:pair:${userId}:${ip}`,
    rule: WALLET_THROTTLE_RULES.walletPasswordPerPair,
  }),
  walletPasswordUser: (userId: string): ThrottleKey => ({
    key: `wallet-password:user:${userId}`,
    rule: WALLET_THROTTLE_RULES.walletPasswordPerUser,
  }),
};
