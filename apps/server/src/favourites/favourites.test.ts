import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { favouriteMessages } from '@vaultscope/core';
import { signupAndLogin, startTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let projectIds: string[];
beforeAll(async () => {
  t = await startTestApp({}, { loadSnapshots: true });
  projectIds = (await t.request({ method: 'GET', url: '/api/ico/get-active-icos' }))
    .json()
    .tokenDetails.map((p: { _id: string }) => p._id);
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof signupAndLogin>>;
const toggle = (user: User, itemId: string, overrides: Record<string, unknown> = {}) =>
  t.request({
    method: 'POST',
    url: '/api/favourite/toggle-favourite',
    headers: user.auth,
    payload: { itemId, type: 'ICO', userId: user.userId, ...overrides },
  });
const watchlist = async (user: User) =>
  (
    await t.request({
      method: 'GET',
      url: `/api/watchlist/get-all-watchlist/${user.userId}`,
      headers: user.auth,
    })
  ).json();

describe('favourites', () => {
  it('toggling adds then removes, and the watch list follows', async () => {
    const user = await signupAndLogin(t);
    const on = await toggle(user, projectIds[0]!);
    expect(on.json()).toEqual({
      success: true,
      message: favouriteMessages.added,
      isFavorite: true,
    });
    const list = await watchlist(user);
    expect(list.data.ICO).toHaveLength(1);
    expect(list.data.ICO[0]._id).toBe(projectIds[0]);
    expect(list.data.ICO[0].details).toMatchObject({
      _id: projectIds[0],
      tokenName: expect.any(String),
    });
    expect(list.data.DEX).toEqual([]);
    expect(list.data.CEX).toEqual([]);

    const off = await toggle(user, projectIds[0]!);
    expect(off.json().isFavorite).toBe(false);
    expect((await watchlist(user)).data.ICO).toEqual([]);
  });

  it('lists favourites by user id and for the caller', async () => {
    const user = await signupAndLogin(t);
    await toggle(user, projectIds[1]!);
    await toggle(user, projectIds[2]!);
    const byId = await t.request({
      method: 'GET',
      url: `/api/favourite/get-all-favouruites/${user.userId}`,
      headers: user.auth,
    });
    const mine = await t.request({
      method: 'GET',
      url: '/get-all-favouruites',
      headers: user.auth,
    });
    expect(
      byId
        .json()
        .data.map((f: { itemId: string }) => f.itemId)
        .sort(),
    ).toEqual([projectIds[1], projectIds[2]].sort());
    expect(mine.json()).toEqual(byId.json());
  });

  it("nobody reads or changes another user's list", async () => {
    const owner = await signupAndLogin(t);
    const intruder = await signupAndLogin(t);
    await toggle(owner, projectIds[3]!);
    const asOwner = { userId: owner.userId };
    expect((await toggle(intruder, projectIds[4]!, asOwner)).statusCode).toBe(403);
    for (const url of [
      `/api/watchlist/get-all-watchlist/${owner.userId}`,
      `/api/favourite/get-all-favouruites/${owner.userId}`,
    ]) {
      const res = await t.request({ method: 'GET', url, headers: intruder.auth });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(favouriteMessages.notYours);
    }
    const del = await t.request({
      method: 'POST',
      url: '/api/watchlist/delete-watchlist',
      headers: intruder.auth,
      payload: { itemId: projectIds[3], type: 'ICO', ...asOwner },
    });
    expect(del.statusCode).toBe(403);
    expect((await watchlist(owner)).data.ICO).toHaveLength(1);
  });

  it('needs a session', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/favourite/toggle-favourite',
      payload: {
        itemId: projectIds[0],
        type: 'ICO',
        userId: '00000000-0000-4000-8000-000000000000',
      },
    });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    [{ type: 'NFT' }, 'type must be one of DEX, CEX, ICO.'],
    [{ itemId: '' }, 'itemId is required.'],
    [{ userId: 'me' }, 'userId must be a user id.'],
  ])('rejects %j', async (overrides, message) => {
    const user = await signupAndLogin(t);
    const res = await toggle(user, projectIds[0]!, overrides);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('refuses to favourite something that does not exist', async () => {
    const user = await signupAndLogin(t);
    const res = await toggle(user, '00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(favouriteMessages.itemNotFound);
    expect((await watchlist(user)).data.ICO).toEqual([]);
  });
});

describe('watch list calls', () => {
  it('create adds once, delete removes', async () => {
    const user = await signupAndLogin(t);
    const body = { itemId: projectIds[5], type: 'ICO', userId: user.userId };
    for (let i = 0; i < 2; i += 1) {
      const res = await t.request({
        method: 'POST',
        url: '/api/watchlist/create-watchlist',
        headers: user.auth,
        payload: body,
      });
      expect(res.statusCode).toBe(200);
    }
    expect((await watchlist(user)).data.ICO).toHaveLength(1);
    const del = await t.request({
      method: 'POST',
      url: '/api/watchlist/delete-watchlist',
      headers: user.auth,
      payload: body,
    });
    expect(del.json().success).toBe(true);
    expect((await watchlist(user)).data.ICO).toEqual([]);
  });

  it("delete-watchlist with a body that is not an object fails with the spec's message", async () => {
    const user = await signupAndLogin(t);
    for (const payload of ['"just text"', '[1]', '42']) {
      const res = await t.request({
        method: 'POST',
        url: '/api/watchlist/delete-watchlist',
        headers: { ...user.auth, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("Invalid input: 'body' must be an object.");
    }
  });
});
