import { Page } from '@/components/ui/page';
import { TokenExplorer } from './token-explorer';

/** DEX (/DEX and the declared routes that reuse it): filter bar, two sliders, the token table. */
export function DexScreen() {
  return (
    <Page title="Decentralized Exchange" description="New pools and top gainers across chains">
      <TokenExplorer fullScreenLoading />
    </Page>
  );
}
