import {
  CHAIN_CODES,
  formatPercentChange,
  percentColour,
  type CexPriceResponse,
  type ChainCode,
} from '@vaultscope/core';
import { Link, useParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { messageOf } from '@/lib/api-client';
import { formatDateTime, formatUsd } from '@/lib/format';
import { tokenDetailPath } from '@/lib/web-links';
import { useCexPrice } from '../api/cex-price';
import { FavouriteHeart } from './favourite-heart';
import { MarketPanel } from './market-panel';
import styles from './price-screen.module.css';

const PRICE_ERROR_TEXT = 'Could not load this coin. Please try again.';

/** Price page (/price/:tokenAddress), opened from a CEX price cell: the coin's market figures. */
export function PriceScreen() {
  const { tokenAddress = '' } = useParams();
  const price = useCexPrice(tokenAddress);

  if (price.isPending) {
    return (
      <Page title="Price" description="Market price of a centralized-exchange coin">
        <div className="screen-loader">
          <Spinner label="Loading price" size={28} />
        </div>
      </Page>
    );
  }
  if (price.isError) {
    return (
      <Page title="Price" description="Market price of a centralized-exchange coin">
        <div className="card">
          <EmptyState title={messageOf(price.error, PRICE_ERROR_TEXT)}>
            <p className={`mono ${styles.address}`}>{tokenAddress}</p>
          </EmptyState>
        </div>
      </Page>
    );
  }
  return <PriceDetails coin={price.data} />;
}

function Change({ label, value }: { label: string; value: number | null }) {
  const tone = value === null ? '' : percentColour(value) === 'red' ? 'down' : 'up';
  return (
    <div className={styles.change}>
      <dt>{label}</dt>
      <dd className={tone}>{formatPercentChange(value)}</dd>
    </div>
  );
}

/** The hero price in full (`$95,000.00`); tiny prices keep the shared compact form. */
function fullPrice(value: number | null): string {
  if (value === null || value < 1) return formatUsd(value);
  return value.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}

const amount = (value: number | null) =>
  value === null ? '-' : value.toLocaleString('en-US', { maximumFractionDigits: 0 });

function PriceDetails({ coin }: { coin: CexPriceResponse }) {
  const { market } = coin;
  const contracts = Object.entries(market.platforms) as [ChainCode, string][];
  return (
    <Page
      title={coin.CoinName}
      description={`${market.symbol.toUpperCase()} on centralized exchanges`}
      actions={
        <FavouriteHeart
          framed
          target={{
            type: 'CEX',
            id: coin.id,
            tokenAddress: coin.tokenAddress,
            chainName: coin.chainName,
          }}
          name={coin.CoinName}
          isFavourite={coin.is_favourite === 1}
        />
      }
    >
      <section className="card card--padded" aria-label="Price">
        <p className={styles.heroLabel}>
          Price
          {market.market_cap_rank !== null && (
            <span className="badge badge--accent">Rank #{market.market_cap_rank}</span>
          )}
        </p>
        <p className={styles.heroValue} data-testid="cex-price">
          {fullPrice(market.current_price)}
        </p>
        <dl className={styles.changes}>
          <Change label="1H" value={market.price_change_percentage_1h_in_currency} />
          <Change label="24H" value={market.price_change_percentage_24h_in_currency} />
          <Change label="7D" value={market.price_change_percentage_7d_in_currency} />
        </dl>
      </section>
      <dl className={`${styles.facts} card`} aria-label="Market figures">
        <div>
          <dt>Market cap</dt>
          <dd>{formatUsd(market.market_cap)}</dd>
        </div>
        <div>
          <dt>FDV</dt>
          <dd>{formatUsd(market.fully_diluted_valuation)}</dd>
        </div>
        <div>
          <dt>24h volume</dt>
          <dd>{formatUsd(market.total_volume)}</dd>
        </div>
        <div>
          <dt>Circulating supply</dt>
          <dd>{amount(market.circulating_supply)}</dd>
        </div>
        <div>
          <dt>Total supply</dt>
          <dd>{amount(market.total_supply)}</dd>
        </div>
        <div>
          <dt>Max supply</dt>
          <dd>{amount(market.max_supply)}</dd>
        </div>
        <div>
          <dt>Last updated</dt>
          <dd>{formatDateTime(market.last_updated)}</dd>
        </div>
        <div>
          <dt>Coin id</dt>
          <dd className="mono">{market.id}</dd>
        </div>
      </dl>
      {contracts[0] && <MarketPanel address={contracts[0][1]} chainName={contracts[0][0]} />}
      {contracts.length > 0 && (
        <section className="card card--padded" aria-labelledby="price-contracts">
          <h2 id="price-contracts" className="section-title">
            Contracts
          </h2>
          <ul className={styles.contracts}>
            {contracts.map(([chain, address]) => (
              <li key={chain}>
                <span className="badge">
                  {CHAIN_CODES.find((item) => item.code === chain)?.label ?? chain}
                </span>
                <Link to={tokenDetailPath(address, chain)} className={`mono ${styles.address}`}>
                  {address}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </Page>
  );
}
