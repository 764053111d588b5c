import { webRoutes, type ChainCode } from '@vaultscope/core';
import { generatePath } from 'react-router';

/**
 * Links into screens of other features, built in one place so that a feature does not need to
 * import another to point at it.
 */

/** `/PS-detail?id=<project id>`: the id rides in the URL so reloading or sharing works. */
export function privateSaleDetailPath(id: string): string {
  return `${webRoutes.privateSaleDetail}?${new URLSearchParams({ id }).toString()}`;
}

/** `/details/{tokenAddress}?chainName={chain}` (spec: watch list and token tables). */
export function tokenDetailPath(tokenAddress: string, chainName: ChainCode): string {
  const path = generatePath(webRoutes.details, { tokenAddress });
  return `${path}?${new URLSearchParams({ chainName }).toString()}`;
}

/** `/price/{tokenAddress}`: a CEX market page. */
export function pricePath(tokenAddress: string): string {
  return generatePath(webRoutes.price, { tokenAddress });
}
