import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, meResponseSchema, type User } from '@vaultscope/core';
import { apiRequest } from '@/lib/api-client';
import { selectUser, useSessionStore } from '@/stores/session-store';

export const getProfile = async ({ signal }: { signal?: AbortSignal } = {}): Promise<User> => {
  const response = await apiRequest(apiPaths.profile, {
    auth: true,
    schema: meResponseSchema,
    signal,
  });
  return response.data.user;
};

export const profileQueryKey = (userId: string | undefined) =>
  ['user', 'profile', userId ?? 'anonymous'] as const;

export const getProfileQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: profileQueryKey(userId),
    queryFn: ({ signal }) => getProfile({ signal }),
    enabled: userId !== undefined,
  });

/** The logged-in user's profile, read from the server (not from the login answer). */
export function useProfile() {
  const userId = useSessionStore(selectUser)?._id;
  return useQuery(getProfileQueryOptions(userId));
}
