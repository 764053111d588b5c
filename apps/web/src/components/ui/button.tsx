import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { useHydrated } from '@/lib/use-hydrated';
import { Spinner } from './spinner';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  /** Shows a spinner and disables the button (spec: 'spinner and disabled while busy'). */
  busy?: boolean;
  block?: boolean;
  children: ReactNode;
}

export function Button({
  variant = 'primary',
  busy = false,
  block = false,
  disabled,
  className,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  // A submit button of a prerendered page stays disabled until the app has hydrated it: before
  // that the browser would submit the form itself, as a GET with every named field (a password
  // too) in the address. Disabled, it also stops the Enter key's implicit submission.
  const hydrated = useHydrated();
  const awaitingScript = type === 'submit' && !hydrated;
  const classes = ['btn', `btn--${variant}`, block ? 'btn--block' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <button
      {...rest}
      type={type}
      className={classes}
      disabled={disabled || busy || awaitingScript}
      aria-busy={busy || undefined}
      data-awaiting-script={awaitingScript || undefined}
    >
      {busy && <Spinner />}
      <span>{children}</span>
    </button>
  );
}
