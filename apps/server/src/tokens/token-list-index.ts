import {
  AMOUNT_BANDS,
  CHAIN_CODE_VALUES,
  SCORE_BANDS,
  ageBandCreatedWindow,
  inRange,
  type ChainCode,
  type TokenListQuery,
} from '@vaultscope/core';

/** Sort orders of the DEX lists. */
export type ListOrder = 'liquidity' | 'gainers' | 'newest';

/** The filter part of a list query. */
export type ListFilter = Pick<
  TokenListQuery,
  'chainName' | 'age' | 'score' | 'liquidity' | 'volume'
>;

/**
 * The filter and sort columns of every row of the DEX list (`dex_token_list`), column by
 * column; unknown values are NaN.
 */
export interface ListIndexColumns {
  /** Token id of each row. */
  ids: string[];
  /** Index into `CHAIN_CODE_VALUES`. */
  chain: Uint8Array;
  /** Pool creation time, ms since the epoch. */
  createdAt: Float64Array;
  score: Float64Array;
  liquidity: Float64Array;
  volume: Float64Array;
  changeH24: Float64Array;
}

/** One row's filter and sort values, as {@link TokenListIndex.upsert} takes it; unknown values are NaN. */
export interface ListIndexRow {
  id: string;
  /** Index into `CHAIN_CODE_VALUES`. */
  chain: number;
  createdAt: number;
  score: number;
  liquidity: number;
  volume: number;
  changeH24: number;
}

/** The columns of `rows`, in their order. */
export function columnsOfRows(rows: readonly ListIndexRow[]): ListIndexColumns {
  return {
    ids: rows.map((row) => row.id),
    chain: Uint8Array.from(rows, (row) => row.chain),
    createdAt: Float64Array.from(rows, (row) => row.createdAt),
    score: Float64Array.from(rows, (row) => row.score),
    liquidity: Float64Array.from(rows, (row) => row.liquidity),
    volume: Float64Array.from(rows, (row) => row.volume),
    changeH24: Float64Array.from(rows, (row) => row.changeH24),
  };
}

/** A loaded copy of the list columns and the data version it reflects. */
export interface ListIndexData {
  version: number;
  columns: ListIndexColumns;
}

export interface TokenListIndexOptions {
  /** The data version now in the database (bumps on every load). */
  version: () => Promise<number>;
  /** The list columns as they are now. */
  load: () => Promise<ListIndexData>;
  /** How often, at most, the database is asked whether another process loaded new data. */
  recheckMs: number;
  nowMs?: () => number;
}

/** One page of ids in list order, and how many rows match in all. */
export interface ListPage {
  ids: string[];
  total: number;
}

/** Filter dimensions whose bands do not depend on the time: one bit per (dimension, band). */
const STATIC_BANDS = [
  ['chainName', CHAIN_CODE_VALUES.map((code) => ({ value: code, range: null }))],
  ['score', SCORE_BANDS.filter((band) => band.value !== 'all')],
  ['liquidity', AMOUNT_BANDS.filter((band) => band.value !== 'all')],
  ['volume', AMOUNT_BANDS.filter((band) => band.value !== 'all')],
] as const;

/**
 * The most bands a mask holds: bits 0 to 30 of the 32-bit masks, so that every mask and every
 * `required` set stays a positive number under JavaScript's signed 32-bit `<<`, `|` and `&`.
 */
export const MAX_MASK_BANDS = 31;

/**
 * One bit per `dimension:value`, in order. More bands than {@link MAX_MASK_BANDS} throws: a 33rd
 * `1 << 32` would wrap to bit 0 and silently match rows of the first chain (a new chain or band
 * in core must widen the masks, not share a bit).
 */
export function bandBits(
  dimensions: readonly (readonly [string, readonly { value: string }[]])[],
): Map<string, number> {
  const bits = new Map<string, number>();
  for (const [dimension, bands] of dimensions) {
    for (const band of bands) {
      if (bits.size === MAX_MASK_BANDS) {
        const count = dimensions.reduce((sum, [, all]) => sum + all.length, 0);
        throw new Error(
          `The list index has ${count} filter bands but its 32-bit masks hold ${MAX_MASK_BANDS}: widen the masks.`,
        );
      }
      bits.set(`${dimension}:${band.value}`, 1 << bits.size);
    }
  }
  return bits;
}

const BITS = bandBits(STATIC_BANDS);

