import { PRODUCT_NAME, PRODUCT_TAGLINE, webRoutes } from '@vaultscope/core';
import type { ReactNode, RefObject } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '@/components/ui/brand-mark';
import { MenuIcon } from '@/components/icons';
import styles from './top-bar.module.css';

/**
 * The top bar: menu button, brand, the page title and description (spec page headers), and the
 * notification bell passed in by the layout.
 */
export function TopBar({
  title,
  description,
  menuOpen,
  menuId,
  onOpenMenu,
  menuButtonRef,
  bell,
  account,
}: {
  title: string;
  description: string | undefined;
  menuOpen: boolean;
  menuId: string;
  onOpenMenu: () => void;
  menuButtonRef: RefObject<HTMLButtonElement | null>;
  bell: ReactNode;
  account: ReactNode;
}) {
  const shownDescription = description ?? (title === PRODUCT_NAME ? PRODUCT_TAGLINE : undefined);
  return (
    <header className={styles.bar}>
      <div className={styles.inner}>
        <button
          ref={menuButtonRef}
          type="button"
          className="icon-btn"
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          aria-controls={menuOpen ? menuId : undefined}
          onClick={onOpenMenu}
        >
          <MenuIcon />
        </button>
        <Link to={webRoutes.home} className={styles.brand} aria-label={`${PRODUCT_NAME} home`}>
          <BrandMark size={30} />
        </Link>
        <div className={styles.heading} data-testid="page-header">
          <p className={styles.title}>{title}</p>
          {shownDescription && <p className={styles.description}>{shownDescription}</p>}
        </div>
        <div className={styles.actions}>
          {bell}
          {account}
        </div>
      </div>
    </header>
  );
}
