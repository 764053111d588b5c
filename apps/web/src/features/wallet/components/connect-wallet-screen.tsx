import { loginRequestSchema, walletMessages, webRoutes } from '@vaultscope/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from '@/components/toast/toast-store';
import { LogInPrompt } from '@/components/ui/log-in-prompt';
import { Button } from '@/components/ui/button';
import { PasswordField, TextField } from '@/components/ui/fields';
import { BrandMark } from '@/components/ui/brand-mark';
import { ApiError } from '@/lib/api-client';
import { zodFieldErrors } from '@/lib/form-errors';
import {
  selectIsLoggedIn,
  selectUser,
  startSession,
  useSessionStore,
} from '@/stores/session-store';
import { useWalletLogin } from '../api/wallet-session';
import { EnterPasswordForm, SetPasswordForm } from './password-forms';
import styles from './connect-wallet-screen.module.css';
import passwordForm from './wallet-password.module.css';

type Step = 'login' | 'set' | 'enter';

/**
 * Wallet connect (/connect-wal, no top bar; spec section 4): log in to the wallet service with the
 * account's credentials, set the wallet password the first time or enter it, and the wallets are
 * prepared on the way in.
 */
export function ConnectWalletScreen() {
  const loggedIn = useSessionStore(selectIsLoggedIn);
  const [step, setStep] = useState<Step>('login');
  return (
    <div className="centred-page">
      <div className={`${styles.card} card`}>
        <div className={styles.head}>
          <BrandMark size={32} />
          <h1 className={styles.title}>Connect Wallet</h1>
          <Link to={webRoutes.home} className={`icon-btn ${styles.close}`} aria-label="Close">
            ×
          </Link>
        </div>
        {!loggedIn ? (
          <LogInPrompt title="Log in to use the wallet." icon="◆" />
        ) : step === 'login' ? (
          <WalletLoginForm onDone={(walletStatus) => setStep(walletStatus ? 'enter' : 'set')} />
        ) : step === 'set' ? (
          <SetPasswordForm onDone={() => setStep('enter')} />
        ) : (
          <EnterPasswordForm successMessage={walletMessages.connected} />
        )}
      </div>
    </div>
  );
}

/** Step one: the account's email and password give a wallet session token. */
function WalletLoginForm({ onDone }: { onDone: (walletStatus: boolean) => void }) {
  const user = useSessionStore(selectUser);
  const [email, setEmail] = useState(user?.email ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const login = useWalletLogin();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = loginRequestSchema.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    login.mutate(parsed.data, {
      onSuccess: (answer) => {
        const current = useSessionStore.getState().data;
        const walletUser = answer.data.user;
        // The wallet token replaces the session token; the account stays the one logged in.
        if (current)
          startSession(answer.token, { ...current, WalletStatus: walletUser.WalletStatus });
        onDone(walletUser.WalletStatus);
      },
      onError: (error) => {
        // A wrong password is 'Incorrect password' (spec section 8); no answer says so itself.
        toast.error(
          error instanceof ApiError && (error.status === 0 || error.status === 429)
            ? error.message
            : walletMessages.loginFailed,
        );
      },
    });
  }

  return (
    <form className={passwordForm.form} onSubmit={onSubmit} noValidate aria-label="Wallet login">
      <p className={passwordForm.text}>
        Confirm your account to open the Vaultscope wallet. Your EVM and Solana wallets are created
        the first time.
      </p>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={errors.email}
      />
      <PasswordField
        label="Account password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
        autoFocus
      />
      <Button type="submit" block busy={login.isPending}>
        Connect Wallet
      </Button>
    </form>
  );
}
