import { detailPageChain, tokenMessages, type ChainCode } from '@vaultscope/core';

/**
 * The chain of a detail route (core's `detailPageChain`: the `chainName` query when it names a
 * research chain, else by the address), or the spec's 'Invalid blockchain selected.' for a
 * `chainName` that is not a research chain.
 */
export function detailChain(
  chainParam: string | null,
  address: string,
): { ok: true; chainName: ChainCode } | { ok: false; message: string } {
  const chainName = detailPageChain(chainParam, address);
  return chainName ? { ok: true, chainName } : { ok: false, message: tokenMessages.invalidChain };
}
