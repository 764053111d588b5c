/** Paths of the web app, exactly as the spec writes them (case included). */
export const webRoutes = {
  login: '/',
  loginAlias: '/login',
  signup: '/signup',
  forgotPassword: '/Forgot-Password',
  forgotPasswordLower: '/forgot-password',
  verification: '/verification',
  changePassword: '/change-password',
  home: '/home',
  dex: '/DEX',
  cex: '/CEX',
  privateSale: '/private-sale',
  checkScam: '/check-scam',
  watchList: '/watch-list',
  profile: '/Profile',
  notifications: '/Notification',
  history: '/history',
  terms: '/Terms-and-Condition',
  privacy: '/Privacy-Policy',
  wallet: '/vaultscope-wallet',
  connectWallet: '/connect-wal',
  details: '/details/:tokenAddress',
  newDetail: '/newdetail/:tokenAddress',
  price: '/price/:tokenAddress',
  detailView: '/detail-view',
  privateSaleDetail: '/PS-detail',
  card: '/card',
  filter: '/filter',
  listView: '/listView',
  newPools: '/newpools',
  exchange: '/exchange',
  activeCoin: '/active-coin',
  upcomingCoin: '/upcoming-coin',
  dexxxx: '/dexxxx',
  devOutbox: '/dev/outbox',
  /** The app's own page of a transaction on a local chain (real chains link to an explorer). */
  transaction: '/tx/:chainId/:hash',
} as const;

/** The names of a route path's parameters, in order (`/details/:tokenAddress` -> `tokenAddress`). */
export const routeParamNames = (routePath: string): string[] =>
  routePath
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => segment.slice(1));

/**
 * The id of the JSON data block the server may put in a page's HTML (a token detail's answer for
 * a visitor), which the app reads on its first load.
 */
export const ROUTE_DATA_ID = 'route-data';

/**
 * The id of the `<template>` in the head of a token detail's loading frame that holds the
 * modulepreload links of its screen's code: inert there, so the download does not race the
 * frame's first paint; the app moves them into the head once the frame has been shown.
 */
export const ROUTE_SCRIPTS_ID = 'route-scripts';

/**
 * The spec hides the top bar on these paths. The comparison is case-sensitive on purpose:
 * `/Forgot-Password` shows the bar, `/forgot-password` does not.
 */
export const PATHS_WITHOUT_TOP_BAR: readonly string[] = [
  '/',
  '/signup',
  '/forgot-password',
  '/verification',
  '/change-password',
  '/connect-wal',
  '/check-scam',
];

export function showsTopBar(pathname: string): boolean {
  return !PATHS_WITHOUT_TOP_BAR.includes(pathname);
}

/** Page-header title and description by route (spec section 2). */
export const PAGE_HEADERS: Record<string, { title: string; description?: string }> = {
  '/CEX': {
    title: 'Centralized Exchange',
    description: 'discover investment options from automated solutions to customizable strategies',
  },
  '/vaultscope-wallet': {
    title: 'Wallet',
    description: 'send, receive and manage crypto with a secure digital wallet',
  },
  '/history': { title: 'History', description: 'wallet history of transactions' },
  '/watch-list': { title: 'My Watchlist' },
  '/Profile': { title: 'My Profile' },
  '/Terms-and-Condition': { title: 'Terms and Conditions' },
  '/Privacy-Policy': { title: 'Privacy Policy' },
};

export const PRODUCT_NAME = 'Vaultscope';
export const PRODUCT_TAGLINE = 'find your ideal investment vault';

export function pageHeaderFor(pathname: string): { title: string; description?: string } {
  return PAGE_HEADERS[pathname] ?? { title: PRODUCT_NAME };
}
