import { isChainCode, isValidSolanaAddress, tokenMessages, type ChainCode } from '@vaultscope/core';

/**
 * The chain of a detail route: the `chainName` query when it names a research chain. Links that
 * carry no chain (a hand-typed `/newdetail/{address}`) get Solana for a Solana address and
 * Ethereum, the scam check's default, for anything else. A `chainName` that is not a research
 * chain is the spec's 'Invalid blockchain selected.'.
 */
export function detailChain(
  chainParam: string | null,
  address: string,
): { ok: true; chainName: ChainCode } | { ok: false; message: string } {
  if (chainParam === null || chainParam === '') {
    return { ok: true, chainName: isValidSolanaAddress(address) ? 'solana' : 'eth' };
  }
  return isChainCode(chainParam)
    ? { ok: true, chainName: chainParam }
    : { ok: false, message: tokenMessages.invalidChain };
}
