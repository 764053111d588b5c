import { pageHeaderFor, webRoutes } from '@vaultscope/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { Page } from '@/components/ui/page';
import { Tabs } from '@/components/ui/tabs';
import { DataTable, TOKEN_TABLE_COLUMNS } from '@/components/token-table/data-table';
import { selectIsLoggedIn, useSessionStore } from '@/stores/session-store';

type WatchTab = 'DEX' | 'CEX' | 'ICO';

const TABS = [
  { value: 'DEX', label: 'DEX' },
  { value: 'CEX', label: 'CEX' },
  { value: 'ICO', label: 'ICO' },
] as const satisfies readonly { value: WatchTab; label: string }[];

const ICO_COLUMNS = ['Token Name', 'Round', 'Total Raised', 'Pre-Valuation', 'Category', 'Date'];

/** My Watchlist (/watch-list): DEX, CEX and ICO tabs fed by one listing call (watch-list issue). */
export function WatchListScreen() {
  const [tab, setTab] = useState<WatchTab>('DEX');
  const loggedIn = useSessionStore(selectIsLoggedIn);
  const header = pageHeaderFor(webRoutes.watchList);

  return (
    <Page title={header.title} visuallyHiddenTitle>
      {loggedIn ? (
        <Tabs label="Watch list" tabs={TABS} value={tab} onChange={setTab}>
          <DataTable
            caption={`${tab} watch list`}
            columns={tab === 'ICO' ? ICO_COLUMNS : TOKEN_TABLE_COLUMNS}
            emptyText="Data not available"
          />
        </Tabs>
      ) : (
        <div className="card">
          <EmptyState title="Log in to keep a watch list." icon="☆">
            <Link to={webRoutes.login}>Log in</Link>
          </EmptyState>
        </div>
      )}
    </Page>
  );
}
