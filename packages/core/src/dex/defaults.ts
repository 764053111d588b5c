import type { DexConfigFile } from './dex-config';

/**
 * The main V2-style DEX of each real mainnet the product covers, so that `RPC_URL_<id>` pointed
 * at a real node indexes the real DEX with no other setting. `DEX_CONFIG_FILE` replaces a chain's
 * list; the local chains' lists come from the devnet, which deploys its own markets.
 *
 * Where each value comes from (checked when written; `dex-config.test.ts` checks the addresses'
 * EIP-55 checksums and computes a known real pair of each DEX from its init-code hash):
 * - Uniswap V2 (1): factory and Router02 from docs.uniswap.org "V2 Deployment Addresses"; the
 *   init-code hash from `UniswapV2Library.sol` of Uniswap/v2-periphery, equal to keccak-256 of
 *   `UniswapV2Pair.json` in `@uniswap/v2-core@1.0.1`; start block: the factory's deployment
 *   (10000835), as Uniswap's own subgraph starts.
 * - PancakeSwap V2 (56): factory and router from developer.pancakeswap.finance "v2 Addresses";
 *   init-code hash and the 0.25 % fee (9975/10000) from `@pancakeswap/v2-sdk` constants; start
 *   block 6809737 from PancakeSwap's exchange-v2 subgraph.
 * - QuickSwap V2 (137): factory and router from QuickSwap's core repository README (an
 *   unchanged Uniswap V2 fork, hence Uniswap's init-code hash and fee); start block 4931780.
 * - Trader Joe V1 (43114): factory and its deployment block from traderjoe-xyz/joe-core
 *   `deployments/avalanche/JoeFactory.json`, Router02 from `JoeRouter02.json` beside it, the
 *   init-code hash from `contracts/traderjoe/libraries/JoeLibrary.sol`, fee 997/1000 there.
 * Quote tokens are each chain's wrapped native coin and its main dollar stablecoins.
 */
export const MAINNET_DEXES = {
  1: [
    {
      name: 'Uniswap V2',
      factory: '0x5C69bEe701ef814a2B6a3EDD4B1652CB9cc5aA6f',
      router: '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D',
      wrappedNative: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
      quoteTokens: [
        '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', // WETH
        '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', // USDC
        '0xdAC17F958D2ee523a2206206994597C13D831ec7', // USDT
        '0x6B175474E89094C44Da98b954EedeAC495271d0F', // DAI
      ],
      feeBps: 30,
      initCodeHash: '0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f',
      startBlock: 10_000_835,
    },
  ],
  56: [
    {
      name: 'PancakeSwap V2',
      factory: '0xcA143Ce32Fe78f1f7019d7d551a6402fC5350c73',
      router: '0x10ED43C718714eb63d5aA57B78B54704E256024E',
      wrappedNative: '0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c',
      quoteTokens: [
        '0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c', // WBNB
        '0x55d398326f99059fF775485246999027B3197955', // USDT (BSC-USD)
        '0xe9e7CEA3DedcA5984780Bafc599bD69ADd087D56', // BUSD
        '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d', // USDC
      ],
      feeBps: 25,
      initCodeHash: '0x00fb7f630766e6a796048ea87d01acd3068e8ff67d078148a3fa3f4a84f69bd5',
      startBlock: 6_809_737,
    },
  ],
  137: [
    {
      name: 'QuickSwap',
      factory: '0x5757371414417b8C6CAad45bAeF941aBc7d3Ab32',
      router: '0xa5E0829CaCEd8fFDD4De3c43696c57F7D7A678ff',
      wrappedNative: '0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270',
      quoteTokens: [
        '0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270', // WMATIC (WPOL)
        '0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174', // USDC.e (bridged)
        '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', // USDC (native)
        '0xc2132D05D31c914a87C6611C10748AEb04B58e8F', // USDT
        '0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619', // WETH
      ],
      feeBps: 30,
      initCodeHash: '0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f',
      startBlock: 4_931_780,
    },
  ],
  43114: [
    {
      name: 'Trader Joe V1',
      factory: '0x9Ad6C38BE94206cA50bb0d90783181662f0Cfa10',
      router: '0x60aE616a2155Ee3d9A68541Ba4544862310933d4',
      wrappedNative: '0xB31f66AA3C1e785363F0875A1B74E27b85FD66c7',
      quoteTokens: [
        '0xB31f66AA3C1e785363F0875A1B74E27b85FD66c7', // WAVAX
        '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E', // USDC (native)
        '0xA7D7079b0FEaD91F3e65f86E8915Cb59c1a4C664', // USDC.e (bridged)
        '0x9702230A8Ea53601f5cD2dc00fDBc13d4dF4A8c7', // USDT
      ],
      feeBps: 30,
      initCodeHash: '0x0bbca9af0511ad1a1da383135cf3a8d2ac620e549ef9f6ae3a4c33c2fed0af91',
      startBlock: 2_486_392,
    },
  ],
} as const satisfies DexConfigFile;
