import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { decideWalletAccess, type AccessProbes, type AccessState } from './access';

const state = (overrides: Partial<AccessState> = {}): AccessState => ({
  token: 'tok',
  passwordVerified: null,
  userId: 'u1',
  storedWalletStatus: false,
  ...overrides,
});

const forbidden = () =>
  new ApiError('Please connect your wallet', { status: 403, fromServer: true });

function probes(
  answers: Array<'ok' | Error>,
  walletStatus: boolean | Error = true,
): AccessProbes & { probe: ReturnType<typeof vi.fn> } {
  return {
    probe: vi.fn(() =>
      answers.map((answer) => (answer === 'ok' ? Promise.resolve({}) : Promise.reject(answer))),
    ),
    walletStatus: () =>
      walletStatus instanceof Error ? Promise.reject(walletStatus) : Promise.resolve(walletStatus),
  };
}

describe('decideWalletAccess', () => {
  it('sends a visitor without a token to /connect-wal without asking the server', async () => {
    const calls = probes(['ok', 'ok']);
    expect(await decideWalletAccess(state({ token: null }), calls)).toEqual({ to: 'connect' });
    expect(calls.probe).not.toHaveBeenCalled();
  });

  it('goes straight to the wallet when passwordVerified is "true"', async () => {
    const calls = probes(['ok', 'ok']);
    expect(await decideWalletAccess(state({ passwordVerified: 'true' }), calls)).toEqual({
      to: 'wallet',
    });
    expect(calls.probe).not.toHaveBeenCalled();
  });

  it('opens the enter-password form when the probes pass and a password is set', async () => {
    expect(await decideWalletAccess(state(), probes(['ok', 'ok'], true))).toEqual({
      to: 'modal',
      form: 'enter',
    });
  });

  it('opens the set-password form when no password is set and nothing was verified here', async () => {
    expect(await decideWalletAccess(state(), probes(['ok', 'ok'], false))).toEqual({
      to: 'modal',
      form: 'set',
    });
  });

  it('counts a passwordVerified flag of any value as a returning user', async () => {
    expect(
      await decideWalletAccess(state({ passwordVerified: 'false' }), probes(['ok', 'ok'], false)),
    ).toEqual({ to: 'modal', form: 'enter' });
  });

  it('falls back to the stored WalletStatus when the status call fails', async () => {
    expect(
      await decideWalletAccess(
        state({ storedWalletStatus: true }),
        probes(['ok', 'ok'], new Error('down')),
      ),
    ).toEqual({ to: 'modal', form: 'enter' });
  });

  it('goes to /connect-wal when either probe answers 403, whatever the other does', async () => {
    expect(await decideWalletAccess(state(), probes(['ok', forbidden()]))).toEqual({
      to: 'connect',
    });
    expect(
      await decideWalletAccess(
        state(),
        probes([new ApiError('boom', { status: 500 }), forbidden()]),
      ),
    ).toEqual({ to: 'connect' });
  });

  it('reports any other failure as an error (the caller shows the toast)', async () => {
    expect(
      await decideWalletAccess(state(), probes([new ApiError('boom', { status: 500 }), 'ok'])),
    ).toEqual({ to: 'error' });
  });
});
