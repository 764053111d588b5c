import { authMessages } from '@vaultscope/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { endSession, useSessionStore } from '@/stores/session-store';
import { login, loginErrorMessage, MissingUserIdError } from './login';

const user = {
  _id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  mobile: '+44 20 7946 0000',
  country: 'UK',
  WalletStatus: false,
  createdAt: '2025-05-29T10:00:00.000Z',
};

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status }))),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.setState({ deviceToken: null });
});

const DEVICE = 'd'.repeat(43);
const NEXT_DEVICE = 'e'.repeat(43);

describe('login', () => {
  it('returns the parsed answer', async () => {
    answer(200, { message: 'User login successfully', data: { user, status: true, token: 't' } });
    const response = await login({ email: 'ada@example.com', password: 'secret' });
    expect(response.data.user._id).toBe('u1');
    expect(response.data.token).toBe('t');
  });

  it('fails with the spec message when the answer has no user id', async () => {
    answer(200, { message: 'ok', data: { user: { ...user, _id: undefined }, status: true } });
    const failure = login({ email: 'ada@example.com', password: 'secret' });
    await expect(failure).rejects.toBeInstanceOf(MissingUserIdError);
    await expect(failure).rejects.toThrow(authMessages.noUserId);
  });
});

describe('the device token', () => {
  it('is kept from a login answer, survives logout, and is sent at the next login', async () => {
    answer(200, {
      message: 'User login successfully',
      data: { user, status: true, token: 't', deviceToken: DEVICE },
    });
    await login({ email: 'ada@example.com', password: 'secret' });
    expect(useSessionStore.getState().deviceToken).toBe(DEVICE);
    endSession();
    expect(useSessionStore.getState().deviceToken).toBe(DEVICE);

    answer(200, {
      message: 'User login successfully',
      data: { user, status: true, token: 't2', deviceToken: NEXT_DEVICE },
    });
    await login({ email: 'ada@example.com', password: 'secret' });
    const fetchMock = vi.mocked(fetch);
    const sent = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as Record<string, unknown>;
    expect(sent).toEqual({ email: 'ada@example.com', password: 'secret', deviceToken: DEVICE });
    expect(useSessionStore.getState().deviceToken).toBe(NEXT_DEVICE);
  });

  it("sends the spec's body when the browser has none, and keeps it when the answer has none", async () => {
    answer(200, { message: 'User login successfully', data: { user, status: true, token: 't' } });
    await login({ email: 'ada@example.com', password: 'secret' });
    const sent = JSON.parse(String(vi.mocked(fetch).mock.calls[0]?.[1]?.body)) as object;
    expect(sent).toEqual({ email: 'ada@example.com', password: 'secret' });
    expect(useSessionStore.getState().deviceToken).toBeNull();
  });
});

describe('loginErrorMessage (spec section 8)', () => {
  it("says 'Invalid Credentials' for HTTP 500 and 404", () => {
    for (const status of [500, 404]) {
      const error = new ApiError('Internal', { status, fromServer: true });
      expect(loginErrorMessage(error)).toBe(authMessages.invalidCredentials);
    }
  });

  it("uses the server's message for other failures", () => {
    const error = new ApiError('Too many attempts', { status: 429, fromServer: true });
    expect(loginErrorMessage(error)).toBe('Too many attempts');
  });

  it('falls back to the generic message', () => {
    expect(loginErrorMessage(new ApiError('Bad Gateway', { status: 502 }))).toBe(
      authMessages.loginFailed,
    );
    expect(loginErrorMessage(new Error('boom'))).toBe(authMessages.loginFailed);
  });

  it('reports a missing user id', () => {
    expect(loginErrorMessage(new MissingUserIdError())).toBe(authMessages.noUserId);
  });
});
