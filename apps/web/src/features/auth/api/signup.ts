import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiPaths, signupResponseSchema, type SignupRequest } from '@vaultscope/core';
import { apiRequest } from '@/lib/api-client';

export const signup = (body: SignupRequest) =>
  apiRequest(apiPaths.signup, { method: 'POST', body, schema: signupResponseSchema });

export const signupMutationOptions = () =>
  mutationOptions({ mutationKey: ['auth', 'signup'], mutationFn: signup });

export const useSignup = () => useMutation(signupMutationOptions());
