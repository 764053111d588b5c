import {
  authMessages,
  setWalletPasswordRequestSchema,
  unlockWalletRequestSchema,
  walletMessages,
  webRoutes,
} from '@vaultscope/core';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/fields';
import { ApiError, messageOf } from '@/lib/api-client';
import { selectUser, useSessionStore } from '@/stores/session-store';
import { useSetWalletPassword, useUnlockAndPrepare, WalletSetupError } from '../api/wallet-session';
import { isNotConnected, useGoToConnect } from '../lib/not-connected';
import { passwordVerified } from '../lib/password-verified';
import styles from './wallet-password.module.css';

/**
 * The two wallet password forms of spec section 2 ('Set Password' the first time, 'Enter your
 * password' after), used by the Account modal and by /connect-wal. Enter submits either.
 */

type HeadingLevel = 'h2' | 'h3';

export function SetPasswordForm({
  onDone,
  heading: Heading = 'h2',
}: {
  onDone: () => void;
  heading?: HeadingLevel;
}) {
  const headingId = useId();
  const email = useSessionStore(selectUser)?.email;
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const setWalletPassword = useSetWalletPassword();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = setWalletPasswordRequestSchema.safeParse({ email, password });
    if (!parsed.success) {
      setErrors({ password: parsed.error.issues[0]?.message });
      return;
    }
    if (password !== confirm) {
      setErrors({ confirm: authMessages.passwordsDoNotMatch });
      return;
    }
    setErrors({});
    setWalletPassword.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(walletMessages.passwordSet);
        onDone();
      },
      onError: (error) => {
        toast.error(messageOf(error, walletMessages.passwordAlreadySet));
        // A password that is already set is one to enter, not to set (spec section 4).
        if (error instanceof ApiError && error.message === walletMessages.passwordAlreadySet) {
          onDone();
        }
      },
    });
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
      <Heading id={headingId} className={styles.title}>
        Set Password
      </Heading>
      <p className={styles.text}>
        Your wallet keys are encrypted with this password. It is separate from your account
        password, and it cannot be recovered: keep it safe.
      </p>
      <PasswordField
        label="Wallet password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
        autoFocus
      />
      <PasswordField
        label="Confirm wallet password"
        autoComplete="new-password"
        value={confirm}
        onChange={(event) => setConfirm(event.target.value)}
        error={errors.confirm}
      />
      <Button type="submit" block busy={setWalletPassword.isPending}>
        Set Password
      </Button>
    </form>
  );
}

export function EnterPasswordForm({
  successMessage,
  heading: Heading = 'h2',
}: {
  successMessage: string;
  heading?: HeadingLevel;
}) {
  const headingId = useId();
  const navigate = useNavigate();
  const goToConnect = useGoToConnect();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const unlock = useUnlockAndPrepare();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = unlockWalletRequestSchema.safeParse({ password });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    unlock.mutate(parsed.data.password, {
      onSuccess: (addresses) => {
        passwordVerified.set();
        // The session store's `evmKey` (spec section 3): this session has a wallet.
        useSessionStore.setState({ evmKey: addresses.evm });
        toast.success(successMessage);
        void navigate(webRoutes.wallet);
      },
      onError: (failure) => {
        if (failure instanceof WalletSetupError) {
          // Spec section 8: wallet generation 403 → 'Enter your password', go to /connect-wal.
          if (isNotConnected(failure.cause)) goToConnect(walletMessages.enterPassword);
          else toast.error(messageOf(failure.cause, walletMessages.noWallet));
          return;
        }
        if (isNotConnected(failure)) {
          goToConnect(walletMessages.notConnected);
          return;
        }
        const message = messageOf(failure, walletMessages.loginFailed);
        setError(message);
        toast.error(message);
      },
    });
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
      <Heading id={headingId} className={styles.title}>
        Enter your password
      </Heading>
      <PasswordField
        label="Wallet password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={error}
        autoFocus
      />
      <Button type="submit" block busy={unlock.isPending}>
        Unlock Wallet
      </Button>
    </form>
  );
}
