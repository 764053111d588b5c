import { marketDataMessages, type Holder, type TradeWindows } from '@vaultscope/core';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/test/render';
import { MarketActivity } from './market-activity';

const windows: TradeWindows = {
  m5: { buys: 1, sells: 0, volumeUsd: 120 },
  h1: { buys: 4, sells: 3, volumeUsd: 2_500 },
  h6: { buys: 20, sells: 11, volumeUsd: 48_000 },
  h24: { buys: 1_200, sells: 950, volumeUsd: 3_400_000 },
};
const none = { buys: 0, sells: 0, volumeUsd: 0 };

const holder = (address: string, balance: string, percent: number, tag: string | null = null) =>
  ({
    address,
    tag,
    is_contract: null,
    balance,
    percent,
    is_locked: null,
  }) satisfies Holder;

const holders = [
  holder('0x2816CdeCef7150763C52f81dDfc9Fc50339fCEAb', '600000', 0.6, 'Pool'),
  holder('0x70997970C51812dc3A010C7d01b50e0d17dc79C8', '1234.5678', 0.0012345678),
];

describe('MarketActivity', () => {
  it('shows the 24 h buys, sells and volume first, and another window when chosen', () => {
    renderRoute(<MarketActivity windows={windows} holderCount={2} holders={holders} />);
    expect(screen.getByRole('button', { name: '24H' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('window-txns').textContent).toBe('2,150');
    expect(screen.getByTestId('window-buys').textContent).toBe('1,200');
    expect(screen.getByTestId('window-sells').textContent).toBe('950');
    expect(screen.getByTestId('window-volume').textContent).toBe('$3.4M');

    fireEvent.click(screen.getByRole('button', { name: '1H' }));
    expect(screen.getByTestId('window-txns').textContent).toBe('7');
    expect(screen.getByTestId('window-buys').textContent).toBe('4');
    expect(screen.getByTestId('window-sells').textContent).toBe('3');
  });

  it("says 'no trades yet' for a pool that never traded, without a window switch", () => {
    renderRoute(
      <MarketActivity
        windows={{ m5: none, h1: none, h6: none, h24: none }}
        holderCount={1}
        holders={[]}
      />,
    );
    expect(screen.getByTestId('trade-windows-empty').textContent).toBe(marketDataMessages.noTrades);
    expect(screen.queryByRole('group', { name: 'Trading window' })).toBeNull();
  });

  it('lists the largest holders with their share and tag', () => {
    renderRoute(<MarketActivity windows={windows} holderCount={8_420} holders={holders} />);
    expect(screen.getByTestId('holder-count').textContent).toBe('8,420');
    const rows = screen.getAllByTestId('holder-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Pool')).toBeTruthy();
    expect(rows[0]!.textContent).toContain('60%');
    expect(rows[1]!.textContent).toContain('0x7099…79C8');
    expect(rows[1]!.textContent).toContain('1,234.57');
  });

  it('shows an unknown holder count as unknown, never 0', () => {
    renderRoute(<MarketActivity windows={null} holderCount={null} holders={null} />);
    expect(screen.getByTestId('holder-count').textContent).toBe('unknown');
    expect(screen.getByTestId('holders-unknown')).toBeTruthy();
    expect(screen.queryAllByTestId('holder-row')).toHaveLength(0);
    expect(screen.getByTestId('trade-windows-empty')).toBeTruthy();
  });
});
