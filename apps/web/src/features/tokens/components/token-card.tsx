import {
  CHAIN_CODES,
  formatAge,
  formatPercentChange,
  formatUsdCompact,
  percentColour,
  type TokenListItem,
} from '@vaultscope/core';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';

const chainLabel = (code: TokenListItem['chainName']) =>
  CHAIN_CODES.find((chain) => chain.code === code)?.label ?? code;

/**
 * A slider card: name, chain, price and 24 h change, liquidity, volume and age. The name opens
 * the detail when `to` is given (not for Solana tokens, spec section 2).
 */
export function TokenCard({ token, to, now }: { token: TokenListItem; to?: string; now: Date }) {
  const change = token.pricePercentage.h24;
  const name = (
    <>
      <span className="token-card__name">{token.CoinName}</span>
      {token.symbol && <span className="token-card__symbol">{token.symbol}</span>}
    </>
  );
  return (
    <article className="token-card" data-testid="token-card">
      <header className="token-card__head">
        {to ? (
          <Link to={to} className="token-card__title token-card__link">
            {name}
          </Link>
        ) : (
          <span className="token-card__title">{name}</span>
        )}
        <span className="badge">{chainLabel(token.chainName)}</span>
      </header>
      <div className="token-card__price">
        <span>{formatUsdCompact(token.price)}</span>
        <span
          className={
            change === null
              ? 'token-card__change'
              : `token-card__change ${percentColour(change) === 'red' ? 'down' : 'up'}`
          }
        >
          {formatPercentChange(change)}
        </span>
      </div>
      <dl className="token-card__facts">
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
    <div className="token-card token-card--skeleton" aria-hidden="true">
      <Skeleton width="60%" />
      <Skeleton width="40%" />
      <Skeleton width="85%" />
    </div>
  );
}
