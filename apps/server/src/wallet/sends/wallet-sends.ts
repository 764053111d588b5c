import { createHash, randomUUID } from 'node:crypto';
import { isSolanaError, SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR } from '@solana/kit';
import {
  findChain,
  formatAmount,
  isSendChainId,
  isValidEvmAddress,
  isValidSolanaAddress,
  type SendResult,
  toChecksumEvmAddress,
  walletMessages,
} from '@vaultscope/core';
import type { FastifyBaseLogger } from 'fastify';
import { BaseError, HttpRequestError, TimeoutError } from 'viem';
import { AppError, BadRequestError, ConflictError } from '../../lib/errors';
import { chainErrorText, chainFailureOf } from '../chain-errors';
import { EvmSender } from './evm-sender';
import { KeyedLock, nonceLockKey } from './nonce-lock';
import type { Broadcast, ReconcileSteps } from './send-reconciler';
import { isTerminal, type SendRecord, type SendRecords } from './send-records';
import {
  amountOrThrow,
  type ChainSender,
  delay,
  type PreparedSend,
  type SendKind,
  type Verdict,
} from './send-types';
import { SolanaSender } from './solana-sender';
import type { ChainAccess, WalletChains } from '../wallet-chains';
import type { KeyFamily } from '../wallet-keys';
import type { WalletService } from '../wallet-service';

/** A send as the routes hand it over: amount still the user's decimal text. */
export interface SendRequest {
  chainId: number;
  kind: SendKind;
  to: string;
  tokenAddress: string | null;
  amount: string;
}

/** The points of a send at which the engine asks its fault hook, in the order a send passes them. */
export type SendFaultPoint = 'afterRecord' | 'beforeSign' | 'afterSign' | 'afterBroadcast';

/**
 * A collaborator the engine calls as a send passes each point, each time after the record's state
 * for that point is written. Production passes none. A hook may end the process there
 * (`server.ts` kills it for send-crash.test.ts, `WALLET_CRASH_AT`), or throw: at `beforeSign` the
 * error is an ordinary failure before signing (the record fails, nothing is signed or sent); at
 * the other points the send stops where it stands and its record is left as written, as a killed
 * process leaves it, for reconciliation to finish.
 */
export interface SendFaults {
  at(point: SendFaultPoint): void;
}

export interface WalletSendsOptions {
  /** How long a send request waits for the chain's verdict before answering `pending`. */
  confirmTimeoutMs?: number;
  /** How long a repeated request waits for the first one still in flight. */
  replayWaitMs?: number;
  /** Asked at each point of a send (see {@link SendFaults}); none in production. */
  faults?: SendFaults | undefined;
  /** How long a send waits for its account's send lock before a 503 (`nonce-lock.ts`). */
  lockWaitMs?: number;
}

/** Longest decimal text a request may carry; parsed at this many decimals it is always exact. */
const CANONICAL_DECIMALS = 80;
/** Longest idempotency key accepted. */
const MAX_KEY_LENGTH = 200;
/** How often a repeated request looks at the first one's record. */
const REPLAY_POLL_MS = 100;

/**
 * The send engine (DESIGN.md section 5): checked, recorded with an idempotency key, signed under
 * a per-account nonce lock, stored signed, broadcast, followed to the chain's verdict. A record
 * left in flight by a crash is finished by `SendReconciler` (send-reconciler.ts) with this
 * engine's steps ({@link WalletSends.reconcileSteps}), from its stored signed bytes, so a resend
 * can never pay twice.
 */
export class WalletSends {
  private readonly inFlight = new Map<string, Promise<SendRecord>>();
  private readonly lock: KeyedLock;
  private readonly confirmTimeoutMs: number;
  private readonly replayWaitMs: number;
  private readonly faults: SendFaults | undefined;

  constructor(
    private readonly records: SendRecords,
    private readonly wallet: WalletService,
    private readonly chains: WalletChains,
    private readonly log: FastifyBaseLogger,
    options: WalletSendsOptions = {},
  ) {
    this.confirmTimeoutMs = options.confirmTimeoutMs ?? 60_000;
    this.replayWaitMs = options.replayWaitMs ?? 5_000;
    this.faults = options.faults;
    this.lock = new KeyedLock(options.lockWaitMs);
  }

