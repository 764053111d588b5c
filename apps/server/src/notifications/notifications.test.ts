import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '@vaultscope/core';
import { signupAndLogin, startTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const list = async (auth: Record<string, string>) =>
  (await t.request({ method: 'GET', url: '/api/notifications', headers: auth })).json().data as {
    id: string;
    message: string;
  }[];

describe('notifications', () => {
  it('a new account gets a welcome', async () => {
    const user = await signupAndLogin(t, { firstName: 'Grace' });
    const items = await list(user.auth);
    expect(items.map((n) => n.message)).toEqual([authMessages.welcome('Grace')]);
  });

  it('dismissing removes it for good', async () => {
    const user = await signupAndLogin(t);
    const [welcome] = await list(user.auth);
    const res = await t.request({
      method: 'DELETE',
      url: `/api/notifications/${welcome!.id}`,
      headers: user.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(await list(user.auth)).toEqual([]);
    const again = await t.request({
      method: 'DELETE',
      url: `/api/notifications/${welcome!.id}`,
      headers: user.auth,
    });
    expect(again.statusCode).toBe(404);
  });

  it("nobody can dismiss another user's notification", async () => {
    const owner = await signupAndLogin(t);
    const other = await signupAndLogin(t);
    const [welcome] = await list(owner.auth);
    const res = await t.request({
      method: 'DELETE',
      url: `/api/notifications/${welcome!.id}`,
      headers: other.auth,
    });
    expect(res.statusCode).toBe(404);
    expect(await list(owner.auth)).toHaveLength(1);
  });

  it('rejects an id that is not a UUID', async () => {
    const user = await signupAndLogin(t);
    const res = await t.request({
      method: 'DELETE',
      url: '/api/notifications/123',
      headers: user.auth,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Notification id must be a UUID.');
  });
});

describe('profile', () => {
  it('reads the account and saves the editable fields, with a notification', async () => {
    const user = await signupAndLogin(t);
    const read = await t.request({ method: 'GET', url: '/api/user/profile', headers: user.auth });
    expect(read.json().data.user).toMatchObject({
      email: user.email,
      firstName: 'Ada',
      country: 'Canada',
    });

    const update = {
      firstName: 'Augusta',
      lastName: 'King',
      mobile: '+44 20 7946 0000',
      country: 'UK',
    };
    const saved = await t.request({
      method: 'PUT',
      url: '/api/user/profile',
      headers: user.auth,
      payload: update,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe(authMessages.profileUpdated);
    expect(saved.json().data.user).toMatchObject({ ...update, email: user.email });

    const reread = await t.request({ method: 'GET', url: '/api/user/profile', headers: user.auth });
    expect(reread.json().data.user).toMatchObject(update);
    expect((await list(user.auth)).map((n) => n.message)).toContain(
      authMessages.profileUpdatedNotification,
    );
  });

  it('email is read-only', async () => {
    const user = await signupAndLogin(t);
    const res = await t.request({
      method: 'PUT',
      url: '/api/user/profile',
      headers: user.auth,
      payload: {
        firstName: 'A',
        lastName: 'B',
        mobile: '+1 555 0100',
        country: 'UK',
        email: 'new@example.com',
      },
    });
    expect(res.statusCode).toBe(400);
    const reread = await t.request({ method: 'GET', url: '/api/user/profile', headers: user.auth });
    expect(reread.json().data.user.email).toBe(user.email);
  });

  it.each([
    [{ firstName: '' }, 'First name is required.'],
    [{ mobile: 'abc' }, 'Enter a valid mobile number.'],
    [{ country: undefined }, 'Country is required.'],
  ])('rejects %j and changes nothing', async (overrides, message) => {
    const user = await signupAndLogin(t);
    const res = await t.request({
      method: 'PUT',
      url: '/api/user/profile',
      headers: user.auth,
      payload: {
        firstName: 'New',
        lastName: 'Name',
        mobile: '+1 555 0100',
        country: 'UK',
        ...overrides,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    const reread = await t.request({ method: 'GET', url: '/api/user/profile', headers: user.auth });
    expect(reread.json().data.user.firstName).toBe('Ada');
  });

  it('needs a session', async () => {
    const res = await t.request({
      method: 'PUT',
      url: '/api/user/profile',
      payload: { firstName: 'A', lastName: 'B', mobile: '+1 555 0100', country: 'UK' },
    });
    expect(res.statusCode).toBe(401);
  });
});
