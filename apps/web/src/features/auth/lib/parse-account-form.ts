import { authMessages } from '@vaultscope/core';
import type { z } from 'zod';
import { toast } from '@/components/toast/toast-store';
import { zodFieldErrors } from '@/lib/form-errors';

/**
 * Checks an account form (signup, new password) with its schema: the data, or null after
 * showing each field's first message, and the toast the spec adds when the two passwords differ.
 */
export function parseAccountForm<S extends z.ZodType>(
  schema: S,
  value: unknown,
  setErrors: (errors: Record<string, string>) => void,
): z.output<S> | null {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const fieldErrors = zodFieldErrors(parsed.error);
    setErrors(fieldErrors);
    if (fieldErrors.confirmPassword === authMessages.passwordsDoNotMatch) {
      toast.error(authMessages.passwordsDoNotMatch);
    }
    return null;
  }
  setErrors({});
  return parsed.data;
}
