import { z } from 'zod';
import { securityReportSchema } from '../tokens/security-report';

/**
 * Evidence of the scam analyzer: why each field of a security report has its value, precise
 * enough to check by hand (a selector to call, a storage slot to read, an opcode offset to find
 * in a disassembler). The server's analyzer writes it, the database keeps it beside the report,
 * the detail answers it under `scan.evidence`, and `explainEvidence` turns it into plain words.
 *
 * Amounts are base-unit decimal strings (bigint on the server); `scan.decimals` says how to
 * show them in whole tokens.
 */

const address = z.string().min(1);
const hex = z.string().regex(/^0x[0-9a-fA-F]*$/);
const baseUnits = z.string().regex(/^-?\d+$/);

/** An opcode reached in the code (SELFDESTRUCT, CALL from `transfer`, DELEGATECALL). */
export const opcodeEvidenceSchema = z.object({
  kind: z.literal('opcode'),
  /** The contract whose code holds it. */
  address,
  opcode: z.string(),
  offset: z.number().int().nonnegative(),
  /** The function it is reached from, when the walk started at one. */
  selector: hex.optional(),
});

/** A proxy slot that points at the implementation (EIP-1967, EIP-1822). */
export const storageSlotEvidenceSchema = z.object({
  kind: z.literal('storage-slot'),
  address,
  standard: z.string(),
  slot: hex,
  value: address,
});

/** A beacon's `implementation()` answer. */
export const beaconCallEvidenceSchema = z.object({
  kind: z.literal('beacon-call'),
  address,
  selector: hex,
  value: address,
});

/** Code that is a known proxy pattern (EIP-1167 minimal proxy). */
export const bytecodePatternEvidenceSchema = z.object({
  kind: z.literal('bytecode-pattern'),
  address,
  standard: z.string(),
  value: address,
});

/** What was looked at and not found: the basis of a `0`. */
export const checkedEvidenceSchema = z.object({
  kind: z.literal('checked'),
  address,
  detail: z.string(),
});

/**
 * What a privileged call did on the throwaway fork, as data: `supply-raised` (amount), `balance-
 * taken` (account, amount), `balance-given` (amount), `holder-blocked` (account), `all-blocked`,
 * `ownership-regained` (account), `not-the-owner` (the declared owner, when the caller was not it).
 */
export const probeEffectSchema = z.object({
  what: z.enum([
    'supply-raised',
    'balance-taken',
    'balance-given',
    'holder-blocked',
    'all-blocked',
    'ownership-regained',
    'not-the-owner',
  ]),
  amount: baseUnits.optional(),
  account: address.optional(),
});
export type ProbeEffect = z.output<typeof probeEffectSchema>;

/** A privileged caller called a function on the fork and the state changed. */
export const probeEvidenceSchema = z.object({
  kind: z.literal('probe'),
  caller: address,
  /** Why the caller was tried: `owner()`, `getOwner()`, `storage slot 0x…`, `code constant at 1405`. */
  callerRoles: z.array(z.string()),
  selector: hex,
  args: z.array(z.string()),
  /** What changed, in the analyzer's own words (kept for the record). */
  effect: z.string(),
  /** The same, as data for plain words; absent in evidence written before it existed. */
  measured: probeEffectSchema.optional(),
  pass: z.enum(['as-is', 'after-renounce']),
});

/** A value read from the chain (`totalSupply()`, `owner()`, `balanceOf(owner)`). */
export const readEvidenceSchema = z.object({
  kind: z.literal('read'),
  address,
  call: z.string(),
  value: z.string(),
});

/**
 * One step of the buy-and-sell simulation on the throwaway fork, through the token's pool:
 * what was paid (`amountIn`, base units of what was sold), what the pool math promised after the
 * DEX fee (`expectedOut`) and what arrived (`actualOut`), or that the step reverted.
 */
export const simulationEvidenceSchema = z.object({
  kind: z.literal('simulation'),
  /** The pool (pair) traded through. */
  pool: address,
  step: z.enum([
    'buy',
    'sell',
    'second-sell',
    'sell-after-wait',
    'sell-all',
    'sell-99',
    'large-buy',
    'large-transfer',
    'privileged-call',
  ]),
  outcome: z.enum(['ok', 'reverted']),
  amountIn: baseUnits.optional(),
  expectedOut: baseUnits.optional(),
  actualOut: baseUnits.optional(),
  /** The measurement in the analyzer's words (tax, wait, caller and selector). */
  detail: z.string().optional(),
});

/** Why a field is unknown: the measurement it needs did not run. */
export const notMeasuredEvidenceSchema = z.object({
  kind: z.literal('not-measured'),
  reason: z.enum([
    /** Taxes, honeypot, cooldown, limits: the buy/sell simulation is not built yet. */
    'simulation-not-built',
    /** The token has no pool to trade through. */
    'no-pool',
    /** Holders could not be given tokens on the fork, so transfers could not be tested. */
    'no-holder-test',
    /** The code has no function list (no code behind the proxy). */
    'no-code',
    /** The probe hit its call budget before trying everything. */
    'budget',
    /** A source-verification adapter is not configured. */
    'no-source-verifier',
    /** Holder lists need an indexer or a log scan that this scan does not run. */
    'no-holder-index',
    /** The token does not answer the call (`owner()` absent, `decimals()` reverts). */
    'not-answered',
    /** An earlier step of the simulation failed (no buy, so nothing to sell). */
    'simulation-failed',
    /** The chain's node failed calls the measurement needs (not the token refusing them). */
    'node-failed',
  ]),
  detail: z.string().optional(),
});

export const evidenceItemSchema = z.discriminatedUnion('kind', [
  opcodeEvidenceSchema,
  storageSlotEvidenceSchema,
  beaconCallEvidenceSchema,
  bytecodePatternEvidenceSchema,
  checkedEvidenceSchema,
  probeEvidenceSchema,
  readEvidenceSchema,
  notMeasuredEvidenceSchema,
  simulationEvidenceSchema,
]);
export type EvidenceItem = z.output<typeof evidenceItemSchema>;
export type EvidenceKind = EvidenceItem['kind'];

/** The report fields evidence may be given for. */
export const EVIDENCE_FIELDS = securityReportSchema.keyof().options;
export type EvidenceField = (typeof EVIDENCE_FIELDS)[number];

/** Evidence per report field; a field left out has none. */
export const scanEvidenceSchema = z.partialRecord(
  securityReportSchema.keyof(),
  z.array(evidenceItemSchema),
);
export type ScanEvidence = z.output<typeof scanEvidenceSchema>;

/** Where an analyzer report came from. */
export const SCAN_SOURCES = ['analyzer'] as const;

/**
 * The scan behind a detail's report, when our analyzer made it: the source, the chain and block
 * it was judged at, when, the token's decimals (to show amounts), the evidence per field, and
 * whether a fresh scan is under way (the screen polls until it lands).
 */
export const tokenScanInfoSchema = z.object({
  source: z.enum(SCAN_SOURCES),
  chainId: z.number().int().positive(),
  /** Decimal string: block numbers and Solana slots pass 2^53 in principle. */
  blockNumber: z.string().regex(/^\d+$/),
  blockHash: z.string().nullable(),
  /** ISO 8601. */
  scannedAt: z.string(),
  decimals: z.number().int().min(0).max(255).nullable(),
  evidence: scanEvidenceSchema,
  rescanning: z.boolean(),
});
export type TokenScanInfo = z.output<typeof tokenScanInfoSchema>;
