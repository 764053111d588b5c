import { webRoutes } from '@vaultscope/core';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useSessionStore } from '@/stores/session-store';

/**
 * Where the Wallet menu item and home button lead. For now: the wallet when this session holds a
 * wallet key, else /connect-wal. The wallet issue replaces this with the spec's access check
 * (passwordVerified, probing calls, password modals).
 */
export function useOpenWallet() {
  const navigate = useNavigate();
  return useCallback(() => {
    const { token, evmKey } = useSessionStore.getState();
    void navigate(token && evmKey ? webRoutes.wallet : webRoutes.connectWallet);
  }, [navigate]);
}
