import { webRoutes } from '@vaultscope/core';
import { Suspense, type ComponentType, type ReactNode } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router';
// The login page is the landing page: its code comes with the app's first file. Every other
// screen is a chunk of its own, fetched on first visit or earlier (route-prefetch.ts).
import { LoginScreen } from '@/features/auth';
import type { RouteHandle } from './layout/document-title';
import { AppLayout } from './layout/app-layout';
import { lazyScreen, type LazyScreen } from './lazy-screen';
import { setRouteTable } from './route-table';
import { RouteFallback, type RouteFallbackKind } from './routes/route-fallback';
import { NotFoundScreen } from './routes/not-found';
import { RouteErrorBoundary } from './routes/route-error';

// Each import names the screen's own module, not its feature's index, so that the bundler gives
// every screen a chunk of its own instead of one chunk per feature.
const screens = {
  signup: lazyScreen(
    () => import('@/features/auth/components/signup-screen'),
    (m) => m.SignupScreen,
  ),
  forgotPassword: lazyScreen(
    () => import('@/features/auth/components/forgot-password-screen'),
    (m) => m.ForgotPasswordScreen,
  ),
  verification: lazyScreen(
    () => import('@/features/auth/components/verification-screen'),
    (m) => m.VerificationScreen,
  ),
  changePassword: lazyScreen(
    () => import('@/features/auth/components/change-password-screen'),
    (m) => m.ChangePasswordScreen,
  ),
  profile: lazyScreen(
    () => import('@/features/profile/components/profile-screen'),
    (m) => m.ProfileScreen,
  ),
  notifications: lazyScreen(
    () => import('@/features/notifications/components/notifications-screen'),
    (m) => m.NotificationsScreen,
  ),
  home: lazyScreen(
    () => import('./routes/home'),
    (m) => m.HomeRoute,
  ),
  dex: lazyScreen(
    () => import('@/features/tokens/components/dex-screen'),
    (m) => m.DexScreen,
  ),
  cex: lazyScreen(
    () => import('@/features/tokens/components/cex-screen'),
    (m) => m.CexScreen,
  ),
  tokenDetail: lazyScreen(
    () => import('@/features/tokens/components/token-detail-screen'),
    (m) => m.TokenDetailScreen,
  ),
  price: lazyScreen(
    () => import('@/features/tokens/components/price-screen'),
    (m) => m.PriceScreen,
  ),
  detailView: lazyScreen(
    () => import('@/features/tokens/components/detail-view-screen'),
    (m) => m.DetailViewScreen,
  ),
  privateSale: lazyScreen(
    () => import('@/features/ico/components/private-sale-screen'),
    (m) => m.PrivateSaleScreen,
  ),
  privateSaleDetail: lazyScreen(
    () => import('@/features/ico/components/private-sale-detail-screen'),
    (m) => m.PrivateSaleDetailScreen,
  ),
  checkScam: lazyScreen(
    () => import('@/features/scam/check-scam-screen'),
    (m) => m.CheckScamScreen,
  ),
  watchList: lazyScreen(
    () => import('@/features/watchlist/components/watch-list-screen'),
    (m) => m.WatchListScreen,
  ),
  wallet: lazyScreen(
    () => import('@/features/wallet/components/wallet-screen'),
    (m) => m.WalletScreen,
  ),
  connectWallet: lazyScreen(
    () => import('@/features/wallet/components/connect-wallet-screen'),
    (m) => m.ConnectWalletScreen,
  ),
  history: lazyScreen(
    () => import('@/features/wallet/components/history-screen'),
    (m) => m.HistoryScreen,
  ),
  transaction: lazyScreen(
    () => import('@/features/wallet/components/transaction-screen'),
    (m) => m.TransactionScreen,
  ),
  terms: lazyScreen(
    () => import('@/features/legal/terms-screen'),
    (m) => m.TermsScreen,
  ),
  privacy: lazyScreen(
    () => import('@/features/legal/privacy-policy-screen'),
    (m) => m.PrivacyPolicyScreen,
  ),
};

/** Every path is matched with its exact letter case, as the spec writes it. */
function page(path: string, element: ReactNode, title?: string): RouteObject {
  const handle: RouteHandle = title ? { title } : {};
  return { path, element, handle, caseSensitive: true };
}

