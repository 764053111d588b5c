import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cexTokenListItemSchema,
  favouriteMessages,
  tokenListItemSchema,
  type FavouriteType,
} from '@vaultscope/core';
import { expectedTokens, shippedSnapshot, type ExpectedToken } from '../test/research-data';
import { signupAndLogin, startTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let tokens: ExpectedToken[];

beforeAll(async () => {
  t = await startTestApp({}, { loadSnapshots: true });
  tokens = expectedTokens(shippedSnapshot(), t.clock.now());
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof signupAndLogin>>;

const toggle = (user: User, type: FavouriteType, itemId: string, userId = user.userId) =>
  t.request({
    method: 'POST',
    url: '/api/favourite/toggle-favourite',
    headers: user.auth,
    payload: { itemId, type, userId },
  });

async function watchlist(user: User) {
  const res = await t.request({
    method: 'GET',
    url: `/api/watchlist/get-all-watchlist/${user.userId}`,
    headers: user.auth,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as Record<FavouriteType, { _id: string; details: unknown }[]>;
}

describe('DEX and CEX favourites through to the watch list', () => {
  it('a DEX token: toggle on, watch list row with the list item shape, toggle off', async () => {
    const user = await signupAndLogin(t);
    const token = tokens.find((candidate) => candidate.chainName === 'solana')!;
    const on = await toggle(user, 'DEX', token.id);
    expect(on.json()).toEqual({
      success: true,
      message: favouriteMessages.added,
      isFavorite: true,
    });

    const list = await watchlist(user);
    expect(list.CEX).toEqual([]);
    expect(list.ICO).toEqual([]);
    expect(list.DEX).toHaveLength(1);
    expect(list.DEX[0]!._id).toBe(token.id);
    const details = tokenListItemSchema.parse(list.DEX[0]!.details);
    expect(details).toMatchObject({
      id: token.id,
      CoinName: token.token.name,
      tokenAddress: token.token.address,
      chainName: 'solana',
      liquidity: token.pool.reserve_in_usd,
      score: token.score,
      is_favourite: 1,
    });

    const off = await toggle(user, 'DEX', token.id);
    expect(off.json().isFavorite).toBe(false);
    expect((await watchlist(user)).DEX).toEqual([]);
  });

  it('a CEX coin: toggle on, watch list row with the CEX list item shape', async () => {
    const user = await signupAndLogin(t);
    expect((await toggle(user, 'CEX', 'ethereum')).json().isFavorite).toBe(true);
    const list = await watchlist(user);
    expect(list.DEX).toEqual([]);
    expect(list.CEX.map((entry) => entry._id)).toEqual(['ethereum']);
    expect(cexTokenListItemSchema.parse(list.CEX[0]!.details)).toMatchObject({
      id: 'ethereum',
      CoinName: 'Ethereum',
      symbol: 'ETH',
      is_favourite: 1,
    });
  });

  it('create-watchlist and delete-watchlist work for DEX and CEX items', async () => {
    const user = await signupAndLogin(t);
    const dex = tokens[5]!.id;
    for (const [type, itemId] of [
      ['DEX', dex],
      ['CEX', 'bitcoin'],
    ] as const) {
      const created = await t.request({
        method: 'POST',
        url: '/api/watchlist/create-watchlist',
        headers: user.auth,
        payload: { itemId, type, userId: user.userId },
      });
      expect(created.statusCode).toBe(200);
    }
    let list = await watchlist(user);
    expect(list.DEX.map((entry) => entry._id)).toEqual([dex]);
    expect(list.CEX.map((entry) => entry._id)).toEqual(['bitcoin']);
    const deleted = await t.request({
      method: 'POST',
      url: '/api/watchlist/delete-watchlist',
      headers: user.auth,
      payload: { itemId: dex, type: 'DEX', userId: user.userId },
    });
    expect(deleted.json().success).toBe(true);
    list = await watchlist(user);
    expect(list.DEX).toEqual([]);
    expect(list.CEX).toHaveLength(1);
  });

  it('refuses items that do not exist', async () => {
    const user = await signupAndLogin(t);
    for (const [type, itemId] of [
      ['DEX', 'eth_0x000000000000000000000000000000000000dead'],
      ['DEX', 'ethereum'],
      ['CEX', 'not-a-coin'],
      ['CEX', tokens[0]!.id],
    ] as const) {
      const res = await toggle(user, type, itemId);
      expect(res.statusCode, `${type} ${itemId}`).toBe(400);
      expect(res.json().message).toBe(favouriteMessages.itemNotFound);
    }
  });

  it('lists show is_favourite to the caller who favourited, and to nobody else', async () => {
    const user = await signupAndLogin(t);
    const other = await signupAndLogin(t);
    const first = (await t.request({ method: 'GET', url: '/check-token?page_size=3' })).json()
      .tokenDetails[1].id as string;
    await toggle(user, 'DEX', first);
    await toggle(user, 'CEX', 'tether');

    const rows = async (url: string, headers: Record<string, string> = {}) =>
      (await t.request({ method: 'GET', url, headers })).json().tokenDetails as {
        id: string;
        is_favourite: 0 | 1;
      }[];
    const flags = (list: { id: string; is_favourite: 0 | 1 }[]) =>
      Object.fromEntries(list.map((row) => [row.id, row.is_favourite]));

    for (const url of ['/check-token?page_size=3', '/api/token/all-tokens?page_size=3']) {
      expect(flags(await rows(url, user.auth))[first]).toBe(1);
      expect(flags(await rows(url, other.auth))[first]).toBe(0);
      expect(flags(await rows(url))[first]).toBe(0);
    }
    const cex = '/api/cex/tokens?page_size=5';
    expect(flags(await rows(cex, user.auth)).tether).toBe(1);
    expect(flags(await rows(cex, other.auth)).tether).toBe(0);
    const price = await t.request({
      method: 'GET',
      url: '/api/cex/price/tether',
      headers: user.auth,
    });
    expect(price.json().is_favourite).toBe(1);
  });

  it("nobody reads or changes another user's DEX or CEX list", async () => {
    const owner = await signupAndLogin(t);
    const intruder = await signupAndLogin(t);
    const token = tokens[9]!.id;
    await toggle(owner, 'DEX', token);
    await toggle(owner, 'CEX', 'solana');

    for (const [type, itemId] of [
      ['DEX', token],
      ['CEX', 'solana'],
      ['DEX', tokens[10]!.id],
    ] as const) {
      const res = await toggle(intruder, type, itemId, owner.userId);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(favouriteMessages.notYours);
      for (const url of ['/api/watchlist/create-watchlist', '/api/watchlist/delete-watchlist']) {
        const write = await t.request({
          method: 'POST',
          url,
          headers: intruder.auth,
          payload: { itemId, type, userId: owner.userId },
        });
        expect(write.statusCode, url).toBe(403);
      }
    }
    const read = await t.request({
      method: 'GET',
      url: `/api/watchlist/get-all-watchlist/${owner.userId}`,
      headers: intruder.auth,
    });
    expect(read.statusCode).toBe(403);
    const anonymous = await t.request({
      method: 'GET',
      url: `/api/watchlist/get-all-watchlist/${owner.userId}`,
    });
    expect(anonymous.statusCode).toBe(401);

    const list = await watchlist(owner);
    expect(list.DEX.map((entry) => entry._id)).toEqual([token]);
    expect(list.CEX.map((entry) => entry._id)).toEqual(['solana']);
    expect((await watchlist(intruder)).DEX).toEqual([]);
  });
});
