import {
  cutSymbol,
  formatPercentChange,
  formatUsdFixed,
  walletMessages,
  WALLET_DISPLAY,
  wrapPrice,
  type PortfolioBalance,
  cutDecimals,
} from '@vaultscope/core';
import { DataTable } from '@/components/ui/data-table';
import { FallbackImage } from '@/components/ui/fallback-image';
import { balanceKey, changeTone, HIDDEN_FIGURE } from '../lib/portfolio';
import styles from './portfolio-table.module.css';

const COLUMNS = ['Tokens', 'Balance', 'Change', 'Price'] as const;
const SKELETON_ROWS = 6;
const DEFAULT_LOGO = '/images/default-project.svg';

/**
 * The wallet's token table (spec section 2): Tokens (symbol cut to 5), Balance with its USD value
 * to 5 decimals, the 24 h Change, Price wrapped at 30 characters. A row click focuses the token
 * in BALANCE; clicking it again shows the total.
 */
export function PortfolioTable({
  balances,
  loading,
  error,
  focusedKey,
  onFocus,
  hidden,
}: {
  balances: readonly PortfolioBalance[];
  loading: boolean;
  error: unknown;
  focusedKey: string | null;
  onFocus: (key: string | null) => void;
  hidden: boolean;
}) {
  return (
    <DataTable
      caption="Token balances"
      columns={COLUMNS}
      loading={loading}
      failure={
        error && balances.length === 0 ? { error, text: walletMessages.portfolioFailed } : null
      }
      emptyText={walletMessages.noBalances}
      rowCount={balances.length}
      skeletonRows={SKELETON_ROWS}
      className={styles.table}
      testId="portfolio-table"
    >
      {balances.map((balance) => {
        const key = balanceKey(balance);
        return (
          <PortfolioRow
            key={key}
            balance={balance}
            focused={key === focusedKey}
            hidden={hidden}
            onToggle={() => onFocus(key === focusedKey ? null : key)}
          />
        );
      })}
    </DataTable>
  );
}

function PortfolioRow({
  balance,
  focused,
  hidden,
  onToggle,
}: {
  balance: PortfolioBalance;
  focused: boolean;
  hidden: boolean;
  onToggle: () => void;
}) {
  const symbol = cutSymbol(balance.symbol, WALLET_DISPLAY.portfolioSymbolChars);
  const tone = changeTone(balance.change24h);
  const price = balance.usdPrice === null ? '-' : `$${balance.usdPrice}`;
  return (
    // The whole row answers the pointer; the button in its first cell answers the keyboard.
    <tr
      className={focused ? `data-table__row--link ${styles.focused}` : 'data-table__row--link'}
      data-testid="portfolio-row"
      onClick={onToggle}
    >
      <th scope="row">
        <button
          type="button"
          className={styles.token}
          aria-pressed={focused}
          title={`${balance.name} on ${balance.chainName}`}
          onClick={(event) => {
            event.stopPropagation();
            onToggle();
          }}
        >
          <FallbackImage
            className={styles.logo}
            src={balance.logo}
            fallback={DEFAULT_LOGO}
            alt=""
            width={24}
            height={24}
          />
          <span className={styles.text}>
            <span className={styles.symbol}>{symbol}</span>
            <span className={styles.chain}>{balance.chainName}</span>
          </span>
        </button>
      </th>
      <td title={hidden ? undefined : balance.balance}>
        <span className={styles.figure}>
          {hidden ? HIDDEN_FIGURE : cutDecimals(balance.balance, WALLET_DISPLAY.amountDecimals)}
        </span>
        <span className={styles.usd}>
          {hidden
            ? HIDDEN_FIGURE
            : `$${formatUsdFixed(balance.usd_value, WALLET_DISPLAY.tokenUsdDecimals)}`}
        </span>
      </td>
      <td className={styles.change} data-tone={tone}>
        {formatPercentChange(balance.change24h)}
      </td>
      <td>
        {wrapPrice(price).map((line, index) => (
          <span key={index} className={styles.priceLine}>
            {line}
          </span>
        ))}
      </td>
    </tr>
  );
}
