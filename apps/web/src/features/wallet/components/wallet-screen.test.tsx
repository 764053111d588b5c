import { apiPaths, walletMessages, type PortfolioBalance } from '@vaultscope/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/stores/session-store';
import { json, logInAs, mockApi } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { HistoryScreen } from './history-screen';
import { WalletScreen } from './wallet-screen';

beforeEach(() => useSessionStore.getState().clear());
afterEach(() => vi.unstubAllGlobals());

const balance = (overrides: Partial<PortfolioBalance>): PortfolioBalance => ({
  chainId: 11155111,
  chainName: 'Sepolia',
  symbol: 'ETH',
  name: 'Ether',
  logo: '',
  decimals: 18,
  balance: '2',
  tokenAddress: 'Native',
  mint: null,
  usdPrice: '3000',
  usd_value: '6000',
  change24h: 1.5,
  priceSource: 'devnet',
  ...overrides,
});

const portfolio = {
  balances: [
    balance({}),
    balance({
      symbol: 'USDVXL',
      name: 'Vaultscope USD',
      tokenAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      decimals: 6,
      balance: '10',
      usdPrice: '1',
      usd_value: '10',
      change24h: null,
    }),
  ],
  totalUsdValue: '6010',
  nativeEquivalent: { symbol: 'ETH', amount: '2.003333' },
  unavailableChains: [137],
};

function walletApi(overrides: Record<string, () => Response> = {}) {
  return mockApi((url) => {
    const override = overrides[url.pathname];
    if (override) return override();
    if (url.pathname === apiPaths.wallet.allChainAssets) return json(portfolio);
    if (url.pathname === apiPaths.wallet.checkNetworkMode)
      return json({ showMainnet: false, showTestnet: true });
    throw new Error(`unexpected call ${url.pathname}`);
  });
}

const open = () => renderRoute(<WalletScreen />, { path: '/vaultscope-wallet' });

