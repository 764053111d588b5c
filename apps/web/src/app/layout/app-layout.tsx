import { pageHeaderFor, showsTopBar, webRoutes } from '@vaultscope/core';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { lazyPart } from '@/components/lazy/lazy-part';
import { useLogout } from '@/features/auth';
import { useOpenWallet } from '@/features/wallet';
import { selectUser, useSessionStore } from '@/stores/session-store';
import { useIdlePrefetch } from '../route-prefetch';
import { useDocumentTitle } from './document-title';
import { TopBar } from './top-bar';
import styles from './app-layout.module.css';

// The bell and its notifications query are fetched once the first page that has the top bar
// (not the login page, which has none) is drawn; a same-sized placeholder holds its place
// meanwhile. Not React.lazy: the page would not be revealed until the bell's code (with zod) was
// in, or React's 300 ms hold on a reveal had passed (see lazyPart).
const NotificationBell = lazyPart(() =>
  import('@/features/notifications/components/notification-bell').then((m) => m.NotificationBell),
);
const bellPlaceholder = <span className="icon-btn" aria-hidden="true" />;

// The side menu (a dialog) is fetched when the browser is idle, before anyone opens it.
const loadSideMenu = () => import('./side-menu');
const SideMenu = lazy(() => loadSideMenu().then((m) => ({ default: m.SideMenu })));

/**
 * The shell of every route: the top bar (hidden exactly where `showsTopBar` says, case-sensitive),
 * the side menu, and the page. It composes the notification, auth and wallet features.
 */
export function AppLayout() {
  const { pathname } = useLocation();
  const withTopBar = showsTopBar(pathname);
  const header = pageHeaderFor(pathname);
  // The menu belongs to the page it was opened on: any navigation closes it.
  const [menuPath, setMenuPath] = useState<string | null>(null);
  const menuOpen = menuPath === pathname;
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const logout = useLogout();
  const { openWallet, walletModal } = useOpenWallet('menu');
  const user = useSessionStore(selectUser);

  useDocumentTitle(pathname);
  useIdlePrefetch(pathname, loadSideMenu);

  // A new page starts at the top.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <div className={withTopBar ? `${styles.shell} ${styles.withBar}` : styles.shell}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {withTopBar && (
        <TopBar
          title={header.title}
          description={header.description}
          menuOpen={menuOpen}
          menuId={menuId}
          onOpenMenu={() => setMenuPath(pathname)}
          menuButtonRef={menuButtonRef}
          bell={<NotificationBell fallback={bellPlaceholder} />}
          account={
            user ? (
              <Link
                to={webRoutes.profile}
                className={styles.avatar}
                aria-label={`My profile (${user.firstName} ${user.lastName})`}
              >
                {(user.firstName[0] ?? '').toUpperCase()}
                {(user.lastName[0] ?? '').toUpperCase()}
              </Link>
            ) : (
              <Link to={webRoutes.login} className={`btn btn--primary ${styles.login}`}>
                Log in
              </Link>
            )
          }
        />
      )}
      {/* Keyed by the bar: a page without it (the wallet's redirect to /connect-wal) gets a new
          main instead of the old one moved up by the bar's height, which Lighthouse counted as
          a layout shift of 0.074 of the whole page. */}
      <main
        key={withTopBar ? 'with-bar' : 'without-bar'}
        id="main"
        className={styles.main}
        tabIndex={-1}
      >
        <Outlet />
      </main>
      {menuOpen && (
        <Suspense fallback={null}>
          <SideMenu
            id={menuId}
            onClose={() => setMenuPath(null)}
            onOpenWallet={openWallet}
            onLogout={logout}
          />
        </Suspense>
      )}
      {walletModal}
    </div>
  );
}
