import {
  favouriteMessages,
  isTokenRowClickable,
  pageHeaderFor,
  webRoutes,
  type FavouriteType,
} from '@vaultscope/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { Page } from '@/components/ui/page';
import { Tabs } from '@/components/ui/tabs';
import { selectIsLoggedIn, selectUser, useSessionStore } from '@/stores/session-store';
import { useWatchlist } from '../api/get-watchlist';
import { IcoWatchTable, TokenWatchTable } from './watch-tables';
import styles from './watch-list.module.css';

const TABS = [
  { value: 'DEX', label: 'DEX' },
  { value: 'CEX', label: 'CEX' },
  { value: 'ICO', label: 'ICO' },
] as const satisfies readonly { value: FavouriteType; label: string }[];

/** My Watchlist (/watch-list): DEX, CEX and ICO tabs fed by one listing call. */
export function WatchListScreen() {
  const [tab, setTab] = useState<FavouriteType>('DEX');
  const loggedIn = useSessionStore(selectIsLoggedIn);
  const userId = useSessionStore(selectUser)?._id;
  const header = pageHeaderFor(webRoutes.watchList);
  const watchlist = useWatchlist(loggedIn ? userId : undefined);

  return (
    <Page title={header.title} visuallyHiddenTitle>
      {!loggedIn || !userId ? (
        <LoginPrompt />
      ) : (
        <Tabs label="Watch list" tabs={TABS} value={tab} onChange={setTab}>
          {tab === 'ICO' ? (
            <IcoWatchTable userId={userId} query={watchlist} />
          ) : (
            <TokenWatchTable
              kind={tab}
              userId={userId}
              query={watchlist}
              // Spec section 2: a DEX Solana row is not clickable; CEX rows always are.
              isClickable={tab === 'DEX' ? isTokenRowClickable : () => true}
            />
          )}
        </Tabs>
      )}
    </Page>
  );
}

/**
 * Spec section 5's 'User ID not found in localStorage.' case: without a session there is no list
 * to read, so the visitor is asked to log in.
 */
function LoginPrompt() {
  return (
    <div className="card">
      <EmptyState title="Log in to see your watch list." icon="☆">
        <p>Tokens and projects you mark as favourites are kept here, with your account.</p>
        <p className="visually-hidden">{favouriteMessages.noUserId}</p>
        <Link to={webRoutes.login} className={`btn btn--primary ${styles.login}`}>
          Log in
        </Link>
      </EmptyState>
    </div>
  );
}
