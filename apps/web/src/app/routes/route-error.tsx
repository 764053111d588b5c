import { webRoutes } from '@vaultscope/core';
import { Component, type ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './lost.module.css';

/** Shown when a screen throws while rendering: a way back instead of a blank page. */
export function RouteErrorScreen({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <main id="main" className={styles.lost}>
      <p className={styles.code} aria-hidden="true">
        !
      </p>
      <h1 className="page__title">Something went wrong</h1>
      <p className={styles.text}>This screen could not be shown. Please try again.</p>
      {detail && import.meta.env.DEV && <pre className={`${styles.text} mono`}>{detail}</pre>}
      <a href={webRoutes.home} className="btn btn--primary">
        Reload home
      </a>
      <Link to={webRoutes.login}>Log in</Link>
    </main>
  );
}

/**
 * Catches what a screen throws while rendering (a failed chunk fetch included) and shows
 * `RouteErrorScreen` in place of the whole shell, as the router's `errorElement` did; moving to
 * another path tries again. (The app uses React Router's declarative mode, which has no
 * `errorElement`: its data router alone is 17 KB of gzipped JavaScript the app did not use.)
 */
export class RouteErrorBoundary extends Component<
  { pathname: string; children: ReactNode },
  { error: unknown; pathname: string | null }
> {
  override state = { error: undefined as unknown, pathname: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(
    props: { pathname: string },
    state: { error: unknown; pathname: string | null },
  ) {
    return state.pathname === props.pathname
      ? null
      : { error: undefined, pathname: props.pathname };
  }

  override render() {
    if (this.state.error !== undefined) return <RouteErrorScreen error={this.state.error} />;
    return this.props.children;
  }
}
