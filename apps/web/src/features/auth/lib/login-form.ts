import { loginRequestSchema, type LoginRequest } from '@vaultscope/core';
import { zodFieldErrors } from '@/lib/form-errors';

/**
 * The login form's check, in a chunk of its own with zod (see login-screen.tsx): the login
 * request when the fields are valid, or a message per field.
 */
export function checkLoginForm(
  values: LoginRequest,
): { ok: true; data: LoginRequest } | { ok: false; errors: Record<string, string> } {
  const parsed = loginRequestSchema.safeParse(values);
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, errors: zodFieldErrors(parsed.error) };
}
