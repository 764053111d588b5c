import {
  addressKey,
  storageKeys,
  tokenDetailResponseSchema,
  type ChainCode,
  type TokenDetailResponse,
} from '@vaultscope/core';
import { readStorage, removeStorage, writeStorage } from './browser-storage';

/**
 * The scam check's hand-over to the token detail (spec sections 3, 4 and 8): a successful check
 * stores the address under `token-address` and the detail under `token-data`; the detail page in
 * scam-check mode shows that data when the cached address equals the requested one, and fetches
 * otherwise; a failed check clears both keys.
 *
 * Shared here because two features use it: the scam check writes, the token detail reads.
 */

/** Stores a successful scam check. */
export function saveScamCheck(address: string, detail: TokenDetailResponse): void {
  writeStorage('local', storageKeys.tokenAddress, address);
  writeStorage('local', storageKeys.tokenData, JSON.stringify(detail));
}

/** Forgets the last scam check (spec section 8: a failed check clears the cached token data). */
export function clearScamCheck(): void {
  removeStorage('local', storageKeys.tokenAddress, storageKeys.tokenData);
}

/**
 * The cached detail for `address` on `chainName`, or `null` when the cache holds another token,
 * another chain, or something that is not a token detail. EVM addresses compare without regard
 * to letter case (a checksummed and a lower-case form are the same address); Solana addresses
 * are case-sensitive. Data read back from storage is validated like an API answer.
 */
export function cachedScamCheck(address: string, chainName: ChainCode): TokenDetailResponse | null {
  const cachedAddress = readStorage('local', storageKeys.tokenAddress);
  if (cachedAddress === null) return null;
  if (addressKey(chainName, cachedAddress.trim()) !== addressKey(chainName, address.trim())) {
    return null;
  }
  const raw = readStorage('local', storageKeys.tokenData);
  if (raw === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = tokenDetailResponseSchema.safeParse(json);
  if (!parsed.success || parsed.data.chainName !== chainName) return null;
  return parsed.data;
}
