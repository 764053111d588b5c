export { DexScreen } from './components/dex-screen';
export { CexScreen } from './components/cex-screen';
export { TokenDetailScreen, DETAILS_PENDING_TEXT } from './components/token-detail-screen';
export { PriceScreen } from './components/price-screen';
export { DetailViewScreen } from './components/detail-view-screen';
export { TokenExplorer, TOP_GAINERS_HEADING_ID } from './components/token-explorer';
