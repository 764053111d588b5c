export { useOpenWallet } from './use-open-wallet';
