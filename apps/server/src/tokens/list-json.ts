import type { TokenListResponse } from '@vaultscope/core';
import type { ListRow } from './tokens-repository';

/** A page of a DEX list before it is written: the rows as kept, and which the caller favourited. */
export interface ListPage extends Omit<TokenListResponse, 'tokenDetails'> {
  rows: readonly ListRow[];
  favourites: ReadonlySet<string>;
}

/**
 * Each row's JSON, kept for as long as the row object lives. Rows are never changed in place: a
 * load or an indexed block builds new row objects, so a kept string is never stale.
 */
const rowJson = new WeakMap<ListRow, string>();

function jsonOf(row: ListRow): string {
  let json = rowJson.get(row);
  if (json === undefined) {
    json = JSON.stringify(row);
    rowJson.set(row, json);
  }
  return json;
}

/**
 * `JSON.stringify` of the list answer (each row with `is_favourite` last), from each row's kept
 * JSON: serialising fifty rows per answer was most of an uncached list's CPU, and the rows of
 * one page are asked for again and again between two changes.
 */
export function listPageJson({ rows, favourites, ...envelope }: ListPage): string {
  const items = rows.map(
    (row) => `${jsonOf(row).slice(0, -1)},"is_favourite":${favourites.has(row.id) ? 1 : 0}}`,
  );
  return `{"tokenDetails":[${items.join(',')}],${JSON.stringify(envelope).slice(1)}`;
}
