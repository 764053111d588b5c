import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/test/render';
import { CexSampleTransactions } from './cex-sample-transactions';

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: false }));
afterEach(() => vi.useRealTimers());

const rows = () => screen.queryAllByTestId('sample-row');

describe('CexSampleTransactions', () => {
  it('shows the 20 samples after 1 s', () => {
    renderRoute(<CexSampleTransactions />);
    expect(rows()).toHaveLength(0);
    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(rows()).toHaveLength(0);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(rows()).toHaveLength(20);
    const types = new Set(rows().map((row) => row.children[1]?.textContent));
    expect(types).toEqual(new Set(['Deposit', 'Withdrawal', 'Trade']));
  });

  it('keeps hearts locally and toggles between favourites and all', () => {
    renderRoute(<CexSampleTransactions />);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    const hearts = screen.getAllByRole('button', { name: /as favourite$/ });
    fireEvent.click(hearts[0]!);
    fireEvent.click(hearts[3]!);
    expect(screen.getAllByRole('button', { pressed: true })).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Show Favorites' }));
    expect(rows()).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Show All Transactions' }));
    expect(rows()).toHaveLength(20);
  });
});
