import type { IcoStatus } from '@vaultscope/core';
import { useState } from 'react';
import { Page } from '@/components/ui/page';
import { Tabs } from '@/components/ui/tabs';
import type { IcoListFilter } from '../api/get-ico-list';
import { PrivateSaleTable } from './private-sale-table';
import { PrivateSaleToolbar } from './private-sale-toolbar';

export type PrivateSaleTab = IcoStatus;

const TABS = [
  { value: 'active', label: 'Active' },
  { value: 'upcoming', label: 'Upcoming' },
] as const satisfies readonly { value: PrivateSaleTab; label: string }[];

type Search = Pick<IcoListFilter, 'tokenName' | 'round'>;
const EMPTY_SEARCH: Search = { tokenName: '', round: '' };

/**
 * Private sales (/private-sale): Active and Upcoming tabs, each with its own search box, round
 * dropdown and table. Each tab keeps its search while the other is open.
 */
export function PrivateSaleScreen({ initialTab = 'active' }: { initialTab?: PrivateSaleTab }) {
  const [tab, setTab] = useState<PrivateSaleTab>(initialTab);
  const [searches, setSearches] = useState<Record<PrivateSaleTab, Search>>({
    active: EMPTY_SEARCH,
    upcoming: EMPTY_SEARCH,
  });
  const search = searches[tab];
  const filter: IcoListFilter = { status: tab, ...search };
  const update = (change: Partial<Search>) =>
    setSearches((current) => ({ ...current, [tab]: { ...current[tab], ...change } }));

  return (
    <Page
      title="Private Sale"
      description="Active and upcoming funding rounds of crypto projects"
      className="private-sale"
    >
      <Tabs label="Private sale rounds" tabs={TABS} value={tab} onChange={setTab}>
        {/* Keyed by tab: each tab's dropdown loads its own rounds on its first focus. */}
        <PrivateSaleToolbar
          key={tab}
          status={tab}
          tokenName={search.tokenName}
          round={search.round}
          onTokenNameChange={(tokenName) => update({ tokenName })}
          onRoundChange={(round) => update({ round })}
        />
        <PrivateSaleTable filter={filter} />
      </Tabs>
    </Page>
  );
}
