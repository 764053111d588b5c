import {
  CHAIN_CODES,
  formatAge,
  formatPercentChange,
  formatUsdCompact,
  percentColour,
  type TokenListItem,
} from '@vaultscope/core';
import { memo } from 'react';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import styles from './token-card.module.css';

const chainLabel = (code: TokenListItem['chainName']) =>
  CHAIN_CODES.find((chain) => chain.code === code)?.label ?? code;

interface TokenCardProps {
  token: TokenListItem;
  to?: string | undefined;
  now: Date;
}

/**
 * A slider card: name, chain, price and 24 h change, liquidity, volume and age. The name opens
 * the detail when `to` is given (not for Solana tokens, spec section 2). Drawn again only when
 * its token changed (the lists' answers keep unchanged tokens' objects), its link did, or its
 * age as shown moved on: the sliders are read again every second.
 */
export const TokenCard = memo(
  TokenCardView,
  (before: TokenCardProps, after: TokenCardProps) =>
    before.token === after.token &&
    before.to === after.to &&
    formatAge(before.token.age, before.now) === formatAge(after.token.age, after.now),
);

function TokenCardView({ token, to, now }: TokenCardProps) {
  const change = token.pricePercentage.h24;
  const name = (
    <>
      {/* token-card__name: the e2e specs read a card's name by this class. */}
      <span className={`token-card__name ${styles.name}`}>{token.CoinName}</span>
      {token.symbol && <span className={styles.symbol}>{token.symbol}</span>}
    </>
  );
  return (
    <article className={styles.card} data-testid="token-card">
      <header className={styles.head}>
        {to ? (
          <Link to={to} className={styles.title}>
            {name}
          </Link>
        ) : (
          <span className={styles.title}>{name}</span>
        )}
        <span className="badge">{chainLabel(token.chainName)}</span>
      </header>
      <div className={styles.price}>
        <span>{formatUsdCompact(token.price)}</span>
        <span
          className={
            change === null
              ? styles.change
              : `${styles.change} ${percentColour(change) === 'red' ? 'down' : 'up'}`
          }
        >
          {formatPercentChange(change)}
        </span>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>LIQ</dt>
          <dd>{formatUsdCompact(token.liquidity)}</dd>
        </div>
        <div>
          <dt>VOL</dt>
          <dd>{formatUsdCompact(token.volume)}</dd>
        </div>
        <div>
          <dt>Age</dt>
          <dd>{formatAge(token.age, now)}</dd>
        </div>
      </dl>
    </article>
  );
}

export function TokenCardSkeleton() {
  return (
    <div className={`${styles.card} ${styles.skeleton}`} aria-hidden="true">
      <Skeleton width="60%" />
      <Skeleton width="40%" />
      <Skeleton width="85%" />
    </div>
  );
}
