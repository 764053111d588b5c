export {
  DEFAULT_BASE_PORT,
  DEVNET_CHAIN_IDS,
  DEVNET_EVM_CHAIN_IDS,
  DEVNET_HOST,
  DEVNET_SOLANA_CLUSTER_IDS,
  devnetChain,
  devnetPort,
  isDevnetChainId,
  isDevnetEvmChainId,
  isDevnetSolanaClusterId,
  type DevnetChainId,
  type DevnetEvmChainId,
  type DevnetSolanaClusterId,
} from './chains';
export { DEFAULT_DATA_DIR, loadDevnetConfig, loadTradeConfig, type DevnetConfig } from './config';
export {
  connectDevnet,
  startDevnet,
  type Devnet,
  type DevnetChainInfo,
  type DevnetClient,
  type StartDevnetOptions,
} from './devnet';
export { devnetTokenAbi, devnetTokenBytecode } from './evm/artifacts/devnet-token';
export { ANVIL_WATCHDOG_SCRIPT, anvilBinaryPath } from './evm/anvil-binary';
export { DEVNET_EVM_OWNER, devnetPublicClient, devnetViemChain } from './evm/evm-chain';
export type { EvmFundRequest } from './evm/evm-faucet';
export type { FundResult, FundTransfer } from './faucet';
export { DevnetError } from './lib/errors';
export { lpTimeLockAbi } from './evm/artifacts/lp-time-lock';
export { wrappedNativeAbi } from './evm/artifacts/wrapped-native';
export {
  type DevnetMarket,
  type DevnetMarketToken,
  type DevnetPool,
  evmMarketsFile,
} from './markets/deploy-markets';
export {
  DEAD_ADDRESS,
  isMarketChainId,
  MARKET_CHAIN_IDS,
  MARKET_TOKEN_SPECS,
  POOL_SPECS,
  type LpPlan,
  type MarketChainId,
} from './markets/market-specs';
export {
  startTradeSimulator,
  TRADERS,
  type TradeEvent,
  type TradeSimulator,
  type TradeSimulatorSettings,
} from './markets/trade-simulator';
export {
  factoryAbi as uniswapV2FactoryAbi,
  pairAbi as uniswapV2PairAbi,
  PAIR_INIT_CODE_HASH,
  routerAbi as uniswapV2RouterAbi,
} from './markets/uniswap-v2';
export { DEVNET_PRICES, devnetUsdPrice, type DevnetPrice } from './prices';
export { SUPPORTED_METHODS as SOLANA_RPC_METHODS } from './solana/rpc-server';
export type { SolanaFundRequest } from './solana/solana-faucet';
export {
  DEFAULT_FAUCET_UNITS,
  DEVNET_TOKEN_SPECS,
  type DevnetErc20,
  type DevnetSplMint,
  type DevnetToken,
  type DevnetTokenSymbol,
} from './tokens';
export * from './scenarios';
export * from './scenarios/solana-scenarios';
export * from './scenarios/solana-scenario-mints';
