import { getAddress, isAddress } from 'viem';
import { z } from 'zod';
import { CHAIN_CODES, type ChainCode } from '../chains/chains';
import { addressKey, chainFamilyOf } from './address-key';
import { base58Decode } from './base58';
import { tokenMessages } from './messages';

export { addressKey, chainFamilyOf };

/**
 * Address rules of the research screens. EVM addresses are checked with viem (keccak-256
 * checksum, EIP-55); Solana addresses are base58 text of a 32-byte public key.
 *
 * Canonical forms: EVM addresses are shown and returned checksummed, and compared lower-cased
 * ({@link addressKey}); Solana addresses are case-sensitive and never changed.
 */

/** Whether `value` is one of the research chain codes (`eth`, `solana`, `bsc`, `avax`, `polygon_pos`). */
export function isChainCode(value: unknown): value is ChainCode {
  return typeof value === 'string' && CHAIN_CODES.some((chain) => chain.code === value);
}

/**
 * Whether `address` is a valid EVM address: `0x` and 40 hex digits, and, when it mixes upper and
 * lower case, a correct EIP-55 checksum. All-lower-case and all-upper-case forms carry no checksum
 * and are accepted.
 */
export function isValidEvmAddress(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const digits = address.slice(2);
  if (digits === digits.toLowerCase() || digits === digits.toUpperCase()) return true;
  return isAddress(address, { strict: true });
}

/** The EIP-55 checksummed form of a valid EVM address. Throws on an invalid one. */
export function toChecksumEvmAddress(address: string): `0x${string}` {
  if (!isValidEvmAddress(address)) throw new Error(`Not a valid EVM address: ${address}`);
  return getAddress(address.toLowerCase());
}

/** Whether `address` is base58 text of exactly 32 bytes (a Solana public key or mint). */
export function isValidSolanaAddress(address: string): boolean {
  if (address.length < 32 || address.length > 44) return false;
  const bytes = base58Decode(address);
  return bytes !== null && bytes.length === 32;
}

/**
 * The chain a token detail page reads (`/details/:tokenAddress?chainName=..`, spec sections 2
 * and 4): `chainName` when it names a research chain. A link that names none (a hand-typed
 * `/newdetail/{address}`) reads Solana for a Solana address and Ethereum, the scam check's
 * default, for anything else. Undefined for a name that is no research chain. The web app
 * shows the page by it, and the server reads the same chain for the data the page's HTML carries.
 */
export function detailPageChain(chainName: string | null, address: string): ChainCode | undefined {
  if (chainName === null || chainName === '') {
    return isValidSolanaAddress(address) ? 'solana' : 'eth';
  }
  return isChainCode(chainName) ? chainName : undefined;
}

/** Whether `address` is valid on the research chain `code` (EVM rules, or Solana rules for `solana`). */
export function isValidAddressForChain(code: ChainCode, address: string): boolean {
  return chainFamilyOf(code) === 'solana'
    ? isValidSolanaAddress(address)
    : isValidEvmAddress(address);
}

/**
 * The display form of an address valid on `code`: checksummed for EVM, unchanged for Solana.
 * Throws on an invalid address; check with {@link isValidAddressForChain} first.
 */
export function normaliseAddress(code: ChainCode, address: string): string {
  if (chainFamilyOf(code) === 'solana') {
    if (!isValidSolanaAddress(address)) throw new Error(`Not a valid Solana address: ${address}`);
    return address;
  }
  return toChecksumEvmAddress(address);
}

/** The message for an address that is not valid on the chosen chain. */
export function invalidAddressMessage(code: ChainCode): string {
  const label = CHAIN_CODES.find((chain) => chain.code === code)?.label ?? code;
  return tokenMessages.invalidAddress(label);
}

/** A trimmed EVM address, checked and returned checksummed. */
export const evmAddressSchema = z
  .string({ error: 'Address is required.' })
  .trim()
  .refine(isValidEvmAddress, 'Enter a valid EVM address (0x followed by 40 hex digits).')
  .transform((value) => toChecksumEvmAddress(value));

/** A trimmed Solana address (base58, 32 bytes), returned unchanged. */
export const solanaAddressSchema = z
  .string({ error: 'Address is required.' })
  .trim()
  .refine(isValidSolanaAddress, 'Enter a valid Solana address (base58, 32 bytes).');

/**
 * Checks an address against a chain and gives its display form, or the user-facing message.
 * For use where chain and address arrive in different parts of a request (path and query).
 */
export function checkAddressForChain(
  code: ChainCode,
  address: string,
): { ok: true; address: string } | { ok: false; message: string } {
  const trimmed = address.trim();
  if (trimmed === '') return { ok: false, message: tokenMessages.addressRequired };
  if (!isValidAddressForChain(code, trimmed))
    return { ok: false, message: invalidAddressMessage(code) };
  return { ok: true, address: normaliseAddress(code, trimmed) };
}
