import { isDeepStrictEqual } from 'node:util';
import {
  address,
  getAddressEncoder,
  getBase64Encoder,
  getProgramDerivedAddress,
  isAddress,
  type Address,
  type Commitment,
  type Rpc,
  type SolanaRpcApi,
} from '@solana/kit';
import {
  emptySecurityReport,
  type Authority,
  type FlaggedAddress,
  type Holder,
  type ScanEvidence,
  type SecurityReport,
  type SecurityReportField,
  type TransferFee,
} from '@vaultscope/core';
import { formatUnits, parseUnits } from 'viem';
import { ChainNotScannableError, ChainUnavailableError } from './errors';
import {
  InvalidSolanaAddressError,
  NoSolanaAccountError,
  NotATokenMintError,
} from './solana-errors';
import {
  decodeMetaplexMetadata,
  decodeMintAccount,
  METAPLEX_METADATA_PROGRAM,
  mintExtension,
  tokenAccountOwner,
  transferFeeAt,
  type DecodedMint,
  type MetaplexMetadata,
  type TokenMetadataFields,
  type TokenProgramName,
} from './solana-layouts';
import type { TokenAnalyzer, TokenScanResult } from './token-analyzer';

/**
 * The Solana half of the scam analyzer: a mint judged from its accounts alone. Solana tokens
 * have no code of their own (every mint runs the one Token or Token-2022 program), so what a
 * creator can do to holders is written in the mint's authorities and extensions, which are read
 * here exactly; nothing is simulated.
 *
 * What is read, at one slot where one call can do it:
 * - the mint (Token or Token-2022): supply, decimals, mint and freeze authorities, extensions;
 * - the metadata: Token-2022's own metadata extension when the mint points to itself, else the
 *   Metaplex `Metadata` account (PDA of the mint): name, symbol, URI, mutability, creators;
 * - the 20 largest token accounts (`getTokenLargestAccounts`) and their owners.
 *
 * Report fields (core's `securityReportSchema`), named and shaped as GoPlus's Solana endpoint
 * names them: `mintable`, `freezable`, `non_transferable`, `metadata`, `metadata_mutable`,
 * `creators`, `holders`, `total_supply`, and the Token-2022 powers `transfer_fee` (with
 * `transfer_fee_upgradable`), `transfer_hook` (`transfer_hook_upgradable`),
 * `default_account_state` (`default_account_state_upgradable`), `balance_mutable_authority` (the
 * permanent delegate) and `closable` (the mint close authority). GoPlus maps none of them onto
 * the EVM fields (`buy_tax`, `owner_change_balance`, ...), so neither do we; the one EVM field
 * used is `transfer_pausable`, for the Pausable extension GoPlus has no field for. A mint without
 * an extension has its "none" there (`0`, `{}`, `[]`): Token-2022 fixes a mint's extensions when
 * it is created, so none can be added later.
 *
 * Left `null` (unknown): `holder_count` (counting every token account needs
 * `getProgramAccounts`, which public RPCs refuse for big mints), malicious-address verdicts
 * (no such list here), pools, LP holders and honeypot behaviour (no Solana pool indexer yet).
 * The report says so in `unmeasurable_fields` ({@link SOLANA_UNMEASURABLE_FIELDS}): the score
 * rubric then reads those gaps as the engine's, not the token's.
 */

/** The report fields this analyzer decides. */
export type SolanaReportField =
  | 'total_supply'
  | 'holder_count'
  | 'holders'
  | 'mintable'
  | 'freezable'
  | 'non_transferable'
  | 'metadata'
  | 'metadata_mutable'
  | 'creators'
  | 'transfer_fee'
  | 'transfer_fee_upgradable'
  | 'transfer_hook'
  | 'transfer_hook_upgradable'
  | 'default_account_state'
  | 'default_account_state_upgradable'
  | 'balance_mutable_authority'
  | 'closable'
  | 'transfer_pausable'
  | 'unmeasurable_fields';
/** Fields with evidence: all but the list of what the scan cannot reach, which is no fact. */
export type SolanaEvidenceField = Exclude<SolanaReportField, 'unmeasurable_fields'>;

/**
 * What this analyzer cannot measure for any mint: the holder count (no holder index), the
 * creators' malicious-address verdicts (no such list), pools and LP holders (no Solana pool
 * indexer yet).
 */
export const SOLANA_UNMEASURABLE_FIELDS = [
  'holder_count',
  'creators',
  'dexDetails',
  'lp_holders',
] as const satisfies readonly SecurityReportField[];

