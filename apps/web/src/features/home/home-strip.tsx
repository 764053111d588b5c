import { webRoutes } from '@vaultscope/core';
import { Link } from 'react-router';
import styles from './home.module.css';

/**
 * Home's top strip (spec section 2): a way to the scam check labelled 'Check Scammer Identifier',
 * and 'New Pools' and 'Top Gainers' buttons that scroll to the top-gainers heading.
 */
export function HomeStrip({ topGainersHeadingId }: { topGainersHeadingId: string }) {
  function scrollToTopGainers() {
    const heading = document.getElementById(topGainersHeadingId);
    if (!heading) return;
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    heading.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
    // Keyboard and screen-reader users land where the eye does.
    heading.focus({ preventScroll: true });
  }

  return (
    <nav className={styles.strip} aria-label="Research shortcuts">
      <Link to={webRoutes.checkScam} className={`btn btn--primary ${styles.scam}`}>
        <span aria-hidden="true">⚠</span> Check Scammer Identifier
      </Link>
      <div className={styles.jumps}>
        <button type="button" className="btn btn--secondary" onClick={scrollToTopGainers}>
          New Pools
        </button>
        <button type="button" className="btn btn--secondary" onClick={scrollToTopGainers}>
          Top Gainers
        </button>
      </div>
    </nav>
  );
}
