import { z } from 'zod';

/**
 * What a browser keeps of a session (the user, the device token), in a module of their own: the
 * web app checks its stored session with them before every logged-in page's first render, and
 * with them in `schemas.ts` it built every form's schema (signup, reset, profile) first.
 */

/**
 * A device token: 32 random bytes in base64url, handed out by the server at a successful login and
 * kept by the browser across logouts. Sent back at the next login, it marks the request as coming
 * from a device the account logged in from before, which passes the account-wide guessing ceiling.
 */
export const deviceTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'The device token is not valid; leave it out to get a new one.');

export const userSchema = z.object({
  _id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  mobile: z.string(),
  country: z.string(),
  WalletStatus: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;
