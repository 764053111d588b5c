import type { ReactNode } from 'react';

/**
 * Frame of a content page. When the top bar already shows this page's title (spec page headers),
 * pass `visuallyHiddenTitle`: the heading stays for screen readers but is not shown twice.
 */
export function Page({
  title,
  description,
  actions,
  children,
  className,
  visuallyHiddenTitle = false,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  visuallyHiddenTitle?: boolean;
}) {
  return (
    <section className={`page${className ? ` ${className}` : ''}`} aria-labelledby="page-title">
      <header className={`page__header${visuallyHiddenTitle ? ' visually-hidden' : ''}`}>
        <div>
          <h1 id="page-title" className="page__title">
            {title}
          </h1>
          {description && <p className="page__description">{description}</p>}
        </div>
        {actions && <div className="page__actions">{actions}</div>}
      </header>
      {children}
    </section>
  );
}
