import { pageHeaderFor, webRoutes } from '@vaultscope/core';
import { useState } from 'react';
import { Page } from '@/components/ui/page';
import { Tabs } from '@/components/ui/tabs';
import { useCexTable } from '../api/cex';
import { CexSampleTransactions } from './cex-sample-transactions';
import { DataAge } from './data-age';
import { TokenListTable } from './token-list-table';

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
        {tab === 'tokens' ? <CexTokens /> : <CexSampleTransactions />}
      </Tabs>
    </Page>
  );
}

function CexTokens() {
  const table = useCexTable();
  return (
    <>
      <DataAge kind="cex" />
      <TokenListTable kind="CEX" caption="CEX tokens" query={table} testId="cex-table" />
    </>
  );
}
