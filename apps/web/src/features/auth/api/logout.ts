import { apiPaths } from '@vaultscope/core';
import { apiRequest } from '@/lib/api-client';
import { useSessionStore } from '@/stores/session-store';

/**
 * Revokes the session on the server. The session token is read now, synchronously, because the
 * caller clears the store right after; the answer's schema (zod) is fetched with the request, so
 * that the app's layout, which offers the logout, does not load zod for it.
 */
export const logout = async () => {
  const { token } = useSessionStore.getState();
  const { messageResponseSchema } = await import('./message-response');
  return apiRequest(apiPaths.logout, {
    method: 'POST',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    schema: messageResponseSchema,
  });
};
