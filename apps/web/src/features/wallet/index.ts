export { useOpenWallet } from './use-open-wallet';
export { WalletScreen } from './wallet-screen';
export { ConnectWalletScreen } from './connect-wallet-screen';
export { HistoryScreen } from './history-screen';
