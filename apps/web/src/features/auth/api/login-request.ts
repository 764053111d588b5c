import {
  apiPaths,
  loginResponseSchema,
  type LoginRequest,
  type LoginResponse,
} from '@vaultscope/core';
import { z } from 'zod';
import { apiRequest, ResponseShapeError } from '@/lib/api-client';
import { useSessionStore, withDeviceToken } from '@/stores/session-store';
import { MissingUserIdError } from './login';

const userIdProbe = z.object({
  data: z.object({ user: z.object({ _id: z.string().min(1) }) }),
});

/** The login request and the checks of its answer (see `login` in login.ts). */
export async function sendLogin(body: LoginRequest): Promise<LoginResponse> {
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
