import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type {
  Authority,
  ChainCode,
  DexDetail,
  FlaggedAddress,
  Holder,
  MetadataMutable,
  SecurityReport,
  SecurityReportField,
  TokenMetadata,
  TransferFee,
} from '@vaultscope/core';

/**
 * Token research data: what the providers deliver (tokens, pools, pool statistics, security
 * reports, CEX markets) and the list read model built from it.
 *
 * TypeScript keys are the SQL column names on purpose: bulk loads send rows as one JSON
 * document (`json_populate_recordset`, see `lib/db/bulk.ts`), whose keys must be column names.
 * Ids of tokens and pools are `{chain}_{address key}` (`tokenItemId` of core: lower-case EVM
 * address, Solana address as is), so a lookup by chain and address is a primary-key lookup and
 * a token id is also its favourites `itemId`.
 *
 * Nothing here has a column default: a JSON row must carry every value (a missing key would
 * read as null, not as the default).
 */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const chain = () => text('chain_name').$type<ChainCode>().notNull();
/** 0/1 flags of a security report; null is unknown. */
const flag = (name: string) => smallint(name).$type<0 | 1>();

/** A DEX token (the base token of one or more pools). */
export const dexTokens = pgTable('dex_tokens', {
  id: text('id').primaryKey(),
  chain_name: chain(),
  /** Display form: checksummed EVM address or base58 Solana mint. */
  address: text('address').notNull(),
  name: text('name').notNull(),
  symbol: text('symbol').notNull(),
  decimals: integer('decimals').notNull(),
  /** Whole tokens. */
  total_supply: numeric('total_supply'),
  trusted_token: flag('trusted_token'),
  provider: text('provider').notNull(),
  updated_at: ts('updated_at').notNull(),
});

/** A liquidity pool: base token (ours), quote token (a chain's wrapped native coin or stablecoin). */
export const dexPools = pgTable(
  'dex_pools',
  {
    id: text('id').primaryKey(),
    chain_name: chain(),
    address: text('address').notNull(),
    /** GeckoTerminal-style dex id, e.g. `uniswap_v2`, `raydium`. */
    dex: text('dex').notNull(),
    /** `BASE / QUOTE`. */
    name: text('name').notNull(),
    base_token_id: text('base_token_id')
      .notNull()
      .references(() => dexTokens.id, { onDelete: 'cascade' }),
    quote_token_address: text('quote_token_address').notNull(),
    quote_token_symbol: text('quote_token_symbol').notNull(),
    created_at: ts('created_at').notNull(),
    provider: text('provider').notNull(),
    updated_at: ts('updated_at').notNull(),
  },
  (table) => [index('dex_pools_base_token_idx').on(table.base_token_id)],
);

/** Buys and sells of a pool over 5 minutes, 1, 6 and 24 hours. */
export interface PoolTransactions {
  m5: { buys: number; sells: number };
  h1: { buys: number; sells: number };
  h6: { buys: number; sells: number };
  h24: { buys: number; sells: number };
}

/** The latest figures of a pool, in USD; changes in percent (`12.5` = +12.5 %). */
export const dexPoolStats = pgTable('dex_pool_stats', {
  pool_id: text('pool_id')
    .primaryKey()
    .references(() => dexPools.id, { onDelete: 'cascade' }),
  price_usd: doublePrecision('price_usd'),
  price_native: doublePrecision('price_native'),
  change_m5: doublePrecision('change_m5'),
  change_h1: doublePrecision('change_h1'),
  change_h6: doublePrecision('change_h6'),
  change_h24: doublePrecision('change_h24'),
  transactions: jsonb('transactions').$type<PoolTransactions>(),
  /** Buys plus sells over 24 h (the list's TXN column). */
  tx_h24: integer('tx_h24'),
  volume_m5: doublePrecision('volume_m5'),
  volume_h1: doublePrecision('volume_h1'),
  volume_h6: doublePrecision('volume_h6'),
  volume_h24: doublePrecision('volume_h24'),
  /** Pool reserve. */
  liquidity_usd: doublePrecision('liquidity_usd'),
  market_cap_usd: doublePrecision('market_cap_usd'),
  fdv_usd: doublePrecision('fdv_usd'),
  /** Where the figures come from, as the detail's `priceProvider` says it. */
  price_source: text('price_source').notNull(),
  updated_at: ts('updated_at').notNull(),
});

/**
 * The security report of a token, every field of `securityReportSchema` under its own name
 * (nested parts as jsonb), with the score computed by the core engine when it was stored.
 * Keyed like tokens, but not bound to `dex_tokens`: a report may exist for a token we do not
 * track in our pool data (then the detail's `isVaultscope` is 0).
 */
