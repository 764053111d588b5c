export { DexScreen } from './dex-screen';
export { CexScreen } from './cex-screen';
export { TokenDetailScreen, DETAILS_PENDING_TEXT } from './token-detail-screen';
export { PriceScreen } from './price-screen';
export { DetailViewScreen } from './detail-view-screen';
