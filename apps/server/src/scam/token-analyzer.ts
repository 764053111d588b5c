import type { ChainFamily, ScanEvidence, SecurityReport } from '@vaultscope/core';

/**
 * What every analyzer answers for one token on one chain, whatever the chain family: the report
 * (unknown stays null), the evidence per field, the block (Solana: slot) every read was made
 * at, and the token's own name, symbol and decimals when it answers them.
 */
export interface TokenScanResult {
  chainId: number;
  /** Display form: checksummed EVM address, base58 Solana mint. */
  address: string;
  name: string | null;
  symbol: string | null;
  decimals: number | null;
  blockNumber: bigint;
  blockHash: string | null;
  report: SecurityReport;
  evidence: ScanEvidence;
  /** Milliseconds each phase of the scan took, for the 'token scanned' log (not stored). */
  phases?: Record<string, number>;
}

/**
 * An analyzer of one chain family. `TokenScans` picks the analyzer by the chain's family, so a
 * Solana analyzer plugs in beside the EVM one without touching the queue, the storage or the
 * routes.
 *
 * Throws (errors.ts): `ChainNotScannableError` for a chain it cannot reach by configuration,
 * `ChainUnavailableError` when the chain's node does not answer, `NoContractCodeError` (or the
 * family's equivalent) for an address that is no token. Anything else is the analyzer's own
 * failure and is logged, never shown.
 */
export interface TokenAnalyzer {
  readonly family: ChainFamily;
  analyze(chainId: number, address: string): Promise<TokenScanResult>;
  /**
   * The first owner-only event the token saw after `blockNumber` (ownership moved, paused,
   * upgraded, a role granted, an authority revoked…): on EVM from a bounded log scan, on Solana
   * by comparing the mint's powers now with `report`'s; undefined when none or when the chain
   * cannot say. A stored report with one is out of date and is rescanned.
   */
  ownerEventSince?(
    chainId: number,
    address: string,
    blockNumber: bigint,
    report?: SecurityReport,
  ): Promise<{ event: string; blockNumber: bigint } | undefined>;
  /** Stops what the analyzer keeps running (the EVM one's warm forks); called with the app. */
  close?(): Promise<void>;
}
