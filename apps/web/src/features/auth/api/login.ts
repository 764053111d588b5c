import { mutationOptions, useMutation } from '@tanstack/react-query';
import { authMessages, type LoginRequest, type LoginResponse } from '@vaultscope/core';
import { ApiError } from '@/lib/api-client';

/** Spec section 5: an answer without `data.user._id` is a failed login. */
export class MissingUserIdError extends Error {
  override readonly name = 'MissingUserIdError';
  constructor() {
    super(authMessages.noUserId);
  }
}

/**
 * Sends this browser's device token along (so strangers' wrong passwords cannot lock its owner
 * out) and keeps the one the server answers. The request and the answer's schemas (zod) are a
 * chunk of their own, fetched when the form is first touched or sent, so that the login page's
 * first paint does not wait for them.
 */
export async function login(body: LoginRequest): Promise<LoginResponse> {
  const { sendLogin } = await import('./login-request');
  return sendLogin(body);
}

/** Spec section 8, login rows. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof MissingUserIdError) return authMessages.noUserId;
  if (error instanceof ApiError) {
    if (error.status === 500 || error.status === 404) return authMessages.invalidCredentials;
    if (error.fromServer && error.message) return error.message;
    if (error.status === 0) return error.message;
  }
  return authMessages.loginFailed;
}

export const loginMutationOptions = () =>
  mutationOptions({ mutationKey: ['auth', 'login'], mutationFn: login });

export const useLogin = () => useMutation(loginMutationOptions());
