import { webRoutes } from '@vaultscope/core';
import { Link, matchPath, Navigate, useLocation } from 'react-router';
import styles from './lost.module.css';

/**
 * A path that only differs from a known route by letter case goes to that route (the routes are
 * case-sensitive, as the spec's paths are). Returns undefined when nothing matches.
 */
export function canonicalPathFor(pathname: string): string | undefined {
  for (const pattern of Object.values(webRoutes)) {
    const match = matchPath({ path: pattern, caseSensitive: false, end: true }, pathname);
    if (match && match.pathname !== pattern && pattern !== webRoutes.devOutbox) {
      const params = match.params;
      return pattern.replace(/:(\w+)/g, (_, name: string) =>
        encodeURIComponent(params[name] ?? ''),
      );
    }
  }
  return undefined;
}

export function NotFoundScreen() {
  const location = useLocation();
  const canonical = canonicalPathFor(location.pathname);
  if (canonical && canonical !== location.pathname) {
    return <Navigate to={`${canonical}${location.search}`} replace />;
  }
  return (
    <section className={styles.lost} aria-labelledby="page-title">
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 id="page-title" className="page__title">
        Page not found
      </h1>
      <p className={styles.text}>
        There is nothing at <code className="mono">{location.pathname}</code>. It may have moved, or
        the link may be wrong.
      </p>
      <Link to={webRoutes.home} className="btn btn--primary">
        Go to home
      </Link>
    </section>
  );
}
