import { PRODUCT_NAME, webRoutes } from '@vaultscope/core';
import { useId } from 'react';
import { NavLink } from 'react-router';
import { BrandMark } from '@/components/ui/brand-mark';
import { Dialog } from '@/components/ui/dialog';
import { selectUser, useSessionStore } from '@/stores/session-store';
import styles from './side-menu.module.css';

const LINKS_BEFORE_WALLET = [
  { to: webRoutes.home, label: 'Home' },
  { to: webRoutes.profile, label: 'Profile' },
] as const;

const LINKS_AFTER_WALLET = [
  { to: webRoutes.checkScam, label: 'Scam Token Identifier' },
  { to: webRoutes.cex, label: 'Centralized Exchange' },
  { to: webRoutes.dex, label: 'Decentralized Exchange' },
  { to: webRoutes.privateSale, label: 'Private Sale' },
  { to: webRoutes.watchList, label: 'My Watch List' },
  { to: webRoutes.terms, label: 'Terms and Conditions' },
  { to: webRoutes.privacy, label: 'Privacy-Policy' },
] as const;

/** The side menu (spec section 2), a focus-trapped drawer that Escape closes. */
export function SideMenu({
  id,
  onClose,
  onOpenWallet,
  onLogout,
}: {
  id: string;
  onClose: () => void;
  onOpenWallet: () => void;
  onLogout: () => void;
}) {
  const titleId = useId();
  const user = useSessionStore(selectUser);

  const link = (item: { to: string; label: string }) => (
    <li key={item.to}>
      <NavLink to={item.to} className={styles.link} onClick={onClose} end caseSensitive>
        {item.label}
      </NavLink>
    </li>
  );

  return (
    <Dialog onClose={onClose} labelledBy={titleId} placement="drawer" className="side-menu">
      <div className={styles.inner} id={id}>
        <div className={styles.head}>
          <BrandMark size={30} />
          <h2 id={titleId} className={styles.title}>
            {PRODUCT_NAME}
          </h2>
          <button type="button" className="icon-btn" aria-label="Close menu" onClick={onClose}>
            ×
          </button>
        </div>
        {user && (
          <p className={styles.user}>
            <span className={styles.userName}>
              {user.firstName} {user.lastName}
            </span>
            <span className={styles.userEmail}>{user.email}</span>
          </p>
        )}
        <nav aria-label="Main menu" className={styles.nav}>
          <ul className={styles.list}>
            {LINKS_BEFORE_WALLET.map(link)}
            <li>
              <button
                type="button"
                className={styles.link}
                onClick={() => {
                  onClose();
                  onOpenWallet();
                }}
              >
                Wallet
              </button>
            </li>
            {LINKS_AFTER_WALLET.map(link)}
          </ul>
        </nav>
        <div className={styles.foot}>
          {user ? (
            <button
              type="button"
              className={`${styles.link} ${styles.logout}`}
              onClick={() => {
                onClose();
                onLogout();
              }}
            >
              Logout
            </button>
          ) : (
            <NavLink to={webRoutes.login} className={styles.link} onClick={onClose} end>
              Log in
            </NavLink>
          )}
        </div>
      </div>
    </Dialog>
  );
}
