import { storageKeys, timings, type User } from '@vaultscope/core';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { readStorage, removeStorage, writeStorage } from '@/lib/browser-storage';
import { nextTask } from '@/lib/next-task';

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

/**
 * What storage holds is checked by `parsePersistedSession` (persisted-session.ts, with zod), a
 * chunk that `hydrateSession` fetches only when something is stored: a first visit to the login
 * page does not load zod before it paints.
 */
let parseStored: ((value: unknown) => SessionData) | null = null;

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
      // Without the checker (nothing was stored), nothing is taken from storage.
      merge: (persisted, current) => ({
        ...current,
        ...(parseStored ? parseStored(persisted) : emptySession),
      }),
    },
  ),
);

async function rehydrate(): Promise<void> {
  if (!parseStored && readStorage('local', storageKeys.root) !== null) {
    parseStored = (await import('./persisted-session')).parsePersistedSession;
    // The checker's module (zod building the session's schemas) runs in the task its chunk
    // arrives in; the check (zod's first parse) waits for a task of its own. Together they were
    // one task of 13.1-19.8 ms of CPU on the logged-in wallet, over the 50 ms line at a phone's
    // 4x (docs/speed-log.md, 2026-11-28).
    await nextTask();
  }
  await useSessionStore.persist.rehydrate();
}

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
    await Promise.race([rehydrate(), timeout]);
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
