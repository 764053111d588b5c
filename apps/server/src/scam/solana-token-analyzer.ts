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
  type Flag,
  type Holder,
  type ScanEvidence,
  type SecurityReport,
  type TokenMetadata,
} from '@vaultscope/core';
import { formatUnits } from 'viem';
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
 * Report fields (core's `securityReportSchema`, GoPlus-shaped): the Solana ones (`mintable`,
 * `freezable`, `non_transferable`, `metadata`, `creators`, `holders`, `total_supply`), and the
 * general ones whose meaning a Token-2022 extension has exactly:
 * - transfer fee → `buy_tax` and `sell_tax` (a fee on every transfer taxes buys and sells alike);
 *   its authority → `slippage_modifiable` (the fee can be changed);
 * - permanent delegate → `owner_change_balance` (it moves or burns anyone's tokens);
 * - transfer hook → `external_call` (every transfer runs the hook program);
 * - default account state frozen → `is_whitelisted` (only accounts the freeze authority thaws
 *   can trade);
 * - pausable → `transfer_pausable`.
 * A mint without an extension has `0` there: Token-2022 fixes a mint's extensions when it is
 * created, so none can be added later. GoPlus's Solana fields that core's report has no place
 * for yet (`transfer_fee`, `metadata_mutable`, `default_account_state`, …) are in `solana`.
 *
 * Left `null` (unknown): `holder_count` (counting every token account needs
 * `getProgramAccounts`, which public RPCs refuse for big mints), malicious-address verdicts
 * (no such list here), pools, LP holders and honeypot behaviour (no Solana pool indexer yet).
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
  | 'creators'
  | 'buy_tax'
  | 'sell_tax'
  | 'slippage_modifiable'
  | 'owner_change_balance'
  | 'external_call'
  | 'is_whitelisted'
  | 'transfer_pausable';

/**
 * Why a field has its value: the account and what it says. The shapes are those of core's
 * evidence schema (`read`, `checked`, `not-measured`), so a scan stores them as they are.
 */
export type SolanaEvidence =
  | { kind: 'read'; address: string; call: string; value: string }
  | { kind: 'checked'; address: string; detail: string }
  | { kind: 'not-measured'; reason: 'no-holder-index' | 'not-answered'; detail?: string };

/** GoPlus Solana fields that core's report lacks (see the report's design note): same names and meanings. */
export interface SolanaTokenFacts {
  token_program: TokenProgramName;
  /** Every extension of the mint by its Token-2022 name, in account order. */
  extensions: string[];
  /** The Token-2022 transfer fee, null without the extension; `fee_rate` a fraction. */
  transfer_fee: {
    current_fee_rate: { fee_rate: number; maximum_fee: string };
    /** A different fee already set to apply from a later epoch. */
    scheduled_fee_rate: { epoch: string; fee_rate: number; maximum_fee: string }[];
  } | null;
  transfer_fee_upgradable: Authority;
  /** The hook program, empty without one. */
  transfer_hook: FlaggedAddress[];
  transfer_hook_upgradable: Authority;
  /** State of new token accounts: 1 initialized, 2 frozen. */
  default_account_state: 1 | 2;
  /** Who can change that default (the freeze authority, with the extension). */
  default_account_state_upgradable: Authority;
  /** The permanent delegate: moves or burns any holder's tokens. */
  balance_mutable_authority: Authority;
  /** Who can close the mint (Token-2022 mint close authority). */
  closable: Authority;
  /** Null when the token has no metadata. */
  metadata_mutable: { status: Flag; metadata_upgrade_authority: FlaggedAddress[] } | null;
}

export interface SolanaTokenAnalysis {
  mint: Address;
  /** The slot the mint and its metadata were read at (one call). */
  slot: bigint;
  decimals: number;
  fields: Pick<SecurityReport, SolanaReportField>;
  solana: SolanaTokenFacts;
  evidence: Partial<Record<SolanaReportField, SolanaEvidence[]>>;
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
  const evidence: SolanaTokenAnalysis['evidence'] = {};
  const add = (field: SolanaReportField, ...items: SolanaEvidence[]) => {
    (evidence[field] ??= []).push(...items);
  };

  const authorities = judgeAuthorities(decoded, mint, add);
  const extensions = judgeExtensions(decoded, mint, epoch, feeConfig, add);
  const metadata = judgeMetadata(
    decoded,
    mint,
    metaplexAddress,
    metaplex?.mint === mint ? metaplex : undefined,
    add,
  );
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
      ...authorities,
      ...extensions.fields,
      ...metadata.fields,
    },
    solana: {
      token_program: decoded.program,
      extensions: decoded.extensions.map((extension) =>
        extension.type === 'Other' ? extension.name : extension.type,
      ),
      ...extensions.facts,
      metadata_mutable: metadata.mutable,
    },
    evidence,
  };
}

