import type { TokenListResponse } from '@vaultscope/core';
import type { ListRow } from './tokens-repository';

/** A page of a DEX list before it is written: the rows as kept, and which the caller favourited. */
export interface ListPage extends Omit<TokenListResponse, 'tokenDetails'> {
  rows: readonly ListRow[];
  favourites: ReadonlySet<string>;
}

/**
 * Each row's JSON up to its `is_favourite` (without the closing brace), kept on the row itself
 * under a symbol, not enumerable: `JSON.stringify`, spreads and equality checks do not see it,
 * and it lives as long as the row. Rows are never changed otherwise: a load or an indexed block
 * builds new row objects, so a kept string is never stale. It was kept in a `WeakMap` by row,
 * whose lookup (twenty an answer, in a table of 100,000 rows) cost a twentieth of an uncached
 * list's CPU, and whose weak entries the collector had to go through at every full collection.
 */
const JSON_HEAD = Symbol('list row JSON head');

type WithJsonHead = ListRow & { [JSON_HEAD]?: string };

function jsonHeadOf(row: WithJsonHead): string {
  let head = row[JSON_HEAD];
  if (head === undefined) {
    head = `${JSON.stringify(row).slice(0, -1)},"is_favourite":`;
    // A frozen row (none is, today) is written anew each time rather than refused.
    if (Object.isExtensible(row)) Object.defineProperty(row, JSON_HEAD, { value: head });
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
