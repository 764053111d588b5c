import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../lib/db/schema';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * A user's wallet vault: the salt and KDF settings of the wallet password and a sealed check
 * value that only the right password opens. The password itself is never stored.
 */
export const walletVaults = pgTable('wallet_vaults', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** `argon2id$m=…,t=…,p=…$<salt base64>`: enough to derive the same key again. */
  kdf: text('kdf').notNull(),
  /** AES-256-GCM of a fixed text under the derived key: opens only with the right password. */
  check: text('check').notNull(),
  showMainnet: boolean('show_mainnet').notNull().default(true),
  showTestnet: boolean('show_testnet').notNull().default(true),
  ...timestamps,
});

/** One key per user and chain family, sealed with AES-256-GCM under the wallet key. */
export const walletKeys = pgTable(
  'wallet_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    family: text('family', { enum: ['evm', 'solana'] }).notNull(),
    address: text('address').notNull(),
    sealedKey: text('sealed_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.family] }),
    uniqueIndex('wallet_keys_address_idx').on(table.address),
  ],
);

export const SEND_STATUSES = ['recorded', 'signed', 'broadcast', 'confirmed', 'failed'] as const;
export type SendStatus = (typeof SEND_STATUSES)[number];

/**
 * A send is a record before it is a broadcast (DESIGN.md section 5): the intent with its
 * idempotency key, then the signed transaction and its hash, then the chain's verdict.
 */
export const walletSends = pgTable(
  'wallet_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the request's meaning, so a key reused for another send is refused. */
    requestHash: text('request_hash').notNull(),
    chainId: integer('chain_id').notNull(),
    kind: text('kind', { enum: ['native', 'token'] }).notNull(),
    tokenAddress: text('token_address'),
    symbol: text('symbol').notNull(),
    decimals: integer('decimals').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    /** Base units, as decimal text (numeric would be exact too; text keeps drivers out of it). */
    amount: text('amount').notNull(),
    status: text('status', { enum: SEND_STATUSES }).notNull().default('recorded'),
    nonce: bigint('nonce', { mode: 'number' }),
    /** The signed transaction (EVM raw hex, Solana wire base64): rebroadcast sends the same bytes. */
    signedTransaction: text('signed_transaction'),
    hash: text('hash'),
    /** Fee paid in native base units, once known. */
    fee: text('fee'),
    /** Solana: the last block height at which the signed transaction can still land. */
    lastValidBlockHeight: bigint('last_valid_block_height', { mode: 'number' }),
    broadcasts: integer('broadcasts').notNull().default(0),
    error: text('error'),
    /** Incremented in SQL by every change: the compare-and-set token of a record change. */
    version: integer('version').notNull().default(0),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('wallet_sends_idempotency_idx').on(table.userId, table.idempotencyKey),
    index('wallet_sends_user_idx').on(table.userId, table.createdAt),
    index('wallet_sends_open_idx')
      .on(table.status)
      .where(sql`status in ('recorded', 'signed', 'broadcast')`),
  ],
);

/**
 * Transfers the chain scanner saw into or out of a wallet address: the receive side of the
 * history (sends are read from `wallet_sends`).
 */
export const walletTransfers = pgTable(
  'wallet_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chainId: integer('chain_id').notNull(),
    hash: text('hash').notNull(),
    /** Log index of an ERC-20 transfer, instruction position on Solana, -1 for a native value. */
    position: integer('position').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    tokenAddress: text('token_address'),
    symbol: text('symbol').notNull(),
    decimals: integer('decimals').notNull(),
    amount: text('amount').notNull(),
    blockTime: timestamp('block_time', { withTimezone: true }).notNull(),
    /** EVM: the block the transfer was read from, so a reorg that drops the block undoes it. */
    blockNumber: bigint('block_number', { mode: 'number' }),
    blockHash: text('block_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('wallet_transfers_unique_idx').on(
      table.chainId,
      table.hash,
      table.position,
      table.toAddress,
    ),
    index('wallet_transfers_to_idx').on(table.toAddress, table.blockTime),
    index('wallet_transfers_block_idx').on(table.chainId, table.blockNumber),
  ],
);

/**
 * The hashes of the last blocks the EVM scanner read per chain: a stored hash that no longer
 * matches the chain's block at that height marks a reorg back to there.
 */
export const walletScanBlocks = pgTable(
  'wallet_scan_blocks',
  {
    chainId: integer('chain_id').notNull(),
    number: bigint('number', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
  },
  (table) => [primaryKey({ columns: [table.chainId, table.number] })],
);

/** How far the scanner has read each chain (EVM block number; Solana: newest signature per address). */
export const walletScanCursors = pgTable('wallet_scan_cursors', {
  key: text('key').primaryKey(),
  cursor: text('cursor').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
