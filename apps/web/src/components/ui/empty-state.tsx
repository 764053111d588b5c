import type { ReactNode } from 'react';

/** An honest "nothing here (yet)" block. */
export function EmptyState({
  title,
  children,
  icon = '∅',
}: {
  title: string;
  children?: ReactNode;
  icon?: string;
}) {
  return (
    <div className="empty-state">
      <span className="empty-state__icon" aria-hidden="true">
        {icon}
      </span>
      <p className="empty-state__title">{title}</p>
      {children && <div className="empty-state__text">{children}</div>}
    </div>
  );
}
