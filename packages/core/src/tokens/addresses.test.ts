import { describe, expect, it } from 'vitest';
import {
  addressKey,
  checkAddressForChain,
  evmAddressSchema,
  isValidAddressForChain,
  isValidEvmAddress,
  isValidSolanaAddress,
  normaliseAddress,
  solanaAddressSchema,
  toChecksumEvmAddress,
} from './addresses';
import { base58Encode } from './base58';

// Test vectors of EIP-55.
const EIP55 = [
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
];

describe('EVM addresses', () => {
  it('accepts checksummed, lower-case and upper-case forms', () => {
    for (const address of EIP55) {
      expect(isValidEvmAddress(address)).toBe(true);
      expect(isValidEvmAddress(address.toLowerCase())).toBe(true);
      expect(isValidEvmAddress(`0x${address.slice(2).toUpperCase()}`)).toBe(true);
    }
  });

  it('rejects a wrong checksum, a wrong length and non-hex', () => {
    const first = EIP55[0]!;
    const index = first.slice(2).search(/[a-fA-F]/) + 2;
    const char = first[index]!;
    const swapped = char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase();
    const flipped = `${first.slice(0, index)}${swapped}${first.slice(index + 1)}`;
    expect(isValidEvmAddress(flipped)).toBe(false);
    expect(isValidEvmAddress('0x1234')).toBe(false);
    expect(isValidEvmAddress(`0x${'g'.repeat(40)}`)).toBe(false);
    expect(isValidEvmAddress(`${'a'.repeat(42)}`)).toBe(false);
  });

  it('checksums with keccak-256 (EIP-55)', () => {
    for (const address of EIP55) expect(toChecksumEvmAddress(address.toLowerCase())).toBe(address);
    expect(() => toChecksumEvmAddress('0x12')).toThrow();
  });

  it('schema trims and checksums', () => {
    expect(evmAddressSchema.parse(`  ${EIP55[0]!.toLowerCase()} `)).toBe(EIP55[0]);
    expect(evmAddressSchema.safeParse('0x12').success).toBe(false);
  });
});

describe('Solana addresses', () => {
  it('accepts base58 of 32 bytes', () => {
    expect(isValidSolanaAddress('So11111111111111111111111111111111111111112')).toBe(true);
    expect(isValidSolanaAddress('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')).toBe(true);
    expect(isValidSolanaAddress('11111111111111111111111111111111')).toBe(true);
    expect(solanaAddressSchema.parse(' So11111111111111111111111111111111111111112 ')).toBe(
      'So11111111111111111111111111111111111111112',
    );
  });

  it('rejects other lengths, bad characters and EVM addresses', () => {
    expect(isValidSolanaAddress(base58Encode(new Uint8Array(31).fill(7)))).toBe(false);
    expect(isValidSolanaAddress(base58Encode(new Uint8Array(33).fill(7)))).toBe(false);
    expect(isValidSolanaAddress('So1111111111111111111111111111111111111111O')).toBe(false);
    expect(isValidSolanaAddress(EIP55[0]!)).toBe(false);
    expect(isValidSolanaAddress('')).toBe(false);
  });
});

describe('per chain', () => {
  it('dispatches by chain family', () => {
    expect(isValidAddressForChain('eth', EIP55[0]!)).toBe(true);
    expect(isValidAddressForChain('bsc', EIP55[0]!)).toBe(true);
    expect(isValidAddressForChain('solana', EIP55[0]!)).toBe(false);
    expect(isValidAddressForChain('solana', 'So11111111111111111111111111111111111111112')).toBe(
      true,
    );
    expect(
      isValidAddressForChain('polygon_pos', 'So11111111111111111111111111111111111111112'),
    ).toBe(false);
  });

  it('normalises and keys addresses', () => {
    expect(normaliseAddress('avax', EIP55[1]!.toLowerCase())).toBe(EIP55[1]);
    expect(addressKey('avax', EIP55[1]!)).toBe(EIP55[1]!.toLowerCase());
    const mint = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
    expect(normaliseAddress('solana', mint)).toBe(mint);
    expect(addressKey('solana', mint)).toBe(mint);
  });

  it('gives user-facing messages', () => {
    expect(checkAddressForChain('eth', '  ')).toEqual({
      ok: false,
      message: 'Enter a token address.',
    });
    expect(checkAddressForChain('solana', EIP55[0]!)).toEqual({
      ok: false,
      message: 'Enter a valid Solana token address.',
    });
    expect(checkAddressForChain('eth', EIP55[0]!.toLowerCase())).toEqual({
      ok: true,
      address: EIP55[0],
    });
  });
});
