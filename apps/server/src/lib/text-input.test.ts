import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@vaultscope/core';
import { newSignup, signupAndLogin, startTestApp, type TestApp } from '../test/test-app';

/**
 * Text with a NUL byte (which PostgreSQL refuses in `text`) or another control character is
 * refused at validation with a 400 that names the field, wherever text comes in: bodies, path
 * parameters and query strings. Each of these requests used to reach the database and answer
 * 500 (issue 9, item 11).
 */
let t: TestApp;
let user: Awaited<ReturnType<typeof signupAndLogin>>;
beforeAll(async () => {
  t = await startTestApp();
  user = await signupAndLogin(t);
});
afterAll(() => t.close());

const errorLines = () =>
  t
    .logs()
    .split('\n')
    .filter((line) => line.includes('"level":50'));

describe('control characters in text', () => {
  it.each([
    ['first name', { firstName: 'Ada\u0000' }, 'First name must not contain control characters.'],
    ['last name', { lastName: '\u0000' }, 'Last name must not contain control characters.'],
    ['country', { country: 'Can\u0000ada' }, 'Country must not contain control characters.'],
    [
      'password',
      { password: 'pass\u0000word!', confirmPassword: 'pass\u0000word!' },
      'Password must not contain control characters.',
    ],
  ])(
    'a signup with NUL in its %s is a 400 and creates no account',
    async (_field, fields, message) => {
      const body = newSignup(fields);
      const res = await t.request({ method: 'POST', url: apiPaths.signup, payload: body });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      const login = await t.request({
        method: 'POST',
        url: apiPaths.login,
        payload: { email: body.email, password: body.password },
      });
      expect(login.statusCode).toBe(401);
    },
  );

  it('a profile update with NUL is a 400 and changes nothing', async () => {
    const res = await t.request({
      method: 'PUT',
      url: apiPaths.profile,
      headers: user.auth,
      payload: {
        firstName: 'Eve\u0000',
        lastName: 'Lovelace',
        mobile: '+1 555 0100',
        country: 'Canada',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('First name must not contain control characters.');
    const profile = await t.request({ method: 'GET', url: apiPaths.profile, headers: user.auth });
    expect(profile.json().data.user.firstName).toBe('Ada');
  });

  it.each([apiPaths.favourites.toggle, apiPaths.watchlist.create, apiPaths.watchlist.delete])(
    '%s refuses NUL in itemId with a 400',
    async (url) => {
      const res = await t.request({
        method: 'POST',
        url,
        headers: user.auth,
        payload: { itemId: 'eth_0xabc\u0000', type: 'DEX', userId: user.userId },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('itemId must not contain control characters.');
    },
  );

  it('a private-sale favourite whose id is no UUID is a 400, not a database error', async () => {
    const res = await t.request({
      method: 'POST',
      url: apiPaths.favourites.toggle,
      headers: user.auth,
      payload: { itemId: 'not-a-project', type: 'ICO', userId: user.userId },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('itemId');
  });

  it.each([
    [apiPaths.cex.price('\u0000'), 'Token address must not contain control characters.'],
    [apiPaths.cex.price('bit\u0000coin'), 'Token address must not contain control characters.'],
    [`${apiPaths.ico.active}?tokenName=%00`, 'tokenName must not contain control characters.'],
    [`${apiPaths.ico.upcoming}?round=Seed%00`, 'round must not contain control characters.'],
    [
      `${apiPaths.tokens.details('0xab\u0007')}?network=eth`,
      'Token address must not contain control characters.',
    ],
  ])('GET %s is a 400', async (url, message) => {
    const res = await t.request({ method: 'GET', url, headers: user.auth });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('keeps ordinary Unicode text', async () => {
    const res = await t.request({
      method: 'PUT',
      url: apiPaths.profile,
      headers: user.auth,
      payload: {
        firstName: 'Zoë',
        lastName: 'Ōtsuka 😀',
        mobile: '+81 3 1234 5678',
        country: '日本',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.lastName).toBe('Ōtsuka 😀');
  });

  it('none of them reached the database: no error was logged', () => {
    expect(errorLines()).toEqual([]);
  });
});
