import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '@vaultscope/core';
import { knownDevices } from '../lib/db/schema';
import { THROTTLE_RULES } from './throttle';
import { sha256 } from '../lib/hash';
import { newSignup, signupAndLogin, startTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const signup = (payload: unknown, ip = '10.0.0.1') =>
  t.request({
    method: 'POST',
    url: '/api/user/signup',
    payload: payload as object,
    remoteAddress: ip,
  });
const login = (payload: unknown, ip = '10.0.0.1') =>
  t.request({
    method: 'POST',
    url: '/api/user/login',
    payload: payload as object,
    remoteAddress: ip,
  });

describe('POST /api/user/signup', () => {
  it('creates the account and answers with the user, never the password', async () => {
    const body = newSignup({ email: 'Grace.Hopper@Example.com' });
    const res = await signup(body);
    expect(res.statusCode).toBe(201);
    const json = res.json();
    expect(json.message).toBe(authMessages.signupSuccess);
    expect(json.data.user).toMatchObject({
      email: 'grace.hopper@example.com',
      firstName: 'Ada',
      WalletStatus: false,
    });
    expect(json.data.user._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body).not.toContain(body.password);
    expect(res.body).not.toMatch(/argon2/);
  });

  it('rejects a second account with the same email, whatever its case', async () => {
    const body = newSignup();
    expect((await signup(body)).statusCode).toBe(201);
    const again = await signup({ ...body, email: body.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(authMessages.emailTaken);
  });

  it.each([
    ['firstName', 'First name is required.'],
    ['lastName', 'Last name is required.'],
    ['email', 'Email is required.'],
    ['mobile', 'Mobile is required.'],
    ['country', 'Country is required.'],
    ['password', 'Password is required.'],
    ['confirmPassword', 'Confirm password is required.'],
  ])('requires %s', async (field, message) => {
    const body: Record<string, unknown> = newSignup();
    delete body[field];
    const res = await signup(body, '10.1.0.1');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path: field, message });
  });

  it.each([
    ['a bad email', { email: 'not-an-email' }, 'Enter a valid email address.'],
    [
      'different passwords',
      { confirmPassword: 'something else' },
      authMessages.passwordsDoNotMatch,
    ],
    [
      'a short password',
      { password: 'short', confirmPassword: 'short' },
      authMessages.passwordTooShort,
    ],
    ['a bad mobile', { mobile: 'call me' }, 'Enter a valid mobile number.'],
    ['blank names', { firstName: '   ' }, 'First name is required.'],
  ])('rejects %s with its message', async (_label, overrides, message) => {
    const res = await signup(newSignup(overrides), '10.1.0.2');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('rejects a body that is not an object', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/user/signup',
      headers: { 'content-type': 'application/json' },
      payload: '[1,2]',
      remoteAddress: '10.1.0.3',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Invalid input: 'body' must be an object.");
  });

  it('rejects malformed JSON clearly', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/user/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"firstName":',
      remoteAddress: '10.1.0.3',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Invalid input: 'body' must be valid JSON.");
  });

  it('throttles an address after repeated failed signups, then lets it in when the window passes', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < THROTTLE_RULES.signupPerAddress.limit; i += 1) {
      expect((await signup({ ...newSignup(), email: 'bad' }, ip)).statusCode).toBe(400);
    }
    const blocked = await signup(newSignup(), ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(authMessages.tooManyAttempts);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signup(newSignup(), '10.2.0.2')).statusCode).toBe(201);
    t.clock.advance(THROTTLE_RULES.signupPerAddress.windowMs + 1000);
    expect((await signup(newSignup(), ip)).statusCode).toBe(201);
  });
});