  /**
   * Sends once per (user, idempotency key). Answers the record: confirmed, failed, or still
   * broadcast (pending) when the chain took longer than the confirmation time-out.
   */
  async send(userId: string, request: SendRequest, idempotencyKey?: string): Promise<SendRecord> {
    if (idempotencyKey !== undefined && !/^[\x21-\x7e]{1,200}$/.test(idempotencyKey))
      throw new BadRequestError(walletMessages.idempotencyKeyInvalid(MAX_KEY_LENGTH));
    const { access, sender } = this.resolve(request.chainId);
    const family = access.family;
    const to = normalizeAddress(family, request.to, 'to', walletMessages.invalidRecipient);
    const tokenAddress =
      request.kind === 'token'
        ? normalizeAddress(
            family,
            request.tokenAddress ?? '',
            'tokenAddress',
            walletMessages.invalidToken,
          )
        : null;
    const canonicalAmount = amountOrThrow(request.amount, CANONICAL_DECIMALS);
    const requestHash = createHash('sha256')
      .update(
        JSON.stringify([
          request.chainId,
          request.kind,
          family === 'evm' ? tokenAddress?.toLowerCase() : tokenAddress,
          family === 'evm' ? to.toLowerCase() : to,
          canonicalAmount.toString(),
        ]),
      )
      .digest('hex');

    // A send that failed before it was signed sent nothing: its key may run again.
    let retry: SendRecord | undefined;
    if (idempotencyKey) {
      const existing = await this.records.byKey(userId, idempotencyKey);
      if (existing && !(isUnsignedFailure(existing) && existing.requestHash === requestHash))
        return this.replay(existing, requestHash);
      retry = existing;
    }
    const from = await this.wallet.requireAddress(userId, family);
    let prepared: PreparedSend;
    try {
      prepared = await sender.prepare({
        chainId: request.chainId,
        kind: request.kind,
        from,
        to,
        tokenAddress,
        amountText: request.amount,
      });
    } catch (error) {
      throw this.publicError(error, request.chainId);
    }
    const record = retry
      ? await this.records.reopenUnsigned(retry.id, {
          tokenAddress: prepared.tokenAddress,
          symbol: prepared.symbol,
          decimals: prepared.decimals,
          amount: prepared.amount.toString(),
        })
      : await this.records.insert({
          userId,
          idempotencyKey: idempotencyKey ?? randomUUID(),
          requestHash,
          chainId: prepared.chainId,
          kind: prepared.kind,
          tokenAddress: prepared.tokenAddress,
          symbol: prepared.symbol,
          decimals: prepared.decimals,
          fromAddress: prepared.from,
          toAddress: prepared.to,
          amount: prepared.amount.toString(),
        });
    if (!record) {
      // The same key won a race a moment ago (or took the retry): answer as its repeat.
      const existing = await this.records.byKey(userId, idempotencyKey ?? '');
      if (!existing) throw new ConflictError(walletMessages.sendInProgress);
      return this.replay(existing, requestHash);
    }
    this.logStatus(record);
    const running = this.execute(userId, record, prepared, sender, family);
    this.inFlight.set(record.id, running);
    try {
      return await running;
    } catch (error) {
      throw this.publicError(error, record.chainId);
    } finally {
      this.inFlight.delete(record.id);
    }
  }

  /** The response data of a record. */
  toResult(record: SendRecord): SendResult {
    const amount = formatAmount(BigInt(record.amount), record.decimals);
    const nativeDecimals = findChain(record.chainId)?.nativeDecimals ?? 18;
    return {
      _id: record.id,
      chainId: record.chainId,
      to: record.toAddress,
      from: record.fromAddress,
      type: record.kind,
      symbol: record.symbol,
      amount,
      value: amount,
      hash: record.hash ?? '',
      link: record.hash ? this.chains.transactionUrl(record.chainId, record.hash) : '',
      status:
        record.status === 'confirmed'
          ? 'confirmed'
          : record.status === 'failed'
            ? 'failed'
            : 'pending',
      fee: record.fee === null ? null : formatAmount(BigInt(record.fee), nativeDecimals),
    };
  }

