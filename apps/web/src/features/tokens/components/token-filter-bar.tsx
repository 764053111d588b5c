import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/fields';
import { ADVANCED_FILTERS, CHAIN_FILTER_OPTIONS, type TokenFilter } from '../lib/filters';
import styles from './token-filter-bar.module.css';

const WIDE_SCREEN = '(min-width: 768px)';

/**
 * The filter bar of Home and DEX (spec section 2): the chain selector (All, Ethereum, Solana,
 * Binance, Avalanche, Polygon), and the Advanced Filters panel (Age, Score, Liquidity, Volume)
 * with its Search button, which reads 'Searching...' and is disabled while the lists load.
 *
 * Picking a chain searches at once, with the panel as it stands; the panel's choices are a draft
 * until Search.
 */
export function TokenFilterBar({
  applied,
  onApply,
  searching,
}: {
  applied: TokenFilter;
  onApply: (filter: TokenFilter) => void;
  searching: boolean;
}) {
  const [draft, setDraft] = useState<TokenFilter>(applied);
  // Open where there is room for it; on a phone the lists come first.
  const [open, setOpen] = useState(
    () => typeof window.matchMedia !== 'function' || window.matchMedia(WIDE_SCREEN).matches,
  );
  const panelId = useId();
  const chainLabelId = useId();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!searching) onApply(draft);
  }

  function pickChain(chainName: TokenFilter['chainName']) {
    const next = { ...draft, chainName };
    setDraft(next);
    onApply(next);
  }

  return (
    <div className={`${styles.bar} card`}>
      <div className={styles.row}>
        <span id={chainLabelId} className={styles.label}>
          Chain
        </span>
        <div className={styles.chains} role="group" aria-labelledby={chainLabelId}>
          {CHAIN_FILTER_OPTIONS.map((option) => (
            <button
              key={option.value}
              type="button"
              className={styles.chain}
              aria-pressed={draft.chainName === option.value}
              onClick={() => pickChain(option.value)}
            >
              {option.label}
            </button>
          ))}
        </div>
        <button
          type="button"
          className={`btn btn--ghost ${styles.toggle}`}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
        >
          Advanced Filters
          <span aria-hidden="true" className={styles.caret}>
            {open ? '▴' : '▾'}
          </span>
        </button>
      </div>
      <form
        id={panelId}
        className={styles.panel}
        hidden={!open}
        onSubmit={onSubmit}
        aria-label="Advanced Filters"
      >
        {ADVANCED_FILTERS.map((filter) => (
          <SelectField
            key={filter.key}
            label={filter.label}
            value={draft[filter.key]}
            options={filter.options}
            onChange={(event) =>
              setDraft(
                (current) =>
                  // The options are the bands of this filter, so the value is one of them.
                  ({ ...current, [filter.key]: event.target.value }) as TokenFilter,
              )
            }
          />
        ))}
        <Button type="submit" busy={searching} className={styles.search}>
          {searching ? 'Searching...' : 'Search'}
        </Button>
      </form>
    </div>
  );
}
