import { deviceTokenSchema, userSchema } from '@vaultscope/core';
import { z } from 'zod';
import { emptySession, type SessionData } from './session-store';

/** What may come back from storage: anything else is dropped, not trusted. */
const persistedSchema = z.object({
  data: userSchema.nullable().catch(null),
  token: z.string().min(1).nullable().catch(null),
  evmKey: z.string().nullable().catch(null),
  activeToken: z
    .array(
      z.object({
        address: z.string(),
        symbol: z.string(),
        balance: z.string(),
        logo: z.string().optional(),
      }),
    )
    .catch([]),
  activeNetwork: z
    .object({ chainId: z.number(), nativeCurrency: z.string() })
    .nullable()
    .catch(null),
  networks: z.array(z.object({ chainId: z.number(), name: z.string() })).catch([]),
  deviceToken: deviceTokenSchema.nullable().catch(null),
});

export function parsePersistedSession(value: unknown): SessionData {
  const parsed = persistedSchema.safeParse(value);
  if (!parsed.success) return { ...emptySession };
  const session = parsed.data;
  // A user without a token (or the reverse) is not a session.
  if (!session.data || !session.token) return { ...session, data: null, token: null };
  return session;
}