  /** Network fee of a transfer from the user's address, in the native coin (approximate). */
  async estimateFee(
    userId: string,
    chainId: number,
    tokenAddress: string | undefined,
  ): Promise<{ chainId: number; symbol: string; fee: string }> {
    const { access, sender } = this.resolve(chainId);
    const token =
      tokenAddress && tokenAddress !== 'Native'
        ? normalizeAddress(access.family, tokenAddress, 'tokenAddress', walletMessages.invalidToken)
        : null;
    const from = await this.wallet.requireAddress(userId, access.family);
    try {
      const fee = await sender.estimateFee(from, token);
      return {
        chainId,
        symbol: access.chain.nativeSymbol,
        fee: formatAmount(fee, access.chain.nativeDecimals),
      };
    } catch (error) {
      throw this.publicError(error, chainId);
    }
  }

  /**
   * The steps that `SendReconciler` (send-reconciler.ts) takes on records left open. Each
   * change requires the row's `version` as the reconciler read it, and a resend runs under the
   * account's send lock, so it never interleaves with a new send's nonce choice.
   */
  reconcileSteps(): ReconcileSteps {
    return {
      senderFor: (chainId) => this.senderOf(chainId),
      isSending: (id) => this.inFlight.has(id),
      broadcast: (sender, row) =>
        this.lock.run(nonceLockKey(row.chainId, row.fromAddress), () =>
          this.broadcast(sender, row, true),
        ),
      follow: (sender, row, ms) => this.follow(sender, row, ms, true),
      settle: (row, verdict) => this.settle(row, verdict, true),
      reopen: (row) => this.transition(row, true, { status: 'broadcast', error: null }),
    };
  }

  private resolve(chainId: number): { access: ChainAccess; sender: ChainSender } {
    const access = isSendChainId(chainId) ? this.chains.get(chainId) : undefined;
    const sender = access ? this.senderOf(chainId) : undefined;
    if (!access || !sender) throw new BadRequestError(walletMessages.unsupportedNetwork);
    return { access, sender };
  }

  private senderOf(chainId: number): ChainSender | undefined {
    const access = this.chains.get(chainId);
    if (!access) return undefined;
    return access.family === 'evm' ? new EvmSender(access) : new SolanaSender(access);
  }

  private async execute(
    userId: string,
    record: SendRecord,
    prepared: PreparedSend,
    sender: ChainSender,
    family: KeyFamily,
  ): Promise<SendRecord> {
    this.faults?.at('afterRecord');
    let signedRow: SendRecord | undefined;
    let row: SendRecord;
    try {
      // Nonce choice, signing, storing and broadcasting are one step per account; confirmation
      // is not, so concurrent sends pipeline with consecutive nonces.
      row = await this.lock.run(nonceLockKey(record.chainId, record.fromAddress), async () => {
        const nonceFloor = await this.freeNonce(sender, record);
        await sender.assertFunds(
          prepared,
          await this.records.inFlightFrom(record.chainId, record.fromAddress, record.id),
        );
        this.faults?.at('beforeSign');
        const signed = await this.wallet.withSecret(userId, family, (secret) =>
          sender.sign(prepared, secret, { nonceFloor, sendId: record.id }),
        );
        // Only if the record is still the one recorded: while this request waited for the lock,
        // another process's reconciler may have failed it (and a retry reopened it). Then these
        // bytes are dropped unsent, so one key never puts two transactions on the chain.
        signedRow = await this.records.update(
          record.id,
          { status: 'recorded', version: record.version },
          { status: 'signed', ...signed },
        );
        if (!signedRow) return this.reread(record, 'signed');
        this.logStatus(signedRow);
        this.faults?.at('afterSign');
        return (await this.broadcast(sender, signedRow, false)).row;
      });
    } catch (error) {
      if (signedRow) throw error;
      // Nothing was signed or sent: the record fails and the nonce stays free.
      const answer = error instanceof AppError ? error : chainFailureOf(error);
      const failed = await this.transition(record, true, {
        status: 'failed',
        error: `Not sent: ${answer ? answer.message : chainErrorText(error)}`,
      });
      if (answer) throw answer;
      return failed;
    }
    this.faults?.at('afterBroadcast');
    if (row.status !== 'broadcast') return row;
    return this.follow(sender, row, this.confirmTimeoutMs, false);
  }

