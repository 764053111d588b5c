import { storageKeys, type User } from '@vaultscope/core';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  emptySession,
  endSession,
  hydrateSession,
  startSession,
  useSessionStore,
} from './session-store';
import { parsePersistedSession } from './persisted-session';

const user: User = {
  _id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  mobile: '+44 20 7946 0000',
  country: 'UK',
  WalletStatus: false,
  createdAt: '2025-05-29T10:00:00.000Z',
};

beforeEach(() => {
  useSessionStore.getState().clear();
  useSessionStore.setState({ deviceToken: null });
  localStorage.clear();
});

describe('session store', () => {
  it('persists under the `root` key', () => {
    startSession('tok', user);
    const stored = JSON.parse(localStorage.getItem(storageKeys.root) ?? '{}') as {
      state: { token: string; data: User };
    };
    expect(stored.state.token).toBe('tok');
    expect(stored.state.data._id).toBe('u1');
    expect(localStorage.getItem(storageKeys.userId)).toBe('u1');
    expect(localStorage.getItem(storageKeys.token)).toBe('tok');
  });

  it('clearing resets everything and removes the loose keys', () => {
    startSession('tok', user);
    useSessionStore.setState({ evmKey: '0xabc', networks: [{ chainId: 1, name: 'Ethereum' }] });
    localStorage.setItem(storageKeys.passwordVerified, 'true');
    localStorage.setItem(storageKeys.rememberedEmail, 'ada@example.com');
    endSession();
    const { data, token, evmKey, activeToken, activeNetwork, networks, deviceToken } =
      useSessionStore.getState();
    expect({ data, token, evmKey, activeToken, activeNetwork, networks, deviceToken }).toEqual(
      emptySession,
    );
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
    expect(localStorage.getItem(storageKeys.userId)).toBeNull();
    expect(localStorage.getItem(storageKeys.passwordVerified)).toBeNull();
    // Remember-me survives logout: it is the user's choice for the next login.
    expect(localStorage.getItem(storageKeys.rememberedEmail)).toBe('ada@example.com');
  });

  it('keeps the device token across logout and persists it under `root`', () => {
    startSession('tok', user);
    useSessionStore.getState().rememberDevice('d'.repeat(43));
    endSession();
    expect(useSessionStore.getState().deviceToken).toBe('d'.repeat(43));
    const stored = JSON.parse(localStorage.getItem(storageKeys.root) ?? '{}') as {
      state: { deviceToken: string | null; token: string | null };
    };
    expect(stored.state).toMatchObject({ token: null, deviceToken: 'd'.repeat(43) });
  });

  it('drops a stored device token that is not one', () => {
    expect(parsePersistedSession({ ...emptySession, deviceToken: '<script>' }).deviceToken).toBe(
      null,
    );
    expect(parsePersistedSession({ ...emptySession, deviceToken: undefined }).deviceToken).toBe(
      null,
    );
  });

  it('rehydrates a stored session before the app renders', async () => {
    localStorage.setItem(
      storageKeys.root,
      JSON.stringify({ state: { ...emptySession, token: 'tok', data: user }, version: 1 }),
    );
    await hydrateSession();
    expect(useSessionStore.getState().token).toBe('tok');
    expect(useSessionStore.getState().data?.email).toBe('ada@example.com');
  });
});

describe('parsePersistedSession', () => {
  it('drops what is not a valid session', () => {
    expect(parsePersistedSession('garbage')).toEqual(emptySession);
    expect(parsePersistedSession({ token: 'tok', data: { _id: 1 } })).toEqual(emptySession);
  });

  it('keeps valid parts and drops invalid ones', () => {
    const parsed = parsePersistedSession({
      token: 'tok',
      data: user,
      evmKey: 42,
      activeNetwork: { chainId: 1, nativeCurrency: 'ETH' },
      networks: 'nope',
    });
    expect(parsed.token).toBe('tok');
    expect(parsed.evmKey).toBeNull();
    expect(parsed.activeNetwork).toEqual({ chainId: 1, nativeCurrency: 'ETH' });
    expect(parsed.networks).toEqual([]);
  });
});