/**
 * Why a field has its value: the account and what it says. The shapes are those of core's
 * evidence schema (`read`, `checked`, `not-measured`), so a scan stores them as they are.
 */
export type SolanaEvidence =
  | { kind: 'read'; address: string; call: string; value: string }
  | { kind: 'checked'; address: string; detail: string }
  | { kind: 'not-measured'; reason: 'no-holder-index' | 'not-answered'; detail?: string };

/** What the mint is beyond the report: its program and extensions (for the record and tests). */
export interface SolanaTokenFacts {
  token_program: TokenProgramName;
  /** Every extension of the mint by its Token-2022 name, in account order. */
  extensions: string[];
}

export interface SolanaTokenAnalysis {
  mint: Address;
  /** The slot the mint and its metadata were read at (one call). */
  slot: bigint;
  decimals: number;
  fields: Pick<SecurityReport, SolanaReportField>;
  solana: SolanaTokenFacts;
  evidence: Partial<Record<SolanaEvidenceField, SolanaEvidence[]>>;
}

export interface AnalyzeSolanaTokenOptions {
  /** Default `confirmed`: recent, and not rolled back in practice. */
  commitment?: Commitment;
  /** Stops the RPC calls (the caller's time budget). */
  abortSignal?: AbortSignal;
}

const addressEncoder = getAddressEncoder();
const base64Encoder = getBase64Encoder();
/** Shares are kept to six decimals (0.000001 of the supply). */
const SHARE_SCALE = 1_000_000n;

/** The Metaplex `Metadata` account of a mint: PDA of `["metadata", program, mint]`. */
export async function metaplexMetadataAddress(mint: Address): Promise<Address> {
  const [pda] = await getProgramDerivedAddress({
    programAddress: METAPLEX_METADATA_PROGRAM,
    seeds: [
      'metadata',
      addressEncoder.encode(METAPLEX_METADATA_PROGRAM),
      addressEncoder.encode(mint),
    ],
  });
  return pda;
}

async function rpcCall<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    throw new ChainUnavailableError(error);
  }
}

const flagged = (value: Address): FlaggedAddress => ({ address: value, malicious_address: null });
const authorityOf = (value: Address | null | undefined): Authority =>
  value ? { status: 1, authority: [flagged(value)] } : { status: 0, authority: [] };
const bit = (value: boolean): 0 | 1 => (value ? 1 : 0);
const feeRate = (basisPoints: number) => basisPoints / 10_000;

/**
 * Judges the mint at `mintAddress` from its accounts. Throws InvalidSolanaAddressError for text
 * that is not an address, NoSolanaAccountError when nothing lives there, NotATokenMintError for
 * any other account, and ChainUnavailableError when the node cannot be read. A failed holder
 * list only leaves `holders` unknown.
 */
export async function analyzeSolanaToken(
  rpc: Rpc<SolanaRpcApi>,
  mintAddress: string,
  options: AnalyzeSolanaTokenOptions = {},
): Promise<SolanaTokenAnalysis> {
  if (!isAddress(mintAddress)) throw new InvalidSolanaAddressError();
  const mint = address(mintAddress);
  const commitment = options.commitment ?? 'confirmed';
  const send = { ...(options.abortSignal ? { abortSignal: options.abortSignal } : {}) };
  const evidence: SolanaTokenAnalysis['evidence'] = {};
  const add = (field: SolanaEvidenceField, ...items: SolanaEvidence[]) => {
    (evidence[field] ??= []).push(...items);
  };
  const { slot, decoded, powers } = await readMintPowers(rpc, mint, commitment, send, add);
  const holders = await readHolders(rpc, decoded, mint, slot, commitment, send, add);
  add('holder_count', {
    kind: 'not-measured',
    reason: 'no-holder-index',
    detail: 'the largest 20 accounts were read, not every account',
  });
  add('total_supply', {
    kind: 'read',
    address: mint,
    call: 'supply',
    value: `${decoded.supply} base units, ${decoded.decimals} decimals`,
  });

  return {
    mint,
    slot,
    decimals: decoded.decimals,
    fields: {
      total_supply: formatUnits(decoded.supply, decoded.decimals),
      holder_count: null,
      holders,
      ...powers,
      unmeasurable_fields: [...SOLANA_UNMEASURABLE_FIELDS],
    },
    solana: {
      token_program: decoded.program,
      extensions: decoded.extensions.map((extension) =>
        extension.type === 'Other' ? extension.name : extension.type,
      ),
    },
    evidence,
  };
}

