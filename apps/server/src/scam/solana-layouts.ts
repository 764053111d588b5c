import { getAddressDecoder, isSome, type Address } from '@solana/kit';
import { getMintDecoder, getMintSize, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';

/**
 * Byte layouts of the Solana accounts the analyzer reads, decoded by hand: the Token and
 * Token-2022 mint with its extensions (a TLV list after the base mint), and the first fields of
 * Metaplex's `Metadata` account.
 *
 * Why by hand: `@solana-program/token-2022` has these decoders, but its releases require
 * `@solana/kit` 7 (we run 8) and bring the confidential-transfer proof libraries; and
 * `@metaplex-foundation/mpl-token-metadata` needs the Umi framework, a second Solana client
 * beside kit, for one account read. The layouts are fixed and documented by the programs; the
 * analyzer tests read mints and metadata that the real Token-2022 program wrote on LiteSVM.
 * Everything here is pure: bytes in, facts out; `undefined` when the bytes are not that account.
 */

export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address;
export const METAPLEX_METADATA_PROGRAM = 'metaqbxxUerdq28cj1RbAWkYQm3ybzjb6a8bt518x1s' as Address;

export type TokenProgramName = 'spl-token' | 'spl-token-2022';

/** A fee of the Token-2022 transfer-fee extension, applying from `epoch`. */
export interface TransferFee {
  epoch: bigint;
  maximumFee: bigint;
  basisPoints: number;
}

/** The mint extensions the analyzer judges; any other is listed by name only. */
export type MintExtension =
  | {
      type: 'TransferFeeConfig';
      configAuthority: Address | null;
      withdrawAuthority: Address | null;
      withheldAmount: bigint;
      older: TransferFee;
      newer: TransferFee;
    }
  | { type: 'MintCloseAuthority'; authority: Address | null }
  | { type: 'DefaultAccountState'; state: number }
  | { type: 'NonTransferable' }
  | { type: 'PermanentDelegate'; delegate: Address | null }
  | { type: 'TransferHook'; authority: Address | null; programId: Address | null }
  | { type: 'MetadataPointer'; authority: Address | null; metadataAddress: Address | null }
  | { type: 'TokenMetadata'; metadata: TokenMetadataFields }
  | { type: 'Pausable'; authority: Address | null; paused: boolean }
  | { type: 'Other'; name: string };

/** Metadata as both Metaplex and the Token-2022 metadata extension keep it. */
export interface TokenMetadataFields {
  /** Null when nobody can update it. */
  updateAuthority: Address | null;
  mint: Address;
  name: string;
  symbol: string;
  uri: string;
}

export interface DecodedMint {
  program: TokenProgramName;
  mintAuthority: Address | null;
  supply: bigint;
  decimals: number;
  freezeAuthority: Address | null;
  /** Token-2022 extensions in account order; empty for the classic program. */
  extensions: MintExtension[];
}

/** spl-token-2022 `ExtensionType` names by number (account-only types included for the record). */
const EXTENSION_NAMES: readonly string[] = [
  'Uninitialized',
  'TransferFeeConfig',
  'TransferFeeAmount',
  'MintCloseAuthority',
  'ConfidentialTransferMint',
  'ConfidentialTransferAccount',
  'DefaultAccountState',
  'ImmutableOwner',
  'MemoTransfer',
  'NonTransferable',
  'InterestBearingConfig',
  'CpiGuard',
  'PermanentDelegate',
  'NonTransferableAccount',
  'TransferHook',
  'TransferHookAccount',
  'ConfidentialTransferFeeConfig',
  'ConfidentialTransferFeeAmount',
  'MetadataPointer',
  'TokenMetadata',
  'GroupPointer',
  'TokenGroup',
  'GroupMemberPointer',
  'TokenGroupMember',
  'ConfidentialMintBurn',
  'ScaledUiAmount',
  'Pausable',
  'PausableAccount',
];

const MINT_SIZE = getMintSize(); // 82
/** Token-2022 pads an extended mint to the token-account size (165), then one account-type byte. */
const ACCOUNT_TYPE_OFFSET = 165;
const ACCOUNT_TYPE_MINT = 1;
const ACCOUNT_TYPE_ACCOUNT = 2;
const TOKEN_ACCOUNT_SIZE = 165;
const TLV_START = ACCOUNT_TYPE_OFFSET + 1;

const mintDecoder = getMintDecoder();
const addressDecoder = getAddressDecoder();

/** A cursor over bytes that throws on reading past the end (caught by the decoders). */
class Reader {
  private view: DataView;
  constructor(
    private readonly bytes: Uint8Array,
    public offset = 0,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  private need(length: number): void {
    if (this.offset + length > this.bytes.length) throw new RangeError('account data too short');
  }
  u8(): number {
    this.need(1);
    return this.view.getUint8(this.offset++);
  }
  u16(): number {
    this.need(2);
    const value = this.view.getUint16(this.offset, true);
    this.offset += 2;
    return value;
  }
  u32(): number {
    this.need(4);
    const value = this.view.getUint32(this.offset, true);
    this.offset += 4;
    return value;
  }
  u64(): bigint {
    this.need(8);
    const value = this.view.getBigUint64(this.offset, true);
    this.offset += 8;
    return value;
  }
  bool(): boolean {
    return this.u8() !== 0;
  }
  address(): Address {
    this.need(32);
    const value = addressDecoder.decode(this.bytes, this.offset);
    this.offset += 32;
    return value;
  }
  /** Token-2022's `OptionalNonZeroPubkey`: 32 bytes, all zero for none. */
  optionalAddress(): Address | null {
    this.need(32);
    const zero = this.bytes.subarray(this.offset, this.offset + 32).every((byte) => byte === 0);
    const value = this.address();
    return zero ? null : value;
  }
  /** A Borsh string (u32 length, UTF-8), bounded so a corrupt length cannot ask for gigabytes. */
  string(max = 1_024): string {
    const length = this.u32();
    if (length > max) throw new RangeError('string too long');
    this.need(length);
    const text = Buffer.from(this.bytes.subarray(this.offset, this.offset + length)).toString(
      'utf8',
    );
    this.offset += length;
    return text;
  }
}

/** Metaplex pads name, symbol and URI with NUL bytes to fixed sizes. */
const unpad = (text: string) => text.replace(/\0+$/, '').trim();

/**
 * The mint in an account of the Token or Token-2022 program, or `undefined` when the account is
 * something else (a token account, a multisig, another program's, an uninitialised mint).
 */
export function decodeMintAccount(owner: string, data: Uint8Array): DecodedMint | undefined {
  let program: TokenProgramName;
  if (owner === TOKEN_PROGRAM_ADDRESS) {
    if (data.length !== MINT_SIZE) return undefined;
    program = 'spl-token';
  } else if (owner === TOKEN_2022_PROGRAM) {
    const extended =
      data.length > ACCOUNT_TYPE_OFFSET && data[ACCOUNT_TYPE_OFFSET] === ACCOUNT_TYPE_MINT;
    if (data.length !== MINT_SIZE && !extended) return undefined;
    program = 'spl-token-2022';
  } else {
    return undefined;
  }
  const base = mintDecoder.decode(data.subarray(0, MINT_SIZE));
  if (!base.isInitialized) return undefined;
  return {
    program,
    mintAuthority: isSome(base.mintAuthority) ? base.mintAuthority.value : null,
    supply: base.supply,
    decimals: base.decimals,
    freezeAuthority: isSome(base.freezeAuthority) ? base.freezeAuthority.value : null,
    extensions: data.length > MINT_SIZE ? decodeMintExtensions(data) : [],
  };
}

/**
 * The TLV entries after an extended mint (u16 type, u16 length, value). Unused space is zeros,
 * read as type 0, where the list ends; an entry running past the data ends it too (what came
 * before is kept: the program never writes such an entry).
 */
export function decodeMintExtensions(data: Uint8Array): MintExtension[] {
  const extensions: MintExtension[] = [];
  let offset = TLV_START;
  while (offset + 4 <= data.length) {
    const header = new Reader(data, offset);
    const type = header.u16();
    const length = header.u16();
    if (type === 0) break;
    const start = offset + 4;
    if (start + length > data.length) break;
    const value = data.subarray(start, start + length);
    try {
      extensions.push(decodeExtension(type, value));
    } catch {
      extensions.push({ type: 'Other', name: `${extensionName(type)} (unreadable)` });
    }
    offset = start + length;
  }
  return extensions;
}

function extensionName(type: number): string {
  return EXTENSION_NAMES[type] ?? `Extension ${type}`;
}

function decodeExtension(type: number, value: Uint8Array): MintExtension {
  const read = new Reader(value);
  const fee = (): TransferFee => ({
    epoch: read.u64(),
    maximumFee: read.u64(),
    basisPoints: read.u16(),
  });
  switch (extensionName(type)) {
    case 'TransferFeeConfig':
      return {
        type: 'TransferFeeConfig',
        configAuthority: read.optionalAddress(),
        withdrawAuthority: read.optionalAddress(),
        withheldAmount: read.u64(),
        older: fee(),
        newer: fee(),
      };
    case 'MintCloseAuthority':
      return { type: 'MintCloseAuthority', authority: read.optionalAddress() };
    case 'DefaultAccountState':
      return { type: 'DefaultAccountState', state: read.u8() };
    case 'NonTransferable':
      return { type: 'NonTransferable' };
    case 'PermanentDelegate':
      return { type: 'PermanentDelegate', delegate: read.optionalAddress() };
    case 'TransferHook':
      return {
        type: 'TransferHook',
        authority: read.optionalAddress(),
        programId: read.optionalAddress(),
      };
    case 'MetadataPointer':
      return {
        type: 'MetadataPointer',
        authority: read.optionalAddress(),
        metadataAddress: read.optionalAddress(),
      };
    case 'TokenMetadata':
      return {
        type: 'TokenMetadata',
        metadata: {
          updateAuthority: read.optionalAddress(),
          mint: read.address(),
          name: read.string(),
          symbol: read.string(),
          uri: read.string(),
        },
      };
    case 'Pausable':
      return { type: 'Pausable', authority: read.optionalAddress(), paused: read.bool() };
    default:
      return { type: 'Other', name: extensionName(type) };
  }
}

/** The extension of `type` in a decoded mint, typed. */
export function mintExtension<T extends MintExtension['type']>(
  mint: DecodedMint,
  type: T,
): Extract<MintExtension, { type: T }> | undefined {
  return mint.extensions.find((extension) => extension.type === type) as
    Extract<MintExtension, { type: T }> | undefined;
}

/** The fee in force at `epoch`: the newer one once its epoch has come (as the program picks it). */
export function transferFeeAt(
  config: Extract<MintExtension, { type: 'TransferFeeConfig' }>,
  epoch: bigint,
): TransferFee {
  return epoch >= config.newer.epoch ? config.newer : config.older;
}

/** Metaplex `Metadata`: its first fields, which hold all the analyzer reads. */
export interface MetaplexMetadata extends TokenMetadataFields {
  updateAuthority: Address;
  sellerFeeBasisPoints: number;
  /** Null when the metadata declares no creator list. */
  creators: { address: Address; verified: boolean; share: number }[] | null;
  primarySaleHappened: boolean;
  /** The update authority can still change name, symbol, URI and creators. */
  isMutable: boolean;
}

const METAPLEX_KEY_METADATA_V1 = 4;

/** A Metaplex `Metadata` account's data, or `undefined` when it is not one. */
export function decodeMetaplexMetadata(data: Uint8Array): MetaplexMetadata | undefined {
  try {
    const read = new Reader(data);
    if (read.u8() !== METAPLEX_KEY_METADATA_V1) return undefined;
    const updateAuthority = read.address();
    const mint = read.address();
    const name = unpad(read.string(64));
    const symbol = unpad(read.string(32));
    const uri = unpad(read.string(400));
    const sellerFeeBasisPoints = read.u16();
    let creators: MetaplexMetadata['creators'] = null;
    if (read.bool()) {
      const count = read.u32();
      if (count > 5) return undefined; // Metaplex allows at most 5 creators.
      creators = [];
      for (let index = 0; index < count; index += 1) {
        creators.push({ address: read.address(), verified: read.bool(), share: read.u8() });
      }
    }
    const primarySaleHappened = read.bool();
    const isMutable = read.bool();
    return {
      updateAuthority,
      mint,
      name,
      symbol,
      uri,
      sellerFeeBasisPoints,
      creators,
      primarySaleHappened,
      isMutable,
    };
  } catch {
    return undefined;
  }
}

/** The owner of a Token or Token-2022 token account (bytes 32-64), or `undefined`. */
export function tokenAccountOwner(owner: string, data: Uint8Array): Address | undefined {
  const classic = owner === TOKEN_PROGRAM_ADDRESS && data.length === TOKEN_ACCOUNT_SIZE;
  const extended =
    owner === TOKEN_2022_PROGRAM &&
    (data.length === TOKEN_ACCOUNT_SIZE ||
      (data.length > TOKEN_ACCOUNT_SIZE && data[ACCOUNT_TYPE_OFFSET] === ACCOUNT_TYPE_ACCOUNT));
  return classic || extended ? new Reader(data, 32).address() : undefined;
}
