import { describe, expect, it } from 'vitest';
import { withFavouriteFlag } from './favourite-flag';

const row = (id: string, is_favourite: 0 | 1 = 0) => ({ id, CoinName: id, is_favourite });

describe('withFavouriteFlag', () => {
  it('sets the heart of the item in a single page', () => {
    const page = { tokenDetails: [row('a'), row('b')], page: 1 };
    const next = withFavouriteFlag(page, 'b', 1);
    expect(next.tokenDetails.map((item) => item.is_favourite)).toEqual([0, 1]);
    expect(page.tokenDetails[1]?.is_favourite).toBe(0);
  });

  it('sets it on every page of a table', () => {
    const data = {
      pages: [{ tokenDetails: [row('a', 1)] }, { tokenDetails: [row('b'), row('a', 1)] }],
      pageParams: [1, 2],
    };
    const next = withFavouriteFlag(data, 'a', 0);
    expect(
      next.pages.flatMap((page) => page.tokenDetails.map((item) => item.is_favourite)),
    ).toEqual([0, 0, 0]);
    expect(next.pageParams).toEqual([1, 2]);
  });

  it('returns the same object when nothing changes', () => {
    const data = { pages: [{ tokenDetails: [row('a', 1)] }], pageParams: [1] };
    expect(withFavouriteFlag(data, 'a', 1)).toBe(data);
    expect(withFavouriteFlag(data, 'zzz', 0)).toBe(data);
    expect(withFavouriteFlag(undefined, 'a', 1)).toBeUndefined();
  });
});
