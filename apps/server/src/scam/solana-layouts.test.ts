import { generateKeyPairSigner, getAddressEncoder, type Address } from '@solana/kit';
import { encodeMetaplexMetadata } from '@vaultscope/devnet';
import { describe, expect, it } from 'vitest';
import {
  decodeMetaplexMetadata,
  decodeMintAccount,
  mintExtension,
  tokenAccountOwner,
  TOKEN_2022_PROGRAM,
  transferFeeAt,
} from './solana-layouts';

/**
 * The layouts the LiteSVM scenario mints do not reach (the Token-2022 metadata extension,
 * pausable mints, a fee change scheduled for a later epoch, damaged data), on bytes laid out
 * as the Token-2022 program documents them. The scenario mints themselves are read in
 * solana-token-analyzer.test.ts, from accounts the real program wrote.
 */

const encoder = getAddressEncoder();
const newAddress = async () => (await generateKeyPairSigner()).address;
const le = (value: bigint | number, bytes: number) => {
  const out = new Uint8Array(bytes);
  let rest = BigInt(value);
  for (let index = 0; index < bytes; index += 1) {
    out[index] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  return [...out];
};
const text = (value: string) => [...le(Buffer.byteLength(value), 4), ...Buffer.from(value)];
const entry = (type: number, value: number[]) => [...le(type, 2), ...le(value.length, 2), ...value];

/** A Token-2022 mint: base mint (82), padding to 165, account type 1, then TLV entries. */
function token2022Mint(mintAuthority: Address | null, entries: number[][]): Uint8Array {
  const base = [
    ...(mintAuthority ? [...le(1, 4), ...encoder.encode(mintAuthority)] : Array(36).fill(0)),
    ...le(1_000_000n, 8), // supply
    9, // decimals
    1, // initialized
    ...Array(36).fill(0), // no freeze authority
  ];
  return Uint8Array.from([...base, ...Array(165 - 82).fill(0), 1, ...entries.flat()]);
}

describe('Token-2022 mint layouts', () => {
  it('reads the metadata extension and the pointer that names the mint itself', async () => {
    const [mint, authority] = [await newAddress(), await newAddress()];
    const data = token2022Mint(authority, [
      entry(18, [...encoder.encode(authority), ...encoder.encode(mint)]),
      entry(19, [
        ...encoder.encode(authority),
        ...encoder.encode(mint),
        ...text('Inline'),
        ...text('INL'),
        ...text('https://example.invalid/inline.json'),
        ...le(0, 4), // no additional metadata
      ]),
    ]);
    const decoded = decodeMintAccount(TOKEN_2022_PROGRAM, data)!;
    expect(decoded).toMatchObject({
      program: 'spl-token-2022',
      mintAuthority: authority,
      decimals: 9,
    });
    expect(mintExtension(decoded, 'MetadataPointer')?.metadataAddress).toBe(mint);
    expect(mintExtension(decoded, 'TokenMetadata')?.metadata).toEqual({
      updateAuthority: authority,
      mint,
      name: 'Inline',
      symbol: 'INL',
      uri: 'https://example.invalid/inline.json',
    });
  });

  it('reads a pausable mint and a zero authority as none', async () => {
    const data = token2022Mint(null, [entry(26, [...Array(32).fill(0), 1])]);
    const decoded = decodeMintAccount(TOKEN_2022_PROGRAM, data)!;
    expect(decoded.mintAuthority).toBeNull();
    expect(mintExtension(decoded, 'Pausable')).toEqual({
      type: 'Pausable',
      authority: null,
      paused: true,
    });
  });

  it('applies a fee change from its epoch on, as the program does', async () => {
    const authority = await newAddress();
    const fee = (epoch: number, basisPoints: number) => [
      ...le(epoch, 8),
      ...le(10n ** 9n, 8),
      ...le(basisPoints, 2),
    ];
    const data = token2022Mint(null, [
      entry(1, [
        ...encoder.encode(authority),
        ...encoder.encode(authority),
        ...le(0, 8),
        ...fee(0, 100),
        ...fee(12, 9_900),
      ]),
    ]);
    const config = mintExtension(
      decodeMintAccount(TOKEN_2022_PROGRAM, data)!,
      'TransferFeeConfig',
    )!;
    expect(transferFeeAt(config, 11n).basisPoints).toBe(100);
    expect(transferFeeAt(config, 12n).basisPoints).toBe(9_900);
  });

  it('keeps the entries before a damaged one, and names unknown extensions', () => {
    const data = token2022Mint(null, [
      entry(9, []),
      entry(200, [1, 2]),
      [...le(6, 2), ...le(50, 2), 2],
    ]);
    const decoded = decodeMintAccount(TOKEN_2022_PROGRAM, data)!;
    expect(decoded.extensions).toEqual([
      { type: 'NonTransferable' },
      { type: 'Other', name: 'Extension 200' },
    ]);
  });

  it('tells a token account from a mint', async () => {
    const owner = await newAddress();
    const account = new Uint8Array(170);
    account.set(encoder.encode(owner), 32);
    account[165] = 2; // AccountType::Account
    expect(decodeMintAccount(TOKEN_2022_PROGRAM, account)).toBeUndefined();
    expect(tokenAccountOwner(TOKEN_2022_PROGRAM, account)).toBe(owner);
    expect(tokenAccountOwner(TOKEN_2022_PROGRAM, token2022Mint(null, [entry(9, [])]))).toBe(
      undefined,
    );
  });
});

describe('Metaplex metadata layout', () => {
  it('strips the padding and reads a metadata with no creator list', async () => {
    const [updateAuthority, mint] = [await newAddress(), await newAddress()];
    const data = encodeMetaplexMetadata({
      updateAuthority,
      mint,
      name: 'Padded',
      symbol: 'PAD',
      uri: 'https://example.invalid/p.json',
      creators: null,
      isMutable: true,
    });
    expect(decodeMetaplexMetadata(data)).toEqual({
      updateAuthority,
      mint,
      name: 'Padded',
      symbol: 'PAD',
      uri: 'https://example.invalid/p.json',
      sellerFeeBasisPoints: 0,
      creators: null,
      primarySaleHappened: true,
      isMutable: true,
    });
  });

  it('refuses other accounts and truncated data', () => {
    expect(decodeMetaplexMetadata(new Uint8Array([6, 1, 2]))).toBeUndefined();
    expect(decodeMetaplexMetadata(new Uint8Array([4, ...Array(40).fill(1)]))).toBeUndefined();
  });
});
