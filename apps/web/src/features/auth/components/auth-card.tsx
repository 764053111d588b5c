import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PRODUCT_NAME, PRODUCT_TAGLINE, webRoutes } from '@vaultscope/core';
import { BrandMark } from '@/components/ui/brand-mark';
import '../auth.css';

/** The frame of every account screen: brand, a title, the form, and a footer line. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
  wide = false,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className="auth">
      <div className={`auth__card${wide ? ' auth__card--wide' : ''}`}>
        <Link to={webRoutes.home} className="auth__brand" aria-label={`${PRODUCT_NAME} home`}>
          <BrandMark />
          <span className="auth__brand-name">{PRODUCT_NAME}</span>
        </Link>
        <p className="auth__tagline">{PRODUCT_TAGLINE}</p>
        <h1 className="auth__title">{title}</h1>
        {subtitle && <p className="auth__subtitle">{subtitle}</p>}
        {children}
        {footer && <div className="auth__footer">{footer}</div>}
      </div>
    </div>
  );
}
