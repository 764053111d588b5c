import type { ResearchSourceHealth } from '@vaultscope/core';
import { useEffect, useState } from 'react';
import { useLiveResearchSource } from '../api/research-health';
import { dataAgeText } from '../lib/data-age';
import styles from './data-age.module.css';

const SOURCE_NAMES: Record<ResearchSourceHealth['kind'], string> = {
  dex: 'Pools',
  cex: 'Markets',
  security: 'Reports',
};

/**
 * How old a list's or the detail's data source is, in live mode: `Pools updated 40 s ago`,
 * ticking every second from the last load `/api/health` reports (read again every 15 s), with
 * `late` or `provider not answering` when the health says so. Nothing in snapshot mode: the
 * snapshot is a recording, and the time it was loaded into this database says nothing about
 * how old its figures are.
 */
export function DataAge({ kind }: { kind: ResearchSourceHealth['kind'] }) {
  const source = useLiveResearchSource(kind);
  const now = useNow(source !== null);
  if (!source) return null;
  const warning = source.failing ? 'provider not answering' : source.stale ? 'late' : null;
  return (
    <p className={styles.age} data-testid={`data-age-${kind}`} data-warning={warning ?? undefined}>
      {SOURCE_NAMES[kind]}{' '}
      {source.lastSyncedAt ? (
        <time dateTime={source.lastSyncedAt}>{dataAgeText(source.lastSyncedAt, now)}</time>
      ) : (
        dataAgeText(null, now)
      )}
      {warning && <span className={styles.warning}> · {warning}</span>}
    </p>
  );
}

/** The time now, moved on every second while `ticking`. */
function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}
