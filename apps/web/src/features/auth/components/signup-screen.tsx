import {
  authMessages,
  COUNTRIES,
  signupRequestSchema,
  timings,
  webRoutes,
  type SignupRequest,
} from '@vaultscope/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { PasswordField, SelectField, TextField } from '@/components/ui/fields';
import { fieldErrorsOf, messageOf } from '@/lib/api-client';
import { fieldBinder } from '@/lib/form-fields';
import { useDelayedNavigate } from '@/lib/use-delayed-navigate';
import { useSignup } from '../api/signup';
import { parseAccountForm } from '../lib/parse-account-form';
import { AuthCard } from './auth-card';
import styles from './auth-form.module.css';

type Form = Record<keyof SignupRequest, string>;

const emptyForm: Form = {
  firstName: '',
  lastName: '',
  email: '',
  mobile: '',
  country: '',
  password: '',
  confirmPassword: '',
};

export function SignupScreen() {
  const [form, setForm] = useState<Form>(emptyForm);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [redirecting, setRedirecting] = useState(false);
  const signup = useSignup();
  const navigateLater = useDelayedNavigate();

  const bind = fieldBinder(form, setForm, errors);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const request = parseAccountForm(signupRequestSchema, form, setErrors);
    if (!request) return;
    signup.mutate(request, {
      onSuccess: () => {
        toast.success(authMessages.signupSuccess);
        setRedirecting(true);
        navigateLater(webRoutes.loginAlias, timings.signupRedirectMs);
      },
      onError: (error) => {
        setErrors(fieldErrorsOf(error));
        toast.error(messageOf(error, authMessages.signupFailed));
      },
    });
  }

  const busy = signup.isPending || redirecting;

  return (
    <AuthCard
      wide
      title="Create Account"
      subtitle="Sign up to keep a watch list and a wallet."
      footer={
        <>
          Already have an account? <Link to={webRoutes.login}>Log In</Link>
        </>
      }
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Create account">
        <div className={styles.grid}>
          <TextField label="First name" autoComplete="given-name" required {...bind('firstName')} />
          <TextField label="Last name" autoComplete="family-name" required {...bind('lastName')} />
        </div>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          placeholder="you@example.com"
          {...bind('email')}
        />
        <div className={styles.grid}>
          <TextField
            label="Mobile"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            required
            placeholder="+1 555 0100"
            {...bind('mobile')}
          />
          <SelectField
            label="Country"
            required
            options={COUNTRIES}
            placeholder="Select country"
            {...bind('country')}
          />
        </div>
        <PasswordField
          label="Password"
          autoComplete="new-password"
          required
          hint="At least 8 characters."
          {...bind('password')}
        />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          required
          {...bind('confirmPassword')}
        />
        <Button type="submit" block busy={busy}>
          {signup.isPending ? 'Creating...' : 'Sign Up'}
        </Button>
      </form>
    </AuthCard>
  );
}
