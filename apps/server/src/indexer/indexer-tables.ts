import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * The DEX indexer's tables (`src/indexer`): what it read from the chains' Uniswap V2 style
 * factories, pairs and listed tokens, and the figures derived from that.
 *
 * Every row that a block produced carries that block's number, so a reorg deletes the rows of
 * the orphaned blocks and reads them again. Addresses are stored lower-case (one spelling for
 * joins); the read API checksums them on the way out. Token amounts are base units as
 * `numeric(78, 0)` (exact to 2^256); prices and USD figures are doubles, being display figures
 * derived from those exact amounts.
 */

const amount = (name: string) => numeric(name, { precision: 78, scale: 0 });
const blockNumber = (name: string) => bigint(name, { mode: 'number' });
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * How far each DEX of each chain is read: every row of blocks up to `lastBlock` is written, in
 * the same transaction as this row, so a restart resumes here and counts nothing twice.
 */
export const indexerCheckpoints = pgTable(
  'indexer_checkpoints',
  {
    chainId: integer('chain_id').notNull(),
    /** The DEX's factory, lower-case. */
    factory: text('factory').notNull(),
    lastBlock: blockNumber('last_block').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.chainId, table.factory] })],
);

/**
 * The hash and time of the last blocks read per chain (the newest N): a stored hash that no
 * longer matches the chain's block at that height marks a reorg back to below it.
 */
export const indexerBlocks = pgTable(
  'indexer_blocks',
  {
    chainId: integer('chain_id').notNull(),
    number: blockNumber('number').notNull(),
    hash: text('hash').notNull(),
    time: at('time').notNull(),
  },
  (table) => [primaryKey({ columns: [table.chainId, table.number] })],
);

/** The tokens of the indexed pools: what the token contract says, and figures from its Transfer logs. */
export const indexerTokens = pgTable(
  'indexer_tokens',
  {
    chainId: integer('chain_id').notNull(),
    address: text('address').notNull(),
    name: text('name').notNull(),
    symbol: text('symbol').notNull(),
    /** Null when `decimals()` failed or was out of range: no figure of such a token is computed. */
    decimals: smallint('decimals'),
    /** `totalSupply()` at `updatedBlock` (read again when a Transfer mints or burns); null: unknown. */
    totalSupply: amount('total_supply'),
    /**
     * Holders with a positive balance; null (unknown) for a quote token and for a token deployed
     * before the blocks the indexer read, whose earlier Transfers it never saw.
     */
    holderCount: integer('holder_count'),
    /** A quote token (wrapped native or stable) of a configured DEX: its holders are not followed. */
    isQuote: boolean('is_quote').notNull().default(false),
    /** Why the token's figures are not computed (`no decimals()`), or null. */
    problem: text('problem'),
    /**
     * When to read the token's name, symbol and decimals again: set when the node (not the
     * contract) failed one of them every time, so a rate limit or an outage that outlasted the
     * indexer's attempts does not leave a sound token unpriced for good; null once all were read.
     */
    rereadAfter: at('reread_after'),
    firstBlock: blockNumber('first_block').notNull(),
    updatedBlock: blockNumber('updated_block').notNull(),
  },
  (table) => [primaryKey({ columns: [table.chainId, table.address] })],
);

/**
 * One pair of a configured factory. `baseToken` is the token being traded and `quoteToken` the
 * one it is priced in (the DEX's preferred quote token of the two; token1 when neither is one).
 * Reserves and prices are as of `updatedBlock` (the pool's last Sync).
 */
export const indexerPools = pgTable(
  'indexer_pools',
  {
    chainId: integer('chain_id').notNull(),
    address: text('address').notNull(),
    factory: text('factory').notNull(),
    dexName: text('indexer_name').notNull(),
    token0: text('token0').notNull(),
    token1: text('token1').notNull(),
    baseToken: text('base_token').notNull(),
    quoteToken: text('quote_token').notNull(),
    /** The pool's index in the factory (PairCreated's last argument). */
    pairIndex: integer('pair_index'),
    createdBlock: blockNumber('created_block').notNull(),
    createdAt: at('created_at').notNull(),
    reserve0: amount('reserve0').notNull().default('0'),
    reserve1: amount('reserve1').notNull().default('0'),
    /** Quote tokens per base token; null while a side is empty or a token's decimals are unknown. */
    priceQuote: doublePrecision('price_quote'),
    priceUsd: doublePrecision('price_usd'),
    /** Both sides in USD (twice the quote side when only that one has a USD rate). */
    liquidityUsd: doublePrecision('liquidity_usd'),
    updatedBlock: blockNumber('updated_block').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.chainId, table.address] }),
    index('indexer_pools_base_idx').on(table.chainId, table.baseToken),
  ],
);

