import { PRODUCT_NAME, PRODUCT_TAGLINE, webRoutes } from '@vaultscope/core';
import type { ReactNode, RefObject } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '@/components/ui/brand-mark';
import { MenuIcon } from '@/components/icons';

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
    <header className="top-bar">
      <div className="top-bar__inner">
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
        <Link to={webRoutes.home} className="top-bar__brand" aria-label={`${PRODUCT_NAME} home`}>
          <BrandMark size={30} />
        </Link>
        <div className="top-bar__heading" data-testid="page-header">
          <p className="top-bar__title">{title}</p>
          {shownDescription && <p className="top-bar__description">{shownDescription}</p>}
        </div>
        <div className="top-bar__actions">
          {bell}
          {account}
        </div>
      </div>
    </header>
  );
}
