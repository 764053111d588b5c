import { COUNTRIES, authMessages, profileSchema, type User } from '@vaultscope/core';
import { useState, type FormEvent } from 'react';
import { toast } from '@/components/toast/toast-store';
import { LogInPrompt } from '@/components/ui/log-in-prompt';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { SelectField, TextField } from '@/components/ui/fields';
import { Page } from '@/components/ui/page';
import { ScreenLoader } from '@/components/ui/spinner';
import { fieldErrorsOf, messageOf } from '@/lib/api-client';
import { zodFieldErrors } from '@/lib/form-errors';
import { fieldBinder } from '@/lib/form-fields';
import { selectIsLoggedIn, useSessionStore } from '@/stores/session-store';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';
import { initialsOf } from '../lib/initials';
import styles from './profile-screen.module.css';

export function ProfileScreen() {
  const loggedIn = useSessionStore(selectIsLoggedIn);
  const profile = useProfile();

  let body;
  if (!loggedIn) {
    body = (
      <div className="card">
        <LogInPrompt title="Log in to see your profile." icon="👤" />
      </div>
    );
  } else if (profile.isPending) {
    body = <ScreenLoader label="Loading profile" />;
  } else if (profile.isError) {
    body = (
      <div className="card">
        <EmptyState title="Could not load your profile." icon="!">
          <Button variant="secondary" onClick={() => void profile.refetch()}>
            Try again
          </Button>
        </EmptyState>
      </div>
    );
  } else {
    body = <ProfileCard user={profile.data} />;
  }

  return (
    <Page title="My Profile" visuallyHiddenTitle>
      {body}
    </Page>
  );
}

function ProfileCard({ user }: { user: User }) {
  const [mode, setMode] = useState<'view' | 'confirm' | 'edit'>('view');
  const fullName = `${user.firstName} ${user.lastName}`.trim();

  return (
    <div className={`${styles.profile} card`}>
      <div className={styles.head}>
        <span className={styles.avatar} aria-hidden="true" data-testid="profile-avatar">
          {initialsOf(user.firstName, user.lastName)}
        </span>
        <div className={styles.identity}>
          <p className={styles.name} data-testid="profile-name">
            {fullName}
          </p>
          <p className={styles.email} data-testid="profile-email">
            {user.email}
          </p>
        </div>
        {mode !== 'edit' && (
          <Button variant="secondary" onClick={() => setMode('confirm')}>
            Edit
          </Button>
        )}
      </div>

      {mode === 'edit' ? (
        <ProfileForm user={user} onDone={() => setMode('view')} />
      ) : (
        <dl className={styles.details} data-testid="profile-details">
          <div>
            <dt>First name</dt>
            <dd>{user.firstName}</dd>
          </div>
          <div>
            <dt>Last name</dt>
            <dd>{user.lastName}</dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd>{user.email}</dd>
          </div>
          <div>
            <dt>Mobile</dt>
            <dd>{user.mobile}</dd>
          </div>
          <div>
            <dt>Country</dt>
            <dd>{user.country}</dd>
          </div>
        </dl>
      )}

      {mode === 'confirm' && (
        <ConfirmDialog
          title="Edit profile"
          message="Are you sure you want to edit your profile?"
          onConfirm={() => setMode('edit')}
          onCancel={() => setMode('view')}
        />
      )}
    </div>
  );
}

function ProfileForm({ user, onDone }: { user: User; onDone: () => void }) {
  const [form, setForm] = useState({
    firstName: user.firstName,
    lastName: user.lastName,
    mobile: user.mobile,
    country: user.country,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateProfile();
  // A country outside the list (older accounts) stays selectable.
  const countries: readonly string[] = (COUNTRIES as readonly string[]).includes(user.country)
    ? COUNTRIES
    : [...COUNTRIES, user.country];

  const bind = fieldBinder(form, setForm, errors);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = profileSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: (response) => {
        toast.success(response.message || authMessages.profileUpdated);
        onDone();
      },
      onError: (error) => {
        setErrors(fieldErrorsOf(error));
        toast.error(messageOf(error, 'Could not save your profile. Please try again.'));
      },
    });
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Edit profile">
      <div className={styles.grid}>
        <TextField label="First name" autoComplete="given-name" required {...bind('firstName')} />
        <TextField label="Last name" autoComplete="family-name" required {...bind('lastName')} />
        <TextField
          label="Email"
          type="email"
          value={user.email}
          readOnly
          hint="Your email cannot be changed."
        />
        <TextField label="Mobile" type="tel" autoComplete="tel" required {...bind('mobile')} />
        <SelectField label="Country" required options={countries} {...bind('country')} />
      </div>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" busy={update.isPending}>
          Save Changes
        </Button>
      </div>
    </form>
  );
}
