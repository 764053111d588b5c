import { apiPaths, authMessages, walletMessages } from '@vaultscope/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/stores/session-store';
import { json, logInAs, mockApi, testUser } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { ConnectWalletScreen } from './connect-wallet-screen';

beforeEach(() => useSessionStore.getState().clear());
afterEach(() => vi.unstubAllGlobals());

const open = () => renderRoute(<ConnectWalletScreen />, { path: '/connect-wal' });
const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
const submit = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

const walletUser = (WalletStatus: boolean) => ({
  message: 'ok',
  token: 'tok-wallet',
  data: { user: { _id: testUser._id, email: testUser.email, WalletStatus } },
});
const generated = json({ message: 'ok', data: { address: '0xabc', created: true } });
const status = () =>
  json({ message: 'ok', data: { WalletStatus: true, unlockedUntil: '2030-01-01T00:00:00.000Z' } });

describe('ConnectWalletScreen', () => {
  it('asks a visitor to log in', () => {
    open();
    expect(screen.getByText('Log in to use the wallet.')).toBeTruthy();
  });

  it('logs in to the wallet, sets the password, enters it and opens the wallet', async () => {
    logInAs();
    const calls: Array<{ path: string; auth: string | undefined; body: unknown }> = [];
    mockApi((url, init) => {
      const headers = init.headers as Record<string, string>;
      calls.push({
        path: url.pathname,
        auth: headers.Authorization,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      });
      switch (url.pathname) {
        case apiPaths.wallet.login:
          return json(walletUser(false));
        case apiPaths.wallet.setPassword:
        case apiPaths.wallet.unlock:
          return status();
        case apiPaths.wallet.generateEvm:
        case apiPaths.wallet.generateSolana:
          return generated.clone();
        default:
          throw new Error(`unexpected call ${url.pathname}`);
      }
    });
    const { router } = open();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(testUser.email);
    fill('Account password', 'account-secret');
    submit('Connect Wallet');

    await screen.findByRole('heading', { name: 'Set Password' });
    expect(useSessionStore.getState().token).toBe('tok-wallet');
    fill('Wallet password', 'wallet-secret');
    fill('Confirm wallet password', 'wallet-other');
    submit('Set Password');
    expect(screen.getByText(authMessages.passwordsDoNotMatch)).toBeTruthy();
    fill('Confirm wallet password', 'wallet-secret');
    submit('Set Password');

    await screen.findByRole('heading', { name: 'Enter your password' });
    fill('Wallet password', 'wallet-secret');
    submit('Unlock Wallet');
    await waitFor(() => expect(router.state.location.pathname).toBe('/vaultscope-wallet'));
    expect(localStorage.getItem('passwordVerified')).toBe('true');
    expect(useSessionStore.getState().evmKey).toBe('0xabc');
    expect(await screen.findByText(walletMessages.connected)).toBeTruthy();
    expect(calls.map((call) => call.path)).toEqual([
      apiPaths.wallet.login,
      apiPaths.wallet.setPassword,
      apiPaths.wallet.unlock,
      apiPaths.wallet.generateEvm,
      apiPaths.wallet.generateSolana,
    ]);
    expect(calls[0]?.body).toEqual({ email: testUser.email, password: 'account-secret' });
    expect(calls[1]?.body).toEqual({ email: testUser.email, password: 'wallet-secret' });
    expect(calls.slice(1).every((call) => call.auth === 'Bearer tok-wallet')).toBe(true);
  });

  it("says 'Incorrect password' on a refused wallet login and keeps the session", async () => {
    logInAs();
    mockApi(() => json({ message: 'Invalid Credentials' }, 401));
    open();
    fill('Account password', 'wrong');
    submit('Connect Wallet');
    expect(await screen.findByText(walletMessages.loginFailed)).toBeTruthy();
    expect(useSessionStore.getState().token).toBe('tok-test');
  });

  it("says 'Enter your password' and stays on /connect-wal when wallet generation answers 403", async () => {
    logInAs({ ...testUser, WalletStatus: true });
    mockApi((url) => {
      if (url.pathname === apiPaths.wallet.login) return json(walletUser(true));
      if (url.pathname === apiPaths.wallet.unlock) return status();
      return json({ message: walletMessages.notConnected }, 403);
    });
    const { router } = open();
    fill('Account password', 'account-secret');
    submit('Connect Wallet');
    await screen.findByRole('heading', { name: 'Enter your password' });
    fill('Wallet password', 'wallet-secret');
    submit('Unlock Wallet');
    // The toast, not the form's heading of the same words.
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toContain(walletMessages.enterPassword),
    );
    expect(router.state.location.pathname).toBe('/connect-wal');
    expect(localStorage.getItem('passwordVerified')).toBeNull();
  });
});
