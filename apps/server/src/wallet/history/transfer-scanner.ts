import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db/client';
import { chainErrorText } from '../chain-errors';
import type { WalletChains } from '../wallet-chains';
import { walletKeys } from '../wallet-tables';
import { EvmTransferScanner } from './evm-transfer-scanner';
import type { ScanContext } from './scan-common';
import { SolanaTransferScanner } from './solana-transfer-scanner';

export interface ScannerOptions {
  /** Blocks read per EVM chain and pass. */
  maxBlocks?: number;
  /** Hashes of the newest blocks kept per EVM chain to find a reorg (more than any seen). */
  keepBlocks?: number;
  /** Signatures read per Solana address and pass; the rest are read by the next passes. */
  maxSignatures?: number;
  /** Signatures per getSignaturesForAddress call (1,000, the RPC's most; tests lower it). */
  signaturePage?: number;
}

export interface ScanReport {
  /** Transfers newly recorded, by chain id. */
  recorded: Record<number, number>;
  /** Chains whose scan failed this run (logged). */
  failed: number[];
}

/**
 * Finds transfers into wallet addresses on every chain and records them in `wallet_transfers`
 * (the receive side of the history), one scanner per chain family: EVM blocks from the chain's
 * cursor to the head, undoing what a reorg removed (evm-transfer-scanner.ts); each Solana wallet
 * address's finalized signatures back to its cursor (solana-transfer-scanner.ts). Idempotent:
 * the unique index drops repeats, and a cursor moves only with the rows read up to it, in one
 * transaction. One run at a time per scanner; a second caller waits for the run under way.
 */
export class TransferScanner {
  private running: Promise<ScanReport> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly evm: EvmTransferScanner;
  private readonly solana: SolanaTransferScanner;

  constructor(
    private readonly db: Database,
    private readonly chains: WalletChains,
    private readonly log: FastifyBaseLogger,
    clock: Clock,
    options: ScannerOptions = {},
  ) {
    const context: ScanContext = { db, log, clock };
    this.evm = new EvmTransferScanner(context, {
      maxBlocks: options.maxBlocks ?? 2_000,
      keepBlocks: options.keepBlocks ?? 256,
    });
    this.solana = new SolanaTransferScanner(context, {
      maxSignatures: options.maxSignatures ?? 1_000,
      signaturePage: options.signaturePage ?? 1_000,
    });
  }

  /** One run over every chain; joins the run under way if there is one. */
  scan(): Promise<ScanReport> {
    if (!this.running) {
      this.running = this.runOnce().finally(() => {
        this.running = undefined;
      });
    }
    return this.running;
  }

  /**
   * Scans for at most `ms`: a request that shows history waits this long for fresh receives,
   * and the run, if slower, finishes in the background.
   */
  async scanWithin(ms: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const run = this.scan().then(
      () => true,
      () => false,
    );
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    });
    try {
      return await Promise.race([run, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Scans every `ms` in the background until {@link stop}. */
  start(ms: number): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.scan().catch((error: unknown) =>
        this.log.warn({ error: chainErrorText(error) }, 'transfer scan failed'),
      );
    }, ms);
    this.timer.unref();
  }

  /** Stops the timer and waits for a run under way. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  private async runOnce(): Promise<ScanReport> {
    const keys = await this.db
      .select({ family: walletKeys.family, address: walletKeys.address })
      .from(walletKeys);
    const evmAddresses = new Map(
      keys
        .filter((key) => key.family === 'evm')
        .map((key) => [key.address.toLowerCase(), key.address]),
    );
    const solanaAddresses = keys.filter((key) => key.family === 'solana').map((key) => key.address);
    const report: ScanReport = { recorded: {}, failed: [] };
    await Promise.all(
      this.chains.all().map(async (access) => {
        try {
          report.recorded[access.chain.id] =
            access.family === 'evm'
              ? await this.evm.scan(access, evmAddresses)
              : await this.solana.scan(access, solanaAddresses);
        } catch (error) {
          report.failed.push(access.chain.id);
          // The text only: a viem error names the RPC URL, which may hold an API key.
          this.log.warn(
            { chainId: access.chain.id, error: chainErrorText(error) },
            'transfer scan of a chain failed',
          );
        }
      }),
    );
    return report;
  }
}
