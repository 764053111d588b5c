import { authMessages, resetPasswordRequestSchema, timings, webRoutes } from '@vaultscope/core';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PasswordField } from '@/components/ui/fields';
import { fieldErrorsOf, messageOf } from '@/lib/api-client';
import { useDelayedCallback } from '@/lib/use-delayed-navigate';
import { useResetPassword } from '../api/password-reset';
import { parseAccountForm } from '../lib/parse-account-form';
import { forgetResetFlow, resetTokenFrom } from '../lib/reset-flow-storage';
import { AuthCard } from './auth-card';
import styles from './auth-form.module.css';

const signupFooter = (
  <>
    Don&apos;t have an account? <Link to={webRoutes.signup}>Sign Up</Link>
  </>
);

export function ChangePasswordScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const [resetToken] = useState(() => resetTokenFrom(location.state));
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [finishing, setFinishing] = useState(false);
  const [done, setDone] = useState(false);
  const reset = useResetPassword();
  const later = useDelayedCallback();

  if (done) {
    return (
      <AuthCard title="SUCCESSFULLY" subtitle={authMessages.resetDone} footer={signupFooter}>
        <div className={styles.success} aria-hidden="true">
          ✓
        </div>
        <Button block onClick={() => void navigate(webRoutes.login)}>
          Continue
        </Button>
      </AuthCard>
    );
  }

  if (!resetToken) {
    return (
      <AuthCard title="Change Password" footer={signupFooter}>
        <EmptyState title="This page needs a verified reset code.">
          <Link to={webRoutes.forgotPasswordLower}>Start again from Forgot Password</Link>
        </EmptyState>
      </AuthCard>
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!resetToken) return;
    const request = parseAccountForm(
      resetPasswordRequestSchema,
      { resetToken, password, confirmPassword },
      setErrors,
    );
    if (!request) return;
    reset.mutate(request, {
      onSuccess: () => {
        forgetResetFlow();
        setFinishing(true);
        later(() => {
          setFinishing(false);
          setDone(true);
        }, timings.resetDelayMs);
      },
      onError: (error) => {
        setErrors(fieldErrorsOf(error));
        toast.error(messageOf(error, authMessages.passwordUpdateFailed));
      },
    });
  }

  return (
    <AuthCard
      title="Change Password"
      subtitle="Choose a new password for your account."
      footer={signupFooter}
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Change password">
        <PasswordField
          label="New password"
          name="password"
          autoComplete="new-password"
          required
          hint="At least 8 characters."
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
        />
        <PasswordField
          label="Confirm password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.target.value)}
          error={errors.confirmPassword}
        />
        <Button type="submit" block busy={reset.isPending || finishing}>
          Continue
        </Button>
      </form>
    </AuthCard>
  );
}
