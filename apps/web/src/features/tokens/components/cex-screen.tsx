import { pageHeaderFor, webRoutes } from '@vaultscope/core';
import { useState } from 'react';
import { lazyPart } from '@/components/lazy/lazy-part';
import { Page } from '@/components/ui/page';
import { Tabs } from '@/components/ui/tabs';
import { CexSampleTransactions } from './cex-sample-transactions';
import styles from './cex-screen.module.css';
import { TokenTableSkeleton } from './token-table-skeleton';

// The token table is a chunk of its own, fetched once the page is drawn, with its skeleton
// meanwhile: the page's first paint no longer waits for the table's code, its queries and zod,
// which downloaded beside the entry and ran before it.
const CexTokens = lazyPart(() => import('./cex-tokens').then((m) => m.CexTokens));

const TABS = [
  { value: 'tokens', label: 'Tokens' },
  { value: 'samples', label: 'Sample transactions' },
] as const;
type CexTab = (typeof TABS)[number]['value'];

/**
 * CEX (/CEX, /exchange): the token table of centralized-exchange coins (the price cell opens
 * /price/{tokenAddress}); the spec's sample-transactions variant is a tab of its own.
 */
export function CexScreen() {
  const header = pageHeaderFor(webRoutes.cex);
  const [tab, setTab] = useState<CexTab>('tokens');
  return (
    <Page title={header.title} description={header.description} visuallyHiddenTitle>
      <Tabs label="Centralized exchange" tabs={TABS} value={tab} onChange={setTab}>
        {tab === 'tokens' ? (
          <div className={styles.tokens}>
            <CexTokens fallback={<TokenTableSkeleton caption="CEX tokens" testId="cex-table" />} />
          </div>
        ) : (
          <CexSampleTransactions />
        )}
      </Tabs>
    </Page>
  );
}