/** A route of a lazy screen: its fallback while the code arrives, and its prefetch. */
function lazyPage<P extends object>(
  path: string,
  screen: LazyScreen<P>,
  options: { title?: string; fallback?: RouteFallbackKind; props?: NoInfer<P> },
): RouteObject {
  const Screen = screen.Screen as ComponentType<P>;
  const handle: RouteHandle = { preload: screen.preload };
  if (options.title) handle.title = options.title;
  return {
    path,
    element: (
      <Suspense fallback={<RouteFallback kind={options.fallback ?? 'screen'} />}>
        <Screen {...(options.props ?? ({} as P))} />
      </Suspense>
    ),
    handle,
    caseSensitive: true,
  };
}

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      // Account
      page(webRoutes.login, <LoginScreen />, 'Login'),
      page(webRoutes.loginAlias, <LoginScreen />, 'Login'),
      lazyPage(webRoutes.signup, screens.signup, { title: 'Create Account' }),
      lazyPage(webRoutes.forgotPassword, screens.forgotPassword, { title: 'Forgot Password' }),
      lazyPage(webRoutes.forgotPasswordLower, screens.forgotPassword, {
        title: 'Forgot Password',
      }),
      lazyPage(webRoutes.verification, screens.verification, { title: 'Verification' }),
      lazyPage(webRoutes.changePassword, screens.changePassword, { title: 'Change Password' }),
      lazyPage(webRoutes.profile, screens.profile, {}),
      lazyPage(webRoutes.notifications, screens.notifications, { title: 'Notifications' }),
      // Home and research
      lazyPage(webRoutes.home, screens.home, { title: 'Home', fallback: 'list' }),
      lazyPage(webRoutes.dex, screens.dex, { title: 'Decentralized Exchange', fallback: 'list' }),
      lazyPage(webRoutes.cex, screens.cex, { fallback: 'list' }),
      lazyPage(webRoutes.privateSale, screens.privateSale, {
        title: 'Private Sale',
        fallback: 'list',
      }),
      lazyPage(webRoutes.privateSaleDetail, screens.privateSaleDetail, {
        title: 'Private Sale',
        fallback: 'detail',
      }),
      lazyPage(webRoutes.checkScam, screens.checkScam, { title: 'Check Scammer Identifier' }),
      lazyPage(webRoutes.watchList, screens.watchList, { fallback: 'watch-list' }),
      lazyPage(webRoutes.details, screens.tokenDetail, {
        title: 'Token details',
        fallback: 'detail',
        props: { variant: 'details' },
      }),
      lazyPage(webRoutes.newDetail, screens.tokenDetail, {
        title: 'Token details',
        fallback: 'detail',
        props: { variant: 'newdetail' },
      }),
      lazyPage(webRoutes.price, screens.price, { title: 'Price', fallback: 'detail' }),
      lazyPage(webRoutes.detailView, screens.detailView, { title: 'New Pools', fallback: 'list' }),
      // Wallet
      lazyPage(webRoutes.wallet, screens.wallet, { fallback: 'wallet' }),
      lazyPage(webRoutes.connectWallet, screens.connectWallet, { title: 'Connect Wallet' }),
      lazyPage(webRoutes.history, screens.history, { fallback: 'history' }),
      lazyPage(webRoutes.transaction, screens.transaction, { title: 'Transaction' }),
      // Static
      lazyPage(webRoutes.terms, screens.terms, {}),
      lazyPage(webRoutes.privacy, screens.privacy, {}),
      // Declared by the spec without content of their own: the matching list page.
      lazyPage(webRoutes.newPools, screens.dex, { title: 'New Pools', fallback: 'list' }),
      lazyPage(webRoutes.dexxxx, screens.dex, {
        title: 'Decentralized Exchange',
        fallback: 'list',
      }),
      lazyPage(webRoutes.listView, screens.dex, {
        title: 'Decentralized Exchange',
        fallback: 'list',
      }),
      lazyPage(webRoutes.card, screens.dex, { title: 'Decentralized Exchange', fallback: 'list' }),
      lazyPage(webRoutes.filter, screens.dex, {
        title: 'Decentralized Exchange',
        fallback: 'list',
      }),
      lazyPage(webRoutes.exchange, screens.cex, {
        title: 'Centralized Exchange',
        fallback: 'list',
      }),
      lazyPage(webRoutes.activeCoin, screens.privateSale, {
        title: 'Private Sale',
        fallback: 'list',
        props: { initialTab: 'active' },
      }),
      lazyPage(webRoutes.upcomingCoin, screens.privateSale, {
        title: 'Private Sale',
        fallback: 'list',
        props: { initialTab: 'upcoming' },
      }),
      { path: '*', element: <NotFoundScreen />, handle: { title: 'Page not found' } },
    ],
  },
];

setRouteTable(routes);

/** The page for the current address (inside the app's `BrowserRouter`). */
export function AppRoutes() {
  const { pathname } = useLocation();
  const element = useRoutes(routes);
  return <RouteErrorBoundary pathname={pathname}>{element}</RouteErrorBoundary>;
}
