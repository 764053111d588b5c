/**
 * Paths of the product API. Spec section 7 paths are kept exactly; the ones it leaves open
 * follow the same style under `/api/...`.
 */
export const apiPaths = {
  health: '/api/health',
  openapi: '/api/openapi.json',
  docs: '/api/docs',
  login: '/api/user/login',
  signup: '/api/user/signup',
  logout: '/api/user/logout',
  me: '/api/user/me',
  forgotPassword: '/api/user/forgot-password',
  verifyResetCode: '/api/user/verify-reset-code',
  resetPassword: '/api/user/reset-password',
  profile: '/api/user/profile',
  notifications: '/api/notifications',
  notification: (id: string) => `/api/notifications/${encodeURIComponent(id)}`,
  devOutbox: '/api/dev/outbox',
  ico: {
    active: '/api/ico/get-active-icos',
    upcoming: '/api/ico/get-upcoming-icos',
    activeRounds: '/api/ico/get-active-rounds',
    upcomingRounds: '/api/ico/get-upcoming-rounds',
    /** The spec's spelling (`acive`) is the public contract. */
    activeDetails: (id: string) => `/api/ico/get-aciveicos-details/${encodeURIComponent(id)}`,
    upcomingDetails: (id: string) => `/api/ico/get-upcomingicos-details/${encodeURIComponent(id)}`,
    details: (id: string) => `/api/ico/get-ico-details/${encodeURIComponent(id)}`,
    images: '/api/ico/images',
  },
  favourites: {
    toggle: '/api/favourite/toggle-favourite',
    /** The spec's spelling (`favouruites`) is the public contract. */
    allOf: (userId: string) => `/api/favourite/get-all-favouruites/${encodeURIComponent(userId)}`,
    allMine: '/get-all-favouruites',
  },
  /** DEX token research: spec section 7 paths, and the all-token and token-by-id calls it leaves open. */
  tokens: {
    /** Filtered, paged token list (20 a page by default). */
    checkToken: '/check-token',
    /** Top gainers: largest 24 h price change first. */
    fetchTop: '/fetch-top',
    /** Newest pools first. */
    newPools: '/new-pools',
    /** Token detail with score; query `network` (chain code) and optionally `chainid`. */
    details: (address: string) => `/get-token-details/${encodeURIComponent(address)}`,
    /** The all-token list (50 a page by default), same filters. */
    allTokens: '/api/token/all-tokens',
    /** One token as a list row; query `chainName`. */
    byId: (address: string) => `/api/token/get-token-by-id/${encodeURIComponent(address)}`,
    /** POST: a fresh analyzer scan of a token; query `network` (and optionally `chainid`). */
    rescan: (address: string) => `/api/token/rescan/${encodeURIComponent(address)}`,
    /** OHLCV candles of the token's primary pool; query `network`, `interval`, `from`, `to`. */
    candles: (address: string) => `/api/token/candles/${encodeURIComponent(address)}`,
    /** Latest trades of the token's primary pool; query `network` and `limit`. */
    trades: (address: string) => `/api/token/trades/${encodeURIComponent(address)}`,
  },
  /** Centralized-exchange coins. */
  cex: {
    /** Paged CEX list by market-cap rank. */
    tokens: '/api/cex/tokens',
    /** Data of the price page `/price/{tokenAddress}` (contract address or market id). */
    price: (tokenAddress: string) => `/api/cex/price/${encodeURIComponent(tokenAddress)}`,
  },
  watchlist: {
    create: '/api/watchlist/create-watchlist',
    delete: '/api/watchlist/delete-watchlist',
    allOf: (userId: string) => `/api/watchlist/get-all-watchlist/${encodeURIComponent(userId)}`,
  },
  /**
   * The custodial wallet (spec section 7's wallet service). Paths the spec shows are kept exactly;
   * the unlock, lock, fee and faucet calls it leaves open follow the same style.
   */
  wallet: {
    login: '/wallet/login',
    setPassword: '/wallet/setPassword',
    unlock: '/wallet/unlock',
    lock: '/wallet/lock',
    updateWalletStatus: '/api/user/update-wallet-status',
    generateEvm: '/wallet/wallet/generateEvmWallet',
    generateSolana: '/wallet/wallet/genSolWallet',
    assetsByChain: '/wallet/wallet/getAssetsByChain',
    solanaKey: '/wallet/wallet/getSolanaPKey',
    evmKey: '/wallet/wallet/getPublicKeyEvmGenerated',
    checkNetworkMode: '/wallet/wallet/checkNetworkMode',
    switchNetworks: '/wallet/wallet/switchNetworks',
    allChainAssets: '/wallet/wallet/getAllChainAssets',
    transactions: '/wallet/wallet/getTransactions',
    sendEth: '/wallet/wallet/sendEth',
    sendErc20: '/wallet/wallet/sendErc20',
    sendSol: '/wallet/wallet/sendSol',
    sendSplToken: '/wallet/wallet/sendSplToken',
    estimateFee: '/wallet/wallet/estimateFee',
    /** Dev only: funds the caller's wallet on a local chain. */
    faucet: '/wallet/dev/faucet',
    /** A transaction read from the chain, for the app's page of a local transaction. */
    chainTransaction: (chainId: number, hash: string) =>
      `/api/chain/${chainId}/tx/${encodeURIComponent(hash)}`,
    /** The route pattern of {@link chainTransaction}, for the server. */
    chainTransactionPattern: '/api/chain/:chainId/tx/:hash',
  },
} as const;

/** Path prefixes served by the API (the rest is the web app). Used by the dev proxy. */
export const API_PREFIXES = [
  '/api',
  '/wallet',
  '/check-token',
  '/fetch-top',
  '/new-pools',
  '/get-token-details',
  '/get-all-favouruites',
] as const;
