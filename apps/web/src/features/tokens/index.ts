export { TokenExplorer, TOP_GAINERS_HEADING_ID } from './components/token-explorer';