type AddEvidence = (field: SolanaEvidenceField, ...items: SolanaEvidence[]) => void;

/**
 * What only the mint's authorities can change, read at one slot: the mint and freeze
 * authorities, the Token-2022 extensions and the metadata (one read of the mint and its Metaplex
 * account, plus the epoch for a scheduled fee).
 */
async function readMintPowers(
  rpc: Rpc<SolanaRpcApi>,
  mint: Address,
  commitment: Commitment,
  send: { abortSignal?: AbortSignal },
  add: AddEvidence,
) {
  const metaplexAddress = await metaplexMetadataAddress(mint);
  const read = await rpcCall(() =>
    rpc.getMultipleAccounts([mint, metaplexAddress], { encoding: 'base64', commitment }).send(send),
  );
  const slot = read.context.slot;
  const [mintAccount, metaplexAccount] = read.value;
  if (!mintAccount) throw new NoSolanaAccountError();
  const decoded = decodeMintAccount(mintAccount.owner, bytesOf(mintAccount.data));
  if (!decoded) throw new NotATokenMintError();

  const feeConfig = mintExtension(decoded, 'TransferFeeConfig');
  const epoch = feeConfig
    ? (await rpcCall(() => rpc.getEpochInfo({ commitment }).send(send))).epoch
    : 0n;
  const metaplex =
    metaplexAccount?.owner === METAPLEX_METADATA_PROGRAM
      ? decodeMetaplexMetadata(bytesOf(metaplexAccount.data))
      : undefined;
  const powers = {
    ...judgeAuthorities(decoded, mint, add),
    ...judgeExtensions(decoded, mint, epoch, feeConfig, add),
    ...judgeMetadata(
      decoded,
      mint,
      metaplexAddress,
      metaplex?.mint === mint ? metaplex : undefined,
      add,
    ),
  };
  return { slot, decoded, powers };
}

function judgeAuthorities(decoded: DecodedMint, mint: Address, add: AddEvidence) {
  add('mintable', {
    kind: 'read',
    address: mint,
    call: 'mint authority',
    value: decoded.mintAuthority ?? 'none (revoked: the supply is fixed)',
  });
  add('freezable', {
    kind: 'read',
    address: mint,
    call: 'freeze authority',
    value: decoded.freezeAuthority ?? 'none (no account can be frozen)',
  });
  return {
    mintable: authorityOf(decoded.mintAuthority),
    freezable: authorityOf(decoded.freezeAuthority),
  };
}