export const securityReports = pgTable('security_reports', {
  token_id: text('token_id').primaryKey(),
  chain_name: chain(),
  address: text('address').notNull(),
  token_name: text('token_name'),
  token_symbol: text('token_symbol'),
  hidden_owner: flag('hidden_owner'),
  selfdestruct: flag('selfdestruct'),
  is_honeypot: flag('is_honeypot'),
  honeypot_with_same_creator: integer('honeypot_with_same_creator'),
  is_proxy: flag('is_proxy'),
  cannot_buy: flag('cannot_buy'),
  total_supply: numeric('total_supply'),
  holder_count: integer('holder_count'),
  transfer_pausable: flag('transfer_pausable'),
  trading_cooldown: flag('trading_cooldown'),
  owner_percent: doublePrecision('owner_percent'),
  is_whitelisted: flag('is_whitelisted'),
  is_blacklisted: flag('is_blacklisted'),
  is_in_dex: flag('is_in_dex'),
  is_open_source: flag('is_open_source'),
  sell_tax: doublePrecision('sell_tax'),
  buy_tax: doublePrecision('buy_tax'),
  creator_percent: doublePrecision('creator_percent'),
  owner_balance: numeric('owner_balance'),
  can_take_back_ownership: flag('can_take_back_ownership'),
  slippage_modifiable: flag('slippage_modifiable'),
  external_call: flag('external_call'),
  cannot_sell_all: flag('cannot_sell_all'),
  personal_slippage_modifiable: flag('personal_slippage_modifiable'),
  is_anti_whale: flag('is_anti_whale'),
  is_mintable: flag('is_mintable'),
  owner_change_balance: flag('owner_change_balance'),
  anti_whale_modifiable: flag('anti_whale_modifiable'),
  lp_holders: jsonb('lp_holders').$type<Holder[]>(),
  non_transferable: flag('non_transferable'),
  dex_details: jsonb('dex_details').$type<DexDetail[]>(),
  holders: jsonb('holders').$type<Holder[]>(),
  mintable: jsonb('mintable').$type<Authority>(),
  freezable: jsonb('freezable').$type<Authority>(),
  metadata: jsonb('metadata').$type<TokenMetadata>(),
  creators: jsonb('creators').$type<FlaggedAddress[]>(),
  // GoPlus's Solana powers of a mint (Token-2022 extensions, metadata): objects, kept whole.
  metadata_mutable: jsonb('metadata_mutable').$type<MetadataMutable>(),
  transfer_fee: jsonb('transfer_fee').$type<TransferFee>(),
  transfer_fee_upgradable: jsonb('transfer_fee_upgradable').$type<Authority>(),
  transfer_hook: jsonb('transfer_hook').$type<FlaggedAddress[]>(),
  transfer_hook_upgradable: jsonb('transfer_hook_upgradable').$type<Authority>(),
  default_account_state: smallint('default_account_state').$type<0 | 1 | 2>(),
  default_account_state_upgradable: jsonb('default_account_state_upgradable').$type<Authority>(),
  balance_mutable_authority: jsonb('balance_mutable_authority').$type<Authority>(),
  closable: jsonb('closable').$type<Authority>(),
  /** What the provider says it cannot measure for any token (the score rubric reads it). */
  unmeasurable_fields: jsonb('unmeasurable_fields').$type<SecurityReportField[]>(),
  trusted_token: flag('trusted_token'),
  /** `totalScore` 0-100 of the core score engine, stored so lists filter by a range. */
  total_score: smallint('total_score').notNull(),
  risk_level: text('risk_level').notNull(),
  provider: text('provider').notNull(),
  fetched_at: ts('fetched_at').notNull(),
});

/**
 * Each provider engine's own report of a token (GoPlus, Honeypot.is, RugCheck, the snapshot…),
 * side by side, keyed by token and engine (issue 10). `security_reports` holds what the lists
 * score: their combined report (core's `combineReports`); the detail combines these with our
 * analyzer's (`token_scans`, the scam feature's) and shows each engine's answer per field.
 */
