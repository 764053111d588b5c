import { Spinner } from '@/components/ui/spinner';
import styles from './token-explorer-loader.module.css';

/**
 * The DEX page's one full-screen spinner while nothing has loaded: shown by the token explorer
 * until its first answers arrive, and by the DEX page while the explorer's code arrives, so that
 * the two look as one.
 */
export function TokenExplorerLoader() {
  return (
    <div className={`screen-loader ${styles.loader}`}>
      <Spinner label="Loading tokens" size={28} />
    </div>
  );
}
