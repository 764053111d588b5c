// The lists (`components/token-explorer`) are not exported here: Home loads them as a chunk of
// their own by path, and an export here would pull them into every page that names this index.
export { TOP_GAINERS_HEADING_ID } from './top-gainers-heading';
