/**
 * Texts of the scam analyzer's answers, in one place for web and server. Each failure has its
 * own message, so a user can tell a mistyped address from an account, a chain we cannot reach,
 * or a busy analyzer.
 */
export const scamMessages = {
  /** 400: the address holds no contract code at the block read (an account, or nothing deployed). */
  noContractCode: 'This address has no contract code on this chain',
  /** 503: the chain's node did not answer. */
  chainUnavailable: 'The chain could not be reached; try again shortly',
  /** 503: the server has no RPC URL or local chain for this chain, or no analyzer for its family. */
  chainNotScannable: 'This chain cannot be scanned on this server',
  /** 503: the scan queue is full. */
  analyzerBusy: 'The analyzer is busy; try again in a minute',
  /** 503: the scan failed for a reason of ours (logged), not the token's. */
  scanFailed: 'The scan failed; try again shortly',
  /** 429: too many new scans from one address (anonymous) or one account. */
  tooManyScans: 'Too many token scans; try again in a few minutes',
  /** 202 of the rescan call: the scan runs on. */
  scanStarted: 'Scan started; the report will be ready shortly',
  /** 200 of the rescan call. */
  scanFinished: 'Scan finished',
  /** The web's Re-scan button failed with no message. */
  rescanFailed: 'The re-scan could not be started.',
  /** The web gave up polling for a report. */
  stillScanning: 'The scan is taking longer than usual; come back in a few minutes.',
} as const;
