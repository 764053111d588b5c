import { findChain, RECEIVE_CHAIN_IDS, walletMessages } from '@vaultscope/core';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { SelectField } from '@/components/ui/fields';
import { Skeleton } from '@/components/ui/skeleton';
import { messageOf } from '@/lib/api-client';
import { useOwnAddress } from '../api/chain-account';
import { copyWithToast } from '../lib/clipboard';
import { useConnectOnForbidden } from '../lib/not-connected';
import { QrCode } from './qr-code';
import styles from './receive-dialog.module.css';
import frame from './wallet-dialog.module.css';

const NETWORK_OPTIONS = RECEIVE_CHAIN_IDS.map((id) => ({
  value: String(id),
  label: findChain(id)?.name ?? String(id),
}));

/** Receive (spec section 2): the wallet's address on a chosen network, as text and QR code. */
export function ReceiveDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const [chainId, setChainId] = useState<number>(RECEIVE_CHAIN_IDS[0]);
  const address = useOwnAddress(chainId);
  useConnectOnForbidden([address.error]);

  return (
    <Dialog onClose={onClose} labelledBy={titleId} className={frame.dialog}>
      <h2 id={titleId} className={`dialog__title ${frame.title}`}>
        Receive
      </h2>
      <SelectField
        label="Network"
        options={NETWORK_OPTIONS}
        value={String(chainId)}
        onChange={(event) => setChainId(Number(event.target.value))}
      />
      <div className={styles.receive}>
        {address.isPending ? (
          <>
            <Skeleton className={styles.qrSkeleton} />
            <Skeleton width="80%" />
          </>
        ) : address.isError ? (
          <p className="list-error" role="alert">
            {messageOf(address.error, walletMessages.addressFetchFailed)}
          </p>
        ) : (
          <>
            <QrCode
              value={address.data}
              label={`QR code of your ${findChain(chainId)?.name ?? ''} address`}
              className={styles.qr}
            />
            <p className={`${styles.address} mono`} data-testid="receive-address">
              {address.data}
            </p>
          </>
        )}
      </div>
      <div className="dialog__actions">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        <Button
          disabled={!address.data}
          onClick={() => address.data && void copyWithToast(address.data, 'address')}
        >
          Copy address
        </Button>
      </div>
    </Dialog>
  );
}