function judgeExtensions(
  decoded: DecodedMint,
  mint: Address,
  epoch: bigint,
  feeConfig: ReturnType<typeof mintExtension<'TransferFeeConfig'>>,
  add: AddEvidence,
) {
  const none = (field: SolanaEvidenceField, what: string) =>
    add(field, {
      kind: 'checked',
      address: mint,
      detail:
        decoded.program === 'spl-token'
          ? `${what}: a classic SPL Token mint has no extensions`
          : `${what}: the mint has no such Token-2022 extension, and none can be added`,
    });
  /** The authority field of an extension, with what it reads, or its absence. */
  const authority = (
    field: SolanaEvidenceField,
    present: boolean,
    call: string,
    holder: Address | null | undefined,
    fixed: string,
    absent: string,
  ): Authority => {
    if (present) add(field, { kind: 'read', address: mint, call, value: holder ?? fixed });
    else none(field, absent);
    return authorityOf(present ? holder : null);
  };

  // GoPlus's `{}` for a mint without a fee: known, and nothing charged.
  let transferFee: TransferFee = { current_fee_rate: null, scheduled_fee_rate: [] };
  if (feeConfig) {
    const current = transferFeeAt(feeConfig, epoch);
    const later = feeConfig.newer.epoch > epoch ? [feeConfig.newer] : [];
    transferFee = {
      current_fee_rate: {
        fee_rate: feeRate(current.basisPoints),
        maximum_fee: current.maximumFee.toString(),
      },
      scheduled_fee_rate: later
        .filter(
          (fee) => fee.basisPoints !== current.basisPoints || fee.maximumFee !== current.maximumFee,
        )
        .map((fee) => ({
          epoch: fee.epoch.toString(),
          fee_rate: feeRate(fee.basisPoints),
          maximum_fee: fee.maximumFee.toString(),
        })),
    };
    add('transfer_fee', {
      kind: 'read',
      address: mint,
      call: 'transfer fee (Token-2022)',
      value: `${current.basisPoints} basis points of every transfer, at most ${current.maximumFee} base units each, in force at epoch ${epoch}`,
    });
    for (const fee of transferFee.scheduled_fee_rate) {
      add('transfer_fee', {
        kind: 'read',
        address: mint,
        call: 'scheduled transfer fee (Token-2022)',
        value: `${Math.round(fee.fee_rate * 10_000)} basis points from epoch ${fee.epoch}`,
      });
    }
  } else {
    none('transfer_fee', 'no transfer fee');
  }
  const transferFeeUpgradable = authority(
    'transfer_fee_upgradable',
    feeConfig !== undefined,
    'transfer fee config authority',
    feeConfig?.configAuthority,
    'none (the fee is fixed)',
    'no transfer fee to change',
  );

  const nonTransferable = mintExtension(decoded, 'NonTransferable') !== undefined;
  if (nonTransferable) {
    add('non_transferable', {
      kind: 'read',
      address: mint,
      call: 'non-transferable extension (Token-2022)',
      value: 'present: holders can never move their tokens',
    });
  } else {
    none('non_transferable', 'transferable');
  }

  const delegateExtension = mintExtension(decoded, 'PermanentDelegate');
  const delegate = delegateExtension?.delegate ?? null;
  if (delegateExtension) {
    add('balance_mutable_authority', {
      kind: 'read',
      address: mint,
      call: 'permanent delegate (Token-2022)',
      value: delegate
        ? `${delegate}, which can transfer or burn any holder's tokens`
        : 'none (nobody can move holders’ tokens)',
    });
  } else {
    none('balance_mutable_authority', 'no permanent delegate');
  }

  const hook = mintExtension(decoded, 'TransferHook');
  if (hook?.programId) {
    add('transfer_hook', {
      kind: 'read',
      address: mint,
      call: 'transfer hook program (Token-2022)',
      value: `${hook.programId}, run on every transfer`,
    });
  } else if (hook) {
    add('transfer_hook', {
      kind: 'read',
      address: mint,
      call: 'transfer hook program (Token-2022)',
      value: 'none for now',
    });
  } else {
    none('transfer_hook', 'no transfer hook');
  }
  const transferHookUpgradable = authority(
    'transfer_hook_upgradable',
    hook !== undefined,
    'transfer hook authority (Token-2022)',
    hook?.authority,
    'none (the hook is fixed)',
    'no transfer hook to change',
  );

  const defaultState = mintExtension(decoded, 'DefaultAccountState');
  const defaultFrozen = defaultState?.state === 2;
  if (defaultState) {
    add('default_account_state', {
      kind: 'read',
      address: mint,
      call: 'default account state (Token-2022)',
      value: defaultFrozen
        ? 'frozen: new token accounts start frozen until the freeze authority thaws them'
        : 'initialized',
    });
  } else {
    none('default_account_state', 'new accounts start initialized');
  }
  // With the extension, the freeze authority may change the default state.
  const defaultStateUpgradable = authority(
    'default_account_state_upgradable',
    defaultState !== undefined,
    'freeze authority (it sets the default account state)',
    decoded.freezeAuthority,
    'none (the default is fixed)',
    'no default account state to change',
  );

  const closeExtension = mintExtension(decoded, 'MintCloseAuthority');
  const closable = authority(
    'closable',
    closeExtension !== undefined,
    'mint close authority (Token-2022)',
    closeExtension?.authority,
    'none (the mint cannot be closed)',
    'no mint close authority',
  );

  const pausable = mintExtension(decoded, 'Pausable');
  if (pausable) {
    add('transfer_pausable', {
      kind: 'read',
      address: mint,
      call: 'pausable (Token-2022)',
      value: `${pausable.paused ? 'paused now' : 'not paused'}; authority ${pausable.authority ?? 'none'}`,
    });
  } else {
    none('transfer_pausable', 'not pausable');
  }

  return {
    non_transferable: bit(nonTransferable),
    transfer_fee: transferFee,
    transfer_fee_upgradable: transferFeeUpgradable,
    transfer_hook: hook?.programId ? [flagged(hook.programId)] : [],
    transfer_hook_upgradable: transferHookUpgradable,
    default_account_state: defaultFrozen ? 2 : 1,
    default_account_state_upgradable: defaultStateUpgradable,
    balance_mutable_authority: authorityOf(delegate),
    closable,
    transfer_pausable: bit(Boolean(pausable && (pausable.paused || pausable.authority))),
  } satisfies Partial<Pick<SecurityReport, SolanaReportField>>;
}

