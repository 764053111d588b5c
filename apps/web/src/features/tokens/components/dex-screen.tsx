import { lazyPart } from '@/components/lazy/lazy-part';
import { Page } from '@/components/ui/page';
import { TokenExplorerLoader } from './token-explorer-loader';

// The lists are a chunk of their own (as on Home), fetched once the page is drawn: the page's
// title, its largest paint on a phone, no longer waits for the lists' code, their queries and
// zod, which downloaded beside the entry and ran before the first paint.
const TokenExplorer = lazyPart(() => import('./token-explorer').then((m) => m.TokenExplorer));

/** DEX (/DEX and the declared routes that reuse it): filter bar, two sliders, the token table. */
export function DexScreen() {
  return (
    <Page title="Decentralized Exchange" description="New pools and top gainers across chains">
      <TokenExplorer fullScreenLoading fallback={<TokenExplorerLoader />} />
    </Page>
  );
}
