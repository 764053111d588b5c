import { authMessages, forgotPasswordRequestSchema, timings, webRoutes } from '@vaultscope/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/fields';
import { messageOf } from '@/lib/api-client';
import { zodFieldErrors } from '@/lib/form-errors';
import { useDelayedNavigate } from '@/lib/use-delayed-navigate';
import { useRequestResetCode } from '../api/password-reset';
import { rememberResetEmail, resetEmailFrom } from '../lib/reset-flow-storage';
import { AuthCard } from './auth-card';
import styles from './auth-form.module.css';

export function ForgotPasswordScreen() {
  const [email, setEmail] = useState(() => resetEmailFrom(null) ?? '');
  const [error, setError] = useState<string | undefined>();
  const [leaving, setLeaving] = useState(false);
  const requestCode = useRequestResetCode();
  const navigateLater = useDelayedNavigate();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = forgotPasswordRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setError(zodFieldErrors(parsed.error).email);
      return;
    }
    setError(undefined);
    const address = parsed.data.email;
    requestCode.mutate(
      { email: address },
      {
        onSuccess: (response) => {
          toast.success(response.message || authMessages.resetCodeSent);
          rememberResetEmail(address);
          setLeaving(true);
          navigateLater(webRoutes.verification, timings.forgotPasswordDelayMs, {
            state: { email: address },
          });
        },
        onError: (failure) => toast.error(messageOf(failure, authMessages.loginFailed)),
      },
    );
  }

  return (
    <AuthCard
      title="Forgot Password"
      subtitle="Enter the email of your account. We will send you a 4-digit code."
      footer={
        <>
          Remembered it? <Link to={webRoutes.login}>Log In</Link>
        </>
      }
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Forgot password">
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          placeholder="you@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={error}
        />
        <Button type="submit" block busy={requestCode.isPending || leaving}>
          Continue
        </Button>
      </form>
    </AuthCard>
  );
}