type AddEvidence = (field: SolanaReportField, ...items: SolanaEvidence[]) => void;

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
  const none = (field: SolanaReportField, what: string) =>
    add(field, {
      kind: 'checked',
      address: mint,
      detail:
        decoded.program === 'spl-token'
          ? `${what}: a classic SPL Token mint has no extensions`
          : `${what}: the mint has no such Token-2022 extension, and none can be added`,
    });

  let transferFee: SolanaTokenFacts['transfer_fee'] = null;
  let tax = 0;
  if (feeConfig) {
    const current = transferFeeAt(feeConfig, epoch);
    tax = feeRate(current.basisPoints);
    const later = feeConfig.newer.epoch > epoch ? [feeConfig.newer] : [];
    transferFee = {
      current_fee_rate: { fee_rate: tax, maximum_fee: current.maximumFee.toString() },
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
    const feeEvidence: SolanaEvidence = {
      kind: 'read',
      address: mint,
      call: 'transfer fee (Token-2022)',
      value: `${current.basisPoints} basis points of every transfer, at most ${current.maximumFee} base units each, in force at epoch ${epoch}`,
    };
    add('buy_tax', feeEvidence);
    add('sell_tax', feeEvidence);
    for (const fee of transferFee.scheduled_fee_rate) {
      const scheduled: SolanaEvidence = {
        kind: 'read',
        address: mint,
        call: 'scheduled transfer fee (Token-2022)',
        value: `${fee.fee_rate * 10_000} basis points from epoch ${fee.epoch}`,
      };
      add('buy_tax', scheduled);
      add('sell_tax', scheduled);
    }
    add('slippage_modifiable', {
      kind: 'read',
      address: mint,
      call: 'transfer fee config authority',
      value: feeConfig.configAuthority ?? 'none (the fee is fixed)',
    });
  } else {
    none('buy_tax', 'no transfer fee');
    none('sell_tax', 'no transfer fee');
    none('slippage_modifiable', 'no transfer fee to change');
  }

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

  const delegate = mintExtension(decoded, 'PermanentDelegate')?.delegate ?? null;
  if (delegate) {
    add('owner_change_balance', {
      kind: 'read',
      address: mint,
      call: 'permanent delegate (Token-2022)',
      value: `${delegate}, which can transfer or burn any holder's tokens`,
    });
  } else {
    none('owner_change_balance', 'no permanent delegate');
  }

  const hook = mintExtension(decoded, 'TransferHook');
  if (hook?.programId) {
    add('external_call', {
      kind: 'read',
      address: mint,
      call: 'transfer hook program (Token-2022)',
      value: `${hook.programId}, run on every transfer`,
    });
  } else if (hook) {
    add('external_call', {
      kind: 'read',
      address: mint,
      call: 'transfer hook program (Token-2022)',
      value: `none for now; ${hook.authority ?? 'nobody'} can set one`,
    });
  } else {
    none('external_call', 'no transfer hook');
  }

  const defaultState = mintExtension(decoded, 'DefaultAccountState');
  const defaultFrozen = defaultState?.state === 2;
  if (defaultState) {
    add('is_whitelisted', {
      kind: 'read',
      address: mint,
      call: 'default account state (Token-2022)',
      value: defaultFrozen
        ? 'frozen: new token accounts start frozen until the freeze authority thaws them'
        : 'initialized',
    });
  } else {
    none('is_whitelisted', 'new accounts start unfrozen');
  }

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

  const closeAuthority = mintExtension(decoded, 'MintCloseAuthority')?.authority ?? null;
  const facts = {
    transfer_fee: transferFee,
    transfer_fee_upgradable: authorityOf(feeConfig?.configAuthority),
    transfer_hook: hook?.programId ? [flagged(hook.programId)] : [],
    transfer_hook_upgradable: authorityOf(hook?.authority),
    default_account_state: defaultFrozen ? 2 : 1,
    default_account_state_upgradable: authorityOf(defaultState ? decoded.freezeAuthority : null),
    balance_mutable_authority: authorityOf(delegate),
    closable: authorityOf(closeAuthority),
  } satisfies Omit<SolanaTokenFacts, 'token_program' | 'extensions' | 'metadata_mutable'>;

  return {
    fields: {
      non_transferable: bit(nonTransferable),
      buy_tax: tax,
      sell_tax: tax,
      slippage_modifiable: bit(feeConfig?.configAuthority != null),
      owner_change_balance: bit(delegate !== null),
      external_call: bit(Boolean(hook?.programId)),
      is_whitelisted: bit(defaultFrozen),
      transfer_pausable: bit(Boolean(pausable && (pausable.paused || pausable.authority))),
    },
    facts,
  };
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
): {
  fields: { metadata: TokenMetadata | null; creators: FlaggedAddress[] | null };
  mutable: SolanaTokenFacts['metadata_mutable'];
} {
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
    return { fields: { metadata: null, creators: null }, mutable: null };
  }

  const { fields, at, mutable, kind } = source;
  const updateAuthority = fields.updateAuthority;
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
    fields: {
      metadata: { name: fields.name, symbol: fields.symbol, description: null, uri: fields.uri },
      creators,
    },
    mutable: {
      status: bit(mutable && updateAuthority !== null),
      metadata_upgrade_authority: mutable && updateAuthority ? [flagged(updateAuthority)] : [],
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
 * the analysis's fields over an all-unknown report; the GoPlus facts core's report has no place
 * for yet (`solana`) are not stored, but what they say is in the evidence of the fields they map
 * to (fee in `buy_tax`, mutability in `metadata`, default state in `is_whitelisted`).
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
}
