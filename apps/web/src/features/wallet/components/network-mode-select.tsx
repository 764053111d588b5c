import { walletMessages, type NetworkMode } from '@vaultscope/core';
import { useId } from 'react';
import { toast } from '@/components/toast/toast-store';
import { Spinner } from '@/components/ui/spinner';
import { useSwitchNetworks } from '../api/network-mode';
import { modeChoiceOf, modeOfChoice } from '../lib/network-mode';
import { isNotConnected, useGoToConnect } from '../lib/not-connected';
import styles from './network-mode-select.module.css';

/**
 * Testnet Mode / Mainnet Mode (spec section 4): applied on the server, then the portfolio is read
 * again. A mode the server holds that is neither (both on, or none) shows as it is until changed.
 */
export function NetworkModeSelect({ mode }: { mode: NetworkMode | undefined }) {
  const id = useId();
  const switchNetworks = useSwitchNetworks();
  const goToConnect = useGoToConnect();
  const choice = mode ? modeChoiceOf(mode) : undefined;

  function onChange(value: string) {
    if (value !== 'mainnet' && value !== 'testnet') return;
    switchNetworks.mutate(modeOfChoice(value), {
      onSuccess: () =>
        toast.success(
          value === 'testnet' ? walletMessages.switchedTestnet : walletMessages.switchedMainnet,
        ),
      onError: (error) => {
        if (isNotConnected(error)) goToConnect();
        else toast.error(walletMessages.switchFailed);
      },
    });
  }

  return (
    <div className={styles.select}>
      <label htmlFor={id} className="visually-hidden">
        Network mode
      </label>
      <select
        id={id}
        className={`input select ${styles.input}`}
        value={choice ?? ''}
        disabled={!mode || switchNetworks.isPending}
        onChange={(event) => onChange(event.target.value)}
      >
        {!mode && <option value="">Network mode</option>}
        {choice === 'both' && <option value="both">Mainnet and Testnet</option>}
        {choice === 'none' && <option value="none">No networks</option>}
        <option value="mainnet">Mainnet Mode</option>
        <option value="testnet">Testnet Mode</option>
      </select>
      {switchNetworks.isPending && <Spinner label="Switching network mode" />}
    </div>
  );
}