/** The bit of a band value, 0 for `all`. */
function bit(dimension: string, value: string): number {
  return value === 'all' ? 0 : (BITS.get(`${dimension}:${value}`) ?? 0);
}

/**
 * The band bits of each row: its chain, and every score, liquidity and volume band its value
 * is in by core's `inRange` (so a row with an unknown value is in no band but `all`).
 */
export function rowMasks(columns: ListIndexColumns): Uint32Array {
  const masks = new Uint32Array(columns.ids.length);
  const values = { score: columns.score, liquidity: columns.liquidity, volume: columns.volume };
  for (let row = 0; row < masks.length; row += 1) {
    let mask = bit('chainName', CHAIN_CODE_VALUES[columns.chain[row]!] ?? '');
    for (const [dimension, bands] of STATIC_BANDS) {
      if (dimension === 'chainName') continue;
      const value = values[dimension][row]!;
      for (const band of bands) {
        if (inRange(Number.isNaN(value) ? null : value, band.range)) {
          mask |= bit(dimension, band.value);
        }
      }
    }
    masks[row] = mask;
  }
  return masks;
}

/** One dimension's band bits by value (`all` is in none), read per request without a key built. */
function bitsOf(dimension: (typeof STATIC_BANDS)[number][0]): Map<string, number> {
  const bands = STATIC_BANDS.find(([name]) => name === dimension)?.[1] ?? [];
  return new Map(bands.map((band) => [band.value, bit(dimension, band.value)]));
}

const CHAIN_BITS = bitsOf('chainName');
const SCORE_BITS = bitsOf('score');
const LIQUIDITY_BITS = bitsOf('liquidity');
const VOLUME_BITS = bitsOf('volume');

/** The bits a row must have to match `filter` (one per filter that is not `all`). */
export function requiredBits(filter: ListFilter): number {
  return (
    (CHAIN_BITS.get(filter.chainName) ?? 0) |
    (SCORE_BITS.get(filter.score) ?? 0) |
    (LIQUIDITY_BITS.get(filter.liquidity) ?? 0) |
    (VOLUME_BITS.get(filter.volume) ?? 0)
  );
}

/** List order of two rows by key: descending, unknown (NaN) last, then by token id. */
function compareRows(ka: number, ia: string, kb: number, ib: string): number {
  const na = Number.isNaN(ka);
  const nb = Number.isNaN(kb);
  if (na !== nb) return na ? 1 : -1;
  if (!na && ka !== kb) return kb - ka;
  return ia < ib ? -1 : ia > ib ? 1 : 0;
}

/** Row numbers sorted by `key` descending (unknown last), then by token id. */
function sortedBy(columns: ListIndexColumns, key: Float64Array): Uint32Array {
  const rows = Uint32Array.from({ length: key.length }, (_, i) => i);
  const { ids } = columns;
  return rows.sort((a, b) => compareRows(key[a]!, ids[a]!, key[b]!, ids[b]!));
}

/** The sort key columns every laid-out order holds, by the order whose key each is. */
type SortKey = 'liquidity' | 'changeH24' | 'createdAt';

const ORDER_KEYS: Record<ListOrder, SortKey> = {
  liquidity: 'liquidity',
  gainers: 'changeH24',
  newest: 'createdAt',
};

/**
 * The sort keys each order keeps, and only those: its own lets an upsert find a row's place by
 * binary search; the creation time is read by a page of an age band (scanned in the order's own
 * rows when the band is wide); and the newest order's other two let a page of another order
 * take a narrow age band's rows from the newest order, where they are one run (see `runPage`).
 * The liquidity order's 24 h change and the gainers' liquidity were never read (3.2 MB at
 * 100,000 tokens with each chain's rows).
 */
const KEPT_KEYS: Record<ListOrder, readonly SortKey[]> = {
  liquidity: ['liquidity', 'createdAt'],
  gainers: ['changeH24', 'createdAt'],
  newest: ['createdAt', 'liquidity', 'changeH24'],
};

/** The rows in one list order, each column laid out in that order so a page is a sequential scan. */
interface OrderedRows {
  ids: string[];
  masks: Uint32Array;
  /** The sort keys of {@link KEPT_KEYS} for this order. */
  keys: Partial<Record<SortKey, Float64Array>>;
}

