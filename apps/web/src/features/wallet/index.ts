export { useOpenWallet } from './use-open-wallet';
export { WalletScreen } from './components/wallet-screen';
export { ConnectWalletScreen } from './components/connect-wallet-screen';
export { HistoryScreen } from './components/history-screen';
export { TransactionScreen } from './components/transaction-screen';
