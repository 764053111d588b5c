import {
  CHAIN_CODES,
  checkAddressForChain,
  isChainCode,
  tokenMessages,
  webRoutes,
  type ChainCode,
} from '@vaultscope/core';
import { useState, type FormEvent } from 'react';
import { generatePath, Link, useNavigate } from 'react-router';
import { toast } from '@/components/toast/toast-store';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/fields';
import { ApiError, messageOf } from '@/lib/api-client';
import { clearScamCheck, saveScamCheck } from '@/lib/scam-cache';
import { useCheckToken } from './api/check-token';
import styles from './check-scam-screen.module.css';

const CHAIN_OPTIONS = CHAIN_CODES.map((item) => ({ value: item.code, label: item.label }));

/** `/details/{address}?chainName=..&checkScam=true`. */
function scamDetailPath(address: string, chainName: ChainCode): string {
  const path = generatePath(webRoutes.details, { tokenAddress: address });
  return `${path}?${new URLSearchParams({ chainName, checkScam: 'true' }).toString()}`;
}

/**
 * Scam check (/check-scam, no top bar; spec sections 2, 4, 5 and 8): chain (default Ethereum) and
 * token address. The address is checked against the chain before any request. A found token is
 * cached under `token-address` / `token-data` and opened in scam-check mode; a failure clears that
 * cache, and a 404 still opens the detail route, carrying the error.
 */
export function CheckScamScreen() {
  const navigate = useNavigate();
  const check = useCheckToken();
  const [chain, setChain] = useState<string>('eth');
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [chainError, setChainError] = useState<string | undefined>();
  const trimmed = address.trim();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (trimmed === '' || check.isPending) return;
    if (!isChainCode(chain)) {
      setChainError(tokenMessages.invalidChain);
      return;
    }
    const checked = checkAddressForChain(chain, trimmed);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    const chainName = chain;
    check.mutate(
      { address: checked.address, chainName },
      {
        onSuccess: (detail) => {
          saveScamCheck(checked.address, detail);
          void navigate(scamDetailPath(checked.address, chainName));
        },
        onError: (failure) => {
          clearScamCheck();
          const message = messageOf(failure, tokenMessages.detailFailed);
          if (failure instanceof ApiError && failure.status === 404) {
            void navigate(scamDetailPath(checked.address, chainName), {
              state: { scamError: message },
            });
            return;
          }
          toast.error(message);
        },
      },
    );
  }

  return (
    <div className="centred-page">
      <div className={`${styles.card} card`}>
        <div className={styles.head}>
          <h1 className={styles.title}>CHECK SCAMMER IDENTIFIER</h1>
          <Link to={webRoutes.home} className={`icon-btn ${styles.close}`} aria-label="Close">
            ×
          </Link>
        </div>
        <p className={styles.lead}>
          Paste a token contract address to look for honeypots, hidden owners, mint functions and
          other scam signals.
        </p>
        <form className={styles.form} onSubmit={onSubmit} aria-label="Check scam" noValidate>
          <SelectField
            label="Chain"
            value={chain}
            error={chainError}
            onChange={(event) => {
              setChain(event.target.value);
              setChainError(undefined);
              setError(undefined);
            }}
            options={CHAIN_OPTIONS}
          />
          <TextField
            label="Token address"
            value={address}
            error={error}
            onChange={(event) => {
              setAddress(event.target.value);
              setError(undefined);
            }}
            placeholder="0x… or a Solana mint address"
            autoComplete="off"
            spellCheck={false}
            className="mono"
          />
          <Button type="submit" block busy={check.isPending} disabled={trimmed === ''}>
            Check Scam
          </Button>
        </form>
      </div>
    </div>
  );
}
