import type { TokenListResponse } from '@vaultscope/core';
import type { ListRow } from './tokens-repository';

/** A page of a DEX list before it is written: the rows as kept, and which the caller favourited. */
export interface ListPage extends Omit<TokenListResponse, 'tokenDetails'> {
  rows: readonly ListRow[];
  favourites: ReadonlySet<string>;
}

/**
 * Each row's JSON up to its `is_favourite` (without the closing brace), kept for as long as the
 * row object lives. Rows are never changed in place: a load or an indexed block builds new row
 * objects, so a kept string is never stale.
 */
const rowJsonHead = new WeakMap<ListRow, string>();

function jsonHeadOf(row: ListRow): string {
  let head = rowJsonHead.get(row);
  if (head === undefined) {
    head = `${JSON.stringify(row).slice(0, -1)},"is_favourite":`;
    rowJsonHead.set(row, head);
  }
  return head;
}

/**
 * `JSON.stringify` of the list answer (each row with `is_favourite` last), from each row's kept
 * JSON: serialising fifty rows per answer was most of an uncached list's CPU, and the rows of
 * one page are asked for again and again between two changes. Written as one string, without
 * an array of items or a slice of each row's JSON per answer.
 */
export function listPageJson({ rows, favourites, ...envelope }: ListPage): string {
  let json = '{"tokenDetails":[';
  for (let i = 0; i < rows.length; i += 1) {
    const row = rows[i]!;
    if (i > 0) json += ',';
    json += jsonHeadOf(row);
    json += favourites.has(row.id) ? '1}' : '0}';
  }
  return `${json}],${JSON.stringify(envelope).slice(1)}`;
}
