import { lazy, Suspense } from 'react';
import { HomeScreen } from '@/features/home';
import { TOP_GAINERS_HEADING_ID } from '@/features/tokens';
import { useOpenWallet } from '@/features/wallet';

// The lists are a chunk of their own, fetched as soon as Home renders: the menu (the page's
// largest paint on a phone) no longer waits for the lists' code, their queries and zod.
const TokenExplorer = lazy(() =>
  import('@/features/tokens/components/token-explorer').then((m) => ({
    default: m.TokenExplorer,
  })),
);

/**
 * Home composes the home menu with the wallet feature's way in and the tokens feature's filters
 * and lists (spec section 2: Home top strip and filters, results below).
 */
export function HomeRoute() {
  const { openWallet, walletModal } = useOpenWallet('home');
  return (
    <>
      <HomeScreen
        onOpenWallet={openWallet}
        research={
          <Suspense fallback={null}>
            <TokenExplorer />
          </Suspense>
        }
        topGainersHeadingId={TOP_GAINERS_HEADING_ID}
      />
      {walletModal}
    </>
  );
}