/** The column of `keyName` in `rows`; an order that does not keep it is a bug, not a miss. */
function keyColumn(rows: OrderedRows, keyName: SortKey): Float64Array {
  const keys = rows.keys[keyName];
  if (!keys) throw new Error(`list order does not keep ${keyName}`);
  return keys;
}

function layOut(
  columns: ListIndexColumns,
  masks: Uint32Array,
  rows: Uint32Array,
  kept: readonly SortKey[],
): OrderedRows {
  const keys: OrderedRows['keys'] = {};
  for (const keyName of kept) {
    const column = columns[keyName];
    keys[keyName] = Float64Array.from(rows, (row) => column[row]!);
  }
  return {
    ids: Array.from(rows, (row) => columns.ids[row]!),
    masks: rows.map((row) => masks[row]!),
    keys,
  };
}

/** The first position in `rows` whose row sorts at or after (`key`, `id`) by `keyName`. */
function lowerBound(rows: OrderedRows, keyName: SortKey, key: number, id: string): number {
  const keys = keyColumn(rows, keyName);
  let low = 0;
  let high = rows.ids.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (compareRows(keys[mid]!, rows.ids[mid]!, key, id) < 0) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** A row to place in an order: its values, `key` the order's own. */
interface Placed {
  id: string;
  key: number;
  mask: number;
  createdAt: number;
  liquidity: number;
  changeH24: number;
}

/**
 * `rows` with the rows at `removed` (positions, ascending) taken out and `added` (sorted in list
 * order, none of them still in `rows`) put in their places. Work is a few block copies per
 * changed row, not a sort: an upsert of k rows into n costs O(n) memory moves and O(k log n)
 * comparisons.
 */
function splice(
  rows: OrderedRows,
  keyName: SortKey,
  removed: readonly number[],
  added: readonly Placed[],
): OrderedRows {
  const length = rows.ids.length - removed.length + added.length;
  const kept = Object.keys(rows.keys) as SortKey[];
  const out: OrderedRows = {
    ids: new Array<string>(length),
    masks: new Uint32Array(length),
    keys: Object.fromEntries(kept.map((keyName) => [keyName, new Float64Array(length)])),
  };
  // Insert positions in the old layout; rows still there sort before or after by the same order.
  const at = added.map((row) => lowerBound(rows, keyName, row.key, row.id));
  let from = 0;
  let to = 0;
  let r = 0;
  let a = 0;
  const copy = (end: number) => {
    if (end <= from) return;
    out.masks.set(rows.masks.subarray(from, end), to);
    for (const keyName of kept) {
      keyColumn(out, keyName).set(keyColumn(rows, keyName).subarray(from, end), to);
    }
    for (let i = from; i < end; i += 1) out.ids[to + i - from] = rows.ids[i]!;
    to += end - from;
    from = end;
  };
  while (r < removed.length || a < added.length) {
    const nextRemoved = removed[r] ?? Number.POSITIVE_INFINITY;
    const nextAdded = at[a] ?? Number.POSITIVE_INFINITY;
    if (nextAdded <= nextRemoved) {
      copy(nextAdded);
      const row = added[a]!;
      out.ids[to] = row.id;
      out.masks[to] = row.mask;
      for (const keyName of kept) keyColumn(out, keyName)[to] = row[keyName];
      to += 1;
      a += 1;
    } else {
      copy(nextRemoved);
      from += 1;
      r += 1;
    }
  }
  copy(rows.ids.length);
  return out;
}

/** One list order: every row, and each chain's rows apart (a chain filter scans only its own). */
interface Ordered {
  all: OrderedRows;
  byChain: OrderedRows[];
}

function ordered(columns: ListIndexColumns, masks: Uint32Array, order: ListOrder): Ordered {
  const rows = sortedBy(columns, columns[ORDER_KEYS[order]]);
  const kept = KEPT_KEYS[order];
  return {
    all: layOut(columns, masks, rows, kept),
    byChain: CHAIN_CODE_VALUES.map((_, chain) =>
      layOut(
        columns,
        masks,
        rows.filter((row) => columns.chain[row] === chain),
        kept,
      ),
    ),
  };
}

/** The rows of one order that a chain filter pages through: the chain's own, or every row. */
function layoutOf(rows: Ordered, chain: number): OrderedRows {
  return chain < 0 ? rows.all : (rows.byChain[chain] ?? rows.all);
}

/** A row's values as the index holds them: for an upsert to find where it was. */
interface Held {
  chain: number;
  createdAt: number;
  liquidity: number;
  changeH24: number;
}

interface Loaded {
  version: number;
  order: Record<ListOrder, Ordered>;
  /** Every row's chain and sort keys, by id. */
  held: Map<string, Held>;
  /**
   * Totals already counted, by filter (and, for an age filter, by second): a page whose total
   * is known stops as soon as it has its rows.
   */
  totals: Map<string, number>;
  /**
   * Per list order, chain rows and band bits: the positions of the rows whose bands match, in
   * list order. Bands do not move with time, so a page of a band filter is a slice of these,
   * however sparse the filter, and its total is their number.
   */
  matches: Map<string, Uint32Array>;
  /** Positions held in `matches`, which starts over past {@link MAX_MATCH_POSITIONS}. */
  matchedPositions: number;
}

/** Totals kept per loaded copy before the memo starts over. */
const MAX_TOTALS = 10_000;
/** Matching positions kept per loaded copy (4 bytes each) before the memo starts over. */
const MAX_MATCH_POSITIONS = 4_000_000;

/** The positions of `masks` that have every bit of `required`, in order. */
function matchingPositions(masks: Uint32Array, required: number): Uint32Array {
  let count = 0;
  for (let row = 0; row < masks.length; row += 1) {
    if ((masks[row]! & required) === required) count += 1;
  }
  const positions = new Uint32Array(count);
  let next = 0;
  for (let row = 0; row < masks.length; row += 1) {
    if ((masks[row]! & required) === required) positions[next++] = row;
  }
  return positions;
}

/**
 * The first `i` in [0, count) whose row (the `i`-th of `positions`, or row `i` without them) was
 * created at or before `time`, along an order of descending creation times (unknown, NaN, last).
 */
function firstCreatedAtOrBefore(
  createdAt: Float64Array,
  positions: Uint32Array | undefined,
  count: number,
  time: number,
): number {
  let low = 0;
  let high = count;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (!(createdAt[positions ? positions[mid]! : mid]! > time)) high = mid;
    else low = mid + 1;
  }
  return low;
}