describe('WalletScreen', () => {
  it('asks a visitor to log in and calls nothing', () => {
    const fetchMock = walletApi();
    open();
    expect(screen.getByText('Log in to use the wallet.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the total to 8 decimals, the token table, and the chains it could not read', async () => {
    logInAs();
    walletApi();
    open();
    const total = screen.getByTestId('wallet-balance');
    await waitFor(() => expect(total.textContent).toBe('$6010.00000000'));
    const rows = screen.getAllByTestId('portfolio-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('$6000.00000')).toBeTruthy();
    expect(within(rows[0]!).getByText('+1.50%').dataset.tone).toBe('up');
    // Symbols are cut to 5; an unknown change is yellow.
    expect(within(rows[1]!).getByText('USDVX')).toBeTruthy();
    expect(within(rows[1]!).getByText('-').dataset.tone).toBe('flat');
    expect(screen.getByText(/could not be read just now/).textContent).toContain('Polygon');
  });

  it('focuses a token on click, back to the total on a second click or Show Portfolio', async () => {
    logInAs();
    walletApi();
    open();
    const total = screen.getByTestId('wallet-balance');
    await waitFor(() => expect(total.textContent).toBe('$6010.00000000'));
    const usdv = screen.getByRole('button', { name: /USDVX/ });
    fireEvent.click(usdv);
    expect(usdv.getAttribute('aria-pressed')).toBe('true');
    expect(total.textContent).toBe('10 USDVX');
    fireEvent.click(usdv);
    expect(total.textContent).toBe('$6010.00000000');
    fireEvent.click(screen.getAllByTestId('portfolio-row')[0]!);
    expect(total.textContent).toBe('2 ETH');
    fireEvent.click(screen.getByRole('button', { name: 'Show Portfolio' }));
    expect(total.textContent).toBe('$6010.00000000');
  });

  it('hides the figures behind dots with the eye toggle', async () => {
    logInAs();
    walletApi();
    open();
    const total = screen.getByTestId('wallet-balance');
    await waitFor(() => expect(total.textContent).toBe('$6010.00000000'));
    fireEvent.click(screen.getByRole('button', { name: 'Hide balance' }));
    expect(total.textContent).toBe('••••••••');
    expect(screen.queryByText('$6000.00000')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show balance' }));
    expect(total.textContent).toBe('$6010.00000000');
  });

  it('says so when there are no balances', async () => {
    logInAs();
    walletApi({
      [apiPaths.wallet.allChainAssets]: () =>
        json({ ...portfolio, balances: [], totalUsdValue: '0', unavailableChains: [] }),
    });
    open();
    expect(await screen.findByText(walletMessages.noBalances)).toBeTruthy();
  });

  it('goes to /connect-wal and forgets passwordVerified on a 403', async () => {
    logInAs();
    localStorage.setItem('passwordVerified', 'true');
    walletApi({
      [apiPaths.wallet.allChainAssets]: () => json({ message: walletMessages.notConnected }, 403),
    });
    const { router } = open();
    await waitFor(() => expect(router.state.location.pathname).toBe('/connect-wal'));
    expect(localStorage.getItem('passwordVerified')).toBeNull();
    // A 403 is about the wallet, not the session.
    expect(useSessionStore.getState().token).toBe('tok-test');
  });

  it('opens Receive, a chunk of its own, on a press (its code fetched on intent)', async () => {
    logInAs();
    walletApi({
      [apiPaths.wallet.evmKey]: () => json({ key: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }),
    });
    open();
    const receive = screen.getByRole('button', { name: 'Receive' });
    fireEvent.pointerEnter(receive);
    fireEvent.click(receive);
    // Its frame at once, busy, until the code is in; then the dialog with the address.
    expect(
      screen.getByRole('dialog', { name: 'Receive' }).querySelector('[role="status"]')?.textContent,
    ).toContain('Loading');
    const address = await screen.findByText('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    const dialog = screen.getByRole('dialog', { name: 'Receive' });
    expect(dialog.contains(address)).toBe(true);
    expect(dialog.textContent).not.toContain('Loading');
  });

  it("shows the server's words, or 'Failed to fetch portfolio', on another failure", async () => {
    logInAs();
    walletApi({ [apiPaths.wallet.allChainAssets]: () => json({}, 500) });
    open();
    expect((await screen.findByRole('alert')).textContent).toBe(walletMessages.portfolioFailed);
  });
});

describe('HistoryScreen', () => {
  it("says 'Please connect your wallet' and goes to /connect-wal on a 403", async () => {
    logInAs();
    mockApi(() => json({ message: walletMessages.notConnected }, 403));
    const { router } = renderRoute(<HistoryScreen />, { path: '/history' });
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(20);
    await waitFor(() => expect(router.state.location.pathname).toBe('/connect-wal'));
    expect(await screen.findByText(walletMessages.historyNotConnected)).toBeTruthy();
  });

  it('cuts hashes and addresses, links View to a new tab, and asks for more while pages are full', async () => {
    logInAs();
    const transaction = (n: number) => ({
      _id: `t${n}`,
      hash: `0x${String(n).padStart(64, 'a')}`,
      chainId: 11155111,
      chainName: 'Sepolia',
      type: 'send',
      status: 'confirmed',
      from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      value: '0.5',
      symbol: 'ETH',
      tokenAddress: null,
      transactionUrl: `/tx/11155111/0x${String(n).padStart(64, 'a')}`,
      transactionFee: '0.000021',
      valueUSD: '1500',
      timestamp: '2026-01-01T00:00:00.000Z',
    });
    const pages: number[] = [];
    mockApi((url) => {
      const page = Number(url.searchParams.get('page'));
      pages.push(page);
      expect(url.searchParams.get('page_size')).toBe('50');
      const count = 60;
      const items = Array.from({ length: page === 1 ? 50 : 10 }, (_, i) =>
        transaction((page - 1) * 50 + i),
      );
      return json({ transactions: items, count });
    });
    renderRoute(<HistoryScreen />, { path: '/history' });
    const rows = await screen.findAllByTestId('history-row');
    expect(rows).toHaveLength(50);
    const first = rows[0]!;
    expect(within(first).getByRole('button', { name: /^Copy hash/ }).textContent).toContain(
      '0xaaaaaaaa',
    );
    expect(within(first).getByRole('button', { name: /^Copy sender/ }).textContent).toContain(
      '0xf39F...2266',
    );
    expect(within(first).getByRole('link', { name: 'View' }).getAttribute('target')).toBe('_blank');
    fireEvent.click(screen.getByRole('button', { name: 'Show More' }));
    await waitFor(() => expect(screen.getAllByTestId('history-row')).toHaveLength(60));
    expect(pages).toEqual([1, 2]);
    expect(screen.queryByRole('button', { name: 'Show More' })).toBeNull();
    // 60 table rows in jsdom: slow when the machine is busy.
  }, 15_000);
});
