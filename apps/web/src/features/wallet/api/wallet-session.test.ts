import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/stores/session-store';
import { walletLogin } from './wallet-session';

afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.setState({ deviceToken: null });
});

describe('wallet login', () => {
  it("sends this browser's device token and keeps the one answered", async () => {
    useSessionStore.setState({ deviceToken: 'd'.repeat(43) });
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        new Response(
          JSON.stringify({
            message: 'Wallet connected',
            token: 'w',
            deviceToken: 'e'.repeat(43),
            data: { user: { _id: 'u1', email: 'ada@example.com', WalletStatus: true } },
          }),
          { status: 200 },
        ),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    await walletLogin({ email: 'ada@example.com', password: 'secret' });
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(JSON.parse(String(init.body))).toEqual({
      email: 'ada@example.com',
      password: 'secret',
      deviceToken: 'd'.repeat(43),
    });
    expect(useSessionStore.getState().deviceToken).toBe('e'.repeat(43));
  });
});