/** The ids of the `i`-th rows for `i` in [from, to): of `positions`, or rows `i` without them. */
function idsAt(
  ids: readonly string[],
  positions: Uint32Array | undefined,
  from: number,
  to: number,
): string[] {
  const page: string[] = [];
  for (let i = from; i < to; i += 1) page.push(ids[positions ? positions[i]! : i]!);
  return page;
}

/**
 * An age band's run of the newest order is taken for a page of another order when it holds at
 * most one row in this many of the rows that order would scan: a narrow band (the last hour)
 * then costs its own rows, not a scan of the whole list for the few that are in it.
 */
const RUN_SHARE = 8;

/**
 * A page of the order keyed by `keyName`, from the rows at [from, to) of the newest order's
 * layout (`rows`: an age band's run there) that have every bit of `required`: the first
 * `offset + limit` in list order are kept in order as the run is read (most rows are not among
 * them and cost one comparison), and the total is the number that match.
 */
function runPage(
  rows: OrderedRows,
  keyName: SortKey,
  from: number,
  to: number,
  required: number,
  offset: number,
  limit: number,
): ListPage {
  const { ids, masks } = rows;
  const keys = keyColumn(rows, keyName);
  const wanted = offset + limit;
  const best: number[] = [];
  let total = 0;
  for (let p = from; p < to; p += 1) {
    if ((masks[p]! & required) !== required) continue;
    total += 1;
    if (wanted === 0) continue;
    const key = keys[p]!;
    const id = ids[p]!;
    if (best.length === wanted) {
      const last = best[wanted - 1]!;
      if (compareRows(key, id, keys[last]!, ids[last]!) >= 0) continue;
      best.pop();
    }
    let low = 0;
    let high = best.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const at = best[mid]!;
      if (compareRows(keys[at]!, ids[at]!, key, id) < 0) low = mid + 1;
      else high = mid;
    }
    best.splice(low, 0, p);
  }
  const page: string[] = [];
  for (let i = offset; i < best.length; i += 1) page.push(ids[best[i]!]!);
  return { ids: page, total };
}

/**
 * The positions of `rows` (one order's layout for `chain`) that have every bit of `required`,
 * kept in `data.matches` by order, chain and bits.
 */
