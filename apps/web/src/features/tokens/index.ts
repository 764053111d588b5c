export { TokenExplorer } from './components/token-explorer';
export { TOP_GAINERS_HEADING_ID } from './top-gainers-heading';
