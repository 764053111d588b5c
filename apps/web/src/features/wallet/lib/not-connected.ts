import { useQueryClient } from '@tanstack/react-query';
import { webRoutes } from '@vaultscope/core';
import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/components/toast/toast-store';
import { ApiError } from '@/lib/api-client';
import { walletKeys } from '../api/query-keys';
import { passwordVerified } from './password-verified';

/** A 403 from the wallet service: no live session, or the wallet is locked (spec section 6). */
export function isNotConnected(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403;
}

/**
 * Sends the user to /connect-wal: the wallet-verified flag goes, and so do the wallet's cached
 * answers, which belonged to an unlocked wallet. An optional toast says why.
 */
export function useGoToConnect() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (message?: string) => {
      passwordVerified.clear();
      if (message) toast.error(message);
      void navigate(webRoutes.connectWallet);
      queryClient.removeQueries({ queryKey: walletKeys.all });
    },
    [navigate, queryClient],
  );
}

/** Goes to /connect-wal as soon as one of `errors` is a 403. */
export function useConnectOnForbidden(errors: readonly unknown[], message?: string) {
  const goToConnect = useGoToConnect();
  const forbidden = errors.some(isNotConnected);
  useEffect(() => {
    if (forbidden) goToConnect(message);
  }, [forbidden, goToConnect, message]);
}
