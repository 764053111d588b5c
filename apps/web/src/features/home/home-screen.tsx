import { webRoutes } from '@vaultscope/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { selectUser, useSessionStore } from '@/stores/session-store';
import { HomeStrip } from './home-strip';
import styles from './home.module.css';

interface MenuItem {
  label: string;
  description: string;
  to: string;
  icon: ReactNode;
  highlighted?: boolean;
}

/** The lists' section, where the strip's jumps go while the lists are not drawn yet. */
const RESEARCH_ID = 'token-research';

const ITEMS: MenuItem[] = [
  {
    label: 'CEX',
    description: 'Tokens on centralized exchanges',
    to: webRoutes.cex,
    icon: '⇄',
    highlighted: true,
  },
  { label: 'DEX', description: 'New pools and top gainers on-chain', to: webRoutes.dex, icon: '◈' },
  {
    label: 'Private Sale',
    description: 'Active and upcoming funding rounds',
    to: webRoutes.privateSale,
    icon: '◎',
  },
  {
    label: 'Scam Token Identifier',
    description: 'Check any token address for scam signals',
    to: webRoutes.checkScam,
    icon: '⚠',
  },
  {
    label: 'My Watch List',
    description: 'Tokens and projects you follow',
    to: webRoutes.watchList,
    icon: '☆',
  },
];

/**
 * Home: the top strip (scam check, and jumps to the top gainers), the menu (spec: CEX
 * highlighted, DEX, Private Sale, Scam Token Identifier, My Watch List, Wallet) and the token
 * research below. Opening the wallet needs an access check that the wallet feature owns, and the
 * research lists belong to the tokens feature, so the route passes both in.
 */
export function HomeScreen({
  onOpenWallet,
  research,
  topGainersHeadingId,
}: {
  onOpenWallet: () => void;
  /** The chain selector, Advanced Filters and the DEX lists, shown below the menu. */
  research?: ReactNode;
  /** Where the strip's 'New Pools' and 'Top Gainers' buttons scroll to. */
  topGainersHeadingId?: string;
}) {
  const user = useSessionStore(selectUser);
  const greeting = user
    ? `Welcome back, ${user.firstName}. Where do you want to start?`
    : 'Where do you want to start?';
  return (
    <Page title="Home" description={greeting}>
      {topGainersHeadingId && (
        <HomeStrip topGainersHeadingId={topGainersHeadingId} researchId={RESEARCH_ID} />
      )}
      <nav aria-label="Home menu">
        <ul className={styles.menu}>
          {ITEMS.map((item) => (
            <li key={item.label}>
              <Link
                to={item.to}
                className={item.highlighted ? `${styles.item} ${styles.highlighted}` : styles.item}
                aria-current={item.highlighted ? 'true' : undefined}
              >
                <span className={styles.icon} aria-hidden="true">
                  {item.icon}
                </span>
                <span className={styles.label}>{item.label}</span>
                <span className={styles.description}>{item.description}</span>
              </Link>
            </li>
          ))}
          <li>
            <button type="button" className={styles.item} onClick={onOpenWallet}>
              <span className={styles.icon} aria-hidden="true">
                ◆
              </span>
              <span className={styles.label}>Wallet</span>
              <span className={styles.description}>Send, receive and track your crypto</span>
            </button>
          </li>
        </ul>
      </nav>
      {research && (
        <section id={RESEARCH_ID} className={styles.research} aria-label="Token research">
          {research}
        </section>
      )}
    </Page>
  );
}