describe('signup throttling counts every failed attempt', () => {
  it('counts bodies the JSON parser refuses, which never reach validation', async () => {
    const ip = '10.2.1.1';
    for (let i = 0; i < THROTTLE_RULES.signupPerAddress.limit; i += 1) {
      const res = await t.request({
        method: 'POST',
        url: '/api/user/signup',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(400);
    }
    expect((await signup(newSignup(), ip)).statusCode).toBe(429);
  });

  it('lets no more parallel failures through than the limit', async () => {
    const ip = '10.2.2.1';
    const taken = newSignup();
    expect((await signup(taken, '10.2.2.2')).statusCode).toBe(201);
    // Probing which emails have an account, all at once.
    const answers = await Promise.all(
      Array.from({ length: THROTTLE_RULES.signupPerAddress.limit + 10 }, () => signup(taken, ip)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 409)).toHaveLength(
      THROTTLE_RULES.signupPerAddress.limit,
    );
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  });

  it('does not count signups that succeed', async () => {
    const ip = '10.2.3.1';
    for (let i = 0; i < THROTTLE_RULES.signupPerAddress.limit + 2; i += 1)
      expect((await signup(newSignup(), ip)).statusCode).toBe(201);
  });
});

describe('POST /api/user/login', () => {
  it('answers with data.user._id, data.status and a session token', async () => {
    const body = newSignup();
    await signup(body);
    const res = await login({ email: body.email.toUpperCase(), password: body.password });
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(json.message).toBe(authMessages.loginSuccess);
    expect(json.data.status).toBe(true);
    expect(json.data.user._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(json.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await t.request({
      method: 'GET',
      url: '/api/user/me',
      headers: { authorization: `Bearer ${json.data.token}` },
    });
    expect(me.json().data.user.email).toBe(body.email);
  });

  it('gives the same answer for a wrong password and an unknown email', async () => {
    const body = newSignup();
    await signup(body);
    const wrong = await login({ email: body.email, password: 'wrong password' }, '10.3.0.1');
    const unknown = await login(
      { email: 'nobody@example.com', password: 'wrong password' },
      '10.3.0.1',
    );
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: authMessages.invalidCredentials });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it.each([
    [{ password: 'x' }, 'Email is required.'],
    [{ email: 'a@b.co' }, 'Password is required.'],
    [{ email: 'nope', password: 'x' }, 'Enter a valid email address.'],
  ])('validates %j', async (payload, message) => {
    const res = await login(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('counts parallel guesses too: no more than the limit reach the password check', async () => {
    const body = newSignup();
    await signup(body);
    const limit = THROTTLE_RULES.loginPerAccount.limit;
    const answers = await Promise.all(
      Array.from({ length: limit + 10 }, (_, i) =>
        login({ email: body.email, password: `guess ${i}` }, `10.4.2.${i}`),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  });

  it('throttles an address that guesses across many accounts, but not the known devices behind it', async () => {
    const ip = '10.5.0.1';
    const neighbour = newSignup();
    await signup(neighbour);
    const { deviceToken } = (
      await login({ email: neighbour.email, password: neighbour.password }, ip)
    ).json().data;
    for (let i = 0; i < THROTTLE_RULES.loginPerAddress.limit; i += 1) {
      await login({ email: `guess${i}@example.com`, password: 'nope' }, ip);
    }
    const victim = newSignup();
    await signup(victim);
    expect((await login({ email: victim.email, password: victim.password }, ip)).statusCode).toBe(
      429,
    );
    expect(
      (await login({ email: victim.email, password: victim.password }, '10.5.0.2')).statusCode,
    ).toBe(200);
    // Someone behind the same address (a NAT) on a device their account knows gets in.
    expect(
      (await login({ email: neighbour.email, password: neighbour.password, deviceToken }, ip))
        .statusCode,
    ).toBe(200);
  });

  it('a successful login clears the counter of its account and address', async () => {
    const body = newSignup();
    await signup(body);
    for (let i = 0; i < THROTTLE_RULES.loginPerPair.limit - 1; i += 1) {
      await login({ email: body.email, password: 'nope' }, '10.6.0.1');
    }
    expect(
      (await login({ email: body.email, password: body.password }, '10.6.0.1')).statusCode,
    ).toBe(200);
    for (let i = 0; i < THROTTLE_RULES.loginPerPair.limit - 1; i += 1) {
      await login({ email: body.email, password: 'nope' }, '10.6.0.1');
    }
    expect(
      (await login({ email: body.email, password: body.password }, '10.6.0.1')).statusCode,
    ).toBe(200);
  });
});

describe('login throttling never locks the owner out', () => {
  const wrong = (email: string, ip: string, deviceToken?: string) =>
    login({ email, password: 'a wrong guess', ...(deviceToken ? { deviceToken } : {}) }, ip);

  it('answers a device token, kept and handed back at the next login', async () => {
    const body = newSignup();
    await signup(body);
    const first = (await login({ email: body.email, password: body.password })).json().data;
    expect(first.deviceToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const again = await login({
      email: body.email,
      password: body.password,
      deviceToken: first.deviceToken,
    });
    expect(again.json().data.deviceToken).toBe(first.deviceToken);
  });

  it('stops one address after five wrong passwords without touching the owner elsewhere', async () => {
    const body = newSignup();
    await signup(body);
    const attacker = '10.40.0.1';
    for (let i = 0; i < THROTTLE_RULES.loginPerPair.limit; i += 1)
      expect((await wrong(body.email, attacker)).statusCode).toBe(401);
    expect((await login({ email: body.email, password: body.password }, attacker)).statusCode).toBe(
      429,
    );
    // The owner on a new device at another address.
    expect(
      (await login({ email: body.email, password: body.password }, '10.40.1.1')).statusCode,
    ).toBe(200);
  });

  it('lets the owner in with a known device while guesses from many addresses have used up the account ceiling', async () => {
    const body = newSignup();
    await signup(body);
    const { deviceToken } = (
      await login({ email: body.email, password: body.password }, '10.41.0.1')
    ).json().data;

    // The attacker: one guess from each of many addresses, bounded by the account ceiling.
    const ceiling = THROTTLE_RULES.loginPerAccount.limit;
    const answers = [];
    for (let i = 0; i < ceiling + 10; i += 1)
      answers.push((await wrong(body.email, `10.41.1.${i}`)).statusCode);
    expect(answers.filter((status) => status === 401)).toHaveLength(ceiling);
    expect(answers.filter((status) => status === 429)).toHaveLength(10);
    // A new device, even with the right password, waits for the window.
    expect(
      (await login({ email: body.email, password: body.password }, '10.41.2.1')).statusCode,
    ).toBe(429);

    // The owner's known device, from anywhere, gets in and keeps its token.
    const owner = await login(
      { email: body.email, password: body.password, deviceToken },
      '10.41.3.1',
    );
    expect(owner.statusCode).toBe(200);
    expect(owner.json().data.deviceToken).toBe(deviceToken);

    t.clock.advance(THROTTLE_RULES.loginPerAccount.windowMs + 1000);
    expect(
      (await login({ email: body.email, password: body.password }, '10.41.2.1')).statusCode,
    ).toBe(200);
  });

  it('bounds guesses made with a device token: a stolen one buys five a window, not the ceiling', async () => {
    const body = newSignup();
    await signup(body);
    const { deviceToken } = (await login({ email: body.email, password: body.password })).json()
      .data;
    for (let i = 0; i < THROTTLE_RULES.loginPerDevice.limit; i += 1)
      expect((await wrong(body.email, `10.42.0.${i}`, deviceToken)).statusCode).toBe(401);
    expect((await wrong(body.email, '10.42.1.1', deviceToken)).statusCode).toBe(429);
  });

  it('passes the ceiling only with a device token of that account', async () => {
    const owner = newSignup();
    const other = newSignup();
    await signup(owner);
    await signup(other);
    const { deviceToken } = (await login({ email: other.email, password: other.password })).json()
      .data;
    for (let i = 0; i < THROTTLE_RULES.loginPerAccount.limit; i += 1)
      await wrong(owner.email, `10.43.0.${i}`);
    // The other account's token, or a well-formed one the server never issued, is a new device.
    for (const token of [deviceToken, 'A'.repeat(43)])
      expect(
        (await login({ email: owner.email, password: owner.password, deviceToken: token }))
          .statusCode,
      ).toBe(429);
  });

  it('shares one browser token between the accounts that log in on it', async () => {
    const first = newSignup();
    const second = newSignup();
    await signup(first);
    await signup(second);
    const { deviceToken } = (await login({ email: first.email, password: first.password })).json()
      .data;
    const made = await login({ email: second.email, password: second.password, deviceToken });
    expect(made.json().data.deviceToken).toBe(deviceToken);
    // A token the server never issued is replaced by one it draws.
    const invented = await login({
      email: second.email,
      password: second.password,
      deviceToken: 'B'.repeat(43),
    });
    expect(invented.json().data.deviceToken).not.toBe('B'.repeat(43));
  });

  it('refuses a malformed device token with a clear 400', async () => {
    const body = newSignup();
    await signup(body);
    const res = await login({ email: body.email, password: body.password, deviceToken: 'short' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/device token/i);
  });

  it('stores only the SHA-256 of device tokens and never logs them', async () => {
    const body = newSignup();
    await signup(body);
    const { deviceToken } = (await login({ email: body.email, password: body.password })).json()
      .data;
    await login({ email: body.email, password: body.password, deviceToken });
    const rows = await t.app.db.handle.db.select().from(knownDevices);
    expect(rows.some((row) => row.tokenHash === sha256(deviceToken))).toBe(true);
    expect(rows.some((row) => row.tokenHash === deviceToken)).toBe(false);
    expect(t.logs()).not.toContain(deviceToken);
  });
});

describe('sessions', () => {
  it('logout ends the session on the server', async () => {
    const user = await signupAndLogin(t);
    const out = await t.request({ method: 'POST', url: '/api/user/logout', headers: user.auth });
    expect(out.statusCode).toBe(200);
    expect(out.json().message).toBe(authMessages.loggedOut);
    const me = await t.request({ method: 'GET', url: '/api/user/me', headers: user.auth });
    expect(me.statusCode).toBe(401);
    expect(me.json().message).toBe(authMessages.sessionExpired);
  });

  it('logout ends only that session', async () => {
    const user = await signupAndLogin(t);
    const second = await login({ email: user.email, password: user.password });
    const otherAuth = { authorization: `Bearer ${second.json().data.token}` };
    await t.request({ method: 'POST', url: '/api/user/logout', headers: user.auth });
    expect(
      (await t.request({ method: 'GET', url: '/api/user/me', headers: otherAuth })).statusCode,
    ).toBe(200);
  });

  it.each([
    ['no header', {}],
    ['a made-up token', { authorization: 'Bearer aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' }],
    ['a malformed header', { authorization: 'Token abc' }],
  ])('refuses %s', async (_label, headers) => {
    for (const [method, url] of [
      ['GET', '/api/user/me'],
      ['POST', '/api/user/logout'],
      ['GET', '/api/user/profile'],
      ['GET', '/api/notifications'],
    ] as const) {
      const res = await t.request({ method, url, headers });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('a session expires after its time to live', async () => {
    const user = await signupAndLogin(t);
    t.clock.advance(t.app.config.SESSION_TTL_HOURS * 3_600_000 + 1000);
    expect(
      (await t.request({ method: 'GET', url: '/api/user/me', headers: user.auth })).statusCode,
    ).toBe(401);
  });
});