/**
 * Token-2022 metadata when the mint's metadata pointer names the mint itself; else Metaplex.
 * A pointer to a third account is not followed (its layout is the pointed program's own).
 */
function judgeMetadata(
  decoded: DecodedMint,
  mint: Address,
  metaplexAddress: Address,
  metaplex: MetaplexMetadata | undefined,
  add: AddEvidence,
): Pick<SecurityReport, 'metadata' | 'creators' | 'metadata_mutable'> {
  const pointer = mintExtension(decoded, 'MetadataPointer');
  const inline = mintExtension(decoded, 'TokenMetadata')?.metadata;
  let source: { fields: TokenMetadataFields; at: Address; mutable: boolean; kind: string } | null =
    null;
  if (inline && pointer?.metadataAddress === mint) {
    source = {
      fields: inline,
      at: mint,
      mutable: inline.updateAuthority !== null,
      kind: 'Token-2022 metadata',
    };
  } else if (metaplex) {
    source = {
      fields: metaplex,
      at: metaplexAddress,
      mutable: metaplex.isMutable,
      kind: 'Metaplex metadata',
    };
  }
  if (pointer?.metadataAddress && pointer.metadataAddress !== mint) {
    add('metadata', {
      kind: 'checked',
      address: mint,
      detail: `the metadata pointer names ${pointer.metadataAddress}, which is not read`,
    });
  }
  if (!source) {
    add('metadata', {
      kind: 'checked',
      address: metaplexAddress,
      detail: 'no Metaplex metadata account and no Token-2022 metadata: the token has no name',
    });
    add('creators', {
      kind: 'checked',
      address: metaplexAddress,
      detail: 'no metadata, no creators',
    });
    add('metadata_mutable', {
      kind: 'checked',
      address: metaplexAddress,
      detail: 'no metadata to change',
    });
    return { metadata: null, creators: null, metadata_mutable: null };
  }

  const { fields, at, mutable, kind } = source;
  const updateAuthority = fields.updateAuthority;
  const changeable = mutable && updateAuthority !== null;
  add('metadata_mutable', {
    kind: 'read',
    address: at,
    call: `${kind} update authority`,
    value: changeable
      ? `${updateAuthority}, which can change the name, symbol and URI`
      : 'none (immutable)',
  });
  add('metadata', {
    kind: 'read',
    address: at,
    call: kind,
    value: `name "${fields.name}", symbol "${fields.symbol}"; ${
      mutable && updateAuthority
        ? `mutable: ${updateAuthority} can change it`
        : 'immutable: nobody can change it'
    }`,
  });
  let creators: FlaggedAddress[] | null = null;
  if (metaplex && at === metaplexAddress) {
    creators = (metaplex.creators ?? []).map((creator) => flagged(creator.address));
    add('creators', {
      kind: 'read',
      address: at,
      call: 'Metaplex creators',
      value:
        metaplex.creators && metaplex.creators.length > 0
          ? metaplex.creators
              .map(
                (creator) =>
                  `${creator.address} (${creator.verified ? 'verified' : 'unverified'}, ${creator.share} %)`,
              )
              .join(', ')
          : 'none declared',
    });
  } else {
    add('creators', {
      kind: 'checked',
      address: at,
      detail: 'Token-2022 metadata declares no creators',
    });
  }
  return {
    metadata: { name: fields.name, symbol: fields.symbol, description: null, uri: fields.uri },
    creators,
    metadata_mutable: {
      status: bit(changeable),
      metadata_upgrade_authority: changeable && updateAuthority ? [flagged(updateAuthority)] : [],
    },
  };
}

