import { CHAIN_CODES, webRoutes, type ChainCode } from '@vaultscope/core';
import { useState, type FormEvent } from 'react';
import { generatePath, Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/fields';
import './scam.css';

/**
 * Scam check (/check-scam, no top bar): chain (default Ethereum) and token address. The check
 * opens the token detail route in scam-check mode, which the scam issue fills with the report.
 */
export function CheckScamScreen() {
  const navigate = useNavigate();
  const [chain, setChain] = useState<ChainCode>('eth');
  const [address, setAddress] = useState('');
  const trimmed = address.trim();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (trimmed === '') return;
    const path = generatePath(webRoutes.details, { tokenAddress: trimmed });
    const query = new URLSearchParams({ chainName: chain, checkScam: 'true' });
    void navigate(`${path}?${query.toString()}`);
  }

  return (
    <div className="scam">
      <div className="scam__card card">
        <div className="scam__head">
          <h1 className="scam__title">CHECK SCAMMER IDENTIFIER</h1>
          <Link to={webRoutes.home} className="icon-btn scam__close" aria-label="Close">
            ×
          </Link>
        </div>
        <p className="scam__lead">
          Paste a token contract address to look for honeypots, hidden owners, mint functions and
          other scam signals.
        </p>
        <form className="scam__form" onSubmit={onSubmit} aria-label="Check scam">
          <SelectField
            label="Chain"
            value={chain}
            onChange={(event) => setChain(event.target.value as ChainCode)}
            options={CHAIN_CODES.map((item) => ({ value: item.code, label: item.label }))}
          />
          <TextField
            label="Token address"
            value={address}
            onChange={(event) => setAddress(event.target.value)}
            placeholder="0x… or a Solana mint address"
            autoComplete="off"
            spellCheck={false}
            className="mono"
          />
          <Button type="submit" block disabled={trimmed === ''}>
            Check Scam
          </Button>
        </form>
      </div>
    </div>
  );
}
