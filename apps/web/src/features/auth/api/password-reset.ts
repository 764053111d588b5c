import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiPaths, messageResponseSchema, verifyResetCodeResponseSchema } from '@vaultscope/core';
import { apiRequest } from '@/lib/api-client';

/** Sends (or sends again) the 4-digit code; always answers 200 so it reveals no account. */
export const requestResetCode = (body: { email: string }) =>
  apiRequest(apiPaths.forgotPassword, { method: 'POST', body, schema: messageResponseSchema });

/** Trades a correct code for a one-time reset token. */
export const verifyResetCode = (body: { email: string; code: string }) =>
  apiRequest(apiPaths.verifyResetCode, {
    method: 'POST',
    body,
    schema: verifyResetCodeResponseSchema,
  });

export const resetPassword = (body: {
  resetToken: string;
  password: string;
  confirmPassword: string;
}) => apiRequest(apiPaths.resetPassword, { method: 'POST', body, schema: messageResponseSchema });

export const useRequestResetCode = () =>
  useMutation(
    mutationOptions({ mutationKey: ['auth', 'forgot-password'], mutationFn: requestResetCode }),
  );

export const useVerifyResetCode = () =>
  useMutation(
    mutationOptions({ mutationKey: ['auth', 'verify-reset-code'], mutationFn: verifyResetCode }),
  );

export const useResetPassword = () =>
  useMutation(
    mutationOptions({ mutationKey: ['auth', 'reset-password'], mutationFn: resetPassword }),
  );
