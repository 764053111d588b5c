import { createHash, randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import {
  address,
  appendTransactionMessageInstructions,
  createKeyPairSignerFromPrivateKeyBytes,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  getCompiledTransactionMessageDecoder,
  getSignatureFromTransaction,
  getTransactionDecoder,
  getTransactionEncoder,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Blockhash,
  type CompiledTransactionMessage,
  type CompiledTransactionMessageWithLifetime,
  type ReadonlyUint8Array,
  type EncodedAccount,
  type Instruction,
  type KeyPairSigner,
  type Transaction,
} from '@solana/kit';
import {
  getCreateAccountInstruction,
  getTransferSolInstruction,
  SYSTEM_PROGRAM_ADDRESS,
} from '@solana-program/system';
import {
  getInitializeMint2Instruction,
  getMintSize,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import { FailedTransactionMetadata, LiteSVM } from 'litesvm';
import { z } from 'zod';
import type { DevnetSolanaClusterId } from '../chains';
import { DevnetError } from '../lib/errors';
import { writeFileAtomicSync } from '../lib/files';
import { DEVNET_TOKEN_SPECS, type DevnetSplMint, type DevnetTokenSpec } from '../tokens';
import { decodeMint, decodeTokenAccount, TOKEN_2022_PROGRAM_ADDRESS, uiTokenAmount } from './spl';
import {
  describeTransactionError,
  toRpcTransactionError,
  type RpcTransactionError,
} from './transaction-error';

/** Lamports per signature, as on the real clusters (and as LiteSVM charges). */
export const LAMPORTS_PER_SIGNATURE = 5_000n;
/** A blockhash stays valid for this many blocks, as on the real clusters. */
export const BLOCKHASH_VALIDITY_BLOCKS = 150n;
/** The slot clock: one slot per 400 ms of wall time, as on the real clusters. */
export const SLOT_MS = 400;
/** The devnet authority's lamports: it pays fees, funds wallets and is every local mint's authority. */
const AUTHORITY_LAMPORTS = 1_000_000_000n * 1_000_000_000n;
const AUTHORITY_LOW_WATER = AUTHORITY_LAMPORTS / 10n;
/** The validator's answer for rent-exempt accounts (u64::MAX). */
export const RENT_EPOCH_EXEMPT = 18_446_744_073_709_551_615n;

const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';
const MAX_COMPUTE_UNITS = 1_400_000n;
/** Programs built into the runtime: their instructions default to 3,000 compute units. */
const BUILTIN_PROGRAMS: ReadonlySet<string> = new Set([
  '11111111111111111111111111111111',
  COMPUTE_BUDGET_PROGRAM,
  'AddressLookupTab1e1111111111111111111111111',
  'Stake11111111111111111111111111111111111111',
  'Vote111111111111111111111111111111111111111',
  'Config1111111111111111111111111111111111111',
  'BPFLoader1111111111111111111111111111111111',
  'BPFLoader2111111111111111111111111111111111',
  'BPFLoaderUpgradeab1e11111111111111111111111',
  'LoaderV411111111111111111111111111111111111',
  'Ed25519SigVerify111111111111111111111111111',
  'KeccakSecp256k11111111111111111111111111111',
]);
/**
 * Metaplex Token Metadata: LiteSVM does not ship its program, so scenario metadata accounts are
 * written with `setAccount`; listed here so they survive restarts like token accounts.
 */
export const METAPLEX_TOKEN_METADATA_PROGRAM = 'metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s';
const PERSISTED_OWNERS: readonly string[] = [
  SYSTEM_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
  TOKEN_2022_PROGRAM_ADDRESS,
  METAPLEX_TOKEN_METADATA_PROGRAM,
];

/** A decoded legacy or v0 message (the versions LiteSVM and this devnet run). */
export type DecodedMessage = Exclude<CompiledTransactionMessage, { version: 1 }> &
  CompiledTransactionMessageWithLifetime;

export interface TokenBalance {
  accountIndex: number;
  mint: string;
  owner: string;
  programId: string;
  uiTokenAmount: ReturnType<typeof uiTokenAmount>;
}

/** One processed transaction, as kept in the transaction log and served by getTransaction. */
export interface SolanaTransactionRecord {
  signature: string;
  slot: bigint;
  blockTime: number;
  /** The signed transaction as sent (wire format, base64). */
  wire: string;
  version: 'legacy' | 0;
  accountKeys: string[];
  err: RpcTransactionError | null;
  fee: bigint;
  preBalances: bigint[];
  postBalances: bigint[];
  preTokenBalances: TokenBalance[];
  postTokenBalances: TokenBalance[];
  logMessages: string[];
  computeUnitsConsumed: bigint;
}

/** An error a JSON-RPC method answers with (code and data as the validator's). */
export class SolanaRpcError extends Error {
  override name = 'SolanaRpcError';
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export interface SolanaClusterOptions {
  clusterId: DevnetSolanaClusterId;
  dataDir: string;
  onWarning?: (message: string) => void;
}

const accountSchema = z.object({
  address: z.string(),
  lamports: z.string(),
  owner: z.string(),
  executable: z.boolean(),
  data: z.string(),
});

const stateSchema = z.object({
  version: z.literal(1),
  clusterId: z.number().int(),
  seed: z.string().regex(/^[0-9a-f]{64}$/),
  genesisTime: z.number().int(),
  authoritySeed: z.string().regex(/^[0-9a-f]{64}$/),
  lastSlot: z.string(),
  /** How many logged transactions the saved accounts include (the rest are replayed at open). */
  appliedTransactions: z.number().int().min(0),
  mints: z.array(
    z.object({
      symbol: z.string(),
      name: z.string(),
      decimals: z.number().int(),
      address: z.string(),
    }),
  ),
  accounts: z.array(accountSchema),
});
type PersistedState = z.infer<typeof stateSchema>;

const recordSchema = z.object({
  signature: z.string(),
  slot: z.string(),
  blockTime: z.number(),
  wire: z.string(),
  version: z.union([z.literal('legacy'), z.literal(0)]),
  accountKeys: z.array(z.string()),
  err: z.union([z.string(), z.record(z.string(), z.unknown())]).nullable(),
  fee: z.string(),
  preBalances: z.array(z.string()),
  postBalances: z.array(z.string()),
  preTokenBalances: z.array(z.any()),
  postTokenBalances: z.array(z.any()),
  logMessages: z.array(z.string()),
  computeUnitsConsumed: z.string(),
});

export function solanaStateFile(dataDir: string, clusterId: number): string {
  return join(dataDir, `solana-${clusterId}.json`);
}

export function solanaTransactionsFile(dataDir: string, clusterId: number): string {
  return join(dataDir, `solana-${clusterId}.transactions.jsonl`);
}

const base58Decoder = getBase58Decoder();
const transactionDecoder = getTransactionDecoder();
const transactionEncoder = getTransactionEncoder();
const messageDecoder = getCompiledTransactionMessageDecoder();

/**
 * One Solana cluster on LiteSVM, in process. LiteSVM has no blocks, clock or persistence of its
 * own worth keeping, so this adds them the way a validator behaves:
 * - a slot clock (one slot per 400 ms of wall time) with a blockhash per slot, each valid for
 *   150 slots, so blockhashes expire as on a real cluster and a stale transaction is refused;
 * - a transaction log (JSON lines) with fee, balances before and after, and logs, for
 *   getTransaction, getSignatureStatuses and getSignaturesForAddress, across restarts;
 * - the accounts owned by the System and Token programs saved after every transaction and put
 *   back with `setAccount` on start, so balances and token accounts survive restarts.
 */
export class SolanaCluster {
  private readonly records: SolanaTransactionRecord[] = [];
  private readonly bySignature = new Map<string, SolanaTransactionRecord>();
  private lastSlot: bigint;
  private closed = false;

  private constructor(
    readonly clusterId: DevnetSolanaClusterId,
    private readonly svm: LiteSVM,
    private readonly state: PersistedState,
    readonly authority: KeyPairSigner,
    private readonly internalAddresses: ReadonlySet<string>,
    private readonly paths: { state: string; transactions: string },
  ) {
    this.lastSlot = BigInt(state.lastSlot);
  }

  /** Opens the cluster of `dataDir`, creating it (authority, mints) on first use. */
  static async open(options: SolanaClusterOptions): Promise<SolanaCluster> {
    const { clusterId, dataDir } = options;
    const paths = {
      state: solanaStateFile(dataDir, clusterId),
      transactions: solanaTransactionsFile(dataDir, clusterId),
    };
    mkdirSync(dataDir, { recursive: true });
    const svm = new LiteSVM().withBlockhashCheck(false);
    // LiteSVM funds an airdrop keypair of its own at creation; it is not part of our state.
    const internalAddresses = new Set(
      svm.getProgramAccounts(SYSTEM_PROGRAM_ADDRESS).map((account) => account.address as string),
    );

    let state = readState(paths.state, clusterId, options.onWarning);
    if (!state) {
      state = {
        version: 1,
        clusterId,
        seed: randomBytes(32).toString('hex'),
        genesisTime: Date.now(),
        authoritySeed: randomBytes(32).toString('hex'),
        lastSlot: '0',
        appliedTransactions: 0,
        mints: [],
        accounts: [],
      };
      if (existsSync(paths.transactions)) {
        renameSync(paths.transactions, `${paths.transactions}.orphan-${Date.now()}`);
      }
    }
    for (const account of state.accounts) {
      svm.setAccount({
        address: address(account.address),
        lamports: lamports(BigInt(account.lamports)),
        programAddress: address(account.owner),
        executable: account.executable,
        data: new Uint8Array(Buffer.from(account.data, 'base64')),
        space: BigInt(Buffer.from(account.data, 'base64').length),
      });
    }
    const authority = await createKeyPairSignerFromPrivateKeyBytes(
      Buffer.from(state.authoritySeed, 'hex'),
    );
    const cluster = new SolanaCluster(clusterId, svm, state, authority, internalAddresses, paths);
    cluster.loadTransactions(options.onWarning);
    cluster.replayUnsavedTransactions(options.onWarning);
    cluster.topUpAuthority();
    await cluster.ensureMints();
    cluster.persist();
    return cluster;
  }

  /** The local SPL mints of this cluster. */
  get mints(): DevnetSplMint[] {
    return this.state.mints.map((mint) => ({
      standard: 'spl',
      symbol: mint.symbol as DevnetSplMint['symbol'],
      name: mint.name,
      decimals: mint.decimals,
      address: mint.address,
    }));
  }

  /** The current slot (also the block height: the devnet skips no slot). */
  slot(): bigint {
    const byClock = BigInt(Math.floor((Date.now() - this.state.genesisTime) / SLOT_MS));
    if (byClock > this.lastSlot) this.lastSlot = byClock;
    return this.lastSlot;
  }

  blockhashAt(slot: bigint): Blockhash {
    const slotBytes = Buffer.alloc(8);
    slotBytes.writeBigUInt64LE(slot);
    const digest = createHash('sha256')
      .update(Buffer.from(this.state.seed, 'hex'))
      .update(slotBytes)
      .digest();
    return base58Decoder.decode(digest) as Blockhash;
  }

  latestBlockhash(): { blockhash: Blockhash; lastValidBlockHeight: bigint; slot: bigint } {
    const slot = this.slot();
    return {
      blockhash: this.blockhashAt(slot),
      lastValidBlockHeight: slot + BLOCKHASH_VALIDITY_BLOCKS,
      slot,
    };
  }

  isBlockhashValid(blockhash: string): boolean {
    const current = this.slot();
    const oldest = current > BLOCKHASH_VALIDITY_BLOCKS ? current - BLOCKHASH_VALIDITY_BLOCKS : 0n;
    for (let slot = current; slot >= oldest; slot -= 1n) {
      if (this.blockhashAt(slot) === blockhash) return true;
      if (slot === 0n) break;
    }
    return false;
  }

  getAccount(account: string): EncodedAccount | undefined {
    const found = this.svm.getAccount(address(account));
    return found.exists ? found : undefined;
  }

  getBalance(account: string): bigint {
    return this.svm.getBalance(address(account)) ?? 0n;
  }

  /**
   * Writes an account as it is, without a transaction, and saves it: for accounts of programs the
   * devnet does not ship (Metaplex metadata of scenario mints). Everything else is made by real
   * transactions.
   */
  setAccount(account: {
    address: string;
    owner: string;
    data: Uint8Array;
    lamports?: bigint;
  }): void {
    this.assertOpen();
    const space = BigInt(account.data.length);
    this.svm.setAccount({
      address: address(account.address),
      lamports: lamports(account.lamports ?? this.minimumBalanceForRentExemption(space)),
      programAddress: address(account.owner),
      executable: false,
      data: account.data,
      space,
    });
    this.persist();
  }

  /** The accounts owned by a program (as LiteSVM keeps them). */
  programAccounts(program: string): EncodedAccount[] {
    return this.svm.getProgramAccounts(address(program));
  }

  minimumBalanceForRentExemption(dataLength: bigint): bigint {
    return this.svm.minimumBalanceForRentExemption(dataLength);
  }

  /**
   * Fee of a compiled message, as the runtime charges it: per signature, plus the compute-unit
   * price times the unit limit (set, or by default 3,000 units per builtin-program instruction
   * and 200,000 per other instruction, at most 1,400,000).
   */
  feeForMessage(message: DecodedMessage): bigint {
    let unitLimit: bigint | undefined;
    let microLamportsPerUnit = 0n;
    let defaultUnits = 0n;
    for (const instruction of message.instructions) {
      const program = message.staticAccounts[instruction.programAddressIndex] ?? '';
      const data = instruction.data;
      defaultUnits += BUILTIN_PROGRAMS.has(program) ? 3_000n : 200_000n;
      if (program !== COMPUTE_BUDGET_PROGRAM || !data) continue;
      const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
      if (data[0] === 2 && data.length >= 5) unitLimit = BigInt(view.getUint32(1, true));
      if (data[0] === 3 && data.length >= 9) microLamportsPerUnit = view.getBigUint64(1, true);
    }
    const units =
      unitLimit ?? (defaultUnits < MAX_COMPUTE_UNITS ? defaultUnits : MAX_COMPUTE_UNITS);
    const priority = (microLamportsPerUnit * units + 999_999n) / 1_000_000n;
    return LAMPORTS_PER_SIGNATURE * BigInt(message.header.numSignerAccounts) + priority;
  }

  decodeMessage(messageBytes: ReadonlyUint8Array): DecodedMessage {
    let message: CompiledTransactionMessage & CompiledTransactionMessageWithLifetime;
    try {
      message = messageDecoder.decode(messageBytes);
    } catch (error) {
      throw new SolanaRpcError(-32602, `failed to deserialize message: ${String(error)}`);
    }
    if (message.version === 1) {
      throw new SolanaRpcError(-32602, 'Transaction version 1 is not supported by the devnet');
    }
    return message;
  }

  /**
   * Simulates a signed (or, with `sigVerify: false`, unsigned) wire transaction without changing
   * state.
   */
  simulate(
    wire: Uint8Array,
    options: { sigVerify?: boolean; replaceRecentBlockhash?: boolean } = {},
  ): { err: RpcTransactionError | null; logs: string[]; unitsConsumed: bigint } {
    const transaction = decodeWire(wire);
    const message = this.decodeMessage(transaction.messageBytes);
    if (!options.replaceRecentBlockhash && !this.isBlockhashValid(message.lifetimeToken)) {
      return { err: 'BlockhashNotFound', logs: [], unitsConsumed: 0n };
    }
    const sigVerify = options.sigVerify ?? true;
    if (!sigVerify) this.svm.withSigverify(false);
    try {
      const result = this.svm.simulateTransaction(transaction);
      if (result instanceof FailedTransactionMetadata) {
        const meta = result.meta();
        return {
          err: toRpcTransactionError(result.err()),
          logs: meta.logs(),
          unitsConsumed: meta.computeUnitsConsumed(),
        };
      }
      const meta = result.meta();
      return { err: null, logs: meta.logs(), unitsConsumed: meta.computeUnitsConsumed() };
    } finally {
      if (!sigVerify) this.svm.withSigverify(true);
    }
  }

  /**
   * Processes a signed wire transaction as `sendTransaction` does: refused (nothing changes) when
   * the blockhash has expired, the signature was already processed, or, unless `skipPreflight`,
   * when its simulation fails; otherwise executed, logged with its result (a failed transaction
   * still pays its fee, as on a real cluster) and persisted before the signature is returned.
   */
  sendWireTransaction(wire: Uint8Array, options: { skipPreflight?: boolean } = {}): string {
    this.assertOpen();
    const transaction = decodeWire(wire);
    const signature = getSignatureFromTransaction(transaction);
    const message = this.decodeMessage(transaction.messageBytes);
    const reject = (err: RpcTransactionError, logs: string[] = []): never => {
      throw new SolanaRpcError(
        -32002,
        `Transaction simulation failed: ${describeTransactionError(err)}`,
        { err, logs, accounts: null, unitsConsumed: 0, returnData: null },
      );
    };
    if (this.bySignature.has(signature)) {
      if (options.skipPreflight) return signature;
      reject('AlreadyProcessed');
    }
    if (!this.isBlockhashValid(message.lifetimeToken)) {
      if (options.skipPreflight) return signature;
      reject('BlockhashNotFound');
    }
    if (!options.skipPreflight) {
      const simulation = this.simulate(wire);
      if (simulation.err !== null) reject(simulation.err, simulation.logs);
    }

    const accountKeys = message.staticAccounts.map((key) => key as string);
    const preBalances = accountKeys.map((key) => this.getBalance(key));
    const preTokenBalances = this.tokenBalances(accountKeys);
    const slot = this.slot();
    const blockTime = Math.floor(Date.now() / 1000);
    const clock = this.svm.getClock();
    clock.slot = slot;
    clock.unixTimestamp = BigInt(blockTime);
    this.svm.setClock(clock);

    const result = this.svm.sendTransaction(transaction);
    const failed = result instanceof FailedTransactionMetadata;
    const meta = failed ? result.meta() : result;
    if (failed && meta.signature().every((byte) => byte === 0)) {
      // Refused before execution (bad signature, unknown fee payer, no funds for the fee...):
      // nothing was committed, as a validator would drop it.
      if (options.skipPreflight) return signature;
      reject(toRpcTransactionError(result.err()), meta.logs());
    }
    const record: SolanaTransactionRecord = {
      signature,
      slot,
      blockTime,
      wire: getBase64EncodedWireTransaction(transaction),
      version: message.version === 'legacy' ? 'legacy' : 0,
      accountKeys,
      err: failed ? toRpcTransactionError(result.err()) : null,
      fee: this.feeForMessage(message),
      preBalances,
      postBalances: accountKeys.map((key) => this.getBalance(key)),
      preTokenBalances,
      postTokenBalances: this.tokenBalances(accountKeys),
      logMessages: meta.logs(),
      computeUnitsConsumed: meta.computeUnitsConsumed(),
    };
    this.appendRecord(record);
    this.persist();
    return signature;
  }

  transaction(signature: string): SolanaTransactionRecord | undefined {
    return this.bySignature.get(signature);
  }

  /** Signatures of transactions that touched `account`, newest first, paged like the RPC. */
  signaturesForAddress(
    account: string,
    options: { limit?: number; before?: string; until?: string } = {},
  ): SolanaTransactionRecord[] {
    const limit = Math.min(Math.max(options.limit ?? 1000, 1), 1000);
    const found: SolanaTransactionRecord[] = [];
    let started = options.before === undefined;
    for (let index = this.records.length - 1; index >= 0 && found.length < limit; index -= 1) {
      const record = this.records[index];
      if (!record) continue;
      if (!started) {
        started = record.signature === options.before;
        continue;
      }
      if (record.signature === options.until) break;
      if (record.accountKeys.includes(account)) found.push(record);
    }
    return found;
  }

  /** Sends SOL from the devnet authority to `to` (requestAirdrop and the faucet). */
  async airdrop(to: string, amount: bigint): Promise<string> {
    this.topUpAuthority(amount);
    return this.sendAsAuthority([
      getTransferSolInstruction({
        source: this.authority,
        destination: address(to),
        amount: lamports(amount),
      }),
    ]);
  }

  /** Builds, signs with the authority (fee payer) and processes a transaction. */
  async sendAsAuthority(instructions: Instruction[]): Promise<string> {
    const { blockhash, lastValidBlockHeight } = this.latestBlockhash();
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (draft) => setTransactionMessageFeePayerSigner(this.authority, draft),
      (draft) =>
        setTransactionMessageLifetimeUsingBlockhash({ blockhash, lastValidBlockHeight }, draft),
      (draft) => appendTransactionMessageInstructions(instructions, draft),
    );
    const signed = await signTransactionMessageWithSigners(message);
    const signature = this.sendWireTransaction(new Uint8Array(transactionEncoder.encode(signed)));
    const record = this.bySignature.get(signature);
    if (record?.err) {
      throw new DevnetError(`Transaction failed: ${JSON.stringify(record.err)}`, {
        chainId: this.clusterId,
      });
    }
    return signature;
  }

  /** Saves the accounts and the clock. Called after every transaction; cheap at devnet sizes. */
  persist(): void {
    const accounts = PERSISTED_OWNERS.flatMap((owner) =>
      this.svm
        .getProgramAccounts(address(owner))
        .filter((account) => !account.executable && !this.internalAddresses.has(account.address))
        .map((account) => ({
          address: account.address as string,
          lamports: account.lamports.toString(),
          owner: account.programAddress as string,
          executable: account.executable,
          data: Buffer.from(account.data).toString('base64'),
        })),
    );
    this.state.accounts = accounts;
    this.state.lastSlot = this.slot().toString();
    this.state.appliedTransactions = this.records.length;
    writeFileAtomicSync(this.paths.state, `${JSON.stringify(this.state, null, 1)}\n`);
  }

  close(): void {
    if (this.closed) return;
    this.persist();
    this.closed = true;
  }

  private assertOpen(): void {
    if (this.closed) throw new SolanaRpcError(-32603, 'The cluster is stopped');
  }

  private tokenBalances(accountKeys: string[]): TokenBalance[] {
    const balances: TokenBalance[] = [];
    accountKeys.forEach((key, accountIndex) => {
      const account = this.getAccount(key);
      if (!account) return;
      const token = decodeTokenAccount(account.programAddress, account.data as Uint8Array);
      if (!token) return;
      const mintAccount = this.getAccount(token.mint);
      const mint = mintAccount
        ? decodeMint(mintAccount.programAddress, mintAccount.data as Uint8Array)
        : undefined;
      balances.push({
        accountIndex,
        mint: token.mint,
        owner: token.owner,
        programId: account.programAddress,
        uiTokenAmount: uiTokenAmount(token.amount, mint?.decimals ?? 0),
      });
    });
    return balances;
  }

  private appendRecord(record: SolanaTransactionRecord): void {
    const line = JSON.stringify(record, (_key, value: unknown) =>
      typeof value === 'bigint' ? value.toString() : value,
    );
    appendFileSync(this.paths.transactions, `${line}\n`);
    this.records.push(record);
    this.bySignature.set(record.signature, record);
  }

  private loadTransactions(onWarning?: (message: string) => void): void {
    if (!existsSync(this.paths.transactions)) return;
    const lines = readFileSync(this.paths.transactions, 'utf8').split('\n');
    let skipped = 0;
    for (const line of lines) {
      if (!line.trim()) continue;
      let parsed: ReturnType<typeof recordSchema.safeParse>;
      try {
        parsed = recordSchema.safeParse(JSON.parse(line));
      } catch {
        skipped += 1; // A line torn by a crash mid-append.
        continue;
      }
      if (!parsed.success) {
        skipped += 1;
        continue;
      }
      const raw = parsed.data;
      const record: SolanaTransactionRecord = {
        ...raw,
        slot: BigInt(raw.slot),
        fee: BigInt(raw.fee),
        preBalances: raw.preBalances.map(BigInt),
        postBalances: raw.postBalances.map(BigInt),
        preTokenBalances: raw.preTokenBalances as TokenBalance[],
        postTokenBalances: raw.postTokenBalances as TokenBalance[],
        computeUnitsConsumed: BigInt(raw.computeUnitsConsumed),
      };
      this.records.push(record);
      this.bySignature.set(record.signature, record);
      if (record.slot > this.lastSlot) this.lastSlot = record.slot;
    }
    if (skipped > 0) onWarning?.(`Skipped ${skipped} unreadable transaction log line(s)`);
  }

  /**
   * A transaction is logged before the accounts are saved; a crash between the two leaves logged
   * transactions the saved accounts miss. They are executed again, in order, from their logged
   * bytes, so a transaction reported as landed has its effects (and never runs twice).
   */
  private replayUnsavedTransactions(onWarning?: (message: string) => void): void {
    const pending = this.records.slice(this.state.appliedTransactions);
    for (const record of pending) {
      this.svm.sendTransaction(decodeWire(new Uint8Array(base64ToBytes(record.wire))));
    }
    if (pending.length > 0) onWarning?.(`Replayed ${pending.length} unsaved transaction(s)`);
  }

  private topUpAuthority(need = 0n): void {
    const balance = this.getBalance(this.authority.address);
    if (balance >= AUTHORITY_LOW_WATER + need) return;
    this.svm.setAccount({
      address: this.authority.address,
      lamports: lamports(AUTHORITY_LAMPORTS + need),
      programAddress: SYSTEM_PROGRAM_ADDRESS,
      executable: false,
      data: new Uint8Array(),
      space: 0n,
    });
  }

  /** Creates, with real transactions, every local mint that is not (or no longer) on chain. */
  private async ensureMints(): Promise<void> {
    const mints: PersistedState['mints'] = [];
    for (const spec of DEVNET_TOKEN_SPECS) {
      const recorded = this.state.mints.find((mint) => mint.symbol === spec.symbol);
      if (recorded && this.isLiveMint(recorded.address, spec)) {
        mints.push(recorded);
        continue;
      }
      mints.push({
        symbol: spec.symbol,
        name: spec.name,
        decimals: spec.solanaDecimals,
        address: await this.createMint(spec.solanaDecimals),
      });
    }
    this.state.mints = mints;
  }

  private isLiveMint(mintAddress: string, spec: DevnetTokenSpec): boolean {
    const account = this.getAccount(mintAddress);
    if (!account) return false;
    const mint = decodeMint(account.programAddress, account.data as Uint8Array);
    return mint?.decimals === spec.solanaDecimals;
  }

  private async createMint(decimals: number): Promise<string> {
    const mint = await generateKeyPairSigner();
    const space = BigInt(getMintSize());
    await this.sendAsAuthority([
      getCreateAccountInstruction({
        payer: this.authority,
        newAccount: mint,
        lamports: lamports(this.minimumBalanceForRentExemption(space)),
        space,
        programAddress: TOKEN_PROGRAM_ADDRESS,
      }),
      getInitializeMint2Instruction({
        mint: mint.address,
        decimals,
        mintAuthority: this.authority.address,
        freezeAuthority: null,
      }),
    ]);
    if (!this.getAccount(mint.address)) {
      throw new DevnetError('Creating a local mint failed', { chainId: this.clusterId });
    }
    return mint.address;
  }
}

function decodeWire(wire: Uint8Array): Transaction {
  try {
    return transactionDecoder.decode(wire);
  } catch (error) {
    throw new SolanaRpcError(-32602, `failed to deserialize transaction: ${String(error)}`);
  }
}

function base64ToBytes(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text, 'base64'));
}

function readState(
  path: string,
  clusterId: number,
  onWarning?: (message: string) => void,
): PersistedState | undefined {
  if (!existsSync(path)) return undefined;
  try {
    const parsed = stateSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
    if (parsed.clusterId !== clusterId)
      throw new Error(`it belongs to cluster ${parsed.clusterId}`);
    return parsed;
  } catch (error) {
    const aside = `${path}.corrupt-${Date.now()}`;
    renameSync(path, aside);
    onWarning?.(`Solana state was unreadable (${String(error)}); moved to ${aside}, starting anew`);
    return undefined;
  }
}
