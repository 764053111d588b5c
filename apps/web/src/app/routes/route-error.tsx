import { webRoutes } from '@vaultscope/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** Shown when a screen throws while rendering: a way back instead of a blank page. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;
  return (
    <main id="main" className="lost">
      <p className="lost__code" aria-hidden="true">
        !
      </p>
      <h1 className="page__title">Something went wrong</h1>
      <p className="lost__text">This screen could not be shown. Please try again.</p>
      {detail && import.meta.env.DEV && <pre className="lost__text mono">{detail}</pre>}
      <a href={webRoutes.home} className="btn btn--primary">
        Reload home
      </a>
      <Link to={webRoutes.login}>Log in</Link>
    </main>
  );
}
