import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, walletMessages } from '@vaultscope/core';
import { THROTTLE_RULES } from '../auth/throttle';
import { WALLET_THROTTLE_RULES } from './wallet-throttle';
import { newSignup, signupAndLogin, startTestApp, type TestApp } from '../test/test-app';
import { WALLET_PASSWORD } from '../test/wallet-test-kit';

const paths = apiPaths.wallet;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object, ip: string, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url, payload, headers, remoteAddress: ip });

/** A user with a wallet password set, then locked again. */
async function walletUser() {
  const user = await signupAndLogin(t);
  const set = await post(paths.setPassword, { password: WALLET_PASSWORD }, '127.0.0.1', user.auth);
  if (set.statusCode !== 200) throw new Error(`setPassword failed: ${set.body}`);
  await post(paths.lock, {}, '127.0.0.1', user.auth);
  return user;
}

const unlock = (user: { auth: Record<string, string> }, password: string, ip: string) =>
  post(paths.unlock, { password }, ip, user.auth);

describe('wallet login throttling never locks the owner out', () => {
  it('answers a device token, and lets a known device in while the account ceiling is used up', async () => {
    const body = newSignup();
    await post(apiPaths.signup, body, '10.50.0.1');
    const first = await post(
      paths.login,
      { email: body.email, password: body.password },
      '10.50.0.2',
    );
    expect(first.statusCode).toBe(200);
    const { deviceToken } = first.json();
    expect(deviceToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const ceiling = THROTTLE_RULES.loginPerAccount.limit;
    const statuses = [];
    for (let i = 0; i < ceiling + 5; i += 1)
      statuses.push(
        (await post(paths.login, { email: body.email, password: 'a guess' }, `10.50.1.${i}`))
          .statusCode,
      );
    expect(statuses.filter((status) => status === 401)).toHaveLength(ceiling);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);

    const stranger = await post(
      paths.login,
      { email: body.email, password: body.password },
      '10.50.2.1',
    );
    expect(stranger.statusCode).toBe(429);
    const owner = await post(
      paths.login,
      { email: body.email, password: body.password, deviceToken },
      '10.50.2.2',
    );
    expect(owner.statusCode).toBe(200);
    expect(owner.json().message).toBe(walletMessages.connected);
    expect(owner.json().deviceToken).toBe(deviceToken);
  });
});

describe('wallet password throttling', () => {
  it('does not count the users behind one address together', async () => {
    const nat = '10.51.0.1';
    // Enough users mistyping behind one address to have locked everyone out before.
    for (let u = 0; u < 4; u += 1) {
      const user = await walletUser();
      for (let i = 0; i < WALLET_THROTTLE_RULES.walletPasswordPerPair.limit; i += 1)
        expect((await unlock(user, `wrong ${i}`, nat)).statusCode).toBe(400);
    }
    const neighbour = await walletUser();
    expect((await unlock(neighbour, WALLET_PASSWORD, nat)).statusCode).toBe(200);
  });

  it('stops one address after five wrong passwords without touching the owner elsewhere', async () => {
    const user = await walletUser();
    for (let i = 0; i < WALLET_THROTTLE_RULES.walletPasswordPerPair.limit; i += 1)
      expect((await unlock(user, `wrong ${i}`, '10.52.0.1')).statusCode).toBe(400);
    expect((await unlock(user, WALLET_PASSWORD, '10.52.0.1')).statusCode).toBe(429);
    expect((await unlock(user, WALLET_PASSWORD, '10.52.0.2')).statusCode).toBe(200);
  });

  it('bounds a guesser with many addresses by the per-user ceiling', async () => {
    const user = await walletUser();
    const ceiling = WALLET_THROTTLE_RULES.walletPasswordPerUser.limit;
    const statuses = [];
    for (let i = 0; i < ceiling + 5; i += 1)
      statuses.push((await unlock(user, `guess ${i}`, `10.53.0.${i}`)).statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(ceiling);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    t.clock.advance(WALLET_THROTTLE_RULES.walletPasswordPerUser.windowMs + 1000);
    expect((await unlock(user, WALLET_PASSWORD, '10.53.1.1')).statusCode).toBe(200);
  });
});