  /**
   * The lowest nonce a new send from this account may take (0 where there are no nonces),
   * called under the account's lock. Only nonces the node knows count as used: its pending
   * count is the floor. An open record of ours at exactly that nonce was never received or was
   * dropped, so it is sent again first from its stored bytes (same bytes, same hash: it cannot
   * pay twice), in nonce order, however often it was sent before. A record above a nonce
   * nothing holds waits for the new send to fill that gap and goes out on the next send or
   * reconciliation. So a lost transaction never leaves later sends queued behind a gap.
   *
   * If the node refuses that resend, the record stays open (see `broadcast`) and still holds
   * its nonce: behind a load-balanced RPC another backend may know it and mine it. The new send
   * is then refused (409) rather than signed. Reusing the nonce could leave the user with a
   * refused new send while the old one lands; signing at the next nonce instead would only
   * queue a second payment behind the same gap, stuck as long as the first and landing without
   * warning when it does. Refusing signs nothing: the reconciler keeps resending the old record
   * until it lands or its nonce is used, and the user sends again after.
   */
  private async freeNonce(sender: ChainSender, record: SendRecord): Promise<number> {
    let next = await sender.pendingNonce(record.fromAddress);
    if (next === null) return 0;
    const open = await this.records.inFlightFrom(record.chainId, record.fromAddress, record.id);
    for (const row of open) {
      if (row.nonce === null || row.nonce < next) continue;
      if (row.nonce > next) break;
      const { refused } = await this.broadcast(sender, row, false);
      if (refused) throw new ConflictError(walletMessages.previousSendPending);
      // Sent, or settled by the chain: either way its nonce is taken.
      next = row.nonce + 1;
    }
    return next;
  }

  /**
   * Sends the stored signed bytes. A refusal is not the chain's verdict: behind a load-balanced
   * RPC a lagging backend may refuse a transaction another one knows or has mined. So a refused
   * record with signed bytes stays open (`refused`) and fails only when those bytes can no
   * longer land (EVM nonce mined, Solana blockhash expired) and its hash still has no receipt.
   * `exact`: the change also requires the row's `version` as read (the reconciler).
   */
  private async broadcast(
    sender: ChainSender,
    row: SendRecord,
    exact: boolean,
  ): Promise<Broadcast> {
    try {
      await sender.broadcast(row.signedTransaction ?? '');
    } catch (error) {
      const text = chainErrorText(error);
      const unknown = (): Verdict => ({ state: 'unknown' });
      let seen = await sender.lookup(row).catch(unknown);
      if (seen.state === 'unknown' && !isTransportError(error)) {
        const problem = await sender.resendProblem(row).catch(() => undefined);
        if (!problem) {
          this.log.warn(
            { sendId: row.id, chainId: row.chainId, error: text },
            'wallet send refused, kept open',
          );
          return { row, refused: true };
        }
        // It may have landed between the two reads.
        seen = await sender.lookup(row).catch(unknown);
        if (seen.state === 'unknown') seen = { state: 'failed', fee: null, error: problem };
      }
      if (seen.state === 'confirmed' || seen.state === 'failed')
        return { row: await this.settle(row, seen, exact), refused: false };
      // Known to the chain already, or the answer was lost on the way: follow it either way.
      this.log.warn(
        { sendId: row.id, chainId: row.chainId, error: text },
        'wallet send broadcast unclear',
      );
    }
    const sent = await this.transition(row, exact, { status: 'broadcast', countBroadcast: true });
    return { row: sent, refused: false };
  }

  /** Waits for the chain's verdict up to `timeoutMs`; the record as it then stands. */
  private async follow(
    sender: ChainSender,
    row: SendRecord,
    timeoutMs: number,
    exact: boolean,
  ): Promise<SendRecord> {
    try {
      return await this.settle(row, await sender.waitForVerdict(row, timeoutMs), exact);
    } catch (error) {
      this.log.warn(
        { sendId: row.id, chainId: row.chainId, error: chainErrorText(error) },
        'wallet send not followed to the end',
      );
      return row;
    }
  }

