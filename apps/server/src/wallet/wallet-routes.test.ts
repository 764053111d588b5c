import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, walletMessages } from '@vaultscope/core';
import { signupAndLogin, startTestApp, type TestApp } from '../test/test-app';
import { connectWallet, WALLET_PASSWORD } from '../test/wallet-test-kit';
import { deriveWalletKey } from './key-vault';
import { walletKeys, walletVaults } from './wallet-tables';

const paths = apiPaths.wallet;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ WALLET_UNLOCK_MINUTES: '15' });
});
afterAll(() => t.close());

const post = (url: string, headers: Record<string, string>, payload?: unknown) =>
  t.request({ method: 'POST', url, headers, payload: payload as object });
const get = (url: string, headers: Record<string, string>) =>
  t.request({ method: 'GET', url, headers });

describe('wallet login', () => {
  it('answers a wallet token and the wallet status for the account credentials', async () => {
    const user = await signupAndLogin(t);
    const response = await post(paths.login, {}, { email: user.email, password: user.password });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(body.data.user).toEqual({ _id: user.userId, email: user.email, WalletStatus: false });
  });

  it("says 'Incorrect password' for a wrong password", async () => {
    const user = await signupAndLogin(t);
    const response = await post(paths.login, {}, { email: user.email, password: 'wrong one!' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(walletMessages.loginFailed);
  });
});

describe('wallet password', () => {
  it('sets the password once, unlocks, and refuses a second set with the spec message', async () => {
    const user = await signupAndLogin(t);
    const first = await post(paths.setPassword, user.auth, {
      email: user.email,
      password: WALLET_PASSWORD,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.WalletStatus).toBe(true);
    expect(first.json().data.unlockedUntil).not.toBeNull();

    const again = await post(paths.setPassword, user.auth, {
      email: user.email,
      password: 'another password',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(walletMessages.passwordAlreadySet);

    // The first password still unlocks; the second never took.
    await post(paths.lock, user.auth);
    expect((await post(paths.unlock, user.auth, { password: 'another password' })).statusCode).toBe(
      400,
    );
    expect((await post(paths.unlock, user.auth, { password: WALLET_PASSWORD })).statusCode).toBe(
      200,
    );
  });

  it('refuses a short password and another account’s email, changing nothing', async () => {
    const user = await signupAndLogin(t);
    const short = await post(paths.setPassword, user.auth, { password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(walletMessages.passwordTooShort);
    const otherEmail = await post(paths.setPassword, user.auth, {
      email: 'someone@else.com',
      password: WALLET_PASSWORD,
    });
    expect(otherEmail.statusCode).toBe(400);
    const status = await post(paths.updateWalletStatus, user.auth, { userId: user.userId });
    expect(status.json().data.WalletStatus).toBe(false);
  });

  it('throttles wrong wallet passwords per user, even with the right one afterwards', async () => {
    const user = await connectWallet(t);
    await post(paths.lock, user.auth);
    for (let i = 0; i < 5; i += 1) {
      const wrong = await post(paths.unlock, user.auth, { password: `wrong ${i}` });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe(walletMessages.loginFailed);
    }
    const blocked = await post(paths.unlock, user.auth, { password: WALLET_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await get(paths.evmKey, user.auth)).statusCode).toBe(403);

    t.clock.advance(16 * 60_000);
    expect((await post(paths.unlock, user.auth, { password: WALLET_PASSWORD })).statusCode).toBe(
      200,
    );
  });

  it('counts parallel wrong guesses too: no more than five get past the throttle', async () => {
    const user = await connectWallet(t);
    await post(paths.lock, user.auth);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        post(paths.unlock, user.auth, { password: `guess ${i}` }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
  });

  it('unlocks for the session that gave the password, not for the account’s other sessions', async () => {
    const user = await connectWallet(t);
    const other = await post(apiPaths.login, {}, { email: user.email, password: user.password });
    const otherAuth = { authorization: `Bearer ${other.json().data.token as string}` };
    expect((await get(paths.evmKey, user.auth)).statusCode).toBe(200);
    expect((await get(paths.evmKey, otherAuth)).statusCode).toBe(403);

    // Logging out ends the unlocked session's access.
    await post(apiPaths.logout, user.auth);
    expect((await get(paths.evmKey, user.auth)).statusCode).toBe(403);
  });

  it('keeps each session’s unlock its own: a second unlock or a lock leaves the other as it is', async () => {
    const user = await connectWallet(t);
    const other = await post(apiPaths.login, {}, { email: user.email, password: user.password });
    const otherAuth = { authorization: `Bearer ${other.json().data.token as string}` };
    const unlockedUntil = async (auth: Record<string, string>) =>
      (await post(paths.updateWalletStatus, auth, { userId: user.userId })).json().data
        .unlockedUntil as string | null;

    // The same user unlocks on a second device: both sessions read.
    expect((await post(paths.unlock, otherAuth, { password: WALLET_PASSWORD })).statusCode).toBe(
      200,
    );
    for (const auth of [user.auth, otherAuth]) {
      expect((await get(paths.evmKey, auth)).json()).toEqual({ key: user.evmAddress });
      expect((await get(paths.checkNetworkMode, auth)).statusCode).toBe(200);
      expect(await unlockedUntil(auth)).not.toBeNull();
    }

    // The first session locks: only the first.
    expect((await post(paths.lock, user.auth)).statusCode).toBe(200);
    const locked = await get(paths.evmKey, user.auth);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().message).toBe(walletMessages.notConnected);
    expect(await unlockedUntil(user.auth)).toBeNull();
    expect((await get(paths.evmKey, otherAuth)).statusCode).toBe(200);
    // The second session still holds the wallet key, not just the flag.
    const generated = await post(paths.generateEvm, otherAuth);
    expect(generated.json().data).toEqual({ address: user.evmAddress, created: false });

    // Logging out of the second ends its unlock; the first stays locked until it unlocks itself.
    await post(apiPaths.logout, otherAuth);
    expect((await get(paths.evmKey, otherAuth)).statusCode).toBe(403);
    expect((await get(paths.evmKey, user.auth)).statusCode).toBe(403);
    expect((await post(paths.unlock, user.auth, { password: WALLET_PASSWORD })).statusCode).toBe(
      200,
    );
    expect((await get(paths.evmKey, user.auth)).statusCode).toBe(200);
  });

  it('locks again by itself once the unlock time is over', async () => {
    const user = await connectWallet(t);
    expect((await get(paths.evmKey, user.auth)).statusCode).toBe(200);
    t.clock.advance(15 * 60_000 + 1);
    const after = await get(paths.evmKey, user.auth);
    expect(after.statusCode).toBe(403);
    expect(after.json().message).toBe(walletMessages.notConnected);
  });
});

describe('wallet keys', () => {
  it('generates an EVM and a Solana key once; a second call keeps them', async () => {
    const user = await connectWallet(t);
    expect(user.evmAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(user.solanaAddress).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    const again = await post(paths.generateEvm, user.auth);
    expect(again.json().data).toEqual({ address: user.evmAddress, created: false });
    const solanaAgain = await post(paths.generateSolana, user.auth);
    expect(solanaAgain.json().data).toEqual({ address: user.solanaAddress, created: false });
    expect((await get(paths.evmKey, user.auth)).json()).toEqual({ key: user.evmAddress });
    expect((await get(`${paths.solanaKey}?chainId=103`, user.auth)).json()).toEqual({
      key: user.solanaAddress,
    });
  });

  it('gives concurrent first generations one key', async () => {
    const user = await signupAndLogin(t);
    await post(paths.setPassword, user.auth, { password: WALLET_PASSWORD });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post(paths.generateEvm, user.auth)),
    );
    const addresses = new Set(answers.map((answer) => answer.json().data.address));
    expect(addresses.size).toBe(1);
    expect(answers.filter((answer) => answer.json().data.created)).toHaveLength(1);
  });

  it('keeps private keys out of responses and logs', async () => {
    const user = await connectWallet(t);
    const secrets: string[] = [];
    await t.app.services.wallet.withSecret(user.userId, 'evm', async (secret) => {
      secrets.push(Buffer.from(secret).toString('hex'), Buffer.from(secret).toString('base64'));
    });
    await t.app.services.wallet.withSecret(user.userId, 'solana', async (secret) => {
      secrets.push(Buffer.from(secret).toString('hex'), Buffer.from(secret).toString('base64'));
    });
    // The derived wallet key, and the keys as stored (sealed) and as read back.
    const { db } = t.app.db.handle;
    const [vault] = await db
      .select()
      .from(walletVaults)
      .where(eq(walletVaults.userId, user.userId));
    const walletKey = await deriveWalletKey(WALLET_PASSWORD, vault!.kdf);
    secrets.push(walletKey.toString('hex'), walletKey.toString('base64'));
    for (const row of await db.select().from(walletKeys).where(eq(walletKeys.userId, user.userId)))
      secrets.push(row.sealedKey);
    await post(paths.lock, user.auth);
    await post(paths.unlock, user.auth, { password: 'a wrong password' });
    await post(paths.unlock, user.auth, { password: WALLET_PASSWORD });
    const bodies = [
      (await post(paths.generateEvm, user.auth)).body,
      (await get(paths.evmKey, user.auth)).body,
      (await get(paths.solanaKey, user.auth)).body,
    ].join('\n');
    const logs = t.logs();
    for (const secret of secrets) {
      expect(bodies).not.toContain(secret);
      expect(logs).not.toContain(secret);
    }
    // Nor the wallet password the test set.
    expect(logs).not.toContain(WALLET_PASSWORD);
  });
});

describe('network mode', () => {
  it('starts with both modes and switches on the server', async () => {
    const user = await connectWallet(t);
    expect((await get(paths.checkNetworkMode, user.auth)).json()).toEqual({
      showMainnet: true,
      showTestnet: true,
    });
    const toTestnet = await post(paths.switchNetworks, user.auth, {
      showTestnet: true,
      showMainnet: false,
    });
    expect(toTestnet.json()).toEqual({
      message: walletMessages.switchedTestnet,
      showTestnet: true,
      showMainnet: false,
    });
    expect((await get(paths.checkNetworkMode, user.auth)).json()).toEqual({
      showMainnet: false,
      showTestnet: true,
    });
    const bad = await post(paths.switchNetworks, user.auth, { showTestnet: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect((await get(paths.checkNetworkMode, user.auth)).json().showTestnet).toBe(true);
  });
});

describe('403 without a wallet token or an unlocked wallet', () => {
  const unlockedCalls: [string, string][] = [
    ['POST', paths.generateEvm],
    ['POST', paths.generateSolana],
    ['GET', paths.evmKey],
    ['GET', paths.solanaKey],
    ['GET', paths.checkNetworkMode],
    ['POST', paths.switchNetworks],
  ];
  const sessionCalls: [string, string][] = [
    ['POST', paths.setPassword],
    ['POST', paths.unlock],
    ['POST', paths.lock],
    ['POST', paths.updateWalletStatus],
  ];

  it('answers 403 to every wallet call without a token or with a dead one', async () => {
    for (const [method, url] of [...unlockedCalls, ...sessionCalls]) {
      for (const headers of [{}, { authorization: 'Bearer not-a-live-session-token-000000' }]) {
        const response = await t.request({ method: method as 'GET', url, headers, payload: {} });
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json().message).toBe(walletMessages.notConnected);
      }
    }
  });

  it('answers 403 to the key and fund calls while the wallet is locked', async () => {
    const user = await connectWallet(t);
    await post(paths.lock, user.auth);
    for (const [method, url] of unlockedCalls) {
      const response = await t.request({
        method: method as 'GET',
        url,
        headers: user.auth,
        payload: { showMainnet: true, showTestnet: true },
      });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it("refuses to read another user's wallet status", async () => {
    const user = await signupAndLogin(t);
    const other = await signupAndLogin(t);
    const response = await post(paths.updateWalletStatus, user.auth, { userId: other.userId });
    expect(response.statusCode).toBe(403);
  });
});
