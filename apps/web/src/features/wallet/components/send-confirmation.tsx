import { walletMessages, type SendResult } from '@vaultscope/core';
import { useId, useState } from 'react';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useSendTransaction } from '../api/send';
import { copyWithToast } from '../lib/clipboard';
import { newIdempotencyKey } from '../lib/idempotency';
import { isNotConnected, useGoToConnect } from '../lib/not-connected';
import { sendFailureMessage, type CheckedSend } from '../lib/send-form';
import { DetailList } from './detail-list';
import styles from './send-confirmation.module.css';
import frame from './wallet-dialog.module.css';

/**
 * The confirmation popup (spec section 2): from, to, amount and token, Copy Details, the warning
 * and the question. One idempotency key per popup: pressing Confirm again after a failure (a lost
 * answer, say) repeats the same send, which the server sends at most once.
 */
export function SendConfirmation({
  send,
  from,
  onCancel,
  onSent,
}: {
  send: CheckedSend;
  /** The wallet's own address on the chain, as the form showed it. */
  from: string;
  onCancel: () => void;
  onSent: (result: SendResult) => void;
}) {
  const titleId = useId();
  const warningId = useId();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const sendTransaction = useSendTransaction();
  const goToConnect = useGoToConnect();

  const rows: Array<[string, string]> = [
    ['Network', send.chain.name],
    ['From', from],
    ['To', send.to],
    ['Amount', send.amount],
    ['Token', send.asset.symbol],
  ];

  function cancel() {
    if (sendTransaction.isPending) return;
    // Spec section 4: Cancel logs the cancellation and does nothing else.
    console.info(walletMessages.sendCancelled);
    onCancel();
  }

  function confirm() {
    sendTransaction.mutate(
      { send, idempotencyKey },
      {
        onSuccess: (result) => {
          toast.success(walletMessages.sendSuccess);
          onSent(result);
        },
        onError: (error) => {
          if (isNotConnected(error)) goToConnect(walletMessages.notConnected);
          else toast.error(sendFailureMessage(error));
        },
      },
    );
  }

  return (
    <Dialog onClose={cancel} labelledBy={titleId} describedBy={warningId} className={frame.dialog}>
      <h2 id={titleId} className="dialog__title">
        Confirm Transaction
      </h2>
      <DetailList
        rows={rows.map(([label, value]) => [label, value, label === 'From' || label === 'To'])}
        testId="send-confirmation"
      />
      <Button
        variant="ghost"
        onClick={() =>
          void copyWithToast(rows.map(([label, value]) => `${label}: ${value}`).join('\n'))
        }
      >
        Copy Details
      </Button>
      <p id={warningId} className={styles.warning}>
        {walletMessages.confirmWarning}
      </p>
      <p className="dialog__text">{walletMessages.confirmQuestion}</p>
      <div className="dialog__actions">
        <Button variant="secondary" onClick={cancel} disabled={sendTransaction.isPending}>
          Cancel
        </Button>
        <Button onClick={confirm} busy={sendTransaction.isPending}>
          Confirm
        </Button>
      </div>
    </Dialog>
  );
}
