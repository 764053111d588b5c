import { walletMessages } from '@vaultscope/core';
import { useId, useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import type { PasswordForm } from '../lib/access';
import { EnterPasswordForm, SetPasswordForm } from './password-forms';
import frame from './wallet-dialog.module.css';

/** The wallet modal titled 'Account' (spec section 2); after setting a password, enter it. */
export function PasswordModal({
  initialForm,
  onClose,
}: {
  initialForm: PasswordForm;
  onClose: () => void;
}) {
  const titleId = useId();
  const [form, setForm] = useState(initialForm);
  return (
    <Dialog onClose={onClose} labelledBy={titleId} className={frame.dialog}>
      <h2 id={titleId} className={`dialog__title ${frame.title}`}>
        Account
      </h2>
      {form === 'set' ? (
        <SetPasswordForm heading="h3" onDone={() => setForm('enter')} />
      ) : (
        <EnterPasswordForm heading="h3" successMessage={walletMessages.unlocked} />
      )}
      {/* Last in the DOM so that the dialog's first focus lands on the password. */}
      <button
        type="button"
        className={`icon-btn ${frame.close}`}
        aria-label="Close"
        onClick={onClose}
      >
        ×
      </button>
    </Dialog>
  );
}