function matchesOf(
  data: Loaded,
  order: ListOrder,
  chain: number,
  rows: OrderedRows,
  required: number,
): Uint32Array {
  const key = `${order}:${chain}:${required}`;
  let positions = data.matches.get(key);
  if (!positions) {
    positions = matchingPositions(rows.masks, required);
    if (data.matchedPositions + positions.length > MAX_MATCH_POSITIONS) {
      data.matches.clear();
      data.matchedPositions = 0;
    }
    data.matches.set(key, positions);
    data.matchedPositions += positions.length;
  }
  return positions;
}

/**
 * The filter-and-sort index of the DEX lists, in memory, built from `dex_token_list`: for each
 * list order, the rows presorted, with a bit mask per row of the bands it is in (chain, score,
 * liquidity, volume; these do not move with time) and its pool creation time (age bands move
 * with `now`, so they are checked against the request's own time). Matching a row is one AND
 * and, with an age filter, two comparisons; each chain's rows are also kept apart, so a chain
 * filter scans only them; about 56 bytes per token for the liquidity and gainers orders and 72
 * for the newest (the sort keys each reads, `KEPT_KEYS`). An age band is one run of the newest
 * order, so a narrow one (the last hour) is read from there for the other orders too: the page
 * of an hour holding no row cost a scan of every row of the list (about 0.1 ms at 100,000
 * tokens), on every request. A wider band's total is counted there too, by two binary searches,
 * and kept for the second; its page stops once it has its rows.
 *
 * Why not SQL alone: `totalPages` needs the number of matching tokens, and `count(*)` scans
 * every matching row per request; and a page under selective band filters walks most of an
 * order index before it finds its rows. Measured at 100,000 pools on this machine, the SQL
 * list (an index per order, filters checked on the scan, a count per request) served 230-280
 * requests/s at p95 320-480 ms on PostgreSQL. Here a page and its total are one sequential
 * pass (about 0.1 ms at 100,000 tokens), exact at the request's `now`, and the database reads
 * only the page's rows, by primary key.
 *
 * The copy is reloaded when the data version changes: at once after a load in this process
 * (`invalidate`), and within `recheckMs` after a load by another process. Rows that move block
 * by block (the indexed chains' tokens) are changed in place by {@link upsert}: a few binary
 * searches and block copies per changed row, never a reload or a sort of the whole list.
 */
export class TokenListIndex {
  private data: Loaded | undefined;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private refreshing: Promise<Loaded> | undefined;
  /** Upserts made while a reload reads the database: applied again to what it read. */
  private duringLoad: Change[] | undefined;
  private readonly nowMs: () => number;
  /** Counts every change of what the index answers (a reload, an upsert). */
  private changes = 0;

  constructor(private readonly options: TokenListIndexOptions) {
    this.nowMs = options.nowMs ?? (() => performance.now());
  }

  /** Forgets the loaded copy: the next request reloads it. */
  invalidate(): void {
    this.data = undefined;
    this.checkedAt = Number.NEGATIVE_INFINITY;
    this.changes += 1;
  }

  /**
   * A number that changes whenever the index's answers may change (a reload, an upsert, an
   * invalidation): an answer built at one generation is stale at the next.
   */
  get generation(): number {
    return this.changes;
  }

  /**
   * Puts `rows` in (replacing rows of the same id) and takes `removed` ids out, in every order
   * and chain, without reloading. The `load` callback must already return these rows (the
   * caller keeps them where `load` reads): an index not loaded yet simply reads them then, and
   * one reloading now gets them applied again on top of what it read.
   *
   * `version`: the change is all a load did that took the data version from `from` to `to` (a
   * DEX load in this process, `ResearchIngest`): a copy at `from` is then at `to` and is kept,
   * not reloaded when the version is next checked. A copy at another version (another process
   * loaded meanwhile) keeps its version, and reloads at the next check.
   */
  upsert(
    rows: readonly ListIndexRow[],
    removed: readonly string[] = [],
    version?: VersionStep,
  ): void {
    if (rows.length === 0 && removed.length === 0 && version === undefined) return;
    this.changes += 1;
    const change: Change = { rows: [...rows], removed: [...removed], version };
    this.duringLoad?.push(change);
    if (this.data) this.data = applyChange(this.data, change);
  }

