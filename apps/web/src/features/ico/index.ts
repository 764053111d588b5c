export { PrivateSaleScreen, type PrivateSaleTab } from './components/private-sale-screen';
export { PrivateSaleDetailScreen } from './components/private-sale-detail-screen';
export { NO_COIN_DATA_TEXT } from './lib/display';
