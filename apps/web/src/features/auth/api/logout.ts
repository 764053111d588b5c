import { apiPaths, messageResponseSchema } from '@vaultscope/core';
import { apiRequest } from '@/lib/api-client';

/** Revokes the session on the server. */
export const logout = () =>
  apiRequest(apiPaths.logout, { method: 'POST', auth: true, schema: messageResponseSchema });
