import { marketDataMessages, type Trade } from '@vaultscope/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/test/render';
import { MarketPanel, readableAmount } from './market-panel';

const TOKEN = '0x5eAd87897B90234527efa981D7d0e87704BcF025';
const header = {
  chainName: 'eth',
  tokenAddress: TOKEN,
  pairAddress: '0x2816CdeCef7150763C52f81dDfc9Fc50339fCEAb',
  quoteSymbol: 'WETH',
  priceProvider: 'Vaultscope indexer',
};
const trade: Trade = {
  time: 1_800_000_000,
  side: 'sell',
  tokenAmount: '1234.5678',
  quoteAmount: '0.000012345678',
  priceUsd: 0.25,
  volumeUsd: 308.64,
  trader: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  txHash: `0x${'ab'.repeat(32)}`,
  blockNumber: '42',
};

const requests: string[] = [];
/** The candles answer's header: our indexer's unless a test says otherwise. */
let candlesHeader = header;
beforeEach(() => {
  requests.length = 0;
  candlesHeader = header;
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const url = String(input instanceof Request ? input.url : input);
    requests.push(url);
    const body = url.includes('/candles/')
      ? {
          ...candlesHeader,
          interval: new URL(url, 'http://x').searchParams.get('interval'),
          from: 0,
          to: 0,
          candles: [],
        }
      : { ...header, trades: [trade] };
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('MarketPanel', () => {
  it("says 'no trades yet' for a pool without candles, and lists the latest trades", async () => {
    renderRoute(<MarketPanel address={TOKEN} chainName="eth" />);
    expect(await screen.findByTestId('chart-empty')).toBeTruthy();
    expect(screen.getAllByText(marketDataMessages.noTrades)).toHaveLength(1);
    const rows = await screen.findAllByTestId('trade-row');
    expect(rows).toHaveLength(1);
    const cells = within(rows[0]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells[1]).toBe('Sell');
    expect(cells[3]).toBe('1,234.57');
    expect(cells[6]).toBe('0x7099…79C8');
    expect(screen.getByText(/priced through WETH/)).toBeTruthy();
  });

  it("names a live provider's candles and says when it has none for the pool", async () => {
    candlesHeader = { ...header, priceProvider: 'GeckoTerminal' };
    renderRoute(<MarketPanel address={TOKEN} chainName="eth" />);
    expect(
      await screen.findByText(marketDataMessages.noProviderCandles('GeckoTerminal')),
    ).toBeTruthy();
    expect(screen.getByTestId('chart-source').textContent).toBe(
      'Candles from GeckoTerminal · pool 0x2816…CEAb',
    );
  });

  it('asks for the chosen interval, 5m first', async () => {
    renderRoute(<MarketPanel address={TOKEN} chainName="eth" />);
    await screen.findByTestId('chart-empty');
    expect(requests.some((url) => url.includes('interval=5m'))).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '1H' }));
    expect(screen.getByRole('button', { name: '1H' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(requests.some((url) => url.includes('interval=1h'))).toBe(true));
  });
});

describe('readableAmount', () => {
  it('groups whole amounts and keeps four significant digits of small ones', () => {
    expect(readableAmount('1234567.891')).toBe('1,234,567.89');
    expect(readableAmount('0.000012345678')).toBe('0.00001235');
    expect(readableAmount('0')).toBe('0');
  });
});
