import { lazyPart } from '@/components/lazy/lazy-part';
import { NearScreen } from '@/components/lazy/near-screen';
import { HomeScreen } from '@/features/home';
import { TOP_GAINERS_HEADING_ID } from '@/features/tokens';
import { useOpenWallet } from '@/features/wallet';

// The lists are a chunk of their own, fetched once Home is drawn: the menu (the page's largest
// paint on a phone) waits neither for the lists' code, their queries and zod, nor (lazyPart,
// not React.lazy) for React to hold the reveal while they arrive.
const TokenExplorer = lazyPart(() =>
  import('@/features/tokens/components/token-explorer').then((m) => m.TokenExplorer),
);

/**
 * Home composes the home menu with the wallet feature's way in and the tokens feature's filters
 * and lists (spec section 2: Home top strip and filters, results below).
 */
/** The height that holds the lists' place until they are drawn, and while their code comes. */
const LISTS_PLACE_HEIGHT = '100vh';

export function HomeRoute() {
  const { openWallet, walletModal } = useOpenWallet('home');
  return (
    <>
      <HomeScreen
        onOpenWallet={openWallet}
        research={
          // Below the menu, off a phone's first screen: drawn once its place is in view or
          // reached by keyboard (NearScreen). The box keeps its height while the code comes.
          <NearScreen
            label="token-research"
            placeholderHeight={LISTS_PLACE_HEIGHT}
            showLabel="Show the token lists"
          >
            <TokenExplorer fallback={<div style={{ minHeight: LISTS_PLACE_HEIGHT }} />} />
          </NearScreen>
        }
        topGainersHeadingId={TOP_GAINERS_HEADING_ID}
      />
      {walletModal}
    </>
  );
}
