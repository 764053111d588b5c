import { authMessages, timings, webRoutes } from '@vaultscope/core';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { messageOf } from '@/lib/api-client';
import { useRequestResetCode, useVerifyResetCode } from '../api/password-reset';
import { formatCountdown } from '../lib/countdown';
import { rememberResetToken, resetEmailFrom } from '../lib/reset-flow-storage';
import { useCountdown } from '../lib/use-countdown';
import { AuthCard } from './auth-card';
import { emptyOtp, isOtpComplete, OtpInput } from './otp-input';
import styles from './auth-form.module.css';

const CODE_LENGTH = 4;

export function VerificationScreen() {
  const location = useLocation();
  const email = resetEmailFrom(location.state);

  if (!email) {
    return (
      <AuthCard title="Verification">
        <EmptyState title="We don't know where to send the code.">
          <Link to={webRoutes.forgotPasswordLower}>Start again from Forgot Password</Link>
        </EmptyState>
      </AuthCard>
    );
  }
  return <VerificationForm email={email} />;
}

function VerificationForm({ email }: { email: string }) {
  const navigate = useNavigate();
  const [code, setCode] = useState(() => emptyOtp(CODE_LENGTH));
  const countdown = useCountdown(timings.otpCountdownSeconds);
  const resend = useRequestResetCode();
  const verify = useVerifyResetCode();
  const complete = isOtpComplete(code);

  function onResend() {
    setCode(emptyOtp(CODE_LENGTH));
    countdown.restart();
    resend.mutate(
      { email },
      {
        onSuccess: (response) => toast.success(response.message || authMessages.resetCodeSent),
        onError: (error) => toast.error(messageOf(error, authMessages.loginFailed)),
      },
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!complete) return;
    verify.mutate(
      { email, code: code.join('') },
      {
        onSuccess: (response) => {
          const resetToken = response.data.resetToken;
          rememberResetToken(resetToken);
          void navigate(webRoutes.changePassword, { state: { resetToken } });
        },
        onError: (error) => toast.error(messageOf(error, authMessages.resetCodeInvalid)),
      },
    );
  }

  return (
    <AuthCard
      title="Verification"
      subtitle={
        <>
          Enter the 4-digit code we sent to <strong className={styles.email}>{email}</strong>.
        </>
      }
      footer={
        <>
          Wrong email? <Link to={webRoutes.forgotPasswordLower}>Change it</Link>
        </>
      }
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Verification">
        <OtpInput value={code} onChange={setCode} autoFocus disabled={verify.isPending} />
        <div className={styles.row}>
          <span className={styles.timer} aria-live="off">
            <span className="visually-hidden">Time left before you can resend: </span>
            <time data-testid="otp-countdown">{formatCountdown(countdown.secondsLeft)}</time>
          </span>
          <button
            type="button"
            className={styles.textButton}
            onClick={onResend}
            disabled={!countdown.done || resend.isPending}
          >
            Resend OTP
          </button>
        </div>
        <Button type="submit" block disabled={!complete} busy={verify.isPending}>
          Continue
        </Button>
      </form>
    </AuthCard>
  );
}
