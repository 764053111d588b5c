import type { ChainCode, ChainFamily } from '../chains/chains';

/**
 * The address helpers that need neither zod nor viem, in a module of their own (re-exported by
 * `addresses.ts`): the web lists' query keys use them, and importing them from `addresses.ts`
 * made every list's first load build that module's zod schemas and load viem's checksum code.
 */

/** The chain family of a research chain code: `solana` or `evm`. */
export function chainFamilyOf(code: ChainCode): ChainFamily {
  return code === 'solana' ? 'solana' : 'evm';
}

/**
 * The form to store and compare addresses by: lower-case for EVM (providers return lower-case),
 * unchanged for Solana (base58 is case-sensitive).
 */
export function addressKey(code: ChainCode, address: string): string {
  return chainFamilyOf(code) === 'solana' ? address : address.toLowerCase();
}
