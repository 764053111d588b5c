import { HomeScreen } from '@/features/home';
import { TokenExplorer, TOP_GAINERS_HEADING_ID } from '@/features/tokens';
import { useOpenWallet } from '@/features/wallet';

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
        research={<TokenExplorer />}
        topGainersHeadingId={TOP_GAINERS_HEADING_ID}
      />
      {walletModal}
    </>
  );
}
