import {
  bigint,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { RiskLevel, ScanEvidence, SecurityReport } from '@vaultscope/core';

/**
 * Reports of our own analyzer, one per token and chain: the newest scan replaces the last.
 *
 * Kept apart from `security_reports` (what providers such as the snapshot deliver, replaced
 * wholesale on every load) so a load never drops a scan and a scan never pretends to be a
 * provider's. Keyed by chain id, not research chain code: the analyzer reads any chain the
 * server reaches, testnets included. The report and its evidence are jsonb: they are read and
 * written whole, and evidence has no fixed shape per field.
 */
export const tokenScans = pgTable(
  'token_scans',
  {
    chain_id: integer('chain_id').notNull(),
    /** Lower-case EVM address, Solana address as is (core's `addressKey`). */
    address_key: text('address_key').notNull(),
    /** Display form: checksummed EVM address or base58. */
    address: text('address').notNull(),
    /** Who judged: `analyzer`. */
    source: text('source').notNull(),
    token_name: text('token_name'),
    token_symbol: text('token_symbol'),
    decimals: smallint('decimals'),
    /** The block (Solana: slot) every read of the scan was made at. */
    block_number: bigint('block_number', { mode: 'bigint' }).notNull(),
    block_hash: text('block_hash'),
    scanned_at: timestamp('scanned_at', { withTimezone: true, mode: 'date' }).notNull(),
    report: jsonb('report').$type<SecurityReport>().notNull(),
    evidence: jsonb('evidence').$type<ScanEvidence>().notNull(),
    /** Core's score of the report when it was stored. */
    total_score: smallint('total_score').notNull(),
    risk_level: text('risk_level').$type<RiskLevel>().notNull(),
    duration_ms: integer('duration_ms').notNull(),
  },
  (table) => [primaryKey({ columns: [table.chain_id, table.address_key] })],
);
