import { mutationOptions, useMutation } from '@tanstack/react-query';
import {
  apiPaths,
  authMessages,
  loginResponseSchema,
  type LoginRequest,
  type LoginResponse,
} from '@vaultscope/core';
import { z } from 'zod';
import { apiRequest, ApiError, ResponseShapeError } from '@/lib/api-client';
import { useSessionStore, withDeviceToken } from '@/stores/session-store';

/** Spec section 5: an answer without `data.user._id` is a failed login. */
export class MissingUserIdError extends Error {
  override readonly name = 'MissingUserIdError';
  constructor() {
    super(authMessages.noUserId);
  }
}

const userIdProbe = z.object({
  data: z.object({ user: z.object({ _id: z.string().min(1) }) }),
});

/**
 * Sends this browser's device token along (so strangers' wrong passwords cannot lock its owner
 * out) and keeps the one the server answers.
 */
export async function login(body: LoginRequest): Promise<LoginResponse> {
  const raw = await apiRequest(apiPaths.login, {
    method: 'POST',
    body: withDeviceToken(body),
    schema: z.unknown(),
  });
  if (!userIdProbe.safeParse(raw).success) throw new MissingUserIdError();
  const parsed = loginResponseSchema.safeParse(raw);
  if (!parsed.success) throw new ResponseShapeError(apiPaths.login, parsed.error);
  useSessionStore.getState().rememberDevice(parsed.data.data.deviceToken);
  return parsed.data;
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
