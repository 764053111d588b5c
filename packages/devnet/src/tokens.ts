/**
 * The local tokens every devnet chain gets: a USD stablecoin with 6 decimals and a volatile token
 * (18 decimals on EVM like most ERC-20s, 9 on Solana like most SPL mints). Their symbols are
 * deliberately not those of real assets, so a local balance is never mistaken for a real one.
 */
export interface DevnetTokenSpec {
  symbol: string;
  name: string;
  evmDecimals: number;
  solanaDecimals: number;
}

export const DEVNET_TOKEN_SPECS = [
  { symbol: 'USDV', name: 'Vaultscope USD', evmDecimals: 6, solanaDecimals: 6 },
  { symbol: 'VLT', name: 'Vaultscope Token', evmDecimals: 18, solanaDecimals: 9 },
] as const satisfies readonly DevnetTokenSpec[];

export type DevnetTokenSymbol = (typeof DEVNET_TOKEN_SPECS)[number]['symbol'];

/** A deployed ERC-20 on a devnet EVM chain. */
export interface DevnetErc20 {
  standard: 'erc20';
  symbol: DevnetTokenSymbol;
  name: string;
  decimals: number;
  address: `0x${string}`;
}

/** An SPL mint on a devnet Solana cluster (classic Token program). */
export interface DevnetSplMint {
  standard: 'spl';
  symbol: DevnetTokenSymbol;
  name: string;
  decimals: number;
  address: string;
}

export type DevnetToken = DevnetErc20 | DevnetSplMint;

/** Faucet amounts in whole units when a call names none: plenty for many sends. */
export const DEFAULT_FAUCET_UNITS = {
  native: 10n,
  tokens: { USDV: 10_000n, VLT: 1_000n },
} as const satisfies { native: bigint; tokens: Record<DevnetTokenSymbol, bigint> };
