import { lazy, Suspense } from 'react';
import { Page } from '@/components/ui/page';
import { TokenExplorerLoader } from './token-explorer-loader';

// The lists are a chunk of their own (as on Home), fetched when the page renders: the page's
// title, its largest paint on a phone, no longer waits for the lists' code, their queries and
// zod, which downloaded beside the entry and ran before the first paint.
const TokenExplorer = lazy(() =>
  import('./token-explorer').then((m) => ({ default: m.TokenExplorer })),
);

/** DEX (/DEX and the declared routes that reuse it): filter bar, two sliders, the token table. */
export function DexScreen() {
  return (
    <Page title="Decentralized Exchange" description="New pools and top gainers across chains">
      <Suspense fallback={<TokenExplorerLoader />}>
        <TokenExplorer fullScreenLoading />
      </Suspense>
    </Page>
  );
}