/**
 * One Swap log, from the base token's side. The key is the log's place in its transaction, so
 * a block range read twice (a restart, overlapping reads) inserts nothing twice.
 */
export const indexerSwaps = pgTable(
  'indexer_swaps',
  {
    chainId: integer('chain_id').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    pool: text('pool').notNull(),
    blockNumber: blockNumber('block_number').notNull(),
    time: at('time').notNull(),
    /** The sender of the swap's transaction (its `from`): the wallet, whatever the route. */
    trader: text('trader').notNull(),
    /** `buy` takes the base token out of the pool. */
    side: text('side').$type<'buy' | 'sell'>().notNull(),
    baseAmount: amount('base_amount').notNull(),
    quoteAmount: amount('quote_amount').notNull(),
    /** Quote tokens per base token after the swap (the pool's price at its Sync). */
    priceQuote: doublePrecision('price_quote'),
    priceUsd: doublePrecision('price_usd'),
    volumeUsd: doublePrecision('volume_usd'),
  },
  (table) => [
    primaryKey({ columns: [table.chainId, table.txHash, table.logIndex] }),
    index('indexer_swaps_pool_time_idx').on(table.chainId, table.pool, table.time),
    index('indexer_swaps_block_idx').on(table.chainId, table.blockNumber),
  ],
);

/** Mint and Burn logs of the pairs: liquidity added and removed. */
export const indexerLiquidityEvents = pgTable(
  'indexer_liquidity_events',
  {
    chainId: integer('chain_id').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    pool: text('pool').notNull(),
    blockNumber: blockNumber('block_number').notNull(),
    kind: text('kind').$type<'mint' | 'burn'>().notNull(),
    amount0: amount('amount0').notNull(),
    amount1: amount('amount1').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.chainId, table.txHash, table.logIndex] }),
    index('indexer_liquidity_events_block_idx').on(table.chainId, table.blockNumber),
  ],
);

/**
 * OHLCV per pool and interval (`1m` … `1d`), built from the swaps: prices in USD (and in the
 * quote token), volume in USD. `lastBlock` is the newest swap's block, so a reorg knows which
 * candles to build again from the swaps that remain.
 */
export const indexerCandles = pgTable(
  'indexer_candles',
  {
    chainId: integer('chain_id').notNull(),
    pool: text('pool').notNull(),
    interval: text('interval').notNull(),
    /** The bucket's start, Unix seconds. */
    bucket: bigint('bucket', { mode: 'number' }).notNull(),
    open: doublePrecision('open'),
    high: doublePrecision('high'),
    low: doublePrecision('low'),
    close: doublePrecision('close'),
    openQuote: doublePrecision('open_quote'),
    highQuote: doublePrecision('high_quote'),
    lowQuote: doublePrecision('low_quote'),
    closeQuote: doublePrecision('close_quote'),
    volumeUsd: doublePrecision('volume_usd').notNull().default(0),
    trades: integer('trades').notNull().default(0),
    lastBlock: blockNumber('last_block').notNull(),
  },
  (table) => [primaryKey({ columns: [table.chainId, table.pool, table.interval, table.bucket] })],
);

/**
 * Transfer logs of the listed (base) tokens, kept for the reorg window: undoing an orphaned
 * block subtracts its transfers from the balances. Older rows are pruned.
 */
export const indexerTransfers = pgTable(
  'indexer_transfers',
  {
    chainId: integer('chain_id').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    token: text('token').notNull(),
    blockNumber: blockNumber('block_number').notNull(),
    from: text('from').notNull(),
    to: text('to').notNull(),
    value: amount('value').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.chainId, table.txHash, table.logIndex] }),
    index('indexer_transfers_block_idx').on(table.chainId, table.blockNumber),
  ],
);

/**
 * Balances of the listed tokens' holders, summed from their Transfer logs since deployment; a
 * token whose history was not read from its deployment has none (its holder count is null).
 */
export const indexerBalances = pgTable(
  'indexer_balances',
  {
    chainId: integer('chain_id').notNull(),
    token: text('token').notNull(),
    holder: text('holder').notNull(),
    balance: amount('balance').notNull(),
    updatedBlock: blockNumber('updated_block').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.chainId, table.token, table.holder] }),
    index('indexer_balances_top_idx').on(table.chainId, table.token, table.balance),
  ],
);
