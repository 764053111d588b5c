import { webRoutes } from '@vaultscope/core';
import type { ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import {
  ChangePasswordScreen,
  ForgotPasswordScreen,
  LoginScreen,
  SignupScreen,
  VerificationScreen,
} from '@/features/auth';
import { PrivateSaleDetailScreen, PrivateSaleScreen } from '@/features/ico';
import { PrivacyPolicyScreen, TermsScreen } from '@/features/legal';
import { NotificationsScreen } from '@/features/notifications';
import { ProfileScreen } from '@/features/profile';
import { CheckScamScreen } from '@/features/scam';
import {
  CexScreen,
  DetailViewScreen,
  DexScreen,
  PriceScreen,
  TokenDetailScreen,
} from '@/features/tokens';
import { WatchListScreen } from '@/features/watchlist';
import {
  ConnectWalletScreen,
  HistoryScreen,
  TransactionScreen,
  WalletScreen,
} from '@/features/wallet';
import type { RouteHandle } from './layout/document-title';
import { AppLayout } from './layout/app-layout';
import { HomeRoute } from './routes/home';
import { NotFoundScreen } from './routes/not-found';
import { RouteErrorScreen } from './routes/route-error';

/** Every path is matched with its exact letter case, as the spec writes it. */
function page(path: string, element: ReactNode, title?: string): RouteObject {
  const handle: RouteHandle = title ? { title } : {};
  return { path, element, handle, caseSensitive: true };
}

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteErrorScreen />,
    children: [
      // Account
      page(webRoutes.login, <LoginScreen />, 'Login'),
      page(webRoutes.loginAlias, <LoginScreen />, 'Login'),
      page(webRoutes.signup, <SignupScreen />, 'Create Account'),
      page(webRoutes.forgotPassword, <ForgotPasswordScreen />, 'Forgot Password'),
      page(webRoutes.forgotPasswordLower, <ForgotPasswordScreen />, 'Forgot Password'),
      page(webRoutes.verification, <VerificationScreen />, 'Verification'),
      page(webRoutes.changePassword, <ChangePasswordScreen />, 'Change Password'),
      page(webRoutes.profile, <ProfileScreen />),
      page(webRoutes.notifications, <NotificationsScreen />, 'Notifications'),
      // Home and research
      page(webRoutes.home, <HomeRoute />, 'Home'),
      page(webRoutes.dex, <DexScreen />, 'Decentralized Exchange'),
      page(webRoutes.cex, <CexScreen />),
      page(webRoutes.privateSale, <PrivateSaleScreen />, 'Private Sale'),
      page(webRoutes.privateSaleDetail, <PrivateSaleDetailScreen />, 'Private Sale'),
      page(webRoutes.checkScam, <CheckScamScreen />, 'Check Scammer Identifier'),
      page(webRoutes.watchList, <WatchListScreen />),
      page(webRoutes.details, <TokenDetailScreen variant="details" />, 'Token details'),
      page(webRoutes.newDetail, <TokenDetailScreen variant="newdetail" />, 'Token details'),
      page(webRoutes.price, <PriceScreen />, 'Price'),
      page(webRoutes.detailView, <DetailViewScreen />, 'New Pools'),
      // Wallet
      page(webRoutes.wallet, <WalletScreen />),
      page(webRoutes.connectWallet, <ConnectWalletScreen />, 'Connect Wallet'),
      page(webRoutes.history, <HistoryScreen />),
      page(webRoutes.transaction, <TransactionScreen />, 'Transaction'),
      // Static
      page(webRoutes.terms, <TermsScreen />),
      page(webRoutes.privacy, <PrivacyPolicyScreen />),
      // Declared by the spec without content of their own: the matching list page.
      page(webRoutes.newPools, <DexScreen />, 'New Pools'),
      page(webRoutes.dexxxx, <DexScreen />, 'Decentralized Exchange'),
      page(webRoutes.listView, <DexScreen />, 'Decentralized Exchange'),
      page(webRoutes.card, <DexScreen />, 'Decentralized Exchange'),
      page(webRoutes.filter, <DexScreen />, 'Decentralized Exchange'),
      page(webRoutes.exchange, <CexScreen />, 'Centralized Exchange'),
      page(webRoutes.activeCoin, <PrivateSaleScreen initialTab="active" />, 'Private Sale'),
      page(webRoutes.upcomingCoin, <PrivateSaleScreen initialTab="upcoming" />, 'Private Sale'),
      { path: '*', element: <NotFoundScreen />, handle: { title: 'Page not found' } },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