  /** The ids of one page of the list in `order`, and the number of rows matching `filter` at `now`. */
  async page(
    filter: ListFilter,
    order: ListOrder,
    offset: number,
    limit: number,
    now: Date,
  ): Promise<ListPage> {
    // Awaited only when the copy is due a check: a page of a fresh copy takes no extra turn.
    const data = this.fresh() ?? (await this.current());
    const chain = CHAIN_CODE_VALUES.indexOf(filter.chainName as ChainCode);
    const rows = layoutOf(data.order[order], chain);
    const { ids } = rows;
    const createdAt = keyColumn(rows, 'createdAt');
    const required = requiredBits(filter);
    const positions = required === 0 ? undefined : matchesOf(data, order, chain, rows, required);
    const matched = positions?.length ?? ids.length;
    if (filter.age === 'all') {
      return {
        ids: idsAt(ids, positions, offset, Math.min(matched, offset + limit)),
        total: matched,
      };
    }

    // Age in [gte, lt) seconds means creation in (now - lt, now - gte]; unknown (NaN) never matches.
    const window = ageBandCreatedWindow(filter.age, now);
    const after = window.createdAfter?.getTime() ?? Number.NEGATIVE_INFINITY;
    const atOrBefore = window.createdAtOrBefore?.getTime() ?? Number.POSITIVE_INFINITY;
    if (order === 'newest') {
      // Creation times descend along this order (unknown last): an age band is one run of it.
      const first = firstCreatedAtOrBefore(createdAt, positions, matched, atOrBefore);
      const end = firstCreatedAtOrBefore(createdAt, positions, matched, after);
      const from = first + offset;
      return {
        ids: idsAt(ids, positions, from, Math.min(end, from + limit)),
        total: Math.max(0, end - first),
      };
    }
    // Another order: the band's rows are one run of the newest order (the chain's rows there).
    // A narrow run is read instead of this order's rows, which do not come by creation time.
    const newest = layoutOf(data.order.newest, chain);
    const newestCreatedAt = keyColumn(newest, 'createdAt');
    const runStart = firstCreatedAtOrBefore(
      newestCreatedAt,
      undefined,
      newest.ids.length,
      atOrBefore,
    );
    const runEnd = firstCreatedAtOrBefore(newestCreatedAt, undefined, newest.ids.length, after);
    if ((runEnd - runStart) * RUN_SHARE <= matched) {
      return runPage(newest, ORDER_KEYS[order], runStart, runEnd, required, offset, limit);
    }
    // Age bands move with time, so their totals are kept for the second they were counted in.
    const totalKey = `${required}:${filter.age}:${Math.floor(now.getTime() / 1000)}`;
    let total = data.totals.get(totalKey);
    if (total === undefined) {
      // Counted on the newest order, where the band is one run of the rows with the filter's
      // bits: two binary searches, where a pass over every matching row of this order (about
      // 0.1 ms at 100,000 tokens, once a second for each filter) was the page's largest cost.
      const inNewest =
        required === 0 ? undefined : matchesOf(data, 'newest', chain, newest, required);
      const count = inNewest?.length ?? newest.ids.length;
      total =
        firstCreatedAtOrBefore(newestCreatedAt, inNewest, count, after) -
        firstCreatedAtOrBefore(newestCreatedAt, inNewest, count, atOrBefore);
      if (data.totals.size >= MAX_TOTALS) data.totals.clear();
      data.totals.set(totalKey, total);
    }
    // The page alone is read in this order, up to its last row.
    const page: string[] = [];
    let passed = 0;
    for (let i = 0; i < matched && page.length < limit; i += 1) {
      const row = positions ? positions[i]! : i;
      const created = createdAt[row]!;
      if (!(created > after && created <= atOrBefore)) continue;
      if (passed >= offset) page.push(ids[row]!);
      passed += 1;
    }
    return { ids: page, total };
  }

  /** The loaded copy when it was checked within `recheckMs`, else undefined. */
  private fresh(): Loaded | undefined {
    const data = this.data;
    return data && this.nowMs() - this.checkedAt < this.options.recheckMs ? data : undefined;
  }