  private async settle(row: SendRecord, verdict: Verdict, exact: boolean): Promise<SendRecord> {
    if (verdict.state === 'confirmed')
      return this.transition(row, exact, {
        status: 'confirmed',
        fee: verdict.fee.toString(),
        error: null,
      });
    if (verdict.state === 'failed')
      return this.transition(row, exact, {
        status: 'failed',
        fee: verdict.fee === null ? null : verdict.fee.toString(),
        error: verdict.error,
      });
    return row;
  }

  /**
   * One state change from the row as read: only if its status (and, when `exact`, its
   * `version`) is unchanged. When another actor changed it first, its change stands and this
   * one stops: the row as it now is.
   */
  private async transition(
    row: SendRecord,
    exact: boolean,
    values: Parameters<SendRecords['update']>[2],
  ): Promise<SendRecord> {
    const next = await this.records.update(
      row.id,
      { status: row.status, ...(exact ? { version: row.version } : {}) },
      values,
    );
    if (!next) return this.reread(row, values.status ?? row.status);
    this.logStatus(next, values.error ?? undefined);
    return next;
  }

  private async reread(row: SendRecord, wanted: string): Promise<SendRecord> {
    const now = await this.records.byId(row.id);
    if (!now) throw new Error(`send record ${row.id} vanished`);
    this.log.info(
      { sendId: row.id, chainId: row.chainId, status: now.status, wanted },
      'wallet send changed elsewhere first',
    );
    return now;
  }

  /** A repeat of a key: the same request gets the same record; another request is refused. */
  private async replay(existing: SendRecord, requestHash: string): Promise<SendRecord> {
    if (existing.requestHash !== requestHash)
      throw new AppError(422, walletMessages.idempotencyKeyReused);
    if (isTerminal(existing.status)) return existing;
    const clock = this.records.clock;
    const deadline = clock.now().getTime() + this.replayWaitMs;
    const running = this.inFlight.get(existing.id);
    if (running) await Promise.race([running.catch(() => undefined), delay(this.replayWaitMs)]);
    // The services' clock sets the deadline; the poll count bounds the wait when that clock
    // stands still (tests move it by hand).
    for (let polls = 0; ; polls += 1) {
      const now = await this.records.byId(existing.id);
      if (now && isTerminal(now.status)) return now;
      if (clock.now().getTime() >= deadline || polls * REPLAY_POLL_MS >= this.replayWaitMs)
        throw new ConflictError(walletMessages.sendInProgress);
      await delay(REPLAY_POLL_MS);
    }
  }

  /** Our own errors pass; a chain or RPC failure becomes a safe message (logged shortly). */
  private publicError(error: unknown, chainId: number): unknown {
    if (error instanceof AppError) return error;
    this.log.warn({ chainId, error: chainErrorText(error) }, 'wallet chain call failed');
    // A chain that failed says so (502/503, its own message); other errors keep the spec's.
    return chainFailureOf(error) ?? new AppError(502, walletMessages.sendFailedFallback);
  }

  private logStatus(row: SendRecord, error?: string): void {
    this.log.info(
      {
        sendId: row.id,
        chainId: row.chainId,
        status: row.status,
        hash: row.hash,
        nonce: row.nonce,
        ...(error ? { error } : {}),
      },
      'wallet send',
    );
  }
}

function normalizeAddress(family: KeyFamily, value: string, path: string, message: string): string {
  const trimmed = value.trim();
  if (family === 'evm') {
    if (!isValidEvmAddress(trimmed)) throw new BadRequestError(message, [{ path, message }]);
    return toChecksumEvmAddress(trimmed);
  }
  if (!isValidSolanaAddress(trimmed)) throw new BadRequestError(message, [{ path, message }]);
  return trimmed;
}

/** Failed before it was signed: nothing reached a chain, so the key may run again. */
function isUnsignedFailure(row: SendRecord): boolean {
  return row.status === 'failed' && row.signedTransaction === null;
}

function isTransportError(error: unknown): boolean {
  // A broadcast the chain policy cut (time-out, lost connection, HTTP error) may have reached
  // the node; one its open circuit refused was never sent.
  const failure = chainFailureOf(error);
  if (failure) return failure.failure !== 'circuit-open';
  if (error instanceof BaseError)
    return Boolean(
      error.walk((cause) => cause instanceof HttpRequestError || cause instanceof TimeoutError),
    );
  return (
    isSolanaError(error, SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR) || error instanceof TypeError
  );
}
