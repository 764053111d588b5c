import { useQueryClient } from '@tanstack/react-query';
import { authMessages, timings, webRoutes } from '@vaultscope/core';
import { useCallback } from 'react';
import { toast } from '@/components/toast/toast-store';
import { useDelayedNavigate } from '@/lib/use-delayed-navigate';
import { endSession } from '@/stores/session-store';
import { logout } from './api/logout';

/**
 * Logout (spec: side menu): revoke the session on the server, clear the session token, the store
 * and the wallet-verified flag, say 'Logged out', and go to / after 300 ms. The local session
 * ends even when the server cannot be reached: the user asked to be logged out.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigateLater = useDelayedNavigate();

  return useCallback(() => {
    // The token is read synchronously when the request starts, before the store is cleared.
    void logout().catch(() => undefined);
    endSession();
    queryClient.clear();
    toast.success(authMessages.loggedOut);
    navigateLater(webRoutes.login, timings.logoutDelayMs);
  }, [queryClient, navigateLater]);
}
