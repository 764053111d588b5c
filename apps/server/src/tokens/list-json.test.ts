import { describe, expect, it } from 'vitest';
import { listPageJson } from './list-json';
import type { ListRow } from './tokens-repository';

const row = (id: string, price: number | null): ListRow =>
  ({
    id,
    CoinName: `Name "${id}" é`,
    tokenAddress: `0x${id.padStart(40, '0')}`,
    chainName: 'eth',
    price,
    nested: { m5: 1.5, h24: null },
  }) as unknown as ListRow;

/** What the route sent before: each row spread with `is_favourite`, the whole stringified. */
const reference = (rows: readonly ListRow[], favourites: ReadonlySet<string>) =>
  JSON.stringify({
    tokenDetails: rows.map((r) => ({ ...r, is_favourite: favourites.has(r.id) ? 1 : 0 })),
    totalPages: 7,
    page: 2,
    page_size: 3,
  });

describe('list page JSON', () => {
  it('writes the same JSON as stringifying the answer, favourites included, row after row', () => {
    const rows = [row('a', 1.25), row('b', null), row('c', 3e-12)];
    const favourites = new Set(['b']);
    const page = { rows, favourites, totalPages: 7, page: 2, page_size: 3 };
    expect(listPageJson(page)).toBe(reference(rows, favourites));
    // Asked again, from the kept row JSON, with other favourites: still exact.
    const others = new Set(['a', 'c']);
    expect(listPageJson({ ...page, favourites: others })).toBe(reference(rows, others));
    expect(JSON.parse(listPageJson(page))).toEqual(JSON.parse(reference(rows, favourites)));
  });

  it("keeps a row's JSON where neither JSON, a spread nor an equality check sees it", () => {
    const kept = row('a', 1.25);
    const copy = { ...kept };
    const page = {
      rows: [kept],
      favourites: new Set<string>(),
      totalPages: 7,
      page: 2,
      page_size: 3,
    };
    listPageJson(page);
    // Kept: one hidden key, the row's JSON, on the row itself.
    expect(Object.getOwnPropertySymbols(kept)).toHaveLength(1);
    expect(JSON.stringify(kept)).toBe(JSON.stringify(copy));
    expect({ ...kept }).toEqual(copy);
    expect(kept).toEqual(copy);
    expect(Reflect.ownKeys(kept).filter((key) => typeof key === 'string')).toEqual(
      Object.keys(copy),
    );
    // A frozen row is written all the same.
    const frozen = Object.freeze(row('f', 2));
    expect(listPageJson({ ...page, rows: [frozen] })).toBe(reference([frozen], new Set()));
  });

  it('writes an empty page', () => {
    const page = { rows: [], favourites: new Set<string>(), totalPages: 7, page: 2, page_size: 3 };
    expect(listPageJson(page)).toBe(reference([], new Set()));
  });
});
