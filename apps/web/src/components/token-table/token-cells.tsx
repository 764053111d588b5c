import type { CexTokenListItem, TokenListItem } from '@vaultscope/core';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { formatAge, formatPercentChange, formatUsd, percentColour } from '@/lib/format';
import styles from './token-cells.module.css';

type TokenRow = TokenListItem | CexTokenListItem;

const PERCENT_KEYS = ['m5', 'h1', 'h6', 'h24'] as const;

/** Column headings of the token table (spec: DEX and CEX lists, watch list DEX/CEX tabs). */
export const TOKEN_TABLE_COLUMNS = [
  'Coin Name',
  'Price',
  'Age',
  'TXN',
  '5M',
  '1H',
  '6H',
  '24H',
  'VOL',
  'LIQ',
  'MCAP',
  'FDV',
] as const;

/**
 * The twelve cells of a token table row (spec: Coin Name, Price, Age, TXN, 5M, 1H, 6H, 24H, VOL,
 * LIQ, MCAP, FDV). The coin name is a link when `to` is given; negative changes are red.
 * `leading` goes before the name in the first cell (a favourite heart); `priceTo` makes the price
 * a link (spec: in the CEX list the price cell opens /price/{tokenAddress}).
 */
export function TokenCells({
  token,
  to,
  onOpen,
  now,
  leading,
  priceTo,
}: {
  token: TokenRow;
  /** Where the coin name leads; `undefined` when the row is not clickable (Solana on DEX lists). */
  to: string | undefined;
  onOpen?: (event: MouseEvent<HTMLAnchorElement>) => void;
  now: Date;
  leading?: ReactNode;
  priceTo?: string | undefined;
}) {
  const name = (
    <>
      {/* token-cell__name: the e2e specs read a row's name by this class. */}
      <span className="token-cell__name">{token.CoinName}</span>
      {token.symbol && <span className={styles.symbol}>{token.symbol}</span>}
    </>
  );
  return (
    <>
      <th scope="row" className={styles.cell}>
        {leading}
        {to ? (
          <Link to={to} onClick={onOpen} className={styles.link}>
            {name}
          </Link>
        ) : (
          <span className={`${styles.link} ${styles.static}`}>{name}</span>
        )}
      </th>
      <td>
        {priceTo ? (
          <Link
            to={priceTo}
            className={styles.priceLink}
            aria-label={`${token.CoinName} price ${formatUsd(token.price)}`}
          >
            {formatUsd(token.price)}
          </Link>
        ) : (
          formatUsd(token.price)
        )}
      </td>
      <td>{formatAge(token.age, now)}</td>
      <td>{token.totalTransactions ?? '-'}</td>
      {PERCENT_KEYS.map((key) => {
        const value = token.pricePercentage[key];
        return (
          <td
            key={key}
            className={value === null ? undefined : percentColour(value) === 'red' ? 'down' : 'up'}
          >
            {formatPercentChange(value)}
          </td>
        );
      })}
      <td>{formatUsd(token.volume)}</td>
      <td>{formatUsd(token.liquidity)}</td>
      <td>{formatUsd(token.Mcap)}</td>
      <td>{formatUsd(token.fdv)}</td>
    </>
  );
}
