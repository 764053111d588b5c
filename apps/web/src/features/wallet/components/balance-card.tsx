import {
  cutSymbol,
  formatUsdFixed,
  WALLET_DISPLAY,
  type PortfolioBalance,
  type PortfolioResponse,
  cutDecimals,
} from '@vaultscope/core';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { HIDDEN_FIGURE } from '../lib/portfolio';
import { EyeIcon, EyeOffIcon } from '@/components/icons';
import styles from './balance-card.module.css';

/**
 * BALANCE (spec section 2): the total in USD to 8 decimals, or the focused token's balance and USD
 * value; an eye toggle hides the figures behind dots.
 */
export function BalanceCard({
  portfolio,
  focused,
  hidden,
  onToggleHidden,
  onShowPortfolio,
}: {
  portfolio: PortfolioResponse | undefined;
  focused: PortfolioBalance | undefined;
  hidden: boolean;
  onToggleHidden: () => void;
  onShowPortfolio: () => void;
}) {
  let figure;
  let detail;
  if (!portfolio) {
    figure = <Skeleton width="12em" />;
  } else if (focused) {
    figure = `${cutDecimals(focused.balance, WALLET_DISPLAY.amountDecimals)} ${cutSymbol(focused.symbol, WALLET_DISPLAY.portfolioSymbolChars)}`;
    detail = `$${formatUsdFixed(focused.usd_value, WALLET_DISPLAY.tokenUsdDecimals)} · ${focused.chainName}`;
  } else {
    figure = `$${formatUsdFixed(portfolio.totalUsdValue, WALLET_DISPLAY.totalUsdDecimals)}`;
    const native = portfolio.nativeEquivalent;
    if (native.amount)
      detail = `≈ ${cutDecimals(native.amount, WALLET_DISPLAY.nativeEquivalentDecimals)} ${native.symbol}`;
  }

  return (
    <section className={`${styles.balance} card`} aria-labelledby="wallet-balance-label">
      <div className={styles.head}>
        <h2 id="wallet-balance-label" className={styles.label}>
          BALANCE
          {focused && (
            <span className={styles.focus}>
              {' '}
              · {cutSymbol(focused.symbol, WALLET_DISPLAY.portfolioSymbolChars)}
            </span>
          )}
        </h2>
        <button
          type="button"
          className="icon-btn"
          aria-label={hidden ? 'Show balance' : 'Hide balance'}
          aria-pressed={hidden}
          onClick={onToggleHidden}
        >
          {hidden ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
      <p className={styles.value} data-testid="wallet-balance">
        {hidden && portfolio ? HIDDEN_FIGURE : figure}
      </p>
      {detail && !hidden && <p className={styles.detail}>{detail}</p>}
      {focused && (
        <Button variant="ghost" className={styles.back} onClick={onShowPortfolio}>
          Show Portfolio
        </Button>
      )}
    </section>
  );
}
