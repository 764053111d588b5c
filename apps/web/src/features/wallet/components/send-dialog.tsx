import {
  cutSymbol,
  findChain,
  isSendChainId,
  networksForMode,
  walletMessages,
  WALLET_DISPLAY,
  type SendResult,
  cutDecimals,
} from '@vaultscope/core';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { describedBy, FieldShell, SelectField, TextField } from '@/components/ui/fields';
import { messageOf } from '@/lib/api-client';
import { useChainAssets, useFeeEstimate, useOwnAddress } from '../api/chain-account';
import { useNetworkMode } from '../api/network-mode';
import { useConnectOnForbidden } from '../lib/not-connected';
import {
  checkSend,
  isNativeAsset,
  maxAmount,
  type CheckedSend,
  type SendErrors,
} from '../lib/send-form';
import { SendConfirmation } from './send-confirmation';
import { SendResultView } from './send-result';
import frame from './wallet-dialog.module.css';
import styles from './send-dialog.module.css';

/**
 * The Send dialog (spec sections 2 and 4): form, confirmation popup, then the result view.
 * Closing unmounts it, which is how every field resets.
 */
export function SendDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const [result, setResult] = useState<SendResult | null>(null);
  return (
    <Dialog onClose={onClose} labelledBy={titleId} className={`${frame.dialog} ${frame.wide}`}>
      {result ? (
        <SendResultView titleId={titleId} result={result} onClose={onClose} />
      ) : (
        <SendForm titleId={titleId} onSent={setResult} onCancel={onClose} />
      )}
    </Dialog>
  );
}

function SendForm({
  titleId,
  onSent,
  onCancel,
}: {
  titleId: string;
  onSent: (result: SendResult) => void;
  onCancel: () => void;
}) {
  const mode = useNetworkMode();
  const networks = mode.data ? networksForMode(mode.data) : [];
  const [chosenChainId, setChosenChainId] = useState<number | undefined>();
  // Spec section 4: the first network of the mode is selected by default.
  const chainId = chosenChainId ?? networks[0]?.id;
  const chain = chainId === undefined ? undefined : findChain(chainId);

  const assets = useChainAssets(chainId);
  const from = useOwnAddress(chainId);
  const [assetAddress, setAssetAddress] = useState<string | null>(null);
  const list = assets.data?.Assets ?? [];
  // Until one is chosen, the first (native) asset is (spec section 4).
  const assetIndex =
    assetAddress === null ? 0 : list.findIndex((item) => item.address === assetAddress);
  const asset = assetIndex >= 0 ? list[assetIndex] : undefined;
  const native = asset ? isNativeAsset(asset) : true;
  const fee = useFeeEstimate(
    asset ? chainId : undefined,
    asset && !native ? asset.address : undefined,
  );
  useConnectOnForbidden([mode.error, assets.error, from.error]);

  const [to, setTo] = useState('');
  const [amount, setAmount] = useState('');
  const [maxNote, setMaxNote] = useState<string | undefined>();
  const [errors, setErrors] = useState<SendErrors>({});
  const [confirming, setConfirming] = useState<CheckedSend | null>(null);

  function chooseNetwork(id: number) {
    setChosenChainId(id);
    setAssetAddress(null);
    setAmount('');
    setMaxNote(undefined);
    setErrors({});
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (chainId === undefined || !isSendChainId(chainId)) {
      toast.error(walletMessages.unsupportedNetwork);
      return;
    }
    const checked = checkSend({ chainId, asset, to, amount });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setConfirming(checked.send);
  }

  const symbol = asset ? cutSymbol(asset.symbol, WALLET_DISPLAY.assetSelectSymbolChars) : '';
  const fromError = from.isError
    ? messageOf(from.error, walletMessages.addressFetchFailed)
    : undefined;

  return (
    <>
      <h2 id={titleId} className={`dialog__title ${frame.title}`}>
        Send
      </h2>
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
        <SelectField
          label="Network"
          options={networks.map((item) => ({ value: String(item.id), label: item.name }))}
          placeholder={mode.isPending ? 'Loading networks…' : undefined}
          value={chainId === undefined ? '' : String(chainId)}
          onChange={(event) => chooseNetwork(Number(event.target.value))}
          error={
            mode.data && networks.length === 0
              ? 'No networks are on in this mode. Switch the mode on the wallet page.'
              : undefined
          }
        />
        <TextField
          label="Send from"
          value={from.data ?? ''}
          placeholder={from.isPending ? 'Loading your address…' : undefined}
          readOnly
          className="mono"
          error={fromError}
        />
        <TextField
          label="Send to"
          value={to}
          onChange={(event) => setTo(event.target.value)}
          placeholder={chain?.family === 'solana' ? 'Solana address' : '0x…'}
          autoComplete="off"
          spellCheck={false}
          className="mono"
          error={errors.to}
        />
        <SelectField
          label="Asset"
          options={list.map((item) => ({
            value: item.address,
            label: cutSymbol(item.symbol, WALLET_DISPLAY.assetSelectSymbolChars),
          }))}
          placeholder={
            assets.isPending ? 'Loading assets…' : list.length === 0 ? 'No assets' : undefined
          }
          value={asset?.address ?? ''}
          onChange={(event) => {
            setAssetAddress(event.target.value);
            setMaxNote(undefined);
          }}
          error={
            errors.asset ??
            (assets.isError ? messageOf(assets.error, walletMessages.portfolioFailed) : undefined)
          }
        />
        <p className={styles.balance} data-testid="send-balance">
          Balance:{' '}
          {asset ? (
            <span title={asset.balance}>
              {cutDecimals(asset.balance, WALLET_DISPLAY.amountDecimals)} {symbol}
            </span>
          ) : (
            '-'
          )}
        </p>
        <AmountField
          value={amount}
          onChange={(value) => {
            setAmount(value);
            setMaxNote(undefined);
          }}
          onMax={
            asset
              ? () => {
                  const max = maxAmount(asset, native);
                  setAmount(max.amount);
                  setMaxNote(max.note);
                }
              : undefined
          }
          error={errors.amount}
          note={maxNote}
        />
        <p className={styles.fee} aria-live="polite">
          {!asset || fee.isPending
            ? 'Estimated network fee: …'
            : fee.isError
              ? 'Estimated network fee: unavailable'
              : `Estimated network fee: ${cutDecimals(fee.data.fee, WALLET_DISPLAY.feeDecimals)} ${fee.data.symbol}`}
        </p>
        <div className="dialog__actions">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={chainId === undefined}>
            Send
          </Button>
        </div>
      </form>
      {confirming && (
        <SendConfirmation
          send={confirming}
          from={from.data ?? ''}
          onCancel={() => setConfirming(null)}
          onSent={(result) => {
            setConfirming(null);
            onSent(result);
          }}
        />
      )}
    </>
  );
}

/** Amount with a Max button inside the field, and the Max note under it. */
function AmountField({
  value,
  onChange,
  onMax,
  error,
  note,
}: {
  value: string;
  onChange: (value: string) => void;
  onMax: (() => void) | undefined;
  error: string | undefined;
  note: string | undefined;
}) {
  const id = useId();
  return (
    <FieldShell id={id} label="Amount" error={error} hint={note} hintClassName={styles.note}>
      <div className="input-group">
        <input
          id={id}
          className={`input input--with-action ${styles.amountInput}`}
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.0"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, note)}
        />
        <button type="button" className={styles.max} onClick={onMax} disabled={!onMax}>
          Max
        </button>
      </div>
    </FieldShell>
  );
}