export const securityEngineReports = pgTable(
  'security_engine_reports',
  {
    /** `{chain}_{address key}`, as `security_reports.token_id`. */
    token_id: text('token_id').notNull(),
    /** Who judged: `goplus`, `honeypot-is`, `rugcheck`, `snapshot`. */
    engine: text('engine').notNull(),
    chain_name: chain(),
    address: text('address').notNull(),
    token_name: text('token_name'),
    token_symbol: text('token_symbol'),
    trusted_token: flag('trusted_token'),
    /** The report as the engine gave it (normalised to core's schema), read and written whole. */
    report: jsonb('report').$type<SecurityReport>().notNull(),
    fetched_at: ts('fetched_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.token_id, table.engine] })],
);

/** A centralized-exchange market (CoinGecko `/coins/markets` row). */
export const cexMarkets = pgTable(
  'cex_markets',
  {
    /** Market id, e.g. `bitcoin`: the CEX favourites `itemId`. */
    id: text('id').primaryKey(),
    symbol: text('symbol').notNull(),
    name: text('name').notNull(),
    image: text('image'),
    current_price: doublePrecision('current_price'),
    market_cap: doublePrecision('market_cap'),
    market_cap_rank: integer('market_cap_rank'),
    fully_diluted_valuation: doublePrecision('fully_diluted_valuation'),
    total_volume: doublePrecision('total_volume'),
    change_h1: doublePrecision('change_h1'),
    change_h24: doublePrecision('change_h24'),
    change_d7: doublePrecision('change_d7'),
    circulating_supply: doublePrecision('circulating_supply'),
    total_supply: doublePrecision('total_supply'),
    max_supply: doublePrecision('max_supply'),
    last_updated: ts('last_updated'),
    /** Contract address per research chain code. */
    platforms: jsonb('platforms').$type<Partial<Record<ChainCode, string>>>().notNull(),
    /** The list's chain: the first research chain with a contract, else null. */
    chain_name: text('chain_name').$type<ChainCode>(),
    /** The list's `tokenAddress`: that contract (display form), else the market id. */
    token_address: text('token_address').notNull(),
    provider: text('provider').notNull(),
    updated_at: ts('updated_at').notNull(),
  },
  (table) => [
    index('cex_markets_rank_idx').on(sql`${table.market_cap_rank} asc nulls last`, table.id),
  ],
);

/** Contract addresses of CEX coins, to find a market by any of its addresses (`/price/{address}`). */
export const cexMarketContracts = pgTable(
  'cex_market_contracts',
  {
    market_id: text('market_id')
      .notNull()
      .references(() => cexMarkets.id, { onDelete: 'cascade' }),
    chain_name: chain(),
    address: text('address').notNull(),
    /** Lower-case EVM address or Solana address as is. */
    address_key: text('address_key').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.market_id, table.chain_name] }),
    index('cex_market_contracts_address_idx').on(table.address_key),
    index('cex_market_contracts_chain_idx').on(table.chain_name, table.market_id),
  ],
);

/**
 * The DEX list read model: one row per token with the figures of its primary pool (the one
 * with the largest reserve) and its stored score, rebuilt from the tables above whenever they
 * change (`rebuildTokenList`). A list page reads its rows from here by primary key; which rows
 * are on the page is decided by `TokenListIndex` (in memory, built from this table), which
 * is why this table needs no index beyond its primary key.
 */
export const dexTokenList = pgTable('dex_token_list', {
  token_id: text('token_id')
    .primaryKey()
    .references(() => dexTokens.id, { onDelete: 'cascade' }),
  chain_name: chain(),
  coin_name: text('coin_name').notNull(),
  symbol: text('symbol').notNull(),
  token_address: text('token_address').notNull(),
  pool_id: text('pool_id').notNull(),
  pool_address: text('pool_address').notNull(),
  pool_created_at: ts('pool_created_at'),
  price: doublePrecision('price'),
  change_m5: doublePrecision('change_m5'),
  change_h1: doublePrecision('change_h1'),
  change_h6: doublePrecision('change_h6'),
  change_h24: doublePrecision('change_h24'),
  total_tx: integer('total_tx'),
  volume: doublePrecision('volume'),
  liquidity: doublePrecision('liquidity'),
  market_cap: doublePrecision('market_cap'),
  fdv: doublePrecision('fdv'),
  price_source: text('price_source'),
  score: smallint('score'),
});

/** What each kind of research data was last loaded from, and a version that bumps on every load. */
export const researchSync = pgTable('research_sync', {
  kind: text('kind', { enum: ['dex', 'cex', 'security'] }).primaryKey(),
  provider: text('provider').notNull(),
  version: integer('version').notNull(),
  items: integer('items').notNull(),
  synced_at: ts('synced_at').notNull(),
});

/**
 * How each sync job's runs went, written by whichever instance ran it (issue 10), so that
 * `/api/health` on every instance says a provider is failing, not only on the one whose run
 * failed. A turn skipped (another instance loaded, or holds the lock) writes nothing.
 */
export const researchSyncRuns = pgTable('research_sync_runs', {
  kind: text('kind', { enum: ['dex', 'cex', 'security'] }).primaryKey(),
  /** When the last run that loaded or failed ended. */
  last_run_at: ts('last_run_at').notNull(),
  last_success_at: ts('last_success_at'),
  last_failure_at: ts('last_failure_at'),
  /** Runs failed in a row since the last that loaded; 0 when the last one loaded. */
  failures: integer('failures').notNull(),
});
