/** The chains of the product, by the ids the spec uses (EVM chain ids, 101/103 for Solana). */
export type ChainFamily = 'evm' | 'solana';

export interface Chain {
  id: number;
  name: string;
  family: ChainFamily;
  testnet: boolean;
  nativeSymbol: string;
  nativeDecimals: number;
}

export const CHAINS = [
  {
    id: 1,
    name: 'Ethereum',
    family: 'evm',
    testnet: false,
    nativeSymbol: 'ETH',
    nativeDecimals: 18,
  },
  {
    id: 11155111,
    name: 'Sepolia',
    family: 'evm',
    testnet: true,
    nativeSymbol: 'ETH',
    nativeDecimals: 18,
  },
  {
    id: 137,
    name: 'Polygon',
    family: 'evm',
    testnet: false,
    nativeSymbol: 'MATIC',
    nativeDecimals: 18,
  },
  {
    id: 80002,
    name: 'Polygon Amoy',
    family: 'evm',
    testnet: true,
    nativeSymbol: 'MATIC',
    nativeDecimals: 18,
  },
  {
    id: 56,
    name: 'Binance',
    family: 'evm',
    testnet: false,
    nativeSymbol: 'BNB',
    nativeDecimals: 18,
  },
  {
    id: 97,
    name: 'Binance Testnet',
    family: 'evm',
    testnet: true,
    nativeSymbol: 'BNB',
    nativeDecimals: 18,
  },
  {
    id: 43114,
    name: 'Avalanche Mainnet',
    family: 'evm',
    testnet: false,
    nativeSymbol: 'AVAX',
    nativeDecimals: 18,
  },
  {
    id: 43113,
    name: 'Avalanche Fuji',
    family: 'evm',
    testnet: true,
    nativeSymbol: 'AVAX',
    nativeDecimals: 18,
  },
  {
    id: 101,
    name: 'Solana Mainnet',
    family: 'solana',
    testnet: false,
    nativeSymbol: 'SOL',
    nativeDecimals: 9,
  },
  {
    id: 103,
    name: 'Solana devnet',
    family: 'solana',
    testnet: true,
    nativeSymbol: 'SOL',
    nativeDecimals: 9,
  },
] as const satisfies readonly Chain[];

export type ChainId = (typeof CHAINS)[number]['id'];

export function findChain(id: number): Chain | undefined {
  return CHAINS.find((chain) => chain.id === id);
}

/**
 * Chain codes of the research screens (GeckoTerminal network ids), with the chain each maps to.
 * Order is the order of the chain selector.
 */
export const CHAIN_CODES = [
  { code: 'eth', label: 'Ethereum', chainId: 1 },
  { code: 'solana', label: 'Solana', chainId: 101 },
  { code: 'bsc', label: 'Binance', chainId: 56 },
  { code: 'avax', label: 'Avalanche', chainId: 43114 },
  { code: 'polygon_pos', label: 'Polygon', chainId: 137 },
] as const;

export type ChainCode = (typeof CHAIN_CODES)[number]['code'];
