import { webRoutes } from '@vaultscope/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { selectUser, useSessionStore } from '@/stores/session-store';
import './home.css';

interface MenuItem {
  label: string;
  description: string;
  to: string;
  icon: ReactNode;
  highlighted?: boolean;
}

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
 * The home menu (spec: CEX highlighted, DEX, Private Sale, Scam Token Identifier, My Watch List,
 * Wallet). Opening the wallet needs an access check that the wallet feature owns, so the route
 * passes it in.
 */
export function HomeScreen({ onOpenWallet }: { onOpenWallet: () => void }) {
  const user = useSessionStore(selectUser);
  const greeting = user
    ? `Welcome back, ${user.firstName}. Where do you want to start?`
    : 'Where do you want to start?';
  return (
    <Page title="Home" description={greeting}>
      <nav aria-label="Home menu">
        <ul className="home-menu">
          {ITEMS.map((item) => (
            <li key={item.label}>
              <Link
                to={item.to}
                className={`home-menu__item${item.highlighted ? ' home-menu__item--highlighted' : ''}`}
                aria-current={item.highlighted ? 'true' : undefined}
              >
                <span className="home-menu__icon" aria-hidden="true">
                  {item.icon}
                </span>
                <span className="home-menu__label">{item.label}</span>
                <span className="home-menu__description">{item.description}</span>
              </Link>
            </li>
          ))}
          <li>
            <button type="button" className="home-menu__item" onClick={onOpenWallet}>
              <span className="home-menu__icon" aria-hidden="true">
                ◆
              </span>
              <span className="home-menu__label">Wallet</span>
              <span className="home-menu__description">Send, receive and track your crypto</span>
            </button>
          </li>
        </ul>
      </nav>
    </Page>
  );
}
