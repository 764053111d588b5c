import type { ChainCode } from '@vaultscope/core';

/**
 * Fixed catalogue of the snapshot generator: per-chain DEX names, quote tokens and native
 * prices, word lists for synthetic token names, and the well-known CEX coins. Real addresses
 * here are those of widely known tokens (their EIP-55 checksums are verified by the generator).
 */

export interface QuoteToken {
  symbol: string;
  address: string;
  /** USD price of one quote token. */
  usd: number;
}

export interface ChainProfile {
  code: ChainCode;
  /** Share of the DEX tokens on this chain. */
  share: number;
  /** GeckoTerminal-style dex ids with weights. */
  dexes: readonly (readonly [string, number])[];
  /** Quote tokens with weights; the first is the wrapped native coin. */
  quotes: readonly (readonly [QuoteToken, number])[];
  /** USD price of the native coin (for `base_token_price_native_currency`). */
  nativeUsd: number;
  /** Typical trade size in USD (median). */
  tradeUsd: number;
  /** Token decimals with weights. */
  decimals: readonly (readonly [number, number])[];
}

export const CHAIN_PROFILES: readonly ChainProfile[] = [
  {
    code: 'solana',
    share: 0.34,
    dexes: [
      ['raydium', 5],
      ['pumpswap', 3],
      ['orca', 2],
      ['meteora', 2],
      ['raydium-clmm', 1],
    ],
    quotes: [
      [{ symbol: 'SOL', address: 'So11111111111111111111111111111111111111112', usd: 185 }, 9],
      [{ symbol: 'USDC', address: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', usd: 1 }, 1],
    ],
    nativeUsd: 185,
    tradeUsd: 140,
    decimals: [
      [6, 7],
      [9, 3],
    ],
  },
  {
    code: 'eth',
    share: 0.22,
    dexes: [
      ['uniswap_v2', 5],
      ['uniswap_v3', 3],
      ['sushiswap', 1],
    ],
    quotes: [
      [{ symbol: 'WETH', address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', usd: 3300 }, 8],
      [{ symbol: 'USDC', address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', usd: 1 }, 1],
      [{ symbol: 'USDT', address: '0xdAC17F958D2ee523a2206206994597C13D831ec7', usd: 1 }, 1],
    ],
    nativeUsd: 3300,
    tradeUsd: 900,
    decimals: [
      [18, 9],
      [9, 1],
    ],
  },
  {
    code: 'bsc',
    share: 0.22,
    dexes: [
      ['pancakeswap_v2', 6],
      ['pancakeswap-v3-bsc', 3],
      ['biswap', 1],
    ],
    quotes: [
      [{ symbol: 'WBNB', address: '0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c', usd: 650 }, 8],
      [{ symbol: 'USDT', address: '0x55d398326f99059fF775485246999027B3197955', usd: 1 }, 2],
    ],
    nativeUsd: 650,
    tradeUsd: 220,
    decimals: [
      [18, 9],
      [9, 1],
    ],
  },
  {
    code: 'avax',
    share: 0.1,
    dexes: [
      ['traderjoe', 5],
      ['traderjoe-v2-1', 2],
      ['pangolin', 2],
    ],
    quotes: [
      [{ symbol: 'WAVAX', address: '0xB31f66AA3C1e785363F0875A1B74E27b85FD66c7', usd: 32 }, 8],
      [{ symbol: 'USDC', address: '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E', usd: 1 }, 2],
    ],
    nativeUsd: 32,
    tradeUsd: 260,
    decimals: [[18, 1]],
  },
  {
    code: 'polygon_pos',
    share: 0.12,
    dexes: [
      ['quickswap', 5],
      ['uniswap-v3-polygon', 2],
      ['sushiswap-polygon', 1],
    ],
    quotes: [
      [{ symbol: 'WPOL', address: '0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270', usd: 0.35 }, 8],
      [{ symbol: 'USDC', address: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', usd: 1 }, 2],
    ],
    nativeUsd: 0.35,
    tradeUsd: 120,
    decimals: [[18, 1]],
  },
];

/** Lockers and burn addresses of LP tokens (tags as providers show them). */
export const LP_LOCK_TAGS = ['Burn', 'UNCX', 'PinkLock', 'Team Finance', 'Mudra'] as const;

export const NAME_PREFIXES =
  'Moon Based Turbo Baby Mega Giga Super Hyper Little Golden Dark Pixel Cyber Quantum Rocket Happy Angry Sleepy Lucky Crazy Degen Sigma Alpha Chad Smol Fat Wild Frozen Electric Cosmic Neon Royal Magic Laser Shadow Silver Crystal Thunder Solar Lunar Tiny Big Brave Rich Wise Funky Retro Ultra Hidden Iron'.split(
    ' ',
  );

export const NAME_NOUNS =
  'Frog Toad Doge Shiba Cat Kitty Pepe Bear Bull Ape Monkey Panda Penguin Otter Hamster Rabbit Fox Wolf Tiger Lion Dragon Whale Shark Crab Duck Goose Owl Eagle Falcon Turtle Snail Bee Ant Goat Pig Cow Horse Unicorn Yeti Robot Wizard Ninja Samurai Pirate Viking Knight King Queen Duke Baron Rocket Comet Star Planet Galaxy Nova Orbit Pixel Byte Chain Vault Coin Cash Gold Gem Pearl Ruby Jade Onyx Ember Storm Wave Flame Frost Leaf Tree Mushroom Banana Taco Pizza'.split(
    ' ',
  );

export const NAME_SUFFIXES = [
  ['', 14],
  [' Inu', 2],
  [' AI', 2],
  [' Coin', 2],
  [' Token', 1],
  [' Finance', 1],
  [' Protocol', 1],
  [' 2.0', 1],
  [' DAO', 1],
  [' Swap', 1],
] as const;

/** Well-known CEX coins: approximate figures, contract addresses only where well known. */
export interface MajorCoin {
  id: string;
  symbol: string;
  name: string;
  price: number;
  marketCap: number;
  /** Fully diluted / market cap ratio, or null when there is no supply cap. */
  fdvRatio: number | null;
  platforms: Partial<Record<ChainCode, string>>;
}

export const MAJOR_COINS: readonly MajorCoin[] = [
  {
    id: 'bitcoin',
    symbol: 'btc',
    name: 'Bitcoin',
    price: 95_000,
    marketCap: 1.88e12,
    fdvRatio: 1.05,
    platforms: {},
  },
  {
    id: 'ethereum',
    symbol: 'eth',
    name: 'Ethereum',
    price: 3_300,
    marketCap: 3.98e11,
    fdvRatio: 1,
    platforms: {},
  },
  {
    id: 'tether',
    symbol: 'usdt',
    name: 'Tether',
    price: 1,
    marketCap: 1.6e11,
    fdvRatio: 1,
    platforms: {
      eth: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
      bsc: '0x55d398326f99059fF775485246999027B3197955',
      solana: 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB',
    },
  },
  {
    id: 'binancecoin',
    symbol: 'bnb',
    name: 'BNB',
    price: 650,
    marketCap: 9.4e10,
    fdvRatio: 1,
    platforms: {},
  },
  {
    id: 'solana',
    symbol: 'sol',
    name: 'Solana',
    price: 185,
    marketCap: 9.0e10,
    fdvRatio: 1.2,
    platforms: {},
  },
  {
    id: 'usd-coin',
    symbol: 'usdc',
    name: 'USDC',
    price: 1,
    marketCap: 6.0e10,
    fdvRatio: 1,
    platforms: {
      eth: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      solana: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
      bsc: '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d',
      avax: '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E',
      polygon_pos: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359',
    },
  },
  {
    id: 'ripple',
    symbol: 'xrp',
    name: 'XRP',
    price: 2.3,
    marketCap: 1.32e11,
    fdvRatio: 1.75,
    platforms: {},
  },
  {
    id: 'dogecoin',
    symbol: 'doge',
    name: 'Dogecoin',
    price: 0.25,
    marketCap: 3.7e10,
    fdvRatio: null,
    platforms: {},
  },
  {
    id: 'cardano',
    symbol: 'ada',
    name: 'Cardano',
    price: 0.7,
    marketCap: 2.5e10,
    fdvRatio: 1.3,
    platforms: {},
  },
  {
    id: 'tron',
    symbol: 'trx',
    name: 'TRON',
    price: 0.25,
    marketCap: 2.2e10,
    fdvRatio: 1,
    platforms: {},
  },
  {
    id: 'avalanche-2',
    symbol: 'avax',
    name: 'Avalanche',
    price: 32,
    marketCap: 1.3e10,
    fdvRatio: 1.8,
    platforms: {},
  },
  {
    id: 'chainlink',
    symbol: 'link',
    name: 'Chainlink',
    price: 18,
    marketCap: 1.15e10,
    fdvRatio: 1.6,
    platforms: { eth: '0x514910771AF9Ca656af840dff83E8264EcF986CA' },
  },
  {
    id: 'shiba-inu',
    symbol: 'shib',
    name: 'Shiba Inu',
    price: 0.000015,
    marketCap: 8.8e9,
    fdvRatio: 1,
    platforms: { eth: '0x95aD61b0a150d79219dCF64E1E6Cc01f0B64C4cE' },
  },
  {
    id: 'polkadot',
    symbol: 'dot',
    name: 'Polkadot',
    price: 5,
    marketCap: 7.6e9,
    fdvRatio: null,
    platforms: {},
  },
  {
    id: 'wrapped-bitcoin',
    symbol: 'wbtc',
    name: 'Wrapped Bitcoin',
    price: 95_000,
    marketCap: 1.2e10,
    fdvRatio: 1,
    platforms: { eth: '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599' },
  },
  {
    id: 'uniswap',
    symbol: 'uni',
    name: 'Uniswap',
    price: 9,
    marketCap: 5.4e9,
    fdvRatio: 1.67,
    platforms: { eth: '0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984' },
  },
  {
    id: 'pepe',
    symbol: 'pepe',
    name: 'Pepe',
    price: 0.00001,
    marketCap: 4.2e9,
    fdvRatio: 1,
    platforms: { eth: '0x6982508145454Ce325dDbE47a25d4ec3d2311933' },
  },
  {
    id: 'dai',
    symbol: 'dai',
    name: 'Dai',
    price: 1,
    marketCap: 5.3e9,
    fdvRatio: 1,
    platforms: { eth: '0x6B175474E89094C44Da98b954EedeAC495271d0F' },
  },
  {
    id: 'aave',
    symbol: 'aave',
    name: 'Aave',
    price: 250,
    marketCap: 3.8e9,
    fdvRatio: 1.05,
    platforms: { eth: '0x7Fc66500c84A76Ad7e9c93437bFc5Ac33E2DDaE9' },
  },
  {
    id: 'bonk',
    symbol: 'bonk',
    name: 'Bonk',
    price: 0.00002,
    marketCap: 1.6e9,
    fdvRatio: 1.1,
    platforms: { solana: 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263' },
  },
  {
    id: 'jupiter-exchange-solana',
    symbol: 'jup',
    name: 'Jupiter',
    price: 0.8,
    marketCap: 1.1e9,
    fdvRatio: 7.3,
    platforms: { solana: 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN' },
  },
  {
    id: 'dogwifcoin',
    symbol: 'wif',
    name: 'dogwifhat',
    price: 1.5,
    marketCap: 1.5e9,
    fdvRatio: 1,
    platforms: { solana: 'EKpQGSJtjMFqKZ9KQanSqYXRcF8fBopzLHYxdM65zcjm' },
  },
  {
    id: 'polygon-ecosystem-token',
    symbol: 'pol',
    name: 'POL (ex-MATIC)',
    price: 0.35,
    marketCap: 3.6e9,
    fdvRatio: 1.02,
    platforms: {},
  },
];

/** Word parts of synthetic CEX coin names. */
export const CEX_NAME_PARTS =
  'Aether Aurora Axon Beacon Binary Bridge Carbon Cipher Cobalt Core Delta Echo Ether Flux Fusion Graph Harbor Helix Horizon Ion Kinetic Ledger Lumen Matrix Meridian Nexus Nimbus Node Oasis Omni Orion Photon Pulse Quanta Radiant Relay Sable Sentinel Signal Spark Stellar Strata Summit Synapse Terra Titan Vector Velocity Vertex Zenith'.split(
    ' ',
  );

export const CEX_NAME_KINDS =
  'Network Protocol Chain Finance Labs DAO Token Exchange AI Layer'.split(' ');
