import { useQueryClient } from '@tanstack/react-query';
import { authMessages, storageKeys, timings, webRoutes } from '@vaultscope/core';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { PasswordField, TextField } from '@/components/ui/fields';
import { readStorage, removeStorage, writeStorage } from '@/lib/browser-storage';
import { useDelayedNavigate } from '@/lib/use-delayed-navigate';
import { startSession } from '@/stores/session-store';
import { loginErrorMessage, useLogin } from '../api/login';
import { AuthCard } from './auth-card';
import styles from './auth-form.module.css';

/**
 * The form's check and the login request use zod, which the login page does not need to paint:
 * they are fetched when the form is first focused (while the visitor types), or at the latest
 * when it is sent.
 */
const loadLoginForm = () => import('../lib/login-form');
const preloadLoginForm = () => {
  void loadLoginForm();
  void import('../api/login-request');
};

export function LoginScreen() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [redirecting, setRedirecting] = useState(false);
  const login = useLogin();
  const queryClient = useQueryClient();
  const navigateLater = useDelayedNavigate();

  // Remember-me keeps the email only: a password left by an older client is removed, never used.
  // The email is read after the first render, not during it: the page's first frame comes in the
  // HTML as a first visit sees it (apps/web/build/prerender.ts), and hydration must match it.
  useEffect(() => {
    removeStorage('local', storageKeys.rememberedPassword);
    const remembered = readStorage('local', storageKeys.rememberedEmail);
    if (remembered) {
      setEmail((typed) => typed || remembered);
      setRemember(true);
    }
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = (await loadLoginForm()).checkLoginForm({ email, password });
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    login.mutate(parsed.data, {
      onSuccess: (response) => {
        queryClient.clear();
        startSession(response.data.token, response.data.user);
        if (remember) writeStorage('local', storageKeys.rememberedEmail, parsed.data.email);
        else removeStorage('local', storageKeys.rememberedEmail);
        toast.success(authMessages.loginSuccess);
        if (response.data.status) {
          setRedirecting(true);
          navigateLater(webRoutes.home, timings.loginRedirectMs);
        }
      },
      onError: (error) => toast.error(loginErrorMessage(error)),
    });
  }

  const busy = login.isPending || redirecting;

  return (
    <AuthCard
      title="LOGIN ACCOUNT"
      subtitle="Welcome back. Log in to follow your tokens and wallet."
      footer={
        <>
          Don&apos;t have an account? <Link to={webRoutes.signup}>Sign Up</Link>
        </>
      }
    >
      <form
        className={styles.form}
        onSubmit={(event) => void onSubmit(event)}
        onFocus={preloadLoginForm}
        onPointerDown={preloadLoginForm}
        noValidate
        aria-label="Login"
      >
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="username"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.email}
          placeholder="you@example.com"
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
          placeholder="Your password"
        />
        <div className={styles.row}>
          <label className="checkbox">
            <input
              type="checkbox"
              name="remember"
              checked={remember}
              onChange={(event) => setRemember(event.target.checked)}
            />
            Remember me
          </label>
          <Link to={webRoutes.forgotPasswordLower} className={styles.link}>
            Forgot ?
          </Link>
        </div>
        <Button type="submit" block busy={busy}>
          Login Now
        </Button>
      </form>
    </AuthCard>
  );
}
