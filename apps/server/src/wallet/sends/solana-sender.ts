import {
  address,
  type Address,
  appendTransactionMessageInstructions,
  createKeyPairSignerFromPrivateKeyBytes,
  createTransactionMessage,
  fetchEncodedAccount,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  type Base64EncodedWireTransaction,
  type Instruction,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signature as toSignature,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import { getAddMemoInstruction } from '@solana-program/memo';
import { getTransferSolInstruction } from '@solana-program/system';
import {
  fetchMaybeToken,
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTokenSize,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import { walletMessages } from '@vaultscope/core';
import { BadRequestError } from '../../lib/errors';
import type { SendRecord } from './send-records';
import {
  amountOrThrow,
  assertBalances,
  type ChainSender,
  delay,
  type PreparedSend,
  type SendTarget,
  type SignedSend,
  type Verdict,
} from './send-types';
import { NotAMintError, readTokenFacts } from '../chain-reads';
import type { SolanaChainAccess } from '../wallet-chains';

/** What a validator charges per signature; our transfers carry one (no priority fee). */
const LAMPORTS_PER_SIGNATURE = 5_000n;
/**
 * SPL Memo v3, deployed on every public cluster and shipped by LiteSVM. @solana-program/memo
 * 0.15 defaults to a newer address (Memo4c2p…) that LiteSVM does not run
 * (InvalidProgramForExecution), so the address is given here.
 */
const SPL_MEMO_PROGRAM = address('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');

const unknownToken = () =>
  new BadRequestError(walletMessages.unknownToken, [
    { path: 'tokenMintAddress', message: walletMessages.unknownToken },
  ]);

/** Sends on a Solana cluster through @solana/kit, confirmed by polling (no WebSocket needed). */
export class SolanaSender implements ChainSender {
  constructor(
    private readonly access: SolanaChainAccess,
    private readonly pollMs = access.local ? 100 : 1_000,
  ) {}

  private get rpc() {
    return this.access.rpc;
  }

  async prepare(target: SendTarget): Promise<PreparedSend> {
    const from = address(target.from);
    const to = address(target.to);
    const nativeBalance = (await this.rpc.getBalance(from).send()).value;
    const base = { chainId: this.access.chain.id, from: target.from, to: target.to };
    if (!target.tokenAddress) {
      const amount = amountOrThrow(target.amountText, this.access.chain.nativeDecimals);
      assertBalances({
        amount,
        assetBalance: nativeBalance,
        nativeBalance,
        fee: LAMPORTS_PER_SIGNATURE,
        native: true,
      });
      return {
        ...base,
        kind: 'native',
        tokenAddress: null,
        symbol: this.access.chain.nativeSymbol,
        decimals: this.access.chain.nativeDecimals,
        amount,
        fee: LAMPORTS_PER_SIGNATURE,
      };
    }
    const mint = address(target.tokenAddress);
    const decimals = await this.mintDecimals(mint);
    const amount = amountOrThrow(target.amountText, decimals);
    const [source] = await findAssociatedTokenPda({
      owner: from,
      mint,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    });
    const [sourceAccount, rent] = await Promise.all([
      fetchMaybeToken(this.rpc, source),
      this.receiverAccountRent(to, mint),
    ]);
    assertBalances({
      amount,
      assetBalance: sourceAccount.exists ? sourceAccount.data.amount : 0n,
      nativeBalance,
      fee: LAMPORTS_PER_SIGNATURE + rent,
      native: false,
    });
    const known = this.access.tokens.find((token) => token.address === target.tokenAddress);
    return {
      ...base,
      kind: 'token',
      tokenAddress: target.tokenAddress,
      symbol: known?.symbol ?? 'SPL',
      decimals,
      amount,
      fee: LAMPORTS_PER_SIGNATURE + rent,
    };
  }

  async assertFunds(prepared: PreparedSend, inFlight: SendRecord[]): Promise<void> {
    const from = address(prepared.from);
    // Statuses before balances: a send landing in between is then counted twice (a refusal
    // on the safe side), never missed.
    const signatures = inFlight.flatMap((row) => (row.hash ? [toSignature(row.hash)] : []));
    const { value: statuses } = signatures.length
      ? await this.rpc.getSignatureStatuses(signatures).send()
      : { value: [] };
    const landed = new Set(signatures.filter((_signature, index) => statuses[index]));
    const held = inFlight.filter((row) => row.hash && !landed.has(toSignature(row.hash)));
    const sameAsset = held.filter((row) => row.tokenAddress === prepared.tokenAddress);
    const nativeHeld = held.reduce(
      (sum, row) => sum + LAMPORTS_PER_SIGNATURE + (row.tokenAddress ? 0n : BigInt(row.amount)),
      0n,
    );
    const nativeBalance = (await this.rpc.getBalance(from, { commitment: 'processed' }).send())
      .value;
    let assetBalance = nativeBalance - nativeHeld;
    if (prepared.tokenAddress) {
      const [source] = await findAssociatedTokenPda({
        owner: from,
        mint: address(prepared.tokenAddress),
        tokenProgram: TOKEN_PROGRAM_ADDRESS,
      });
      const account = await fetchMaybeToken(this.rpc, source, { commitment: 'processed' });
      assetBalance =
        (account.exists ? account.data.amount : 0n) -
        sameAsset.reduce((sum, row) => sum + BigInt(row.amount), 0n);
    }
    assertBalances({
      amount: prepared.amount,
      assetBalance,
      nativeBalance: nativeBalance - nativeHeld,
      fee: prepared.fee,
      native: !prepared.tokenAddress,
    });
  }

  async pendingNonce(): Promise<null> {
    return null;
  }

  async sign(
    prepared: PreparedSend,
    secret: Uint8Array,
    options: { sendId: string },
  ): Promise<SignedSend> {
    const signer = await createKeyPairSignerFromPrivateKeyBytes(secret);
    if (signer.address !== prepared.from)
      throw new Error('the wallet key does not match the sending address');
    const to = address(prepared.to);
    // The record id as a memo: two equal transfers signed under one blockhash would otherwise
    // be one transaction (same bytes, same signature) and only one of them could land.
    const instructions: Instruction[] = [
      getAddMemoInstruction(
        { memo: `vaultscope:${options.sendId}` },
        { programAddress: SPL_MEMO_PROGRAM },
      ),
    ];
    if (prepared.tokenAddress) {
      const mint = address(prepared.tokenAddress);
      const [[source], [destination]] = await Promise.all([
        findAssociatedTokenPda({
          owner: signer.address,
          mint,
          tokenProgram: TOKEN_PROGRAM_ADDRESS,
        }),
        findAssociatedTokenPda({ owner: to, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }),
      ]);
      instructions.push(
        getCreateAssociatedTokenIdempotentInstruction({
          payer: signer,
          ata: destination,
          owner: to,
          mint,
        }),
        getTransferCheckedInstruction({
          source,
          mint,
          destination,
          authority: signer,
          amount: prepared.amount,
          decimals: prepared.decimals,
        }),
      );
    } else {
      instructions.push(
        getTransferSolInstruction({
          source: signer,
          destination: to,
          amount: lamports(prepared.amount),
        }),
      );
    }
    const { value: blockhash } = await this.rpc
      .getLatestBlockhash({ commitment: 'confirmed' })
      .send();
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (draft) => setTransactionMessageFeePayerSigner(signer, draft),
      (draft) => setTransactionMessageLifetimeUsingBlockhash(blockhash, draft),
      (draft) => appendTransactionMessageInstructions(instructions, draft),
    );
    const signed = await signTransactionMessageWithSigners(message);
    return {
      signedTransaction: getBase64EncodedWireTransaction(signed),
      hash: getSignatureFromTransaction(signed),
      nonce: null,
      lastValidBlockHeight: Number(blockhash.lastValidBlockHeight),
    };
  }

  async broadcast(signedTransaction: string): Promise<void> {
    await this.rpc
      .sendTransaction(signedTransaction as Base64EncodedWireTransaction, {
        encoding: 'base64',
        preflightCommitment: 'confirmed',
      })
      .send();
  }

  async lookup(record: SendRecord): Promise<Verdict> {
    const signature = toSignature(record.hash ?? '');
    const { value } = await this.rpc
      .getSignatureStatuses([signature], { searchTransactionHistory: true })
      .send();
    const status = value[0];
    if (!status) return { state: 'unknown' };
    if (status.confirmationStatus === 'processed') return { state: 'pending' };
    const transaction = await this.rpc
      .getTransaction(signature, {
        encoding: 'json',
        maxSupportedTransactionVersion: 0,
        commitment: 'confirmed',
      })
      .send();
    const fee = transaction?.meta ? BigInt(transaction.meta.fee) : null;
    if (status.err)
      return {
        state: 'failed',
        fee,
        error: `Transaction failed on chain: ${JSON.stringify(status.err, bigintJson)}`,
      };
    return { state: 'confirmed', fee: fee ?? LAMPORTS_PER_SIGNATURE };
  }

  async waitForVerdict(record: SendRecord, timeoutMs: number): Promise<Verdict> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const verdict = await this.lookup(record);
      if (verdict.state === 'confirmed' || verdict.state === 'failed') return verdict;
      if (verdict.state === 'unknown') {
        const expired = await this.resendProblem(record);
        // Past its last valid block height the transaction can never land: a final answer.
        if (expired) {
          const last = await this.lookup(record); // it may have landed just before
          return last.state === 'unknown' ? { state: 'failed', fee: null, error: expired } : last;
        }
      }
      if (Date.now() > deadline) return { state: 'pending' };
      await delay(this.pollMs);
    }
  }

  async resendProblem(record: SendRecord): Promise<string | undefined> {
    if (record.lastValidBlockHeight === null) return undefined;
    const height = await this.rpc.getBlockHeight({ commitment: 'confirmed' }).send();
    return height > BigInt(record.lastValidBlockHeight)
      ? 'Blockhash expired before the transaction landed'
      : undefined;
  }

  async estimateFee(_from: string, tokenAddress: string | null): Promise<bigint> {
    if (tokenAddress) await this.mintDecimals(address(tokenAddress));
    // One signature; a token send to a receiver without a token account also pays its rent,
    // which depends on the receiver and is checked when sending.
    return LAMPORTS_PER_SIGNATURE;
  }

  /** The mint's decimals from the wallet's one reader; an address that is no mint is a 400. */
  private async mintDecimals(mint: Address): Promise<number> {
    try {
      return (await readTokenFacts(this.access, mint)).decimals;
    } catch (error) {
      if (error instanceof NotAMintError) throw unknownToken();
      throw error;
    }
  }

  /** Rent of the receiver's token account when it has to be created, else 0. */
  private async receiverAccountRent(owner: Address, mint: Address): Promise<bigint> {
    const [ata] = await findAssociatedTokenPda({
      owner,
      mint,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    });
    const account = await fetchEncodedAccount(this.rpc, ata);
    if (account.exists) return 0n;
    return this.rpc.getMinimumBalanceForRentExemption(BigInt(getTokenSize())).send();
  }
}

const bigintJson = (_key: string, value: unknown) =>
  typeof value === 'bigint' ? value.toString() : value;
