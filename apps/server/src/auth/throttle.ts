import { HOUR_MS, MINUTE_MS, type ThrottleKey, type ThrottleRule } from '../lib/throttle';

/**
 * Password guessing is bounded by keys that a guesser cannot spread out of, while the owner of an
 * account is never locked out by someone else's guesses:
 *
 * - per (account, address) pair, 5 in 15 minutes: the owner's typos, and one guesser at one
 *   address, hit this first; it never touches the owner at another address.
 * - per account, 20 an hour: the ceiling for a guesser with many addresses, at most 480 guesses a
 *   day (what the old 5-in-15-minutes account lock allowed) however many addresses they use. A
 *   request carrying a known device token of the account (one set at a past successful login)
 *   neither counts here nor is stopped here, so the burnt ceiling blocks only new devices.
 * - per known device, 5 in 15 minutes, in place of the two above: a stolen device token buys no
 *   more guesses than an address does.
 * - per address, 50 in 15 minutes, counted only for requests without a known device: slows one
 *   address spraying a password over many accounts (10,000 accounts take it over two days)
 *   without locking out, behind a shared address (NAT), the users whose device is known. It
 *   was 20 and counted everyone, so twenty typos behind one address locked out all behind it.
 */
export const THROTTLE_RULES = {
  loginPerPair: { limit: 5, windowMs: 15 * MINUTE_MS },
  loginPerAccount: { limit: 20, windowMs: HOUR_MS },
  loginPerDevice: { limit: 5, windowMs: 15 * MINUTE_MS },
  loginPerAddress: { limit: 50, windowMs: 15 * MINUTE_MS },
  /** Failed signups (bad bodies, taken emails) slow scripted probing of which emails exist. */
  signupPerAddress: { limit: 10, windowMs: 15 * MINUTE_MS },
  resetRequestPerAccount: { limit: 5, windowMs: 15 * MINUTE_MS },
  resetRequestPerAddress: { limit: 20, windowMs: 15 * MINUTE_MS },
  resetVerifyPerAddress: { limit: 20, windowMs: 15 * MINUTE_MS },
} satisfies Record<string, ThrottleRule>;

export const throttleKeys = {
  loginPair: (email: string, ip: string): ThrottleKey => ({
    key: `login:pair:${email}:${ip}`,
    rule: THROTTLE_RULES.loginPerPair,
  }),
  loginAccount: (email: string): ThrottleKey => ({
    key: `login:account:${email}`,
    rule: THROTTLE_RULES.loginPerAccount,
  }),
  /** `deviceHash`: the SHA-256 of the device token, never the token. */
  loginDevice: (userId: string, deviceHash: string): ThrottleKey => ({
    key: `login:device:${userId}:${deviceHash}`,
    rule: THROTTLE_RULES.loginPerDevice,
  }),
  loginAddress: (ip: string): ThrottleKey => ({
    key: `login:address:${ip}`,
    rule: THROTTLE_RULES.loginPerAddress,
  }),
  signupAddress: (ip: string): ThrottleKey => ({
    key: `signup:address:${ip}`,
    rule: THROTTLE_RULES.signupPerAddress,
  }),
  resetRequestAccount: (email: string): ThrottleKey => ({
    key: `reset-request:account:${email}`,
    rule: THROTTLE_RULES.resetRequestPerAccount,
  }),
  resetRequestAddress: (ip: string): ThrottleKey => ({
    key: `reset-request:address:${ip}`,
    rule: THROTTLE_RULES.resetRequestPerAddress,
  }),
  resetVerifyAddress: (ip: string): ThrottleKey => ({
    key: `reset-verify:address:${ip}`,
    rule: THROTTLE_RULES.resetVerifyPerAddress,
  }),
};
