export { PrivateSaleScreen, type PrivateSaleTab } from './private-sale-screen';
export { PrivateSaleDetailScreen, NO_COIN_DATA_TEXT } from './private-sale-detail-screen';
