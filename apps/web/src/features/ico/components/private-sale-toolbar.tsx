import type { IcoStatus } from '@vaultscope/core';
import { useState } from 'react';
import { SelectField, TextField } from '@/components/ui/fields';
import { useIcoRounds } from '../api/get-ico-rounds';
import styles from './private-sale-toolbar.module.css';

/** The choice that means every round (sent as `round=All`). */
export const ALL_ROUNDS = 'All';

/**
 * Token-name search (sent on every change) and the round dropdown: 'Select a round', 'All', then
 * the rounds of the tab, loaded from the server the first time the dropdown gets focus.
 */
export function PrivateSaleToolbar({
  status,
  tokenName,
  round,
  onTokenNameChange,
  onRoundChange,
}: {
  status: IcoStatus;
  tokenName: string;
  round: string;
  onTokenNameChange: (value: string) => void;
  onRoundChange: (value: string) => void;
}) {
  const [roundsWanted, setRoundsWanted] = useState(false);
  const rounds = useIcoRounds(status, roundsWanted);
  const loaded = rounds.data ?? [];
  // A round chosen earlier stays listed even before the list has loaded again.
  const options = [ALL_ROUNDS, ...loaded.filter((item) => item !== ALL_ROUNDS)];
  if (round && !options.includes(round)) options.push(round);

  let hint: string | undefined;
  if (rounds.isFetching && !rounds.data) hint = 'Loading rounds…';
  else if (rounds.isError) hint = 'Could not load the rounds. Focus the list to try again.';

  return (
    <div className={`toolbar ${styles.toolbar}`} role="search" aria-label="Filter private sales">
      <TextField
        label="Token name"
        type="search"
        value={tokenName}
        onChange={(event) => onTokenNameChange(event.target.value)}
        placeholder="Search by token name"
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
      />
      <SelectField
        label="Round"
        value={round}
        onFocus={() => {
          if (!roundsWanted) setRoundsWanted(true);
          else if (rounds.isError) void rounds.refetch();
        }}
        onChange={(event) => onRoundChange(event.target.value)}
        placeholder="Select a round"
        options={options}
        hint={hint}
        aria-busy={rounds.isFetching || undefined}
      />
    </div>
  );
}
