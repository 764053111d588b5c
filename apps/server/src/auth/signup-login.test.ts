import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '@vaultscope/core';
import { THROTTLE_RULES } from './throttle';
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

  it('locks an account after repeated wrong passwords, even against the right one, until the window passes', async () => {
    const body = newSignup();
    await signup(body);
    for (let i = 0; i < THROTTLE_RULES.loginPerAccount.limit; i += 1) {
      // Each failure from a different address: the per-account counter is what trips.
      expect((await login({ email: body.email, password: 'nope' }, `10.4.0.${i}`)).statusCode).toBe(
        401,
      );
    }
    const blocked = await login({ email: body.email, password: body.password }, '10.4.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(authMessages.tooManyAttempts);
    t.clock.advance(THROTTLE_RULES.loginPerAccount.windowMs + 1000);
    expect(
      (await login({ email: body.email, password: body.password }, '10.4.1.1')).statusCode,
    ).toBe(200);
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

  it('throttles an address that guesses across many accounts', async () => {
    const ip = '10.5.0.1';
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
  });

  it('a successful login clears the account counter', async () => {
    const body = newSignup();
    await signup(body);
    for (let i = 0; i < THROTTLE_RULES.loginPerAccount.limit - 1; i += 1) {
      await login({ email: body.email, password: 'nope' }, '10.6.0.1');
    }
    expect(
      (await login({ email: body.email, password: body.password }, '10.6.0.1')).statusCode,
    ).toBe(200);
    for (let i = 0; i < THROTTLE_RULES.loginPerAccount.limit - 1; i += 1) {
      await login({ email: body.email, password: 'nope' }, '10.6.0.1');
    }
    expect(
      (await login({ email: body.email, password: body.password }, '10.6.0.1')).statusCode,
    ).toBe(200);
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
