import { deviceTokenSchema, storageKeys, userSchema, timings, type User } from '@vaultscope/core';
import { z } from 'zod';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { removeStorage, writeStorage } from '@/lib/browser-storage';

/**
 * The client session store of spec section 3, persisted in localStorage under `root` and
 * rehydrated before the app renders (see `hydrateSession`). The wallet fields (`evmKey`,
 * `activeToken`, `activeNetwork`, `networks`) are part of the stored shape because the spec names
 * them, but nothing fills them: the wallet screens read balances and networks from the server.
 * They stay empty, typed loosely and validated on the way in.
 */

export interface WalletAsset {
  address: string;
  symbol: string;
  balance: string;
  logo?: string | undefined;
}

export interface ActiveNetwork {
  chainId: number;
  nativeCurrency: string;
}

export interface NetworkOption {
  chainId: number;
  name: string;
}

export interface SessionData {
  /** The logged-in user (login result `data.user`). */
  data: User | null;
  /** Session token, sent as `Authorization: Bearer` on user calls. */
  token: string | null;
  evmKey: string | null;
  activeToken: WalletAsset[];
  activeNetwork: ActiveNetwork | null;
  networks: NetworkOption[];
  /**
   * This browser's device token, from its last successful login. It outlives logout: it names
   * the device, not the session, and at the next login it lets the owner past the account-wide
   * guessing ceiling that strangers' wrong passwords may have used up.
   */
  deviceToken: string | null;
}

interface SessionActions {
  setSession: (token: string, user: User) => void;
  setUser: (user: User) => void;
  /** Keeps the device token a login answered (an answer without one keeps the old one). */
  rememberDevice: (deviceToken: string | undefined) => void;
  /** Clearing resets all (spec section 3), except the device token. */
  clear: () => void;
}

export type SessionState = SessionData & SessionActions;

export const emptySession: SessionData = {
  data: null,
  token: null,
  evmKey: null,
  activeToken: [],
  activeNetwork: null,
  networks: [],
  deviceToken: null,
};

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

export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      ...emptySession,
      setSession: (token, user) => set({ token, data: user }),
      setUser: (user) => set({ data: user }),
      rememberDevice: (deviceToken) => {
        if (deviceToken) set({ deviceToken });
      },
      clear: () => set((state) => ({ ...emptySession, deviceToken: state.deviceToken })),
    }),
    {
      name: storageKeys.root,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      skipHydration: true,
      partialize: (state): SessionData => ({
        data: state.data,
        token: state.token,
        evmKey: state.evmKey,
        activeToken: state.activeToken,
        activeNetwork: state.activeNetwork,
        networks: state.networks,
        deviceToken: state.deviceToken,
      }),
      merge: (persisted, current) => ({ ...current, ...parsePersistedSession(persisted) }),
    },
  ),
);

/**
 * Rehydrates the store before the first render. Like redux-persist's PersistGate time-out, the
 * app renders anyway after `timeoutMs`, with an empty session, rather than hang on a bad storage.
 */
export async function hydrateSession(
  timeoutMs: number = timings.storePersistTimeoutMs,
): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
  });
  try {
    await Promise.race([useSessionStore.persist.rehydrate(), timeout]);
  } catch {
    useSessionStore.getState().clear();
  } finally {
    clearTimeout(timer);
  }
}

/** Login: the store plus the loose `userId` and `token` keys the spec's client also keeps. */
export function startSession(token: string, user: User): void {
  useSessionStore.getState().setSession(token, user);
  writeStorage('local', storageKeys.userId, user._id);
  writeStorage('local', storageKeys.token, token);
}

/** Logout or an ended session: the store, the session token and the wallet-verified flag. */
export function endSession(): void {
  useSessionStore.getState().clear();
  removeStorage('local', storageKeys.token, storageKeys.userId, storageKeys.passwordVerified);
}

/** A login body with this browser's device token, when it has one. */
export function withDeviceToken<T extends object>(body: T): T & { deviceToken?: string } {
  const { deviceToken } = useSessionStore.getState();
  return deviceToken ? { ...body, deviceToken } : body;
}

export const selectUser = (state: SessionState) => state.data;
export const selectIsLoggedIn = (state: SessionState) =>
  state.token !== null && state.data !== null;
