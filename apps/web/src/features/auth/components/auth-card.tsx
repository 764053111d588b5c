import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PRODUCT_NAME, PRODUCT_TAGLINE, webRoutes } from '@vaultscope/core';
import { BrandMark } from '@/components/ui/brand-mark';
import styles from './auth-card.module.css';

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
    <div className="centred-page">
      <div className={wide ? `${styles.card} ${styles.wide}` : styles.card}>
        <Link to={webRoutes.home} className={styles.brand} aria-label={`${PRODUCT_NAME} home`}>
          <BrandMark />
          <span>{PRODUCT_NAME}</span>
        </Link>
        <p className={styles.tagline}>{PRODUCT_TAGLINE}</p>
        <h1 className={styles.title}>{title}</h1>
        {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        {children}
        {footer && <div className={styles.footer}>{footer}</div>}
      </div>
    </div>
  );
}
