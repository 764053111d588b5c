import type { Dispatch, SetStateAction } from 'react';

/**
 * For a form kept as one object of strings: the props that bind a field to its value, its
 * message and its change (`<TextField label="Email" {...bind('email')} />`).
 */
export function fieldBinder<F extends Record<string, string>>(
  form: F,
  setForm: Dispatch<SetStateAction<F>>,
  errors: Record<string, string>,
) {
  return (key: keyof F & string) => ({
    name: key,
    value: form[key],
    error: errors[key],
    onChange: (event: { target: { value: string } }) =>
      setForm((current) => ({ ...current, [key]: event.target.value })),
  });
}
