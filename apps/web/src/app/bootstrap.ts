import { authMessages } from '@vaultscope/core';
import { toast } from '@/components/toast/toast-store';
import { configureApiClient } from '@/lib/api-client';
import { nextTask } from '@/lib/next-task';
import { queryClient } from '@/lib/query-client';
import { endSession, hydrateSession, useSessionStore } from '@/stores/session-store';

/**
 * Everything that must happen before the first render: the API client learns where the session
 * token is and what a 401 means, and the session store is rehydrated (5 s time-out).
 */
export async function bootstrap(): Promise<void> {
  configureApiClient({
    getToken: () => useSessionStore.getState().token,
    onUnauthorized: (token) => {
      // Only the session that was refused ends; a newer one stays.
      if (useSessionStore.getState().token !== token) return;
      endSession();
      queryClient.clear();
      toast.error(authMessages.sessionExpired);
    },
  });
  // In a task after the entry's own, which runs the app's modules and asks for the route's code
  // (main.tsx says what the three cost in one task). A prerendered page's hydration waits for
  // the route's code anyway; elsewhere the first render comes one task later, while the
  // screen's code is still downloading.
  await nextTask();
  await hydrateSession();
}
