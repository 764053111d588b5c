import { QueryClient } from '@tanstack/react-query';
import { apiPaths } from '@vaultscope/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { useSessionStore } from '@/stores/session-store';
import { json, logInAs, mockApi } from '@/test/fixtures';
import { getNetworkModeQueryOptions } from './network-mode';
import { getPortfolioQueryOptions, prefetchWalletDashboard } from './portfolio';

beforeEach(() => useSessionStore.getState().clear());
afterEach(() => vi.unstubAllGlobals());

const portfolio = {
  balances: [],
  totalUsdValue: '0',
  nativeEquivalent: { symbol: 'ETH', amount: '0' },
  unavailableChains: [],
};

describe('prefetchWalletDashboard', () => {
  it("fills the dashboard's own queries, each answer checked by its schema", async () => {
    logInAs();
    const fetchMock = mockApi((url) => {
      if (url.pathname === apiPaths.wallet.allChainAssets) return json({ ...portfolio, extra: 1 });
      if (url.pathname === apiPaths.wallet.checkNetworkMode)
        return json({ showMainnet: false, showTestnet: true });
      throw new Error(`unexpected call ${url.pathname}`);
    });
    const client = new QueryClient();
    prefetchWalletDashboard(client, 'u1');
    await vi.waitFor(() => {
      expect(client.getQueryData(getPortfolioQueryOptions('u1').queryKey)).toEqual(portfolio);
      expect(client.getQueryData(getNetworkModeQueryOptions('u1').queryKey)).toEqual({
        showMainnet: false,
        showTestnet: true,
      });
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("leaves a 403 as the query's error, which sends the screen to /connect-wal", async () => {
    logInAs();
    mockApi(() => json({ message: 'Please connect your wallet' }, 403));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    prefetchWalletDashboard(client, 'u1');
    await vi.waitFor(() => {
      const error = client.getQueryState(getPortfolioQueryOptions('u1').queryKey)?.error;
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(403);
    });
  });
});