/** The largest holders by owner wallet, from the largest token accounts. */
async function readHolders(
  rpc: Rpc<SolanaRpcApi>,
  decoded: DecodedMint,
  mint: Address,
  slot: bigint,
  commitment: Commitment,
  send: { abortSignal?: AbortSignal },
  add: AddEvidence,
): Promise<Holder[] | null> {
  let largest: { address: Address; amount: bigint }[];
  let owners: (Address | undefined)[];
  try {
    const answer = await rpc.getTokenLargestAccounts(mint, { commitment }).send(send);
    largest = answer.value
      .map((entry) => ({ address: entry.address, amount: BigInt(entry.amount) }))
      .filter((entry) => entry.amount > 0n);
    const accounts =
      largest.length === 0
        ? { value: [] }
        : await rpc
            .getMultipleAccounts(
              largest.map((entry) => entry.address),
              { encoding: 'base64', commitment, minContextSlot: slot },
            )
            .send(send);
    owners = accounts.value.map((account) =>
      account ? tokenAccountOwner(account.owner, bytesOf(account.data)) : undefined,
    );
  } catch (error) {
    if (send.abortSignal?.aborted) throw new ChainUnavailableError(error);
    // Some public RPCs refuse getTokenLargestAccounts for the biggest mints: holders stay unknown.
    add('holders', {
      kind: 'not-measured',
      reason: 'not-answered',
      detail: 'getTokenLargestAccounts',
    });
    return null;
  }

  const holders = largest.map((entry, index): Holder => {
    const share =
      decoded.supply === 0n ? null : Number((entry.amount * SHARE_SCALE) / decoded.supply) / 1e6;
    return {
      address: owners[index] ?? entry.address,
      tag: null,
      is_contract: null,
      balance: formatUnits(entry.amount, decoded.decimals),
      percent: share === null ? null : Math.min(1, share),
      is_locked: null,
    };
  });
  const top = largest[0];
  add('holders', {
    kind: 'read',
    address: mint,
    call: 'getTokenLargestAccounts',
    value: top
      ? `${largest.length} accounts hold tokens among the largest 20; the largest, ${top.address} of ${
          owners[0] ?? 'an unknown owner'
        }, holds ${top.amount} of ${decoded.supply} base units`
      : 'no account holds any',
  });
  return holders;
}

function bytesOf(data: readonly [string, 'base64'] | readonly [string, string]): Uint8Array {
  return new Uint8Array(base64Encoder.encode(data[0]));
}

/** How the analyzer reaches a Solana cluster: the wallet's chain access fits (`WalletChains`). */
export interface SolanaChainReader {
  solana(chainId: number): { rpc: Rpc<SolanaRpcApi> } | undefined;
}

/**
 * `analyzeSolanaToken` behind the per-family analyzer interface of `TokenScans`. The report is
 * the analysis's fields over an all-unknown report; the program and extension names (`solana`)
 * are not stored, what they mean is in the fields and their evidence.
 */
export class SolanaTokenAnalyzer implements TokenAnalyzer {
  readonly family = 'solana' as const;

  constructor(
    private readonly chains: SolanaChainReader,
    private readonly options: AnalyzeSolanaTokenOptions = {},
  ) {}

  async analyze(chainId: number, address: string): Promise<TokenScanResult> {
    const access = this.chains.solana(chainId);
    if (!access) throw new ChainNotScannableError();
    const analysis = await analyzeSolanaToken(access.rpc, address, this.options);
    const metadata = analysis.fields.metadata;
    return {
      chainId,
      address: analysis.mint,
      name: metadata?.name || null,
      symbol: metadata?.symbol || null,
      decimals: analysis.decimals,
      blockNumber: analysis.slot,
      blockHash: null,
      report: { ...emptySecurityReport(), ...analysis.fields },
      evidence: analysis.evidence satisfies ScanEvidence,
    };
  }

  /**
   * A Solana mint emits no events; what its authorities can do is written in its accounts. So
   * the powers are read again and compared with the stored report's: an authority moved or
   * revoked, a fee or default state changed, metadata rewritten, or the supply raised (only the
   * mint authority can) is the owner-only event. Undefined without a report to compare with.
   */
  async ownerEventSince(
    chainId: number,
    mintAddress: string,
    slot: bigint,
    report?: SecurityReport,
  ): Promise<{ event: string; blockNumber: bigint } | undefined> {
    const access = this.chains.solana(chainId);
    if (!access || !report || !isAddress(mintAddress)) return undefined;
    const now = await readMintPowers(
      access.rpc,
      address(mintAddress),
      this.options.commitment ?? 'confirmed',
      {},
      () => undefined,
    );
    if (now.slot <= slot) return undefined;
    // Through JSON both sides: the stored report is; key order does not matter to the compare.
    const plain = (value: unknown) => JSON.parse(JSON.stringify(value ?? null)) as unknown;
    for (const [field, value] of Object.entries(now.powers)) {
      if (!isDeepStrictEqual(plain(value), plain(report[field as keyof SecurityReport])))
        return { event: `${field} changed`, blockNumber: now.slot };
    }
    const before =
      report.total_supply === null ? null : parseUnits(report.total_supply, now.decoded.decimals);
    if (before !== null && now.decoded.supply > before)
      return { event: 'supply raised', blockNumber: now.slot };
    return undefined;
  }
}
