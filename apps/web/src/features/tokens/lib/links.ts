import { webRoutes, type ChainCode } from '@vaultscope/core';
import { generatePath } from 'react-router';

/**
 * `/newdetail/{tokenAddress}?chainName={chain}`: the New Pools detail. The spec writes the route
 * without a query; the chain rides along because the detail call needs its network.
 */
export function newDetailPath(tokenAddress: string, chainName: ChainCode): string {
  const path = generatePath(webRoutes.newDetail, { tokenAddress });
  return `${path}?${new URLSearchParams({ chainName }).toString()}`;
}