  private async current(): Promise<Loaded> {
    const data = this.data;
    if (data && this.nowMs() - this.checkedAt < this.options.recheckMs) return data;
    this.refreshing ??= this.refresh(data).finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async refresh(known: Loaded | undefined): Promise<Loaded> {
    const checkedAt = this.nowMs();
    if (known && (await this.options.version()) === known.version) {
      this.checkedAt = checkedAt;
      return known;
    }
    const duringLoad: Change[] = [];
    this.duringLoad = duringLoad;
    let loaded: Loaded;
    try {
      const { version, columns } = await this.options.load();
      loaded = build(version, columns);
    } finally {
      if (this.duringLoad === duringLoad) this.duringLoad = undefined;
    }
    for (const change of duringLoad) loaded = applyChange(loaded, change);
    this.data = loaded;
    this.checkedAt = checkedAt;
    this.changes += 1;
    return loaded;
  }
}

function build(version: number, columns: ListIndexColumns): Loaded {
  const masks = rowMasks(columns);
  const held = new Map<string, Held>();
  columns.ids.forEach((id, i) => {
    held.set(id, {
      chain: columns.chain[i]!,
      createdAt: columns.createdAt[i]!,
      liquidity: columns.liquidity[i]!,
      changeH24: columns.changeH24[i]!,
    });
  });
  return {
    version,
    order: {
      liquidity: ordered(columns, masks, 'liquidity'),
      gainers: ordered(columns, masks, 'gainers'),
      newest: ordered(columns, masks, 'newest'),
    },
    held,
    totals: new Map(),
    matches: new Map(),
    matchedPositions: 0,
  };
}

/** A load's step of the data version (see {@link TokenListIndex.upsert}). */
export interface VersionStep {
  from: number;
  to: number;
}

interface Change {
  rows: ListIndexRow[];
  removed: string[];
  version: VersionStep | undefined;
}

/** `data` with a change applied, and at the change's new version when it was at its old one. */
function applyChange(data: Loaded, change: Change): Loaded {
  const changed =
    change.rows.length === 0 && change.removed.length === 0
      ? data
      : applyUpsert(data, change.rows, change.removed);
  const { version } = change;
  return version !== undefined && data.version === version.from
    ? { ...changed, version: version.to }
    : changed;
}

/** `data` with `rows` put in and `removed` taken out; the remembered totals start over. */
function applyUpsert(
  data: Loaded,
  rows: readonly ListIndexRow[],
  removed: readonly string[],
): Loaded {
  // The last word on an id wins; an id both upserted and removed in one call is upserted.
  const latest = new Map<string, ListIndexRow>();
  for (const row of rows) latest.set(row.id, row);
  const gone = new Set([...removed, ...latest.keys()].filter((id) => data.held.has(id)));
  const masks = rowMasks(columnsOfRows([...latest.values()]));
  const fresh = [...latest.values()].map((row, i) => ({ row, mask: masks[i]! }));
  const held = new Map(data.held);
  for (const id of removed) held.delete(id);
  for (const { row } of fresh) {
    held.set(row.id, {
      chain: row.chain,
      createdAt: row.createdAt,
      liquidity: row.liquidity,
      changeH24: row.changeH24,
    });
  }
  const order = {} as Record<ListOrder, Ordered>;
  for (const name of ['liquidity', 'gainers', 'newest'] as const) {
    const keyName = ORDER_KEYS[name];
    const placed = fresh
      .map(({ row, mask }) => ({
        id: row.id,
        chain: row.chain,
        key: row[keyName],
        mask,
        createdAt: row.createdAt,
        liquidity: row.liquidity,
        changeH24: row.changeH24,
      }))
      .sort((a, b) => compareRows(a.key, a.id, b.key, b.id));
    const before = data.order[name];
    // Where each leaving row sits now, found by its old key.
    const positions = (rows: OrderedRows, chain: number | undefined) =>
      [...gone]
        .flatMap((id) => {
          const old = data.held.get(id)!;
          return chain === undefined || old.chain === chain
            ? [lowerBound(rows, keyName, old[keyName], id)]
            : [];
        })
        .sort((a, b) => a - b);
    order[name] = {
      all: splice(before.all, keyName, positions(before.all, undefined), placed),
      byChain: before.byChain.map((rows, chain) => {
        const leaving = positions(rows, chain);
        const arriving = placed.filter((row) => row.chain === chain);
        return leaving.length === 0 && arriving.length === 0
          ? rows
          : splice(rows, keyName, leaving, arriving);
      }),
    };
  }
  return {
    version: data.version,
    order,
    held,
    totals: new Map(),
    matches: new Map(),
    matchedPositions: 0,
  };
}
