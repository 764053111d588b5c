import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, profileResponseSchema, type ProfileUpdate } from '@vaultscope/core';
import { apiRequest } from '@/lib/api-client';
import { useSessionStore } from '@/stores/session-store';
import { profileQueryKey } from './get-profile';

export const updateProfile = (body: ProfileUpdate) =>
  apiRequest(apiPaths.profile, {
    method: 'PUT',
    body,
    auth: true,
    schema: profileResponseSchema,
  });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['user', 'profile', 'update'],
    mutationFn: updateProfile,
    onSuccess: (response) => {
      const user = response.data.user;
      queryClient.setQueryData(profileQueryKey(user._id), user);
      useSessionStore.getState().setUser(user);
      // The server adds a 'profile updated' notification.
      void queryClient.invalidateQueries({ queryKey: ['notifications'] });
    },
  });
}
